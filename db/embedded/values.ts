// Helpers over BSON values as the bson library deserialises them: equality keys, MongoDB-style
// rendering for error messages, and dotted-path access.

import type { Document } from "bson";

export type Doc = Document;

/** The `_bsontype` tag bson classes carry (ObjectId, Binary, Long, Decimal128, ...). */
function bsonTag(value: object): string | undefined {
  const tag = (value as { _bsontype?: unknown })._bsontype;
  return typeof tag === "string" ? tag : undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

interface HexLike {
  toHexString(): string;
}
interface BinaryLike {
  sub_type: number;
  buffer: Uint8Array;
  position?: number;
}
interface LongLike {
  toNumber(): number;
  toString(): string;
  high: number;
  low: number;
}

function binaryBytes(bin: BinaryLike): Uint8Array {
  const len = typeof bin.position === "number" ? bin.position : bin.buffer.length;
  return bin.buffer.subarray(0, len);
}

function longKey(value: LongLike): string {
  const n = value.toNumber();
  return Number.isSafeInteger(n) ? `n${n}` : `l${value.toString()}`;
}

/**
 * A string that is equal for two values exactly when MongoDB considers them equal (for the
 * types an application stores): numbers compare by value across int/long/double, embedded
 * documents compare field by field in order, strings by their bytes. Used for the `_id` map
 * and every secondary index, so lookups are O(1) instead of a scan.
 *
 * Strings carry a length prefix so composite encodings (arrays, documents, compound keys) stay
 * unambiguous whatever characters a string contains.
 */
export function keyOf(value: unknown): string {
  switch (typeof value) {
    case "string":
      return `s${value.length}:${value}`;
    case "number":
      return `n${value}`;
    case "boolean":
      return value ? "b1" : "b0";
    case "undefined":
      return "z";
    case "bigint":
      return Number.isSafeInteger(Number(value)) ? `n${Number(value)}` : `l${value}`;
    case "object":
      break;
    default:
      return `?${String(value)}`;
  }
  if (value === null) return "z";
  if (value instanceof Date) return `t${value.getTime()}`;
  if (Array.isArray(value)) {
    let out = "[";
    for (const item of value) out += `${keyOf(item)},`;
    return `${out}]`;
  }
  if (value instanceof RegExp) {
    const src = `${value.source}/${value.flags}`;
    return `r${src.length}:${src}`;
  }
  const tag = bsonTag(value);
  if (tag !== undefined) {
    switch (tag) {
      case "ObjectId":
        return `o${(value as unknown as HexLike).toHexString()}`;
      case "Binary": {
        const bin = value as unknown as BinaryLike;
        return `x${bin.sub_type}:${Buffer.from(binaryBytes(bin)).toString("base64")}`;
      }
      case "Long":
        return longKey(value as unknown as LongLike);
      case "Int32":
      case "Double":
        return `n${(value as { value: number }).value}`;
      case "Timestamp":
        return `T${(value as unknown as LongLike).toString()}`;
      case "Decimal128":
        return `d${String(value)}`;
      case "MinKey":
        return "-";
      case "MaxKey":
        return "+";
      case "BSONRegExp": {
        const re = value as unknown as { pattern: string; options: string };
        const src = `${re.pattern}/${re.options}`;
        return `r${src.length}:${src}`;
      }
      default: {
        const text = JSON.stringify(value) ?? "";
        return `${tag}${text.length}:${text}`;
      }
    }
  }
  let out = "{";
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined) continue; // undefined values are never serialised
    out += `${key.length}:${key}=${keyOf(v)},`;
  }
  return `${out}}`;
}

/** Renders a value the way mongod prints BSON in messages (`{ email: "a@b.c" }`). */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return "null";
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "object":
      break;
    default:
      return String(value);
  }
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (Array.isArray(value)) {
    return value.length === 0 ? "[]" : `[ ${value.map(formatValue).join(", ")} ]`;
  }
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  const tag = bsonTag(value);
  if (tag === "ObjectId") return `ObjectId('${(value as unknown as HexLike).toHexString()}')`;
  if (tag === "Binary") {
    const bin = value as unknown as BinaryLike;
    const hex = Buffer.from(binaryBytes(bin)).toString("hex").toUpperCase();
    return `BinData(${bin.sub_type}, ${hex})`;
  }
  if (tag === "Long") return String(value);
  if (tag !== undefined) return `${tag}(${String(value)})`;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  );
  if (entries.length === 0) return "{}";
  return `{ ${entries.map(([k, v]) => `${k}: ${formatValue(v)}`).join(", ")} }`;
}

function isArrayIndex(part: string): boolean {
  if (part.length === 0 || part.length > 9) return false;
  for (let i = 0; i < part.length; i++) {
    const c = part.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Sets a dotted path, creating intermediate documents (used to seed upserted documents). */
export function setPath(doc: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let current: Record<string, unknown> = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    const next = current[part];
    if (isPlainObject(next)) {
      current = next;
    } else {
      const created: Record<string, unknown> = {};
      current[part] = created;
      current = created;
    }
  }
  current[parts[parts.length - 1] as string] = value;
}

/** Marker for an empty array in an index key: MongoDB indexes `[]` as its own key value. */
export const EMPTY_ARRAY_KEY = Symbol("emptyArray");

/**
 * Index key values of one field, with MongoDB's multikey semantics: arrays along the path are
 * traversed and an array at the end contributes each element. A missing field yields null.
 */
export function indexValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split("."), 0, out);
  return out;
}

function collect(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(EMPTY_ARRAY_KEY);
      else for (const item of value) out.push(item === undefined ? null : item);
    } else {
      out.push(value === undefined ? null : value);
    }
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (isArrayIndex(part)) {
      collect(value[Number(part)], parts, i + 1, out);
      return;
    }
    if (value.length === 0) {
      out.push(null);
      return;
    }
    for (const item of value)
      collect(isPlainObject(item) ? item[part] : undefined, parts, i + 1, out);
    return;
  }
  collect(isPlainObject(value) ? value[part] : undefined, parts, i + 1, out);
}

/** True when the dotted path reaches a value (through arrays of documents too). */
export function hasPath(doc: unknown, path: string): boolean {
  const parts = path.split(".");
  const walk = (value: unknown, i: number): boolean => {
    if (i === parts.length) return value !== undefined;
    const part = parts[i] as string;
    if (Array.isArray(value)) {
      if (isArrayIndex(part)) return walk(value[Number(part)], i + 1);
      return value.some((item) => isPlainObject(item) && walk(item[part], i + 1));
    }
    return isPlainObject(value) && walk(value[part], i + 1);
  };
  return walk(doc, 0);
}

/** Returns a copy of `doc` with `_id` as the first field, as mongod stores documents. */
export function idFirst(doc: Doc): Doc {
  const keys = Object.keys(doc);
  if (keys[0] === "_id" || !("_id" in doc)) return doc;
  const out: Doc = { _id: doc._id };
  for (const key of keys) if (key !== "_id") out[key] = doc[key];
  return out;
}

/**
 * Values `distinct` reports for one document: arrays along the path are traversed and an array
 * at the end contributes its elements; a missing field contributes nothing.
 */
export function distinctValues(doc: unknown, path: string, out: unknown[]): void {
  const parts = path.split(".");
  const walk = (value: unknown, i: number): void => {
    if (value === undefined) return;
    if (i === parts.length) {
      if (Array.isArray(value)) for (const item of value) out.push(item);
      else out.push(value);
      return;
    }
    const part = parts[i] as string;
    if (Array.isArray(value)) {
      if (isArrayIndex(part)) walk(value[Number(part)], i + 1);
      else for (const item of value) if (isPlainObject(item)) walk(item[part], i + 1);
      return;
    }
    if (isPlainObject(value)) walk(value[part], i + 1);
  };
  walk(doc, 0);
}
