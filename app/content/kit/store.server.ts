// The domain functions of a content type, built from its description: the public list, the
// admin table's page, one record, and the three writes. Every writer (the admin editor, the
// JSON API, the CLI) goes through these, and each successful write runs the declared
// after-write steps (../after-write.server.ts) once.
import type { Collection, Document, ObjectId } from "mongodb";
import type { z } from "zod";
import { getCollections } from "#db/client.server";
import type { Actor } from "~/domain/audit";
import { ADMIN_PAGE_SIZE, type ListSort } from "~/lib/admin-list";
import { createdBy, type EditInfo, editedBy, editInfo } from "~/lib/edit-stamps";
import { type ListPage, listOrder, listPage, searchFilter } from "~/lib/list-page.server";
import { parseObjectId } from "~/lib/object-id.server";
import { afterWrite, type ContentWrite } from "../after-write.server";
import { altNames } from "./image-alt";
import { type CollectionType, describedImages, imageFields, sortFields } from "./types";

/** A record as read: its fields and its id as a string. */
export type RecordOf<T extends CollectionType> = z.output<T["record"]> & { _id: string };
export type InputOf<T extends CollectionType> = z.output<T["schema"]>;
export type AdminRecordOf<T extends CollectionType> = RecordOf<T> & EditInfo;

/** What the admin table asks for: a search, a column to sort by (none: its own order), a page. */
export interface AdminQuery {
  q: string;
  page: number;
  sort?: ListSort | null;
}

export interface CollectionStore<T extends CollectionType> {
  type: T;
  /** Every record in the public order. */
  list(): Promise<RecordOf<T>[]>;
  /**
   * The admin table: searched, one page, newest first (or the type's `adminSort`) unless sorted
   * by a column the type lets staff sort by (any other field is ignored).
   */
  listForAdmin(query: AdminQuery): Promise<ListPage<AdminRecordOf<T>>>;
  /** The record an id names, or null when the id is malformed or names nothing. */
  get(id: string): Promise<RecordOf<T> | null>;
  create(input: InputOf<T>, actor: Actor): Promise<RecordOf<T>>;
  /** False when the id names no record (deleted meanwhile, or never there). */
  update(id: string, input: InputOf<T>, actor: Actor): Promise<boolean>;
  /** False when the id names no record. */
  remove(id: string, actor: Actor): Promise<boolean>;
}

export type Doc = Document & {
  _id: ObjectId;
  createdAt: Date;
  updatedAt: Date;
  updatedBy?: string;
};

export interface StoreOptions<T extends CollectionType> {
  /**
   * A type's own step once a write has landed (the highlights renumber their home-page order),
   * given the record's id and the value written (null for a delete). The after-write steps run
   * after it, and still run when it fails: the write has already changed the site.
   */
  settle?: (write: { _id: ObjectId; input: InputOf<T> | null }) => Promise<void>;
}

/** Newest first: a record just created is at the top of page 1. */
const ADMIN_SORT = { createdAt: -1, _id: -1 } as const;

export function collectionStore<T extends CollectionType>(
  type: T,
  options: StoreOptions<T> = {},
): CollectionStore<T> {
  const fields = Object.keys(type.record.shape);
  const adminSort = type.adminSort ?? ADMIN_SORT;
  const sortable = sortFields(type);
  const imageNames = imageFields(type);
  const handle = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Doc>;
  // An image saved before alt text existed reads as not described (kit/image-alt.ts).
  const altDefaults: Record<string, unknown> = {};
  for (const field of describedImages(type.fields)) {
    const names = altNames(field.name);
    altDefaults[names.alt] = "";
    altDefaults[names.decorative] = false;
  }
  // Field for field, unless the type says how its stored documents read (older ones may lack
  // fields, dates become strings).
  const toRecord = (doc: Doc): RecordOf<T> =>
    ({
      _id: doc._id.toHexString(),
      ...(type.fromDocument
        ? type.fromDocument(doc)
        : Object.fromEntries(fields.map((field) => [field, doc[field] ?? altDefaults[field]]))),
    }) as RecordOf<T>;
  // Only the record's fields are stored: a form's schema may also carry inputs that are not
  // content (an image field's file, its "Remove image" box).
  const stored = (input: InputOf<T>): Document => {
    const value = input as Document;
    return Object.fromEntries(fields.filter((f) => f in value).map((f) => [f, value[f]]));
  };
  const imagesOf = (doc: Document) =>
    imageNames.map((field) => doc[field]).filter((url): url is string => typeof url === "string");
  /**
   * The type's own step, then the after-write steps of one write (the audit naming the record by
   * its summary), which run even when that step fails.
   */
  const written = async (
    _id: ObjectId,
    write: Omit<ContentWrite, "entity" | "entityId" | "summary">,
    value: Document,
    input: InputOf<T> | null,
  ) => {
    try {
      await options.settle?.({ _id, input });
    } finally {
      await afterWrite({
        ...write,
        entityId: _id.toHexString(),
        entity: type.entity,
        summary: type.summary(value as InputOf<T>),
      });
    }
  };

  return {
    type,
    async list() {
      const docs = await (await handle()).find({}).sort(type.publicSort).toArray();
      return docs.map(toRecord);
    },
    async listForAdmin(query) {
      const field = query.sort ? sortable.get(query.sort.field) : undefined;
      const sort = field && query.sort ? { field, dir: query.sort.dir } : null;
      return listPage(await handle(), {
        filter: searchFilter<Doc>(query.q, type.searchFields),
        ...listOrder(sort, adminSort),
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
        map: (doc) => {
          // A document an older client wrote may lack its dates: its id says when it came.
          const createdAt = doc.createdAt instanceof Date ? doc.createdAt : doc._id.getTimestamp();
          const updatedAt = doc.updatedAt instanceof Date ? doc.updatedAt : createdAt;
          return { ...toRecord(doc), ...editInfo({ ...doc, createdAt, updatedAt }) };
        },
      });
    },
    async get(id) {
      const _id = parseObjectId(id);
      if (!_id) return null;
      const doc = await (await handle()).findOne({ _id });
      return doc ? toRecord(doc) : null;
    },
    async create(input, actor) {
      const doc = { ...stored(input), ...createdBy(actor.email) } as Doc;
      const { insertedId } = await (await handle()).insertOne(doc);
      await written(insertedId, { action: "create", actor }, input, input);
      // The type's own step may have changed the record (a highlight's place): read it again.
      const settled = options.settle ? await (await handle()).findOne({ _id: insertedId }) : null;
      return toRecord(settled ?? { ...doc, _id: insertedId });
    },
    async update(id, input, actor) {
      const _id = parseObjectId(id);
      if (!_id) return false;
      const before = await (await handle()).findOneAndUpdate(
        { _id },
        { $set: { ...stored(input), ...editedBy(actor.email) } },
        { returnDocument: "before" },
      );
      if (!before) return false;
      const images = { before: imagesOf(before), after: imagesOf(input as Document) };
      await written(_id, { action: "update", actor, images }, input, input);
      return true;
    },
    async remove(id, actor) {
      const _id = parseObjectId(id);
      if (!_id) return false;
      const deleted = await (await handle()).findOneAndDelete({ _id });
      if (!deleted) return false;
      const images = { before: imagesOf(deleted), after: [] };
      await written(_id, { action: "delete", actor, images }, deleted, null);
      return true;
    },
  };
}
