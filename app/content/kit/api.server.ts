// The JSON API of a content type, built from its description: GET and POST on the list's path,
// GET, PUT and DELETE on `{id}`, declared with lib/api.server.ts (so /api/openapi.json describes
// exactly what is checked). Reads are public (a type with a `publicView` shows a reader without
// a token only that); writes need a token and go through the same store as the admin editor, so
// they run the same after-write steps. DELETE sends a record to the trash; the trash is
// `{path}/trash` (GET, with a token) and `{path}/trash/{id}` (POST restores, DELETE deletes for
// good), two routes of their own (`.trash`, `.trashed`).
import { z } from "zod";
import {
  apiJson,
  apiNotFound,
  apiRoute,
  listResponse,
  okResponse,
  operation,
} from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";
import { STATUSES } from "./publishing";
import type { CollectionStore, InputOf, RecordOf } from "./store.server";
import { apiBody, type CollectionType, isImageField } from "./types";

/** The store's reads and writes (its admin table is not the API's). */
type ApiStore<T extends CollectionType> = Pick<
  CollectionStore<T>,
  | "type"
  | "list"
  | "listAll"
  | "get"
  | "getPublic"
  | "create"
  | "update"
  | "remove"
  | "listTrash"
  | "restore"
  | "purge"
>;

/** POST's query: `?status=draft` adds the record as a draft (decision 033). */
const createQuery = z.object({
  status: z
    .enum(STATUSES, { error: 'status is "draft" or "published".' })
    .optional()
    .describe("draft: the record is saved as a draft, not on the site until published"),
});

/** A body's image addresses as the record keeps them, or a 400 naming the field. */
export function apiImages<T extends CollectionType>(type: T) {
  const imageFields = type.fields.filter(isImageField);
  return async (value: InputOf<T>): Promise<InputOf<T>> => {
    const out: Record<string, unknown> = { ...value };
    for (const field of imageFields) {
      out[field.name] = await imageToSave(field.name, String(out[field.name] ?? ""), field.invalid);
    }
    return out as InputOf<T>;
  };
}

export function collectionApi<T extends CollectionType>(store: ApiStore<T>) {
  const { type } = store;
  const { api: doc, texts } = type;
  const record = (type.apiRecord ?? type.record).extend({ _id: z.string() });
  const notFound = texts.apiNotFound ?? texts.notFound;
  const summaries = doc.summaries ?? {};
  const noun = type.admin.noun[0];
  const body = apiBody(type);
  const withImages = apiImages(type);
  const publicView = type.publicView;
  /** A record as this reader may see it: as stored with a token, else its public view. */
  const shown = (record: RecordOf<T>, admin: unknown, now = new Date()) =>
    admin || !publicView ? record : publicView(record, now);

  const list = apiRoute(doc.path, {
    get: operation({
      tag: doc.tag,
      summary: doc.listSummary,
      description:
        "Without a token: the published records. With an admin token: drafts too (each record's state: GET {id}/draft).",
      // A token reads drafts too (decision 033); without one the answer is as it always was.
      auth: "optional",
      response: listResponse(record),
      handler: async ({ admin }) => {
        const records = admin ? await store.listAll() : await store.list();
        const all = records.map((one) => shown(one, admin));
        return apiJson({ success: true, data: all.filter((one) => one !== null) });
      },
    }),
    post: operation({
      tag: doc.tag,
      summary: summaries.create ?? `Add a ${noun}`,
      description: doc.createDescription,
      auth: "bearer",
      body,
      query: createQuery,
      response: okResponse(record),
      status: 201,
      handler: async ({ body, actor, query }) => {
        const created = await store.create(await withImages(body), actor, {
          status: query.status ?? "published",
        });
        return apiJson({ success: true, data: created, message: texts.created }, 201);
      },
    }),
  });

  const one = apiRoute(`${doc.path}/{id}`, {
    get: operation({
      tag: doc.tag,
      summary: summaries.one ?? `One ${noun}`,
      auth: "optional",
      response: z.object({ success: z.literal(true), data: record }),
      handler: async ({ params, admin }) => {
        // A draft is read with a token only.
        const stored = admin
          ? await store.get(params.id ?? "")
          : await store.getPublic(params.id ?? "");
        const found = stored && shown(stored, admin);
        if (!found) apiNotFound(notFound);
        return apiJson({ success: true, data: found });
      },
    }),
    put: operation({
      tag: doc.tag,
      summary: summaries.update ?? `Replace a ${noun}`,
      description: doc.updateDescription,
      auth: "bearer",
      body,
      response: okResponse(record),
      handler: async ({ params, body, actor }) => {
        const id = params.id ?? "";
        // An unknown id is a 404 before any image address is looked at.
        if (!(await store.get(id))) apiNotFound(notFound);
        // Deleted meanwhile: a 404 too.
        if (!(await store.update(id, await withImages(body), actor))) apiNotFound(notFound);
        const updated = await store.get(id);
        if (!updated) apiNotFound(notFound);
        return apiJson({ success: true, data: updated, message: texts.updated });
      },
    }),
    delete: operation({
      tag: doc.tag,
      summary: summaries.delete ?? `Delete a ${noun}`,
      // The trash is the kit's: every type's DELETE says so, then what the type adds.
      description: [
        `Sends the ${noun} to the trash (${doc.path}/trash): off the site at once, restorable until the daily purge deletes it for good with the images only it shows.`,
        doc.deleteDescription,
      ]
        .filter(Boolean)
        .join(" "),
      auth: "bearer",
      response: z.object({ success: z.literal(true), message: z.string() }),
      handler: async ({ params, actor }) => {
        if (!(await store.remove(params.id ?? "", actor))) apiNotFound(notFound);
        return apiJson({ success: true, message: texts.deleted });
      },
    }),
  });

  // The trash: a token for everything, since what staff deleted is not public.
  const inTrash = record.extend({
    deletedAt: z.string().describe("When it was deleted (ISO 8601)"),
    deletedBy: z.string().nullable().describe("Who deleted it (an e-mail, or operator)"),
  });
  const notInTrash = `This ${noun} is not in the trash.`;
  const trash = apiRoute(`${doc.path}/trash`, {
    get: operation({
      tag: doc.tag,
      summary: `Deleted ${type.admin.noun[1]} (the trash)`,
      description: `Newest deletion first. A deleted ${noun} is kept here, off the site, until the daily purge deletes it for good (TRASH_DAYS after its deletion, 30 unless configured).`,
      auth: "bearer",
      response: listResponse(inTrash),
      handler: async () => apiJson({ success: true, data: await store.listTrash() }),
    }),
  });
  const trashed = apiRoute(`${doc.path}/trash/{id}`, {
    post: operation({
      tag: doc.tag,
      summary: `Restore a deleted ${noun}`,
      description: `Takes it out of the trash and puts it back on the site${type.ordered ? " (last in the order)" : ""}.`,
      auth: "bearer",
      response: okResponse(record),
      handler: async ({ params, actor }) => {
        const id = params.id ?? "";
        if (!(await store.restore(id, actor))) apiNotFound(notInTrash);
        const restored = await store.get(id);
        if (!restored) apiNotFound(notFound);
        return apiJson({ success: true, data: restored, message: texts.restored });
      },
    }),
    delete: operation({
      tag: doc.tag,
      summary: `Delete a ${noun} forever`,
      description: `Only a ${noun} in the trash; its stored images go too unless something else shows them. This cannot be undone.`,
      auth: "bearer",
      response: z.object({ success: z.literal(true), message: z.string() }),
      handler: async ({ params, actor }) => {
        if (!(await store.purge(params.id ?? "", actor))) apiNotFound(notInTrash);
        return apiJson({ success: true, message: texts.purged });
      },
    }),
  });

  return { list, one, trash, trashed };
}
