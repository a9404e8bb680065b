// PATCH /api/internships/{id}/toggle (SPEC §7 'none; returns the updated record', §4 Toggle
// Active): flips isActive, as the admin list's Toggle Active does (toggleInternshipActive).
import {
  INTERNSHIP_NOT_FOUND,
  INTERNSHIP_TOGGLED,
  internshipRecord,
  toInternshipRecord,
} from "~/domain/internship";
import { toggleInternshipActive } from "~/domain/internship.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/internships/{id}/toggle", {
  patch: operation({
    tag: "Internships",
    summary: "Switch an internship's isActive (no body); answers the updated record",
    auth: "bearer",
    response: okResponse(internshipRecord),
    handler: async ({ params, actor }) => {
      const internship = await toggleInternshipActive(params.id ?? "", actor);
      if (!internship) apiNotFound(INTERNSHIP_NOT_FOUND);
      return apiJson({
        success: true,
        data: toInternshipRecord(internship),
        message: INTERNSHIP_TOGGLED,
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
