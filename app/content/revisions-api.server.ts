// A record's revisions over the JSON API, one declaration for every content type:
//   GET  /api/{type}/{id}/revisions                 a collection record's history, newest first
//   POST /api/{type}/{id}/revisions/{rev}/restore   that revision as a new draft (never published)
//   GET  /api/{type}/revisions, POST /api/{type}/revisions/{rev}/restore   a single document's
// `type` is the type's own API path (faqs, blog, hero-section…). Both need an admin's token:
// a revision may hold what was never published. The same functions as the history page
// (history.server.ts), so the answer lists the same changes and a restore is the same write.
import { z } from "zod";
import { apiJson, apiNotFound, apiRoute, operation } from "~/lib/api.server";
import { parsePage } from "~/lib/pagination";
import { HISTORY_TEXTS, restoredMessage } from "./history";
import {
  entityIdOf,
  type HistoryTarget,
  historyTargetByApiPath,
  recordName,
  restoreRevision,
  revisionPage,
} from "./history.server";
import { CONTENT_TYPES, DOCUMENT_TYPES } from "./registry";

const TAG = "Revisions";
export const UNKNOWN_TYPE = "Unknown content type.";

const segment = (path: string) => path.replace(/^\/api\//, "");
const collectionPaths = CONTENT_TYPES.map((type) => segment(type.api.path)) as [
  string,
  ...string[],
];
const documentPaths = DOCUMENT_TYPES.map((type) => segment(type.api.path)) as [string, ...string[]];

const part = z.object({ text: z.string(), change: z.enum(["same", "removed", "added"]) });
const revision = z.object({
  _id: z.string(),
  at: z.string().describe("When (ISO 8601, UTC)"),
  actor: z.string().describe("Who: the admin's e-mail, or operator"),
  via: z.string().describe("Through which door: admin, api, cli, job or startup"),
  action: z.string().describe("create, update, delete, move, draft, publish, unpublish…"),
  summary: z.string(),
  status: z.string().describe("Published, Draft, or Published with unpublished changes"),
  restoredFrom: z.string().nullable().describe("A restore: when the revision it restored was made"),
  compared: z.enum(["previous", "created", "none"]),
  changes: z.array(z.object({ path: z.string(), label: z.string(), parts: z.array(part) })),
  content: z.record(z.string(), z.unknown()).describe("The record as it was, its draft applied"),
});
const listAnswer = z.object({
  success: z.literal(true),
  data: z.array(revision),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
});
const restoreAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    restoredFrom: z.string(),
    picturesGone: z
      .number()
      .int()
      .describe("Pictures the revision showed that were deleted since: left empty in the draft"),
  }),
});

/** The content type and record the path names, or a 404. */
function targetOf(params: Readonly<Record<string, string | undefined>>, single: boolean) {
  const target = historyTargetByApiPath(params.type ?? "");
  if (!target || (target.kind === "document") !== single) apiNotFound(UNKNOWN_TYPE);
  return { target, id: entityIdOf(target, params.id) };
}

async function listFor(target: HistoryTarget, id: string | null, page: number) {
  const list = await revisionPage(target, id, page, { content: true });
  if (list.total === 0 && !(await recordName(target, id, undefined)).exists) {
    apiNotFound(target.kind === "collection" ? target.type.texts.notFound : HISTORY_TEXTS.notFound);
  }
  const data = list.items.map(({ id: revisionId, ...view }) => ({ _id: revisionId, ...view }));
  return { success: true, data, total: list.total, page: list.page, pages: list.pages };
}

/** The API routes of revisions; `single`: the single documents' (no `{id}`). */
export function revisionsApi(single: boolean) {
  const base = single ? "/api/{type}/revisions" : "/api/{type}/{id}/revisions";
  const params = { type: z.enum(single ? documentPaths : collectionPaths) };
  const what = single ? "a single document" : "a record";
  const list = apiRoute(base, {
    get: operation({
      tag: TAG,
      summary: `The revisions of ${what}, newest first`,
      description:
        "Every change from any writer (admin, API, CLI, schedule, restore), with what changed since the revision before, field by field. 20 per page.",
      auth: "bearer",
      params,
      query: z.object({ page: z.string().optional().describe("The page, from 1") }),
      response: listAnswer,
      handler: async ({ params: path, query }) => {
        const { target, id } = targetOf(path, single);
        return apiJson(await listFor(target, id, parsePage(query.page ?? null)));
      },
    }),
  });
  const restore = apiRoute(`${base}/{rev}/restore`, {
    post: operation({
      tag: TAG,
      summary: `Restore a revision of ${what} as a draft`,
      description:
        "Saves the revision's content as the record's draft. Nothing is published: the site shows the change only once the draft is published.",
      auth: "bearer",
      params,
      response: restoreAnswer,
      handler: async ({ params: path, actor }) => {
        const { target, id } = targetOf(path, single);
        const outcome = await restoreRevision(target, id, path.rev ?? "", actor);
        if (outcome.status === "no-revision") apiNotFound(HISTORY_TEXTS.noRevision);
        if (outcome.status !== "restored") apiNotFound(HISTORY_TEXTS.noRecord);
        const from = outcome.from.toISOString();
        return apiJson({
          success: true,
          message: restoredMessage(from, outcome.picturesGone),
          data: { restoredFrom: from, picturesGone: outcome.picturesGone },
        });
      },
    }),
  });
  return { list, restore };
}
