// GET, PUT, DELETE /api/internships/{id} (SPEC §7 'full internship body', 'none'): one
// internship, as the admin edits it (an inactive one only with a token). An id that is malformed or names nothing is a 404 either
// way. The same rules and queries as /admin/dashboard/intership-page.
import { z } from "zod";
import {
  INTERNSHIP_DELETED,
  INTERNSHIP_NOT_FOUND,
  INTERNSHIP_UPDATED,
  internshipBodySchema,
  internshipRecord,
  toInternshipRecord,
  toPublicInternshipRecord,
} from "~/domain/internship";
import { deleteInternship, getInternship, updateInternship } from "~/domain/internship.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/internships/{id}", {
  get: operation({
    tag: "Internships",
    summary: "One internship (an inactive one only with a token)",
    auth: "optional",
    response: z.object({ success: z.literal(true), data: internshipRecord }),
    handler: async ({ params, admin }) => {
      const internship = await getInternship(params.id ?? "");
      // Inactive: a draft or withdrawn, as absent from the API as from the public site.
      if (!internship || (!internship.isActive && !admin)) apiNotFound(INTERNSHIP_NOT_FOUND);
      // Without a token the public site's status: Closed once the deadline has passed.
      return apiJson({
        success: true,
        data: admin
          ? toInternshipRecord(internship)
          : toPublicInternshipRecord(internship, new Date()),
      });
    },
  }),
  put: operation({
    tag: "Internships",
    summary: "Replace an internship (the full body, as for POST)",
    auth: "bearer",
    body: internshipBodySchema,
    response: okResponse(internshipRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await updateInternship(id, body, actor))) apiNotFound(INTERNSHIP_NOT_FOUND);
      const internship = await getInternship(id);
      if (!internship) apiNotFound(INTERNSHIP_NOT_FOUND);
      return apiJson({
        success: true,
        data: toInternshipRecord(internship),
        message: INTERNSHIP_UPDATED,
      });
    },
  }),
  delete: operation({
    tag: "Internships",
    summary: "Delete an internship",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await deleteInternship(params.id ?? "", actor))) apiNotFound(INTERNSHIP_NOT_FOUND);
      return apiJson({ success: true, message: INTERNSHIP_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
