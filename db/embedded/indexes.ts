// Secondary indexes: hash maps from an encoded key to the `_id` keys of the documents holding it.
//
// They serve two purposes: enforcing `unique` (checked before any change lands) and answering
// equality filters without a scan. Range scans and sort-by-index are not needed at the sizes an
// embedded server handles, so no ordered structure is kept.

import type { Document } from "bson";
import { collationDocument, parseCollation, type StringCompare, stringCompare } from "./collation";
import { CommandError, ErrorCode } from "./errors";
import { compileQuery, type Query } from "./mingo";
import { compareValues } from "./order";
import { type Doc, EMPTY_ARRAY_KEY, formatValue, hasPath, indexValues, keyOf } from "./values";

/** An index definition as listIndexes returns it. */
export interface IndexSpec extends Document {
  v: number;
  key: Record<string, number | string>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Document;
}

export const ID_INDEX_NAME = "_id_";
export const ID_INDEX_SPEC: IndexSpec = { v: 2, key: { _id: 1 }, name: ID_INDEX_NAME };

/** Options that describe index behaviour and are echoed back by listIndexes. */
const SPEC_PASSTHROUGH = new Set([
  "unique",
  "sparse",
  "expireAfterSeconds",
  "partialFilterExpression",
  "hidden",
  "weights",
  "default_language",
  "language_override",
  "textIndexVersion",
  "2dsphereIndexVersion",
  "bits",
  "min",
  "max",
  "wildcardProjection",
]);

const KEY_TYPES = new Set(["text", "hashed", "2d", "2dsphere"]);

/** Validates a createIndexes entry and returns the spec we store. */
export function normalizeIndexSpec(raw: unknown): IndexSpec {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new CommandError(ErrorCode.TypeMismatch, "index specification must be an object");
  }
  const input = raw as Document;
  const key = input.key;
  if (key === null || typeof key !== "object" || Array.isArray(key)) {
    throw new CommandError(ErrorCode.FailedToParse, "The 'key' field must be an object");
  }
  const fields = Object.keys(key);
  if (fields.length === 0) {
    throw new CommandError(ErrorCode.BadValue, "Index keys cannot be an empty field");
  }
  for (const field of fields) {
    const dir = (key as Document)[field];
    const ok =
      (typeof dir === "number" && dir !== 0 && Number.isFinite(dir)) ||
      (typeof dir === "string" && KEY_TYPES.has(dir));
    if (!ok || field.length === 0) {
      throw new CommandError(
        ErrorCode.BadValue,
        `Values in the index key pattern can only be positive or negative numbers or one of ${[...KEY_TYPES].join(", ")}; found ${field}: ${formatValue(dir)}`,
      );
    }
  }
  if (typeof input.name !== "string" || input.name.length === 0) {
    throw new CommandError(ErrorCode.BadValue, "index specification must contain a 'name'");
  }
  const spec: IndexSpec = {
    v: 2,
    key: { ...(key as Record<string, number | string>) },
    name: input.name,
  };
  for (const [option, value] of Object.entries(input)) {
    if (!SPEC_PASSTHROUGH.has(option) || value === undefined) continue;
    if ((option === "unique" || option === "sparse" || option === "hidden") && !value) continue;
    spec[option] = value;
  }
  // A collated index compares its string keys through the collation (unique ones included);
  // the simple collation is the same as none.
  const collation = parseCollation(input.collation);
  if (collation) spec.collation = collationDocument(collation);
  if (spec.expireAfterSeconds !== undefined) {
    const ttl = spec.expireAfterSeconds;
    if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl < 0) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        "TTL index 'expireAfterSeconds' option must be a non-negative number",
      );
    }
  }
  if (
    spec.partialFilterExpression !== undefined &&
    (spec.partialFilterExpression === null || typeof spec.partialFilterExpression !== "object")
  ) {
    throw new CommandError(ErrorCode.TypeMismatch, "partialFilterExpression must be an object");
  }
  return spec;
}

/** Whether two key patterns are the same index shape (same fields, order and directions). */
export function sameKeyPattern(a: IndexSpec["key"], b: IndexSpec["key"]): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/** Index keys of one document: encoded key → the field values it was built from. */
export type DocKeys = Map<string, unknown[]>;

export class Index {
  readonly spec: IndexSpec;
  readonly name: string;
  readonly fields: string[];
  readonly unique: boolean;
  readonly sparse: boolean;
  private readonly partial: Query | null;
  /** Encoded key → one `_id` key, or a set of them when several documents share the key. */
  private readonly entries = new Map<string, string | Set<string>>();
  /**
   * With a collation, keys that differ in bytes may be equal ("a@b.c" and "A@B.C" at strength
   * 2), so a hash of the bytes cannot find them: a collated index keeps its keys sorted by the
   * collation instead, and equal keys sit next to each other.
   */
  private readonly strings: StringCompare | undefined;
  private readonly sorted: Array<{ values: unknown[]; idKey: string }> = [];

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.name = spec.name;
    this.fields = Object.keys(spec.key);
    // prepareUnique (collMod) refuses new duplicates before a conversion to unique.
    this.unique = spec.unique === true || spec.prepareUnique === true;
    this.sparse = spec.sparse === true;
    this.partial = spec.partialFilterExpression
      ? compileQuery(spec.partialFilterExpression as Record<string, unknown>)
      : null;
    this.strings = stringCompare(parseCollation(spec.collation));
  }

  /** Whether keys compare through a collation (such an index cannot answer binary lookups). */
  get collated(): boolean {
    return this.strings !== undefined;
  }

  private compareKeys(a: unknown[], b: unknown[]): number {
    for (let i = 0; i < a.length; i++) {
      const c = compareValues(a[i], b[i], this.strings);
      if (c !== 0) return c;
    }
    return 0;
  }

  /** The first position in `sorted` whose key is not below `values`. */
  private lowerBound(values: unknown[]): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareKeys((this.sorted[mid] as { values: unknown[] }).values, values) < 0) {
        lo = mid + 1;
      } else hi = mid;
    }
    return lo;
  }

  /** Usable to answer an equality filter: it holds every document of the collection. */
  get complete(): boolean {
    return !this.sparse && this.partial === null && this.spec.hidden !== true;
  }

  /** Groups of `_id` keys sharing a key (what a conversion to unique would violate). */
  duplicateGroups(): string[][] {
    const groups: string[][] = [];
    if (this.strings !== undefined) {
      let run: string[] = [];
      for (let i = 0; i < this.sorted.length; i++) {
        const entry = this.sorted[i] as { values: unknown[]; idKey: string };
        const previous = this.sorted[i - 1];
        if (previous && this.compareKeys(previous.values, entry.values) === 0)
          run.push(entry.idKey);
        else {
          if (new Set(run).size > 1) groups.push(Array.from(new Set(run)));
          run = [entry.idKey];
        }
      }
      if (new Set(run).size > 1) groups.push(Array.from(new Set(run)));
      return groups;
    }
    for (const holder of this.entries.values()) {
      if (typeof holder !== "string" && holder.size > 1) groups.push(Array.from(holder));
    }
    return groups;
  }

  get ttlSeconds(): number | undefined {
    return typeof this.spec.expireAfterSeconds === "number" && this.fields.length === 1
      ? this.spec.expireAfterSeconds
      : undefined;
  }

  /**
   * Keys a document contributes, or null when the index skips it (sparse without any of the
   * fields, or outside the partial filter). Throws for parallel arrays, as mongod does.
   */
  keysFor(doc: Doc): DocKeys | null {
    if (this.sparse && !this.fields.some((f) => hasPath(doc, f))) return null;
    if (this.partial && !this.partial.test(doc)) return null;
    const keys: DocKeys = new Map();
    if (this.fields.length === 1) {
      for (const value of indexValues(doc, this.fields[0] as string)) {
        keys.set(encodeKeyPart(value), [value]);
      }
      return keys;
    }
    const perField = this.fields.map((f) => indexValues(doc, f));
    if (perField.filter((values) => values.length > 1).length > 1) {
      throw new CommandError(
        ErrorCode.CannotIndexParallelArrays,
        `cannot index parallel arrays [${this.fields.join("] [")}]`,
      );
    }
    const combine = (i: number, acc: unknown[]): void => {
      if (i === perField.length) {
        keys.set(acc.map(encodeKeyPart).join("|"), acc.slice());
        return;
      }
      for (const value of perField[i] as unknown[]) {
        acc.push(value);
        combine(i + 1, acc);
        acc.pop();
      }
    };
    combine(0, []);
    return keys;
  }

  /** Encoded key of a tuple of equality values, in field order (for lookups). */
  encodeLookup(values: unknown[]): string {
    return values.map(encodeKeyPart).join("|");
  }

  /**
   * E11000 when one of `keys` is held by another document. Keys the document already holds
   * (`held`, its previous version's) are not new entries and are not checked, as in mongod:
   * under `prepareUnique`, documents that already shared a key stay updatable.
   */
  checkUnique(keys: DocKeys | null, idKey: string, ns: string, held?: DocKeys | null): void {
    if (keys === null) return;
    // A collation refuses some strings when it compares them (normalization off, text not in
    // FCD form: collation.ts). Comparing each key with itself surfaces that refusal here,
    // before the write changes anything, rather than halfway through adding the keys.
    if (this.strings !== undefined)
      for (const values of keys.values()) this.compareKeys(values, values);
    if (!this.unique) return;
    if (this.strings !== undefined) {
      for (const [key, values] of keys) {
        if (held?.has(key)) continue;
        for (let i = this.lowerBound(values); i < this.sorted.length; i++) {
          const entry = this.sorted[i] as { values: unknown[]; idKey: string };
          if (this.compareKeys(entry.values, values) !== 0) break;
          if (entry.idKey !== idKey) {
            throw duplicateKeyError(ns, this.name, this.spec.key, this.fields, values);
          }
        }
      }
      return;
    }
    for (const [key, values] of keys) {
      const holder = this.entries.get(key);
      if (holder === undefined || held?.has(key)) continue;
      if (typeof holder === "string" ? holder !== idKey : holder.size > 1 || !holder.has(idKey)) {
        throw duplicateKeyError(ns, this.name, this.spec.key, this.fields, values);
      }
    }
  }

  add(idKey: string, keys: DocKeys | null): void {
    if (keys === null) return;
    if (this.strings !== undefined) {
      for (const values of keys.values()) {
        this.sorted.splice(this.lowerBound(values), 0, { values, idKey });
      }
      return;
    }
    for (const key of keys.keys()) {
      const holder = this.entries.get(key);
      if (holder === undefined) this.entries.set(key, idKey);
      else if (typeof holder === "string") {
        if (holder !== idKey) this.entries.set(key, new Set([holder, idKey]));
      } else holder.add(idKey);
    }
  }

  remove(idKey: string, keys: DocKeys | null): void {
    if (keys === null) return;
    if (this.strings !== undefined) {
      for (const values of keys.values()) {
        let i = this.lowerBound(values);
        while (i < this.sorted.length) {
          const entry = this.sorted[i] as { values: unknown[]; idKey: string };
          if (this.compareKeys(entry.values, values) !== 0) break;
          if (entry.idKey === idKey) this.sorted.splice(i, 1);
          else i++;
        }
      }
      return;
    }
    for (const key of keys.keys()) {
      const holder = this.entries.get(key);
      if (holder === undefined) continue;
      if (typeof holder === "string") {
        if (holder === idKey) this.entries.delete(key);
      } else {
        holder.delete(idKey);
        if (holder.size === 1) this.entries.set(key, holder.values().next().value as string);
        else if (holder.size === 0) this.entries.delete(key);
      }
    }
  }

  /** `_id` keys of the documents holding an encoded key. */
  lookup(key: string): Iterable<string> {
    const holder = this.entries.get(key);
    if (holder === undefined) return [];
    return typeof holder === "string" ? [holder] : holder;
  }

  clear(): void {
    this.entries.clear();
    this.sorted.length = 0;
  }
}

function encodeKeyPart(value: unknown): string {
  return value === EMPTY_ARRAY_KEY ? "[]" : keyOf(value);
}

function displayValue(value: unknown): unknown {
  return value === EMPTY_ARRAY_KEY ? undefined : value;
}

/** E11000 exactly as mongod words it, with keyPattern/keyValue for the driver. */
export function duplicateKeyError(
  ns: string,
  indexName: string,
  keyPattern: Record<string, unknown>,
  fields: string[],
  values: unknown[],
): CommandError {
  const keyValue: Record<string, unknown> = {};
  fields.forEach((field, i) => {
    keyValue[field] = displayValue(values[i]) ?? null;
  });
  const rendered = fields
    .map((field, i) => {
      const v = values[i];
      return `${field}: ${v === EMPTY_ARRAY_KEY ? "undefined" : formatValue(v)}`;
    })
    .join(", ");
  return new CommandError(
    ErrorCode.DuplicateKey,
    `E11000 duplicate key error collection: ${ns} index: ${indexName} dup key: { ${rendered} }`,
    { keyPattern: { ...keyPattern }, keyValue },
  );
}
