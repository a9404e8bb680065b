// GET, POST /api/internships (SPEC §7 'list; read from a data field or the body itself',
// 'internship data'; also GET /api/internships/, which the SPEC's dashboard reads): with a
// token every internship as the admin list has them, active or not (the admin screen toggles
// inactive ones back on); without one only the active ones, as the public site shows them (an
// inactive internship is a draft or withdrawn), with its status (Closed once the deadline has
// passed). And a new one. The same rules and queries
// as /admin/dashboard/intership-page (domain/internship.ts, domain/internship.server.ts).
import {
  INTERNSHIP_ADDED,
  internshipBodySchema,
  internshipRecord,
  toInternshipRecord,
  toPublicInternshipRecord,
} from "~/domain/internship";
import { createInternship, getInternship, listAllInternships } from "~/domain/internship.server";
import { ApiError, apiJson, apiRoute, listResponse, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/internships", {
  get: operation({
    tag: "Internships",
    summary: "Every internship, newest first: with a token also the inactive ones",
    auth: "optional",
    response: listResponse(internshipRecord),
    handler: async ({ admin }) => {
      const internships = await listAllInternships({ activeOnly: !admin });
      // Without a token the status is the public site's: Closed once the deadline has passed.
      const now = new Date();
      return apiJson({
        success: true,
        data: internships.map((i) =>
          admin ? toInternshipRecord(i) : toPublicInternshipRecord(i, now),
        ),
      });
    },
  }),
  post: operation({
    tag: "Internships",
    summary: "Add an internship",
    description:
      "duration: whole days as an array ([30, 60]) or comma-separated text ('30,60'); requirements and benefits: arrays of texts or comma-separated text; deadline: YYYY-MM-DD or an ISO date-time (kept as the end of that day in UTC). status defaults to Open, urgent to false, isActive to true.",
    auth: "bearer",
    body: internshipBodySchema,
    response: okResponse(internshipRecord),
    status: 201,
    errors: { 409: "Deleted by someone else in the instant after it was added" },
    handler: async ({ body, actor }) => {
      const id = await createInternship(body, actor);
      const internship = await getInternship(id);
      // Deleted in the instant between the two calls: nothing to answer with.
      if (!internship) throw new ApiError(409, "The internship was deleted meanwhile.");
      return apiJson(
        { success: true, data: toInternshipRecord(internship), message: INTERNSHIP_ADDED },
        201,
      );
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
