// The domain functions of a single document, built from its description: read it, and save it
// (creating it the first time). Every writer (the admin editor, the JSON API, the CLI) saves
// through here, and each save runs the declared after-write steps (../after-write.server.ts)
// once: the audit entry, the caches, and the images the document no longer shows.
//
// A document may share some of its fields with another one (`shares`): the footer's company
// name is the site settings' legal name. Those fields are read from and written to the other
// document only, so the value lives once and every editor of it shows the same.
import type { Collection, Document } from "mongodb";
import type { z } from "zod";
import { getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import type { Actor } from "~/domain/audit";
import { previewing } from "~/lib/preview-context.server";
import { afterWrite, type ContentWrite } from "../after-write.server";
import {
  type DocumentType,
  type ImagePath,
  imageNames,
  imagePaths,
  rowsIn,
  setAt,
  valueAt,
} from "./document";
import { type ScheduleState, scheduleState } from "./schedule";
import { scheduleDocument } from "./schedule.server";

export type RecordOfDocument<T extends DocumentType> = z.output<T["record"]>;
export type InputOfDocument<T extends DocumentType> = z.output<T["schema"]>;
/** The document as read: its record, and when and by whom it was last saved. */
export type StoredDocument<T extends DocumentType> = RecordOfDocument<T> & {
  updatedAt: Date | null;
  updatedBy: string | null;
};

export interface DocumentStore<T extends DocumentType> {
  type: T;
  /** The document, or null when none was ever saved. */
  get(): Promise<StoredDocument<T> | null>;
  /**
   * Writes the document (blank rows dropped) and records when and by whom: published at once,
   * and a pending draft is dropped (these values supersede it).
   */
  save(input: InputOfDocument<T>, actor: Actor, now?: Date): Promise<void>;
  /** The pending draft as its editor shows it (with when and by whom), or null when none. */
  getDraft(): Promise<StoredDocument<T> | null>;
  /** Saves changes beside the published document without publishing them. */
  saveDraft(input: InputOfDocument<T>, actor: Actor, now?: Date): Promise<void>;
  /** Publishes the pending draft (a save of it). False when there is none. */
  publish(actor: Actor, now?: Date): Promise<boolean>;
  /** Drops the pending draft. False when there is none. */
  discardDraft(actor: Actor): Promise<boolean>;
  /** When the pending draft is published (null: not scheduled). False: no draft to schedule. */
  schedule(publishAt: Date | null, actor: Actor): Promise<boolean>;
  /** What is scheduled (kit/schedule.ts). */
  getSchedule(): Promise<Required<ScheduleState>>;
}

type Doc = Document & {
  _id: typeof SINGLETON_ID;
  updatedAt?: Date;
  updatedBy?: string;
  /** Pending changes (decision 033): the stored shape, beside the published fields. */
  draft?: Document;
  draftAt?: Date;
  draftBy?: string;
};

/** The draft's own fields: never part of what the page shows. */
const DRAFT_FIELDS = { draft: "", draftAt: "", draftBy: "" } as const;
/** The keys of a document that was only ever saved as a draft. */
const UNPUBLISHED_KEYS = new Set(["_id", "createdAt", ...Object.keys(DRAFT_FIELDS)]);

/**
 * Fields of this document that are another document's: by this document's path (`copyright`,
 * `contact.email`), the other's (`legalName`, `email`). Only text fields and row lists.
 */
export interface SharedFields {
  with: DocumentType;
  fields: Readonly<Record<string, string>>;
}

/** `stored` without the `paths`, and without an object those leave empty (`contact`). */
function withoutPaths(stored: Document, paths: readonly string[]): Document {
  const out = structuredClone(stored);
  for (const path of paths) {
    const keys = path.split(".");
    const parents: Document[] = [out];
    for (const key of keys.slice(0, -1)) parents.push((parents.at(-1)?.[key] ?? {}) as Document);
    delete parents.at(-1)?.[keys.at(-1) as string];
    for (let i = parents.length - 1; i > 0; i--) {
      if (Object.keys(parents[i] as Document).length > 0) break;
      delete (parents[i - 1] as Document)[keys[i - 1] as string];
    }
  }
  return out;
}

/** What `withoutPaths` took out of `stored`, as `$unset` names it ("contact", not its leaves). */
function removedPaths(stored: Document, paths: readonly string[]): Record<string, ""> {
  const removed = paths.map((path) => {
    const keys = path.split(".");
    const at = keys.findIndex(
      (_, i) => valueAt(stored, keys.slice(0, i + 1).join(".")) === undefined,
    );
    return keys.slice(0, at + 1).join(".");
  });
  return Object.fromEntries(removed.map((path) => [path, ""]));
}

/** The image addresses a document (stored or about to be) shows. */
export function imagesOf(paths: readonly ImagePath[], doc: unknown): string[] {
  const urls = imageNames(paths, rowsIn(doc)).map(({ name }) => valueAt(doc, name));
  return urls.filter((url): url is string => typeof url === "string" && url !== "");
}

export function documentStore<T extends DocumentType>(
  type: T,
  options: { shares?: SharedFields } = {},
): DocumentStore<T> {
  const images = imagePaths(type);
  const handleOf = (of: DocumentType) => async () =>
    (await getCollections())[of.collection] as unknown as Collection<Doc>;
  const handle = handleOf(type);
  const { shares } = options;
  const shared = shares ? Object.entries(shares.fields) : [];
  const sharedHandle = shares ? handleOf(shares.with) : null;

  /** The stored document after a write, for the revisions (and the after-write steps). */
  const written = async (write: Omit<ContentWrite, "entity" | "record">) => {
    const record = (await (await handle()).findOne({ _id: SINGLETON_ID })) ?? undefined;
    await afterWrite({ ...write, entity: type.entity, record });
  };
  /** The document read from `doc` (its draft's fields when `draft`), with the shared values. */
  const read = async (draft: boolean): Promise<StoredDocument<T> | null> => {
    const [doc, other] = await Promise.all([
      (await handle()).findOne({ _id: SINGLETON_ID }),
      sharedHandle ? (await sharedHandle()).findOne({ _id: SINGLETON_ID }) : null,
    ]);
    // Never saved stays never saved (a page shows its placeholder), whatever it shares.
    if (!doc || (draft && !doc.draft)) return null;
    // Only a draft was ever saved: nothing is published yet.
    const published = Object.keys(doc).some((key) => !UNPUBLISHED_KEYS.has(key));
    if (!draft && !published) return null;
    const record = type.toRecord(draft ? { ...doc, ...doc.draft } : doc) as Record<string, unknown>;
    // A draft keeps its own copy of the shared values (they are published with it).
    if (shares && other && !draft) {
      const theirs = shares.with.toRecord(other);
      for (const [mine, at] of shared) setAt(record, mine, valueAt(theirs, at));
    }
    return {
      ...(record as RecordOfDocument<T>),
      updatedAt: (draft ? doc.draftAt : doc.updatedAt) ?? null,
      updatedBy: (draft ? doc.draftBy : doc.updatedBy) ?? null,
    };
  };

  /** A save of `input` as the published document, audited as `action`. */
  async function saveAs(
    input: InputOfDocument<T>,
    actor: Actor,
    now: Date,
    action: ContentWrite["action"],
  ) {
    const whole = type.toStore(input) as Document;
    const stored = withoutPaths(
      whole,
      shared.map(([mine]) => mine),
    );
    const stamp = { updatedAt: now, updatedBy: actor.email };
    const before = await (await handle()).findOneAndUpdate(
      { _id: SINGLETON_ID },
      {
        $set: { ...stored, ...stamp },
        $setOnInsert: { createdAt: now },
        $unset: {
          ...DRAFT_FIELDS,
          // Whatever a scheduled publish was waiting for is published now.
          publishAt: "",
          // A copy an older version kept here would otherwise come back on its next read.
          ...(shared.length
            ? removedPaths(
                stored,
                shared.map(([mine]) => mine),
              )
            : {}),
        },
      },
      { upsert: true, returnDocument: "before" },
    );
    if (sharedHandle) {
      const values = Object.fromEntries(shared.map(([mine, at]) => [at, valueAt(whole, mine)]));
      await (await sharedHandle()).updateOne(
        { _id: SINGLETON_ID },
        { $set: { ...values, ...stamp }, $setOnInsert: { createdAt: now } },
        { upsert: true },
      );
    }
    await written({
      action,
      summary: type.summary(input),
      actor,
      images: {
        before: [...imagesOf(images, before), ...imagesOf(images, before?.draft)],
        after: imagesOf(images, stored),
      },
    });
  }

  return {
    type,
    async get() {
      // A private preview of this document shows its draft (when it has one).
      if (previewing(type.entity)) {
        const draft = await read(true);
        if (draft) return draft;
      }
      return read(false);
    },
    getDraft: () => read(true),
    async saveDraft(input, actor, now = new Date()) {
      const draft = type.toStore(input) as Document;
      const before = await (await handle()).findOneAndUpdate(
        { _id: SINGLETON_ID },
        {
          $set: { draft, draftAt: now, draftBy: actor.email },
          $setOnInsert: { createdAt: now },
        },
        { upsert: true, returnDocument: "before" },
      );
      await written({
        action: "draft",
        summary: type.summary(input),
        actor,
        images: { before: imagesOf(images, before?.draft), after: imagesOf(images, draft) },
      });
    },
    async publish(actor, now = new Date()) {
      const draft = await read(true);
      if (!draft) return false;
      const { updatedAt: _at, updatedBy: _by, ...input } = draft;
      // Publishing is a save of the draft: shared values, images and steps as any save.
      await saveAs(input as unknown as InputOfDocument<T>, actor, now, "publish");
      return true;
    },
    async discardDraft(actor) {
      const before = await (await handle()).findOneAndUpdate(
        { _id: SINGLETON_ID, draft: { $exists: true } },
        { $unset: DRAFT_FIELDS },
        { returnDocument: "before" },
      );
      if (!before) return false;
      await written({
        action: "discard",
        summary: type.summary(type.toRecord(before) as InputOfDocument<T>),
        actor,
        images: { before: imagesOf(images, before.draft), after: [] },
      });
      return true;
    },
    save: (input, actor, now = new Date()) => saveAs(input, actor, now, "update"),
    schedule: (publishAt, actor) => scheduleDocument(type, publishAt, actor),
    getSchedule: async () =>
      scheduleState((await (await handle()).findOne({ _id: SINGLETON_ID })) ?? {}),
  };
}
