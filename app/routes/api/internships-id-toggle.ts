// PATCH /api/internships/{id}/toggle: flips isActive, as the admin list's Toggle Active does
// (toggleInternshipActive, the internship's own write), and answers the updated record.
import { z } from "zod";
import { INTERNSHIP_TOGGLED, internships } from "~/content/internships";
import { toggleInternshipActive } from "~/domain/internship.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute(`${internships.api.path}/{id}/toggle`, {
  patch: operation({
    tag: internships.api.tag,
    summary: "Switch an internship's isActive (no body); answers the updated record",
    auth: "bearer",
    response: okResponse(internships.record.extend({ _id: z.string() })),
    handler: async ({ params, actor }) => {
      const internship = await toggleInternshipActive(params.id ?? "", actor);
      if (!internship) apiNotFound(internships.texts.notFound);
      return apiJson({ success: true, data: internship, message: INTERNSHIP_TOGGLED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
