// Private preview links over the JSON API (issue 24), for every content type at once: list a
// record's links, create one (its address is in this answer only), revoke one. An admin token is
// needed for all of it. As the drafts' routes (publishing-api.server.ts), `{type}` is the type's
// API path segment: `/api/faqs/{id}/previews`, `/api/hero-section/previews`; a link is revoked by
// its own id, whatever it shows.
import { z } from "zod";
import {
  createPreviewLink,
  getPreviewLink,
  listPreviewLinks,
  revokePreviewLink,
} from "~/domain/preview-link.server";
import {
  apiJson,
  apiNotFound,
  apiRoute,
  listResponse,
  okResponse,
  operation,
} from "~/lib/api.server";
import type { PreviewTarget } from "~/lib/preview-context.server";
import { DOCUMENT_STORES } from "../documents.server";
import { STORES } from "../stores.server";
import { previewUrl } from "./preview.server";

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

const segment = (path: string) => path.replace(/^\/api\//, "");
const UNKNOWN_TYPE = "There is no content type at this address.";
const collectionNames = Object.values(STORES).map((store) => segment(store.type.api.path));
const documentNames = Object.values(DOCUMENT_STORES).map((store) => segment(store.type.api.path));

/** A record of the collection `{type}` (its API segment: `faqs`, `blog`…), once it exists. */
async function recordOf(params: Readonly<Record<string, string | undefined>>) {
  const store = Object.values(STORES).find((one) => segment(one.type.api.path) === params.type);
  if (!store) apiNotFound(UNKNOWN_TYPE);
  const id = params.id ?? "";
  // A draft too (the point of a preview); a malformed id names nothing.
  if (!(await store.get(id))) apiNotFound(NO_RECORD);
  return { entity: store.type.entity, id } satisfies PreviewTarget;
}

/** The single document `{type}` (its API segment: `hero-section`, `footer-content`…). */
function documentOf(params: Readonly<Record<string, string | undefined>>): PreviewTarget {
  const store = Object.values(DOCUMENT_STORES).find(
    (one) => segment(one.type.api.path) === params.type,
  );
  if (!store) apiNotFound(UNKNOWN_TYPE);
  return { entity: store.type.entity, id: null };
}

/** GET (the links, newest first) and POST (a new one) on a record's or document's previews. */
function previewOperations(
  targetOf: (params: Readonly<Record<string, string | undefined>>) => Promise<PreviewTarget>,
  typeNote: string,
) {
  return {
    get: operation({
      tag: TAG,
      summary: "Its private preview links, newest first",
      description: `Never a link's token or address. ${typeNote}`,
      auth: "bearer",
      response: listResponse(link),
      errors: { 404: NO_RECORD },
      handler: async ({ params }) =>
        apiJson({ success: true, data: await listPreviewLinks(await targetOf(params)) }),
    }),
    post: operation({
      tag: TAG,
      summary: "Create a private preview link",
      description:
        "A link that shows the draft on the site, with a Preview banner, to anyone who has it, " +
        "until it expires (PREVIEW_DAYS, 7 by default) or is revoked. `url` is in this answer " +
        `only: the server keeps a hash of it. ${typeNote}`,
      auth: "bearer",
      status: 201,
      response: okResponse(link.extend({ url: z.string() })),
      errors: { 404: NO_RECORD },
      handler: async ({ params, actor }) => {
        const created = await createPreviewLink(await targetOf(params), actor);
        const data = { ...created.link, url: previewUrl(created.token) };
        return apiJson({ success: true, data, message: "Preview link created." }, 201);
      },
    }),
  };
}

/** GET, POST /api/{type}/{id}/previews: a collection record's. */
export const recordPreviewsApi = apiRoute(
  "/api/{type}/{id}/previews",
  previewOperations(recordOf, `{type} is one of: ${collectionNames.join(", ")}.`),
);

/** GET, POST /api/{type}/previews: a single document's. */
export const documentPreviewsApi = apiRoute(
  "/api/{type}/previews",
  previewOperations(
    async (params) => documentOf(params),
    `{type} is one of: ${documentNames.join(", ")}.`,
  ),
);

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
