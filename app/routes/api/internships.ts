// GET, POST /api/internships (also GET /api/internships/, which the dashboard reads): the list
// and a new internship, through the content kit's store (app/content/internships.ts), as the
// admin screen writes them. With a token the list has every internship, active or not (the
// admin toggles inactive ones back on); without one only the active ones, as the public site
// shows them (an inactive internship is a draft or withdrawn), with the site's status (Closed
// once the deadline has passed). The kit's generic API does not fit these reads, hence its own
// operations here.
import { internships } from "~/content/internships";
import { internshipStore } from "~/content/stores.server";
import {
  internshipBodySchema,
  internshipRecord,
  toPublicInternshipRecord,
} from "~/domain/internship";
import { apiJson, apiRoute, listResponse, okResponse, operation } from "~/lib/api.server";

const { api: doc, texts } = internships;

const api = apiRoute(doc.path, {
  get: operation({
    tag: doc.tag,
    summary: doc.listSummary,
    auth: "optional",
    response: listResponse(internshipRecord),
    handler: async ({ admin }) => {
      const all = await internshipStore.list();
      const now = new Date();
      return apiJson({
        success: true,
        data: admin
          ? all
          : all.filter((i) => i.isActive).map((i) => toPublicInternshipRecord(i, now)),
      });
    },
  }),
  post: operation({
    tag: doc.tag,
    summary: "Add an internship",
    description: doc.createDescription,
    auth: "bearer",
    body: internshipBodySchema,
    response: okResponse(internshipRecord),
    status: 201,
    handler: async ({ body, actor }) => {
      const created = await internshipStore.create(body, actor);
      return apiJson({ success: true, data: created, message: texts.created }, 201);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
