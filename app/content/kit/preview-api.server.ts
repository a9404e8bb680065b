// Private preview links over the JSON API (issue 24), for every content type at once: list a
// record's links, create one (its address is in this answer only), revoke one. An admin token is
// needed for all of it. The record is named by its type's entity (`blog`, `hero`…) and, for a
// collection, its id; a single document has none.
import { z } from "zod";
import {
  createPreviewLink,
  getPreviewLink,
  listPreviewLinks,
  revokePreviewLink,
} from "~/domain/preview-link.server";
import {
  ApiError,
  apiJson,
  apiNotFound,
  apiRoute,
  listResponse,
  okResponse,
  operation,
} from "~/lib/api.server";
import type { PreviewTarget } from "~/lib/preview-context.server";
import { STORES } from "../stores.server";
import { isDocumentEntity, PREVIEW_ENTITIES, previewUrl } from "./preview.server";

const TAG = "Preview links";
const NO_RECORD = "No such record of this type (it may have been deleted).";
const NO_LINK = "No such preview link.";

const link = z.object({
  id: z.string(),
  createdAt: z.string().describe("ISO 8601"),
  createdBy: z.string(),
  expiresAt: z.string().describe("ISO 8601"),
  revokedAt: z.string().nullable(),
  uses: z.number().int().describe("Times the link was opened"),
  lastUsedAt: z.string().nullable(),
  state: z.enum(["active", "expired", "revoked"]),
});

const target = z.object({
  entity: z
    .enum(PREVIEW_ENTITIES as [string, ...string[]])
    .describe("The record's type, as the audit log names it"),
  id: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, "The id must be 24 hexadecimal digits.")
    .optional()
    .describe("The record's id; leave it out for a single document (hero, footer…)"),
});

/** The record the body or query names, once it is known to exist (else a 400 or 404). */
async function targetOf({ entity, id }: z.output<typeof target>): Promise<PreviewTarget> {
  if (isDocumentEntity(entity)) {
    if (id !== undefined) {
      throw new ApiError(400, "A single document has no id.", [
        { path: "id", msg: "A single document has no id." },
      ]);
    }
    return { entity, id: null };
  }
  if (id === undefined) {
    throw new ApiError(400, "Name the record: its id.", [{ path: "id", msg: "Required." }]);
  }
  const store = STORES[entity as keyof typeof STORES];
  if (!store || !(await store.get(id))) apiNotFound(NO_RECORD);
  return { entity, id };
}

/** GET and POST /api/previews. */
export const previewsApi = apiRoute("/api/previews", {
  get: operation({
    tag: TAG,
    summary: "A record's preview links, newest first",
    auth: "bearer",
    query: target,
    response: listResponse(link),
    errors: { 404: NO_RECORD },
    handler: async ({ query }) =>
      apiJson({ success: true, data: await listPreviewLinks(await targetOf(query)) }),
  }),
  post: operation({
    tag: TAG,
    summary: "Create a private preview link",
    description:
      "A link that shows the record's draft on the site, with a Preview banner, to anyone who " +
      "has it, until it expires (PREVIEW_DAYS, 7 by default) or is revoked. `url` is in this " +
      "answer only: the server keeps a hash of it.",
    auth: "bearer",
    body: target,
    status: 201,
    response: okResponse(link.extend({ url: z.string() })),
    errors: { 404: NO_RECORD },
    handler: async ({ body, actor }) => {
      const created = await createPreviewLink(await targetOf(body), actor);
      const data = { ...created.link, url: previewUrl(created.token) };
      return apiJson({ success: true, data, message: "Preview link created." }, 201);
    },
  }),
});

/** DELETE /api/previews/{id}: revoke. */
export const previewApi = apiRoute("/api/previews/{id}", {
  delete: operation({
    tag: TAG,
    summary: "Revoke a preview link",
    description: "The link stops working at once, also for whoever opened it already.",
    auth: "bearer",
    response: okResponse(link),
    errors: { 404: NO_LINK },
    handler: async ({ params, actor }) => {
      // A malformed id names nothing: the same 404.
      const id = params.id ?? "";
      if (!(await revokePreviewLink(id, actor))) apiNotFound(NO_LINK);
      const data = await getPreviewLink(id);
      return apiJson({ success: true, data, message: "Preview link revoked." });
    },
  }),
});
