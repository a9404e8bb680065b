// Scheduled publishing over the JSON API (issue 24), once for every content type: one route
// for a collection's record and one for a single document's draft, `{type}` being the type's
// API path segment as for drafts (kit/publishing-api.server.ts). Admin token required; the
// schedule is stored through the same functions as the editor's (kit/schedule.server.ts).
import { z } from "zod";
import {
  apiInvalid,
  apiJson,
  apiNotFound,
  apiRoute,
  okResponse,
  operation,
} from "~/lib/api.server";
import type { DocumentType } from "./document";
import type { DocumentStore } from "./document-store.server";
import { SCHEDULE_NO_DRAFT, scheduleProblems } from "./schedule";
import type { CollectionStore } from "./store.server";
import type { CollectionType } from "./types";

const TAG = "Publishing";
const UNKNOWN_TYPE = "There is no content type at this address.";
const at = (what: string) =>
  z.iso
    .datetime({
      offset: true,
      error: "Give an ISO 8601 date and time, such as 2026-12-03T08:00:00Z.",
    })
    .nullable()
    .optional()
    .describe(`${what} (ISO 8601, stored in UTC); null or absent: not scheduled`);
const when = (value: string | null | undefined) => (value ? new Date(value) : null);
const scheduleOut = z.object({
  publishAt: z.string().nullable(),
  unpublishAt: z.string().nullable(),
});
const segment = (path: string) => path.replace(/^\/api\//, "");

/** 400 naming the field of the first problem of a requested schedule. */
function refuseProblems(times: Parameters<typeof scheduleProblems>[0]) {
  for (const [field, message] of Object.entries(scheduleProblems(times)))
    apiInvalid(field, message);
}

export function scheduleApi(
  collections: readonly CollectionStore<CollectionType>[],
  documents: readonly DocumentStore<DocumentType>[],
) {
  const find = <S extends { type: { api: { path: string } } }>(
    stores: readonly S[],
    name?: string,
  ) => {
    const store = stores.find((one) => segment(one.type.api.path) === name);
    if (!store) apiNotFound(UNKNOWN_TYPE);
    return store;
  };
  const names = (stores: readonly { type: { api: { path: string } } }[]) =>
    `{type} is one of: ${stores.map((one) => segment(one.type.api.path)).join(", ")}.`;

  const record = apiRoute("/api/{type}/{id}/schedule", {
    post: operation({
      tag: TAG,
      summary: "Schedule a record's publishing",
      description: `Sets when the record is published and unpublished; the job runner does it at that time, with or without visitors (within a minute). Replaces any earlier schedule; both null cancels it. A time must be in the future, and unpublishAt after publishAt. ${names(collections)}`,
      auth: "bearer",
      body: z.object({ publishAt: at("When to publish"), unpublishAt: at("When to unpublish") }),
      response: okResponse(scheduleOut),
      handler: async ({ params, body, actor }) => {
        const store = find(collections, params.type);
        const times = { publishAt: when(body.publishAt), unpublishAt: when(body.unpublishAt) };
        refuseProblems(times);
        const id = params.id ?? "";
        const missing = store.type.texts.apiNotFound ?? store.type.texts.notFound;
        if (!(await store.schedule(id, times, actor))) apiNotFound(missing);
        const editor = await store.getForEditor(id);
        const data = {
          publishAt: editor?.publishAt ?? null,
          unpublishAt: editor?.unpublishAt ?? null,
        };
        return apiJson({ success: true, data, message: "Schedule saved." });
      },
    }),
  });

  const document = apiRoute("/api/{type}/schedule", {
    post: operation({
      tag: TAG,
      summary: "Schedule publishing a single document's draft",
      description: `Sets when the pending draft is published (400 when there is no draft); null cancels. ${names(documents)}`,
      auth: "bearer",
      body: z.object({ publishAt: at("When to publish the draft") }),
      response: okResponse(scheduleOut),
      handler: async ({ params, body, actor }) => {
        const store = find(documents, params.type);
        const publishAt = when(body.publishAt);
        refuseProblems({ publishAt, unpublishAt: null });
        if (!(await store.schedule(publishAt, actor))) apiInvalid("publishAt", SCHEDULE_NO_DRAFT);
        const { publishAt: stored, unpublishAt } = await store.getSchedule();
        return apiJson({
          success: true,
          data: { publishAt: stored, unpublishAt },
          message: "Schedule saved.",
        });
      },
    }),
  });
  return { record, document };
}
