// A collection: documents keyed by their encoded `_id`, plus secondary indexes.
//
// Stored documents are never mutated. Updates build a new object and swap it in, so a cursor
// holding references keeps a consistent view, a snapshot can be written from captured references
// while writes continue, and a failed unique check leaves nothing half-applied.

import { calculateObjectSize, type Document, type UUID } from "bson";
import { type Collation, collationDocument, parseCollation } from "./collation";
import { CommandError, ErrorCode } from "./errors";
import {
  type DocKeys,
  duplicateKeyError,
  ID_INDEX_NAME,
  ID_INDEX_SPEC,
  Index,
  type IndexSpec,
  sameKeyPattern,
} from "./indexes";
import type { JournalOp } from "./ops";
import { type Doc, keyOf } from "./values";

/** An entry of a transaction's undo log: the document as it was before this session touched it. */
export interface UndoEntry {
  readonly ns: string;
  readonly idKey: string;
  readonly before: Doc | undefined;
}

/**
 * Collects the effects of one command: journal records (written and fsynced before the reply)
 * and, inside a transaction, the undo log that abortTransaction replays.
 */
export class WriteContext {
  readonly ops: JournalOp[] = [];
  readonly undo: UndoEntry[] | undefined;

  constructor(undo?: UndoEntry[]) {
    this.undo = undo;
  }

  record(op: JournalOp): void {
    this.ops.push(op);
  }
}

/** mongod's maxBsonObjectSize. Larger documents could not be returned nor journaled. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

function checkSize(doc: Doc, updating: boolean): void {
  const size = calculateObjectSize(doc, { ignoreUndefined: true });
  if (size <= MAX_DOCUMENT_BYTES) return;
  throw updating
    ? new CommandError(
        ErrorCode.BSONObjectTooLarge,
        `Resulting document after update is larger than ${MAX_DOCUMENT_BYTES}`,
      )
    : new CommandError(
        ErrorCode.BSONObjectTooLarge,
        `object to insert too large. size in bytes: ${size}, max size: ${MAX_DOCUMENT_BYTES}`,
      );
}

export class Collection {
  readonly db: string;
  name: string;
  readonly uuid: UUID;
  readonly options: Document;
  /** The default collation of queries and indexes that name none (`create` option). */
  readonly collation: Collation | undefined;
  /** Encoded `_id` → document; Map order is insertion order, our "natural" order. */
  readonly docs = new Map<string, Doc>();
  /** Secondary indexes; `_id_` is implicit in `docs`. */
  readonly indexes: Index[] = [];
  /**
   * With a default collation, `_id` uniqueness compares through it too (`"a"` and `"A"` are
   * the same `_id` at strength 2, as in mongod): `docs` stays keyed by bytes for lookups, and
   * this index refuses collation-equal `_id`s.
   */
  private readonly collatedId: Index | undefined;

  constructor(db: string, name: string, uuid: UUID, options: Document) {
    this.db = db;
    this.name = name;
    this.uuid = uuid;
    this.options = options;
    this.collation = parseCollation(options.collation);
    this.collatedId = this.collation
      ? new Index({ ...this.idIndexSpec(), unique: true })
      : undefined;
  }

  /** The `_id_` index as listIndexes reports it (with the collection's collation). */
  idIndexSpec(): IndexSpec {
    return this.collation
      ? { ...ID_INDEX_SPEC, collation: collationDocument(this.collation) }
      : ID_INDEX_SPEC;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  /** Index specs as listIndexes reports them, `_id_` first. */
  indexSpecs(): IndexSpec[] {
    return [this.idIndexSpec(), ...this.indexes.map((ix) => ix.spec)];
  }

  findIndex(name: string): Index | undefined {
    return this.indexes.find((ix) => ix.name === name);
  }

  private keysOf(doc: Doc): Array<DocKeys | null> {
    return this.indexes.map((ix) => ix.keysFor(doc));
  }

  private checkUnique(keys: Array<DocKeys | null>, idKey: string): void {
    for (let i = 0; i < this.indexes.length; i++) {
      (this.indexes[i] as Index).checkUnique(keys[i] as DocKeys | null, idKey, this.ns);
    }
  }

  /** Inserts a document that already has its `_id`. Throws E11000 before changing anything. */
  insert(doc: Doc, w: WriteContext): void {
    const idKey = keyOf(doc._id);
    if (this.docs.has(idKey)) {
      throw duplicateKeyError(this.ns, ID_INDEX_NAME, ID_INDEX_SPEC.key, ["_id"], [doc._id]);
    }
    checkSize(doc, false);
    const keys = this.keysOf(doc);
    const idKeys = this.collatedId?.keysFor(doc) ?? null;
    this.collatedId?.checkUnique(idKeys, idKey, this.ns);
    this.checkUnique(keys, idKey);
    this.collatedId?.add(idKey, idKeys);
    this.docs.set(idKey, doc);
    for (let i = 0; i < this.indexes.length; i++) {
      (this.indexes[i] as Index).add(idKey, keys[i] as DocKeys | null);
    }
    w.record({ t: "put", ns: this.ns, d: doc });
    w.undo?.push({ ns: this.ns, idKey, before: undefined });
  }

  /** Swaps in a new version of a document (same `_id`). Throws E11000 before changing anything. */
  replace(idKey: string, oldDoc: Doc, newDoc: Doc, w: WriteContext): void {
    checkSize(newDoc, true);
    const newKeys = this.keysOf(newDoc);
    this.checkUnique(newKeys, idKey);
    const oldKeys = this.keysOf(oldDoc);
    for (let i = 0; i < this.indexes.length; i++) {
      const index = this.indexes[i] as Index;
      index.remove(idKey, oldKeys[i] as DocKeys | null);
      index.add(idKey, newKeys[i] as DocKeys | null);
    }
    this.docs.set(idKey, newDoc);
    w.record({ t: "put", ns: this.ns, d: newDoc });
    w.undo?.push({ ns: this.ns, idKey, before: oldDoc });
  }

  delete(idKey: string, w: WriteContext): Doc | undefined {
    const doc = this.docs.get(idKey);
    if (doc === undefined) return undefined;
    for (const index of this.indexes) index.remove(idKey, index.keysFor(doc));
    this.collatedId?.remove(idKey, this.collatedId.keysFor(doc));
    this.docs.delete(idKey);
    w.record({ t: "del", ns: this.ns, id: doc._id });
    w.undo?.push({ ns: this.ns, idKey, before: doc });
    return doc;
  }

  /**
   * Adds an index, building it over existing documents first: a unique index over duplicates
   * (missing fields count as null) fails with E11000 and leaves the collection untouched.
   * Returns false when an identical index already exists.
   */
  createIndex(spec: IndexSpec, w: WriteContext | null): boolean {
    const idPattern = sameKeyPattern(spec.key, ID_INDEX_SPEC.key);
    if (idPattern && spec.name === ID_INDEX_NAME) return false;
    if (idPattern) {
      throw new CommandError(
        ErrorCode.IndexOptionsConflict,
        `Index already exists with a different name: ${ID_INDEX_NAME}`,
      );
    }
    if (spec.name === ID_INDEX_NAME) {
      throw new CommandError(
        ErrorCode.IndexKeySpecsConflict,
        `An existing index has the same name as the requested index: ${ID_INDEX_NAME}`,
      );
    }
    for (const existing of this.indexes) {
      const sameName = existing.name === spec.name;
      const sameKey = sameKeyPattern(existing.spec.key, spec.key);
      if (sameName && sameKey) {
        if (sameOptions(existing.spec, spec)) return false;
        throw new CommandError(
          ErrorCode.IndexOptionsConflict,
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
        );
      }
      if (sameName) {
        throw new CommandError(
          ErrorCode.IndexKeySpecsConflict,
          `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
        );
      }
      if (sameKey && sameOptions(existing.spec, spec)) {
        throw new CommandError(
          ErrorCode.IndexOptionsConflict,
          `Index already exists with a different name: ${existing.name}`,
        );
      }
    }
    const index = new Index(spec);
    for (const [idKey, doc] of this.docs) {
      const keys = index.keysFor(doc);
      index.checkUnique(keys, idKey, this.ns);
      index.add(idKey, keys);
    }
    this.indexes.push(index);
    w?.record({ t: "mkidx", ns: this.ns, spec });
    return true;
  }

  dropIndex(name: string, w: WriteContext | null): void {
    const at = this.indexes.findIndex((ix) => ix.name === name);
    if (at < 0)
      throw new CommandError(ErrorCode.IndexNotFound, `index not found with name [${name}]`);
    this.indexes.splice(at, 1);
    w?.record({ t: "rmidx", ns: this.ns, name });
  }

  // Recovery: replaying the journal applies final states without checks, then indexes are
  // rebuilt once. Intermediate states of a replay may legitimately collide on unique keys.

  restorePut(doc: Doc): void {
    this.docs.set(keyOf(doc._id), doc);
  }

  restoreDelete(id: unknown): void {
    this.docs.delete(keyOf(id));
  }

  restoreIndex(spec: IndexSpec): void {
    const at = this.indexes.findIndex((ix) => ix.name === spec.name);
    if (at >= 0) this.indexes.splice(at, 1);
    this.indexes.push(new Index(spec));
  }

  restoreDropIndex(name: string): void {
    const at = this.indexes.findIndex((ix) => ix.name === name);
    if (at >= 0) this.indexes.splice(at, 1);
  }

  /** Fills every index from the documents (after recovery). Duplicates are tolerated here. */
  rebuildIndexes(): void {
    for (const index of this.collatedId ? [this.collatedId, ...this.indexes] : this.indexes) {
      index.clear();
      for (const [idKey, doc] of this.docs) {
        try {
          index.add(idKey, index.keysFor(doc));
        } catch {
          // A document that cannot be indexed (parallel arrays) was accepted before this
          // index existed; mongod would have refused it, we keep it unindexed.
        }
      }
    }
  }
}

function sameOptions(a: IndexSpec, b: IndexSpec): boolean {
  const strip = (spec: IndexSpec) => {
    const { v: _v, key: _k, name: _n, ...rest } = spec;
    return JSON.stringify(Object.entries(rest).sort(([x], [y]) => (x < y ? -1 : 1)));
  };
  return strip(a) === strip(b);
}
