// GET, POST /api/resources (SPEC §7 'GET /api/resources read-only'; issue 8 asks full create,
// update and delete too): the cards of /resources, newest first, and a new one. The same schema
// and queries as /admin/dashboard/resources (domain/resource.ts, domain/resource.server.ts).
import {
  RESOURCE_CREATED,
  RESOURCE_IMAGE_INVALID,
  resourceRecord,
  resourceSchema,
} from "~/domain/resource";
import { createResource, getResource, listResources } from "~/domain/resource.server";
import { apiJson, apiRoute, listResponse, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/resources", {
  get: operation({
    tag: "Resources",
    summary: "Every resource, newest first (the order of /resources)",
    auth: "none",
    response: listResponse(resourceRecord),
    handler: async () => {
      // The single read (getResource) carries no date: the list answers the same record.
      const data = (await listResources()).map(({ updatedAt: _, ...resource }) => resource);
      return apiJson({ success: true, data });
    },
  }),
  post: operation({
    tag: "Resources",
    summary: "Add a resource",
    description:
      "image is optional (the card shows a default one): upload it first (POST /api/images) and send its secure_url. link: an http(s) address or a site path.",
    auth: "bearer",
    body: resourceSchema,
    response: okResponse(resourceRecord),
    status: 201,
    handler: async ({ body, actor }) => {
      const image = await imageToSave("image", body.image, RESOURCE_IMAGE_INVALID);
      const resource = await getResource(await createResource({ ...body, image }, actor));
      return apiJson({ success: true, data: resource, message: RESOURCE_CREATED }, 201);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
