// GET, PUT, DELETE /api/internships/{id}: one internship, through the content kit's store
// (app/content/internships.ts), as the admin edits it. An inactive one is read only with a
// token; without one the status is the public site's. An id that is malformed or names nothing
// is a 404 either way.
import { z } from "zod";
import { internships } from "~/content/internships";
import { internshipStore } from "~/content/stores.server";
import {
  internshipBodySchema,
  internshipRecord,
  toPublicInternshipRecord,
} from "~/domain/internship";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const { api: doc, texts } = internships;

const api = apiRoute(`${doc.path}/{id}`, {
  get: operation({
    tag: doc.tag,
    summary: "One internship (an inactive one only with a token)",
    auth: "optional",
    response: z.object({ success: z.literal(true), data: internshipRecord }),
    handler: async ({ params, admin }) => {
      const internship = await internshipStore.get(params.id ?? "");
      // Inactive: a draft or withdrawn, as absent from the API as from the public site.
      if (!internship || (!internship.isActive && !admin)) apiNotFound(texts.notFound);
      return apiJson({
        success: true,
        data: admin ? internship : toPublicInternshipRecord(internship, new Date()),
      });
    },
  }),
  put: operation({
    tag: doc.tag,
    summary: "Replace an internship (the full body, as for POST)",
    auth: "bearer",
    body: internshipBodySchema,
    response: okResponse(internshipRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await internshipStore.update(id, body, actor))) apiNotFound(texts.notFound);
      const internship = await internshipStore.get(id);
      if (!internship) apiNotFound(texts.notFound);
      return apiJson({ success: true, data: internship, message: texts.updated });
    },
  }),
  delete: operation({
    tag: doc.tag,
    summary: "Delete an internship",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await internshipStore.remove(params.id ?? "", actor))) apiNotFound(texts.notFound);
      return apiJson({ success: true, message: texts.deleted });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
