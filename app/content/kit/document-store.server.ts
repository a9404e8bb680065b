// The domain functions of a single document, built from its description: read it, and save it
// (creating it the first time). Every writer (the admin editor, the JSON API, the CLI) saves
// through here, and each save runs the declared after-write steps (../after-write.server.ts)
// once: the audit entry, the caches, and the images the document no longer shows.
import type { Collection, Document } from "mongodb";
import type { z } from "zod";
import { getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import type { Actor } from "~/domain/audit";
import { afterWrite } from "../after-write.server";
import {
  type DocumentType,
  type ImagePath,
  imageNames,
  imagePaths,
  rowsIn,
  valueAt,
} from "./document";

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
  /** Writes the document (blank rows dropped) and records when and by whom. */
  save(input: InputOfDocument<T>, actor: Actor, now?: Date): Promise<void>;
}

type Doc = Document & { _id: typeof SINGLETON_ID; updatedAt?: Date; updatedBy?: string };

/** The image addresses a document (stored or about to be) shows. */
export function imagesOf(paths: readonly ImagePath[], doc: unknown): string[] {
  const urls = imageNames(paths, rowsIn(doc)).map(({ name }) => valueAt(doc, name));
  return urls.filter((url): url is string => typeof url === "string" && url !== "");
}

export function documentStore<T extends DocumentType>(type: T): DocumentStore<T> {
  const images = imagePaths(type);
  const handle = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Doc>;

  return {
    type,
    async get() {
      const doc = await (await handle()).findOne({ _id: SINGLETON_ID });
      if (!doc) return null;
      return {
        ...(type.toRecord(doc) as RecordOfDocument<T>),
        updatedAt: doc.updatedAt ?? null,
        updatedBy: doc.updatedBy ?? null,
      };
    },
    async save(input, actor, now = new Date()) {
      const stored = type.toStore(input) as Document;
      const before = await (await handle()).findOneAndUpdate(
        { _id: SINGLETON_ID },
        {
          $set: { ...stored, updatedAt: now, updatedBy: actor.email },
          $setOnInsert: { createdAt: now },
        },
        { upsert: true, returnDocument: "before" },
      );
      await afterWrite({
        entity: type.entity,
        action: "update",
        summary: type.summary(input),
        actor,
        images: { before: imagesOf(images, before), after: imagesOf(images, stored) },
      });
    },
  };
}
