// A collection: documents keyed by their encoded `_id`, plus secondary indexes.
//
// Stored documents are never mutated. Updates build a new object and swap it in, so a cursor
// holding references keeps a consistent view, a snapshot can be written from captured references
// while writes continue, and a failed unique check leaves nothing half-applied.

import { calculateObjectSize, type Document, type UUID } from "bson";
import { type Collation, collationDocument, parseCollation } from "./collation";
import { CommandError, ErrorCode, toCommandError } from "./errors";
import {
  type DocKeys,
  duplicateKeyError,
  ID_INDEX_NAME,
  ID_INDEX_SPEC,
  Index,
  type IndexSpec,
  sameKeyPattern,
} from "./indexes";
import { compileQuery, type Query } from "./mingo";
import type { JournalOp } from "./ops";
import { validationFailureDetails } from "./validation-errors";
import { type Doc, isPlainObject, keyOf } from "./values";

/** Collects the effects of one command: journal records, written and fsynced before the reply. */
export class WriteContext {
  readonly ops: JournalOp[] = [];
  /** `bypassDocumentValidation: true`: the collection's validator is not applied. */
  readonly bypassValidation: boolean;

  constructor(body?: Document) {
    this.bypassValidation = body?.bypassDocumentValidation === true;
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

/**
 * Compiles a `validator` option. Query operators work as in find; `$jsonSchema` needs a JSON
 * Schema engine the embedded server does not have, so such a validator is refused (115) rather
 * than stored and silently not enforced.
 */
export function compileValidator(validator: unknown, collation?: Collation): Query | null {
  if (validator === undefined || validator === null) return null;
  if (!isPlainObject(validator)) {
    throw new CommandError(ErrorCode.TypeMismatch, "'validator' must be an object");
  }
  if (Object.keys(validator).length === 0) return null;
  if (JSON.stringify(validator).includes('"$jsonSchema"')) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "$jsonSchema validators are not supported by the embedded server",
    );
  }
  for (const op of ["$where", "$near", "$nearSphere", "$text"]) {
    if (JSON.stringify(validator).includes(`"${op}"`)) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        `${op} is not allowed in collection validators`,
      );
    }
  }
  return compileQuery(validator, { collation });
}

/** mongod's answer to a write, index or other collection-only command on a view. */
export function viewError(ns: string): CommandError {
  return new CommandError(
    ErrorCode.CommandNotSupportedOnView,
    `Namespace ${ns} is a view, not a collection`,
  );
}

export class Collection {
  readonly db: string;
  name: string;
  readonly uuid: UUID;
  options: Document;
  /** The collection's validator (`validator` option), compiled; null without one. */
  private validator: Query | null = null;
  /**
   * A stored validator this server cannot apply (written by an older version that did not
   * check): every write is refused with this error instead of skipping the validator.
   */
  private validatorError: CommandError | null = null;
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
    this.setValidator(options.validator);
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

  /**
   * Record ids for `showRecordId`: numbered in insertion order, stable for a document's life.
   * Kept only once a query asked for them, so ordinary writes pay nothing.
   */
  private recordIds: Map<string, number> | undefined;
  private lastRecordId = 0;

  recordId(idKey: string): number {
    if (this.recordIds === undefined) {
      this.recordIds = new Map();
      for (const key of this.docs.keys()) this.recordIds.set(key, ++this.lastRecordId);
    }
    return this.recordIds.get(idKey) ?? 0;
  }

  /** Total BSON size of a capped collection's documents; -1 until first needed. */
  private cappedBytes = -1;

  get capped(): boolean {
    return this.options.capped === true;
  }

  /**
   * A capped collection keeps at most `size` bytes and `max` documents: once over, its oldest
   * documents (insertion order) are deleted, as mongod does, the newest one always kept.
   */
  enforceCap(w: WriteContext): void {
    if (!this.capped) return;
    if (this.cappedBytes < 0) {
      this.cappedBytes = 0;
      for (const doc of this.docs.values()) this.cappedBytes += calculateObjectSize(doc);
    }
    const size = typeof this.options.size === "number" ? this.options.size : 0;
    const max = typeof this.options.max === "number" ? this.options.max : 0;
    for (const [idKey] of this.docs) {
      const over = (max > 0 && this.docs.size > max) || (size > 0 && this.cappedBytes > size);
      if (!over || this.docs.size <= 1) break;
      this.delete(idKey, w);
    }
  }

  /** Replaces the collection's options (collMod); the collation never changes this way. */
  setOptions(options: Document): void {
    this.setValidator(options.validator);
    this.options = options;
  }

  private setValidator(validator: unknown): void {
    try {
      this.validator = compileValidator(validator, this.collation);
      this.validatorError = null;
    } catch (error) {
      this.validator = null;
      this.validatorError = toCommandError(error);
    }
  }

  /**
   * Applies the validator like mongod: `strict` (default) checks every insert and update,
   * `moderate` only updates of documents that were valid, `off` nothing; with
   * `validationAction: "warn"` a failing document is stored anyway.
   */
  private validate(doc: Doc, before: Doc | undefined, w: WriteContext): void {
    if (w.bypassValidation) return;
    if (this.validatorError) throw this.validatorError;
    if (this.validator === null) return;
    const level = this.options.validationLevel ?? "strict";
    if (level === "off") return;
    if (level === "moderate" && before !== undefined && !this.passes(before)) return;
    if (this.passes(doc) || this.options.validationAction === "warn") return;
    throw new CommandError(ErrorCode.DocumentValidationFailure, "Document failed validation", {
      errInfo: {
        failingDocumentId: doc._id,
        details: validationFailureDetails(this.options.validator as Document, doc, {
          collation: this.collation,
        }),
      },
    });
  }

  /** Like mongod, a validator that throws (an `$expr` that cannot be evaluated) fails the document. */
  private passes(doc: Doc): boolean {
    try {
      return (this.validator as Query).test(doc);
    } catch {
      return false;
    }
  }

  /** A read-only view (`create` with `viewOn` and `pipeline`): it holds no documents. */
  get isView(): boolean {
    return typeof this.options.viewOn === "string";
  }

  /** Refuses to store anything in a view, whichever command tries. */
  assertNotView(): void {
    if (this.isView) throw viewError(this.ns);
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

  private checkUnique(
    keys: Array<DocKeys | null>,
    idKey: string,
    held?: Array<DocKeys | null>,
  ): void {
    for (let i = 0; i < this.indexes.length; i++) {
      const index = this.indexes[i] as Index;
      index.checkUnique(keys[i] as DocKeys | null, idKey, this.ns, held?.[i]);
    }
  }

  /** Inserts a document that already has its `_id`. Throws E11000 before changing anything. */
  insert(doc: Doc, w: WriteContext): void {
    this.assertNotView();
    const idKey = keyOf(doc._id);
    if (this.docs.has(idKey)) {
      throw duplicateKeyError(this.ns, ID_INDEX_NAME, ID_INDEX_SPEC.key, ["_id"], [doc._id]);
    }
    checkSize(doc, false);
    this.validate(doc, undefined, w);
    const keys = this.keysOf(doc);
    const idKeys = this.collatedId?.keysFor(doc) ?? null;
    this.collatedId?.checkUnique(idKeys, idKey, this.ns);
    this.checkUnique(keys, idKey);
    this.collatedId?.add(idKey, idKeys);
    this.docs.set(idKey, doc);
    this.recordIds?.set(idKey, ++this.lastRecordId);
    if (this.cappedBytes >= 0) this.cappedBytes += calculateObjectSize(doc);
    for (let i = 0; i < this.indexes.length; i++) {
      (this.indexes[i] as Index).add(idKey, keys[i] as DocKeys | null);
    }
    w.record({ t: "put", ns: this.ns, d: doc });
    if (this.capped) this.enforceCap(w);
  }

  /** Swaps in a new version of a document (same `_id`). Throws E11000 before changing anything. */
  replace(idKey: string, oldDoc: Doc, newDoc: Doc, w: WriteContext): void {
    this.assertNotView();
    checkSize(newDoc, true);
    this.validate(newDoc, oldDoc, w);
    const newKeys = this.keysOf(newDoc);
    const oldKeys = this.keysOf(oldDoc);
    this.checkUnique(newKeys, idKey, oldKeys);
    for (let i = 0; i < this.indexes.length; i++) {
      const index = this.indexes[i] as Index;
      index.remove(idKey, oldKeys[i] as DocKeys | null);
      index.add(idKey, newKeys[i] as DocKeys | null);
    }
    this.docs.set(idKey, newDoc);
    if (this.cappedBytes >= 0) {
      this.cappedBytes += calculateObjectSize(newDoc) - calculateObjectSize(oldDoc);
    }
    w.record({ t: "put", ns: this.ns, d: newDoc });
  }

  delete(idKey: string, w: WriteContext): Doc | undefined {
    const doc = this.docs.get(idKey);
    if (doc === undefined) return undefined;
    for (const index of this.indexes) index.remove(idKey, index.keysFor(doc));
    this.collatedId?.remove(idKey, this.collatedId.keysFor(doc));
    this.docs.delete(idKey);
    this.recordIds?.delete(idKey);
    if (this.cappedBytes >= 0) this.cappedBytes -= calculateObjectSize(doc);
    w.record({ t: "del", ns: this.ns, id: doc._id });
    return doc;
  }

  /**
   * Adds an index, building it over existing documents first: a unique index over duplicates
   * (missing fields count as null) fails with E11000 and leaves the collection untouched.
   * Returns false when an identical index already exists.
   */
  createIndex(spec: IndexSpec, w: WriteContext | null): boolean {
    this.assertNotView();
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

  /**
   * Swaps an index for a changed version of itself (collMod), rebuilt over the documents; the
   * change is journaled as the new definition, which recovery puts in place of the old one.
   */
  replaceIndex(spec: IndexSpec, w: WriteContext): void {
    const at = this.indexes.findIndex((ix) => ix.name === spec.name);
    if (at < 0)
      throw new CommandError(ErrorCode.IndexNotFound, `index not found with name [${spec.name}]`);
    const index = new Index(spec);
    for (const [idKey, doc] of this.docs) index.add(idKey, index.keysFor(doc));
    this.indexes[at] = index;
    w.record({ t: "mkidx", ns: this.ns, spec });
  }

  /** The documents (their `_id` values) behind each group of duplicate keys of an index. */
  duplicateIds(index: Index): unknown[][] {
    return index.duplicateGroups().map((group) => group.map((idKey) => this.docs.get(idKey)?._id));
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
