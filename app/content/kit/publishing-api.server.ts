// Drafts over the JSON API (issue 24, decision 033), once for every content type: one route per
// operation whose `{type}` is the type's API path segment (`faqs`, `blog`, `hero-section`…), so
// a new type has them the moment it is registered. All of them need an admin token and write
// through the same store as the admin editor (the same after-write steps: audit, caches,
// revisions).
import { z } from "zod";
import {
  apiJson,
  apiNotFound,
  apiRoute,
  fieldErrors,
  invalidInput,
  okResponse,
  operation,
} from "~/lib/api.server";
import { apiImages } from "./api.server";
import type { DocumentType } from "./document";
import type { DocumentStore } from "./document-store.server";
import { DRAFT_SAVED, STATUSES } from "./publishing";
import type { CollectionStore, InputOf } from "./store.server";
import { apiBody, type CollectionType } from "./types";

const TAG = "Publishing";
const UNKNOWN_TYPE = "There is no content type at this address.";
/** A record's state beside its fields in these answers. */
const state = z.object({ publishStatus: z.enum(STATUSES), hasDraft: z.boolean() });
const record = z.looseObject({ _id: z.string() }).and(state);

const segment = (path: string) => path.replace(/^\/api\//, "");
const capitalized = (noun: string) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;

/** The collection routes: publish, unpublish, and a record's draft (read, save, discard). */
export function collectionPublishingApi(stores: readonly CollectionStore<CollectionType>[]) {
  const names = stores.map((store) => segment(store.type.api.path)).join(", ");
  const typeNote = `{type} is one of: ${names}.`;
  const storeOf = (name: string | undefined) => {
    const store = stores.find((one) => segment(one.type.api.path) === name);
    if (!store) apiNotFound(UNKNOWN_TYPE);
    return store;
  };
  /** The record as its editor shows it, or the type's 404. */
  const edited = async (store: CollectionStore<CollectionType>, id: string) => {
    const found = await store.getForEditor(id);
    if (!found) apiNotFound(store.type.texts.apiNotFound ?? store.type.texts.notFound);
    return found;
  };
  const write = (
    summary: string,
    description: string,
    run: (store: CollectionStore<CollectionType>, id: string, actor: never) => Promise<boolean>,
    message: (noun: string) => string,
  ) =>
    operation({
      tag: TAG,
      summary,
      description: `${description} ${typeNote}`,
      auth: "bearer",
      response: okResponse(record),
      handler: async ({ params, actor }) => {
        const store = storeOf(params.type);
        const id = params.id ?? "";
        await edited(store, id);
        if (!(await run(store, id, actor as never))) apiNotFound(store.type.texts.notFound);
        const data = await edited(store, id);
        return apiJson({ success: true, data, message: message(store.type.admin.noun[0]) });
      },
    });

  const publish = apiRoute("/api/{type}/{id}/publish", {
    post: write(
      "Publish a record",
      "Puts the record on the site, with its pending draft if it has one (no body).",
      (store, id, actor) => store.publish(id, actor),
      (noun) => `${capitalized(noun)} published.`,
    ),
  });
  const unpublish = apiRoute("/api/{type}/{id}/unpublish", {
    post: write(
      "Unpublish a record",
      "Takes the record off the site at once: it is a draft again (no body).",
      (store, id, actor) => store.unpublish(id, actor),
      (noun) => `${capitalized(noun)} unpublished.`,
    ),
  });
  const draft = apiRoute("/api/{type}/{id}/draft", {
    get: operation({
      tag: TAG,
      summary: "A record as its editor shows it",
      description: `The record with its pending draft applied, and where it stands. ${typeNote}`,
      auth: "bearer",
      response: z.object({ success: z.literal(true), data: record }),
      handler: async ({ params }) => {
        const data = await edited(storeOf(params.type), params.id ?? "");
        return apiJson({ success: true, data });
      },
    }),
    put: operation({
      tag: TAG,
      summary: "Save changes as a draft",
      description: `The body is the type's PUT body. A published record keeps what the site shows until the draft is published; a draft record is updated. ${typeNote}`,
      auth: "bearer",
      // Checked against the type named in the address, in the handler.
      body: z.looseObject({}),
      response: okResponse(record),
      handler: async ({ params, body, actor }) => {
        const store = storeOf(params.type);
        const id = params.id ?? "";
        await edited(store, id);
        const input = await parseBody(store.type, body);
        await store.saveDraft(id, await apiImages(store.type)(input), actor);
        return apiJson({ success: true, data: await edited(store, id), message: DRAFT_SAVED });
      },
    }),
    delete: write(
      "Discard a record's draft",
      "Drops the pending changes of a published record; the published version is unchanged.",
      (store, id, actor) => store.discardDraft(id, actor),
      () => "Draft discarded.",
    ),
  });
  return { publish, unpublish, draft };
}

/** The single documents' routes: their draft (read, save, discard) and publishing it. */
export function documentPublishingApi(stores: readonly DocumentStore<DocumentType>[]) {
  const names = stores.map((store) => segment(store.type.api.path)).join(", ");
  const typeNote = `{type} is one of: ${names}.`;
  const storeOf = (name: string | undefined) => {
    const store = stores.find((one) => segment(one.type.api.path) === name);
    if (!store) apiNotFound(UNKNOWN_TYPE);
    return store;
  };
  const answer = (store: DocumentStore<DocumentType>, draft: unknown) =>
    draft ? store.type.toApiRecord(store.type.toRecord(draft as never)) : null;

  const draft = apiRoute("/api/{type}/draft", {
    get: operation({
      tag: TAG,
      summary: "A single document's pending draft",
      description: `The draft as GET on the document reads it, or null when there is none. ${typeNote}`,
      auth: "bearer",
      handler: async ({ params }) => {
        const store = storeOf(params.type);
        return apiJson({ success: true, data: answer(store, await store.getDraft()) });
      },
    }),
    put: operation({
      tag: TAG,
      summary: "Save a single document's changes as a draft",
      description: `The body is the document's PUT body; the site keeps showing the published document until the draft is published. ${typeNote}`,
      auth: "bearer",
      body: z.looseObject({}),
      handler: async ({ params, body, actor }) => {
        const store = storeOf(params.type);
        const parsed = store.type.schema.safeParse(body);
        if (!parsed.success) throw invalid(parsed.error);
        await store.saveDraft(parsed.data as never, actor);
        return apiJson({
          success: true,
          data: answer(store, await store.getDraft()),
          message: DRAFT_SAVED,
        });
      },
    }),
    delete: operation({
      tag: TAG,
      summary: "Discard a single document's draft",
      description: `404 when there is no draft. ${typeNote}`,
      auth: "bearer",
      handler: async ({ params, actor }) => {
        const store = storeOf(params.type);
        if (!(await store.discardDraft(actor))) apiNotFound(NO_DRAFT);
        return apiJson({ success: true, message: "Draft discarded." });
      },
    }),
  });
  const publish = apiRoute("/api/{type}/publish", {
    post: operation({
      tag: TAG,
      summary: "Publish a single document's draft",
      description: `404 when there is no draft (no body). ${typeNote}`,
      auth: "bearer",
      handler: async ({ params, actor }) => {
        const store = storeOf(params.type);
        if (!(await store.publish(actor))) apiNotFound(NO_DRAFT);
        const data = store.type.toApiRecord(store.type.toRecord((await store.get()) as never));
        return apiJson({ success: true, data, message: store.type.texts.saved });
      },
    }),
  });
  return { draft, publish };
}

const NO_DRAFT = "There is no draft to publish or discard.";

/** A 400 naming each field a body gets wrong. */
const invalid = (error: z.ZodError) => invalidInput(fieldErrors(error));

/** The body checked as the type's PUT checks it, or a 400. */
async function parseBody<T extends CollectionType>(type: T, body: unknown): Promise<InputOf<T>> {
  const parsed = await apiBody(type).safeParseAsync(body);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}
