// The domain functions of a content type, built from its description: the public list, the
// admin table's page, one record, the three writes, and an ordered type's moves. Every writer (the admin editor, the
// JSON API, the CLI) goes through these, and each successful write runs the declared
// after-write steps (../after-write.server.ts) once.
import type { Collection, Document, ObjectId } from "mongodb";
import type { z } from "zod";
import { getCollections } from "#db/client.server";
import type { Actor } from "~/domain/audit";
import { ADMIN_PAGE_SIZE, type ListSort } from "~/lib/admin-list";
import { createdBy, draftedBy, type EditInfo, editedBy, editInfo } from "~/lib/edit-stamps";
import { type ListPage, listOrder, listPage, searchFilter } from "~/lib/list-page.server";
import { parseObjectId } from "~/lib/object-id.server";
import { previewing } from "~/lib/preview-context.server";
import { afterWrite, type ContentWrite } from "../after-write.server";
import { altNames } from "./image-alt";
import {
  LIVE_FILTER,
  PUBLIC_FILTER,
  type PublishingState,
  type Status,
  statusOf,
  TRASHED_FILTER,
} from "./publishing";
import { type ScheduleTimes, scheduleState } from "./schedule";
import { scheduleRecord } from "./schedule.server";
import { type CollectionType, describedImages, imageFields, sortFields } from "./types";

/** A record as read: its fields and its id as a string. */
export type RecordOf<T extends CollectionType> = z.output<T["record"]> & { _id: string };
export type InputOf<T extends CollectionType> = z.output<T["schema"]>;
export type AdminRecordOf<T extends CollectionType> = RecordOf<T> & EditInfo;

/** A record in the trash, with when it was sent there and by whom. */
export type TrashedRecordOf<T extends CollectionType> = RecordOf<T> & {
  deletedAt: string;
  deletedBy: string | null;
};

/** An `ordered` type's row: its 1-based place in the whole list (a search shows only some). */
export type AdminRowOf<T extends CollectionType> = AdminRecordOf<T> &
  PublishingState & { position?: number };

/** A record as its editor shows it: its pending draft applied, and where it stands. */
export type EditorRecordOf<T extends CollectionType> = RecordOf<T> & PublishingState;

/** How a write leaves the record: published, a draft, or (none) as it was. */
export interface WriteOptions {
  status?: Status;
}

/** What the admin table asks for: a search, a column to sort by (none: its own order), a page. */
export interface AdminQuery {
  q: string;
  page: number;
  sort?: ListSort | null;
}

export interface CollectionStore<T extends CollectionType> {
  type: T;
  /**
   * Every published record in the public order (a preview of one of them: with its draft).
   */
  list(): Promise<RecordOf<T>[]>;
  /** Every record, drafts too, in the public order (a JSON API reader with a token). */
  listAll(): Promise<RecordOf<T>[]>;
  /** A published record (or the one this request previews, as its draft), or null. */
  getPublic(id: string): Promise<RecordOf<T> | null>;
  /**
   * The admin table: searched, one page, newest first (an `ordered` type: in its order, each row
   * with its position, and `count` the whole list's length; or the type's `adminSort`) unless
   * sorted by a column the type lets staff sort by (any other field is ignored).
   */
  listForAdmin(query: AdminQuery): Promise<ListPage<AdminRowOf<T>> & { count?: number }>;
  /**
   * The record an id names (a draft too; a published one as it is on the site), or null when the
   * id is malformed or names nothing.
   */
  get(id: string): Promise<RecordOf<T> | null>;
  /** The record as its editor shows it: with its pending draft applied. */
  getForEditor(id: string): Promise<EditorRecordOf<T> | null>;
  /** A new record, published unless `status` says draft. */
  create(input: InputOf<T>, actor: Actor, options?: WriteOptions): Promise<RecordOf<T>>;
  /**
   * Replaces the record's fields (a pending draft is dropped: these values supersede it), and
   * publishes or unpublishes it when `status` says so. False when the id names no record.
   */
  update(id: string, input: InputOf<T>, actor: Actor, options?: WriteOptions): Promise<boolean>;
  /**
   * Saves changes without publishing them: a published record keeps what the site shows and
   * holds these as its draft; a draft record is simply updated. False: no such record.
   */
  saveDraft(id: string, input: InputOf<T>, actor: Actor): Promise<boolean>;
  /** Publishes the record, its pending draft first. False: no such record. */
  publish(id: string, actor: Actor): Promise<boolean>;
  /** Takes the record off the site (a draft again, its pending changes kept). */
  unpublish(id: string, actor: Actor): Promise<boolean>;
  /** Drops a published record's pending draft. False: no such record. */
  discardDraft(id: string, actor: Actor): Promise<boolean>;
  /**
   * Sends the record to the trash: gone from the site and the admin table at once, its images
   * kept, restorable until it is purged. False when the id names no record (or one in the trash).
   */
  remove(id: string, actor: Actor): Promise<boolean>;
  /** The trash: records sent there, the last sent first, each with when and by whom. */
  listTrash(): Promise<TrashedRecordOf<T>[]>;
  /** One page of it, ADMIN_PAGE_SIZE records (the admin's trash view). */
  trashPage(page: number): Promise<ListPage<TrashedRecordOf<T>>>;
  /** A record in the trash, or null (not there, or not an id). */
  getTrashed(id: string): Promise<TrashedRecordOf<T> | null>;
  /** How many records are in the trash (the admin list's "Trash (N)"). */
  countTrash(): Promise<number>;
  /** Brings a record back from the trash (an ordered type: last). False when not in the trash. */
  restore(id: string, actor: Actor): Promise<boolean>;
  /** Deletes a record in the trash for good, releasing its images. False when not in the trash. */
  purge(id: string, actor: Actor): Promise<boolean>;
  /** Purges what has been in the trash longer than `days` before `now`; answers how many. */
  purgeExpired(now: Date, days: number, actor: Actor): Promise<number>;
  /** When the record publishes / unpublishes (null: not scheduled); kit/schedule.server.ts. */
  schedule(id: string, times: ScheduleTimes, actor: Actor): Promise<boolean>;
  /**
   * An `ordered` type's Move up / Move down: the record goes to the 1-based `position` (past the
   * end: last), the others move along. False when the id names no record.
   */
  move(id: string, position: number, actor: Actor): Promise<boolean>;
}

export type Doc = Document & {
  _id: ObjectId;
  createdAt: Date;
  updatedAt: Date;
  updatedBy?: string;
  /** Decision 033: none stored is published. */
  publishStatus?: string;
  /** A published record's pending changes. */
  draft?: Document;
};

/** Newest first: a record just created is at the top of page 1. */
const ADMIN_SORT = { createdAt: -1, _id: -1 } as const;
/** The scheduled change a save from `from` to `to` has made already, if any. */
function scheduleSpentBy(from: "draft" | "published", to: "draft" | "published") {
  if (to === "published") return "publishAt";
  return from === "published" ? "unpublishAt" : null;
}
/** The trash: the last deleted first. */
const TRASH_ORDER = { deletedAt: -1, _id: -1 } as const;
/**
 * A published record's pending draft and who last saved it. Its stamps are kept apart from
 * `updatedAt`, which dates the published version: the post page's dateModified, the sitemap's
 * lastmod and the JSON API's updatedAt must not move when staff save work nobody can see.
 */
const PENDING_DRAFT = { draft: "", draftAt: "", draftBy: "" } as const;

export function collectionStore<T extends CollectionType>(type: T): CollectionStore<T> {
  const fields = Object.keys(type.record.shape);
  // An ordered type's table is in its order: Move up / Move down act on what staff see.
  const adminSort = type.adminSort ?? (type.ordered ? type.publicSort : ADMIN_SORT);
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
  const order = type.ordered ? manualOrder(handle, type.publicSort) : null;
  // A write that names a place (a highlight's form) puts the record there; one that does not
  // puts a new record last and leaves an edited one where it is.
  const placeOf = (input: InputOf<T> | null) => {
    const position = (input as { position?: unknown } | null)?.position;
    return typeof position === "number" ? position : undefined;
  };
  const imagesOf = (doc: Document) =>
    imageNames.map((field) => doc[field]).filter((url): url is string => typeof url === "string");
  /**
   * An ordered type's renumbering, then the after-write steps of one write (the audit naming the
   * record by its summary). A renumbering that fails is logged, not thrown: the write itself
   * has landed (a bulk delete must not report a deleted record as unchanged), the order on the
   * site stays right (ties fall back to the creation order) and the next change renumbers.
   */
  const written = async (
    _id: ObjectId,
    write: Omit<ContentWrite, "entity" | "entityId" | "summary">,
    value: Document,
    input: InputOf<T> | null,
    renumber = true,
  ) => {
    // A create is placed (last, or where its form says), a trashing closes its gap and a restore
    // (stored past the end) takes the last place (both: renumbered, no input), an edit moves
    // only when its form names a place: an edit that does not leaves the numbers as they are.
    const position = placeOf(input);
    const renumbering =
      !order || !renumber
        ? null
        : !input
          ? order.renumber()
          : write.action === "create" || position !== undefined
            ? order.placeAt(_id, position)
            : null;
    await renumbering?.catch((error) =>
      console.error(`[kit] Renumbering the ${type.entity} list failed:`, error),
    );
    // The record as stored after the write (and its renumbering), for the revisions; a deleted
    // one as it was.
    const record = (await (await handle()).findOne({ _id })) ?? value;
    await afterWrite({
      ...write,
      entityId: _id.toHexString(),
      entity: type.entity,
      summary: type.summary(value as InputOf<T>),
      record,
    });
  };
  /** When and by whom a published record's pending draft was last saved, if it has one. */
  const pendingStamp = (doc: Doc) =>
    doc.draft && doc.draftAt instanceof Date
      ? { at: doc.draftAt, by: typeof doc.draftBy === "string" ? doc.draftBy : undefined }
      : null;
  /** A record in the trash as the trash lists it: with when and by whom it was deleted. */
  const trashed = (doc: Doc): TrashedRecordOf<T> => ({
    ...toRecord(doc),
    deletedAt: (doc.deletedAt as Date).toISOString(),
    deletedBy: typeof doc.deletedBy === "string" ? doc.deletedBy : null,
  });
  /** A stored document as the editor shows it: its pending draft's fields over the published. */
  const withDraft = (doc: Doc): Doc =>
    doc.draft && typeof doc.draft === "object" ? { ...doc, ...(doc.draft as Document) } : doc;
  const stateOf = (doc: Doc): PublishingState => ({
    publishStatus: statusOf(doc),
    hasDraft: statusOf(doc) === "published" && Boolean(doc.draft),
    ...scheduleState(doc),
  });
  /**
   * What the public reads look for: published records, and the one this request previews (a
   * private preview link) whatever its status, shown with its draft.
   */
  const publicQuery = () => {
    const target = previewing(type.entity);
    const previewId = target?.id ? parseObjectId(target.id) : null;
    const filter: Document = previewId
      ? { $or: [PUBLIC_FILTER, { _id: previewId, deletedAt: { $exists: false } }] }
      : PUBLIC_FILTER;
    const read = (doc: Doc) => toRecord(previewId?.equals(doc._id) ? withDraft(doc) : doc);
    return { filter, read };
  };
  /**
   * One write of a record's publishing state: `$set`/`$unset` on a live record, then the
   * after-write steps naming `action`. The images its published fields and its draft showed
   * before are offered to the clean-up (only those nothing shows any more are deleted).
   */
  const publishingWrite = async (
    id: string,
    actor: Actor,
    action: ContentWrite["action"],
    change: (doc: Doc) => { $set?: Document; $unset?: Document } | null,
  ): Promise<boolean> => {
    const _id = parseObjectId(id);
    if (!_id) return false;
    // A record in the trash is neither published nor drafted (restore it first).
    const doc = await (await handle()).findOne({ _id, ...LIVE_FILTER });
    if (!doc) return false;
    const update = change(doc);
    if (update) {
      // Work on a published record's draft is dated on the draft; anything else is an edit of
      // the record (a draft record is nobody's published version).
      const pending = statusOf(doc) === "published" && (action === "draft" || action === "discard");
      const stamp =
        action === "discard" ? {} : pending ? draftedBy(actor.email) : editedBy(actor.email);
      await (await handle()).updateOne({ _id }, { ...update, $set: { ...update.$set, ...stamp } });
    }
    const images = {
      before: [...imagesOf(doc), ...imagesOf((doc.draft ?? {}) as Document)],
      after: [],
    };
    await written(_id, { action, actor, images }, withDraft(doc), null, false);
    return true;
  };

  /** Deletes a record in the trash for good; only now are its images released. */
  const purge = async (id: string, actor: Actor) => {
    const _id = parseObjectId(id);
    if (!_id) return false;
    const deleted = await (await handle()).findOneAndDelete({ _id, ...TRASHED_FILTER });
    if (!deleted) return false;
    // Only now are its images released (each deleted once nothing else shows it).
    const images = { before: imagesOf(deleted), after: [] };
    await afterWrite({
      entity: type.entity,
      action: "purge",
      entityId: _id.toHexString(),
      summary: type.summary(deleted as InputOf<T>),
      actor,
      images,
      // Its last revision: the record as it was when deleted for good.
      record: deleted,
    });
    return true;
  };

  return {
    type,
    schedule: (id, times, actor) => scheduleRecord(type, id, times, actor),
    async list() {
      const { filter, read } = publicQuery();
      const docs = await (await handle()).find(filter).sort(type.publicSort).toArray();
      return docs.map(read);
    },
    async listAll() {
      const docs = await (await handle()).find(LIVE_FILTER).sort(type.publicSort).toArray();
      // As the JSON API has always answered a record: a draft's state is read at its /draft.
      return docs.map(toRecord);
    },
    async getPublic(id) {
      const _id = parseObjectId(id);
      if (!_id) return null;
      const { filter, read } = publicQuery();
      const doc = await (await handle()).findOne({ $and: [{ _id }, filter] });
      return doc ? read(doc) : null;
    },
    async listForAdmin(query) {
      const field = query.sort ? sortable.get(query.sort.field) : undefined;
      const sort = field && query.sort ? { field, dir: query.sort.dir } : null;
      const list = await listPage(await handle(), {
        filter: { $and: [LIVE_FILTER, searchFilter<Doc>(query.q, type.searchFields)] },
        ...listOrder(sort, adminSort),
        page: query.page,
        pageSize: ADMIN_PAGE_SIZE,
        map: (doc) => {
          // A document an older client wrote may lack its dates: its id says when it came.
          const createdAt = doc.createdAt instanceof Date ? doc.createdAt : doc._id.getTimestamp();
          const updatedAt = doc.updatedAt instanceof Date ? doc.updatedAt : createdAt;
          return {
            ...toRecord(withDraft(doc)),
            ...stateOf(doc),
            ...editInfo({ ...doc, createdAt, updatedAt }, pendingStamp(doc)),
          };
        },
      });
      if (!order) return list;
      const ids = await order.ids();
      const place = new Map(ids.map((id, i) => [id.toHexString(), i + 1]));
      const items = list.items.map((row) => ({
        ...row,
        position: place.get(row._id) ?? ids.length,
      }));
      return { ...list, items, count: ids.length };
    },
    async get(id) {
      const _id = parseObjectId(id);
      if (!_id) return null;
      const doc = await (await handle()).findOne({ _id, ...LIVE_FILTER });
      return doc ? toRecord(doc) : null;
    },
    async getForEditor(id) {
      const _id = parseObjectId(id);
      if (!_id) return null;
      const doc = await (await handle()).findOne({ _id, ...LIVE_FILTER });
      return doc ? { ...toRecord(withDraft(doc)), ...stateOf(doc) } : null;
    },
    async create(input, actor, options = {}) {
      const status = options.status ?? "published";
      const doc = {
        ...stored(input),
        publishStatus: status,
        ...createdBy(actor.email),
      } as unknown as Doc;
      // Last until its place is settled (a write may name another).
      if (order) doc.order = await (await handle()).countDocuments(LIVE_FILTER);
      const { insertedId } = await (await handle()).insertOne(doc);
      await written(insertedId, { action: "create", actor }, input, input);
      // The type's own step may have changed the record (a highlight's place): read it again.
      const settled = order ? await (await handle()).findOne({ _id: insertedId }) : null;
      return toRecord(settled ?? { ...doc, _id: insertedId });
    },
    async update(id, input, actor, options = {}) {
      const _id = parseObjectId(id);
      if (!_id) return false;
      const status = options.status ? { publishStatus: options.status } : {};
      const before = await (await handle()).findOneAndUpdate(
        { _id, ...LIVE_FILTER },
        {
          $set: { ...stored(input), ...status, ...editedBy(actor.email) },
          $unset: PENDING_DRAFT,
        },
        { returnDocument: "before" },
      );
      if (!before) return false;
      const images = {
        before: [...imagesOf(before), ...imagesOf((before.draft ?? {}) as Document)],
        after: imagesOf(input as Document),
      };
      // A save that leaves the record published (Publish, Update) has spent a scheduled publish,
      // as Publish does; one that unpublishes it, a scheduled unpublish.
      const spent = scheduleSpentBy(statusOf(before), options.status ?? statusOf(before));
      if (spent && before[spent] !== undefined) {
        await (await handle()).updateOne({ _id }, { $unset: { [spent]: "" } });
      }
      // Publishing or unpublishing with the save is said so in the audit log.
      const changed = options.status && options.status !== statusOf(before);
      const action = !changed ? "update" : options.status === "draft" ? "unpublish" : "publish";
      await written(_id, { action, actor, images }, input, input);
      return true;
    },
    async saveDraft(id, input, actor) {
      return publishingWrite(id, actor, "draft", (doc) =>
        // A draft record keeps its work in its fields; a published one beside them.
        statusOf(doc) === "draft" ? { $set: stored(input) } : { $set: { draft: stored(input) } },
      );
    },
    async publish(id, actor) {
      return publishingWrite(id, actor, "publish", (doc) => ({
        $set: { ...((doc.draft ?? {}) as Document), publishStatus: "published" },
        // A scheduled publish is spent once it is published (by hand or by its job): the list
        // and the editor stop announcing it, and its job finds nothing to do.
        $unset: { ...PENDING_DRAFT, publishAt: "" },
      }));
    },
    async unpublish(id, actor) {
      return publishingWrite(id, actor, "unpublish", (doc) => ({
        // The newest work stays: a pending draft becomes the draft record's fields.
        $set: { ...((doc.draft ?? {}) as Document), publishStatus: "draft" },
        // The same for a scheduled unpublish; a scheduled publish stays (it may be why).
        $unset: { ...PENDING_DRAFT, unpublishAt: "" },
      }));
    },
    async discardDraft(id, actor) {
      return publishingWrite(id, actor, "discard", (doc) =>
        // A scheduled publish of the discarded changes has nothing left to publish.
        doc.draft ? { $unset: { ...PENDING_DRAFT, publishAt: "" } } : null,
      );
    },
    async move(id, position, actor) {
      if (!order) throw new Error(`${type.entity} is not an ordered type`);
      const _id = parseObjectId(id);
      if (!_id) return false;
      const before = await (await handle()).findOneAndUpdate(
        { _id, ...LIVE_FILTER },
        { $set: editedBy(actor.email) },
      );
      if (!before) return false;
      try {
        await order.placeAt(_id, position);
      } finally {
        // The move has already changed the site: cached pages must learn of it.
        const summary = `${type.summary(before as InputOf<T>)}: to position ${position}`;
        // Its place after the move, for the revisions.
        const record = (await (await handle()).findOne({ _id })) ?? before;
        await afterWrite({
          entity: type.entity,
          action: "move",
          entityId: id,
          summary,
          actor,
          record,
        });
      }
      return true;
    },
    async remove(id, actor) {
      const _id = parseObjectId(id);
      if (!_id) return false;
      const trashed = await (await handle()).findOneAndUpdate(
        { _id, ...LIVE_FILTER },
        { $set: { deletedAt: new Date(), deletedBy: actor.email } },
      );
      if (!trashed) return false;
      // No images step: a record in the trash keeps its pictures until it is purged.
      await written(_id, { action: "trash", actor }, trashed, null);
      return true;
    },
    async listTrash() {
      const docs = await (await handle()).find(TRASHED_FILTER).sort(TRASH_ORDER).toArray();
      return docs.map(trashed);
    },
    async trashPage(page) {
      return listPage(await handle(), {
        filter: TRASHED_FILTER,
        sort: TRASH_ORDER,
        page,
        pageSize: ADMIN_PAGE_SIZE,
        map: trashed,
      });
    },
    async getTrashed(id) {
      const _id = parseObjectId(id);
      const doc = _id ? await (await handle()).findOne({ _id, ...TRASHED_FILTER }) : null;
      return doc ? trashed(doc) : null;
    },
    async countTrash() {
      return (await handle()).countDocuments(TRASHED_FILTER);
    },
    async restore(id, actor) {
      const _id = parseObjectId(id);
      if (!_id) return false;
      const restored = await (await handle()).findOneAndUpdate(
        { _id, ...TRASHED_FILTER },
        {
          $unset: { deletedAt: "", deletedBy: "" },
          // An ordered type's record comes back last: past the end, then renumbered by `written`.
          $set: { ...editedBy(actor.email), ...(order ? { order: Number.MAX_SAFE_INTEGER } : {}) },
        },
        { returnDocument: "after" },
      );
      if (!restored) return false;
      await written(_id, { action: "restore", actor }, restored, null);
      return true;
    },
    purge,
    async purgeExpired(now, days, actor) {
      const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
      const expired = await (await handle())
        .find({ deletedAt: { $lt: cutoff } }, { projection: { _id: 1 } })
        .toArray();
      let purged = 0;
      for (const { _id } of expired) {
        if (await purge(_id.toHexString(), actor)) purged += 1;
      }
      return purged;
    },
  };
}

/**
 * The order of an `ordered` type, kept as 0, 1, 2… without gaps in the stored `order`. Lists
 * ordered by hand are short (a few dozen FAQs), so each change reads the ids and rewrites the
 * numbers that moved. Records stored before the type was ordered have no number: they sort
 * first, oldest first (MANUAL_ORDER), and get one at the next change.
 */
/** A record as the order reads it: its id and the number it has stored (none before ordering). */
type Placed = { _id: ObjectId; order?: unknown };

function manualOrder(handle: () => Promise<Collection<Doc>>, sort: Record<string, 1 | -1>) {
  /** The live records in the order, each with the number it has stored (one read). */
  const read = async (): Promise<Placed[]> =>
    (await handle())
      .find(LIVE_FILTER, { projection: { _id: 1, order: 1 } })
      .sort(sort)
      .toArray();
  const ids = async (): Promise<ObjectId[]> => (await read()).map((doc) => doc._id);
  /** Writes 0, 1, 2… into every record of `docs`, in that order, whose stored number differs. */
  const write = async (docs: readonly Placed[]) => {
    const collection = await handle();
    for (const [index, doc] of docs.entries()) {
      if (doc.order !== index)
        await collection.updateOne({ _id: doc._id }, { $set: { order: index } });
    }
  };
  /** Closes the gaps (after a delete). */
  const renumber = async () => write(await read());
  /** Puts `id` at the 1-based `position` (past the end: last; none: where it is). */
  const placeAt = async (id: ObjectId, position: number | undefined) => {
    const all = await read();
    const current = all.findIndex((doc) => doc._id.equals(id));
    const others = all.filter((doc) => !doc._id.equals(id));
    const index =
      position === undefined
        ? current === -1
          ? others.length
          : current
        : Math.min(Math.max(position - 1, 0), others.length);
    others.splice(index, 0, all[current] ?? { _id: id });
    await write(others);
  };
  return { ids, renumber, placeAt };
}
