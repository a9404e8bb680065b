// GET, PUT, DELETE /api/resources/{id} (issue 8: full create, update and delete for
// resources; SPEC §7 lists only the read): one resource, as the editor reads and writes it. An
// id that is malformed or names nothing is a 404 either way.
import { z } from "zod";
import {
  RESOURCE_DELETED,
  RESOURCE_IMAGE_INVALID,
  RESOURCE_NOT_FOUND,
  RESOURCE_UPDATED,
  resourceRecord,
  resourceSchema,
} from "~/domain/resource";
import { deleteResource, getResource, updateResource } from "~/domain/resource.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/resources/{id}", {
  get: operation({
    tag: "Resources",
    summary: "One resource",
    auth: "none",
    response: z.object({ success: z.literal(true), data: resourceRecord }),
    handler: async ({ params }) => {
      const resource = await getResource(params.id ?? "");
      if (!resource) apiNotFound(RESOURCE_NOT_FOUND);
      return apiJson({ success: true, data: resource });
    },
  }),
  put: operation({
    tag: "Resources",
    summary: "Replace a resource",
    description:
      "The whole resource, as for POST. An image it no longer shows is deleted once nothing else uses it.",
    auth: "bearer",
    body: resourceSchema,
    response: okResponse(resourceRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await getResource(id))) apiNotFound(RESOURCE_NOT_FOUND);
      const image = await imageToSave("image", body.image, RESOURCE_IMAGE_INVALID);
      // Deleted meanwhile. (Also lets the image it replaced go once unused.)
      if (!(await updateResource(id, { ...body, image }, actor))) {
        apiNotFound(RESOURCE_NOT_FOUND);
      }
      const resource = await getResource(id);
      if (!resource) apiNotFound(RESOURCE_NOT_FOUND);
      return apiJson({ success: true, data: resource, message: RESOURCE_UPDATED });
    },
  }),
  delete: operation({
    tag: "Resources",
    summary: "Delete a resource",
    description: "Its image is deleted too, unless another document still shows it.",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      // Also lets its image go once unused.
      if (!(await deleteResource(params.id ?? "", actor))) apiNotFound(RESOURCE_NOT_FOUND);
      return apiJson({ success: true, message: RESOURCE_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
