// MongoDB's ordering of BSON values, and sorting of documents by a sort specification.
//
// mingo orders types its own way (ObjectIds after dates, booleans before binary data, MinKey
// after MaxKey, missing before null) and sorts descending by reversing the ascending order, so
// an array sorts by its smallest element both ways. MongoDB's rules, implemented here:
//
// - types: MinKey < (empty array) < null = missing < numbers < strings < objects < arrays <
//   BinData < ObjectId < booleans < dates < timestamps < regular expressions < MaxKey;
// - numbers compare by value whatever their BSON type;
// - objects compare field by field, in order (type, then name, then value), then by length;
// - BinData by length, then subtype, then bytes;
// - a sort key on an array uses its smallest element ascending and its largest descending, and
//   an empty array sorts before null.

import { type Collation, type StringCompare, stringCompare } from "./collation";
import { type Doc, EMPTY_ARRAY_KEY, indexValues, isPlainObject } from "./values";

export type { StringCompare };

export const binaryStrings: StringCompare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Rank of a value's type in MongoDB's canonical order (equal ranks compare by value). */
export function typeRank(value: unknown): number {
  if (value === EMPTY_ARRAY_KEY) return 2;
  switch (typeof value) {
    case "undefined":
      return 3; // missing compares as null
    case "number":
    case "bigint":
      return 10;
    case "string":
    case "symbol":
      return 15;
    case "boolean":
      return 40;
    case "function":
      return 60;
    default:
      break;
  }
  if (value === null) return 3;
  if (Array.isArray(value)) return 25;
  if (value instanceof Date) return 45;
  if (value instanceof RegExp) return 50;
  if (isPlainObject(value)) return 20;
  switch ((value as { _bsontype?: string })._bsontype) {
    case "MinKey":
      return 0;
    case "Long":
    case "Int32":
    case "Double":
    case "Decimal128":
      return 10;
    case "BSONSymbol":
      return 15;
    case "Binary":
      return 30;
    case "ObjectId":
      return 35;
    case "Timestamp":
      return 47;
    case "BSONRegExp":
      return 50;
    case "Code":
      return 60;
    case "MaxKey":
      return 100;
    default:
      return 20; // DBRef and other document-like values
  }
}

function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  const tag = (value as { _bsontype?: string })._bsontype;
  if (tag === "Long") return (value as { toNumber(): number }).toNumber();
  if (tag === "Int32" || tag === "Double") return (value as { value: number }).value;
  return Number(String(value)); // Decimal128
}

function compareNumbers(a: unknown, b: unknown): number {
  const tagA = (a as { _bsontype?: string } | null)?._bsontype;
  const tagB = (b as { _bsontype?: string } | null)?._bsontype;
  if (tagA === "Long" && tagB === "Long") {
    const x = BigInt(String(a));
    const y = BigInt(String(b));
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = toNumber(a);
  const y = toNumber(b);
  // NaN sorts before every other number and equals itself.
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
}

interface BinaryLike {
  sub_type: number;
  buffer: Uint8Array;
  position?: number;
}

function binaryBytes(bin: BinaryLike): Uint8Array {
  const len = typeof bin.position === "number" ? bin.position : bin.buffer.length;
  return bin.buffer.subarray(0, len);
}

function entriesOf(value: object): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out.push([key, v]);
  }
  return out;
}

function compareEntries(
  a: Array<[string, unknown]>,
  b: Array<[string, unknown]>,
  strings: StringCompare,
  names: boolean,
): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const [ka, va] = a[i] as [string, unknown];
    const [kb, vb] = b[i] as [string, unknown];
    const rank = typeRank(va) - typeRank(vb);
    if (rank !== 0) return rank < 0 ? -1 : 1;
    if (names && ka !== kb) return ka < kb ? -1 : 1;
    const c = compareValues(va, vb, strings);
    if (c !== 0) return c;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/** MongoDB's comparison of two BSON values (-1, 0 or 1). */
export function compareValues(a: unknown, b: unknown, strings = binaryStrings): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case 0:
    case 2:
    case 3:
    case 100:
      return 0;
    case 10:
      return compareNumbers(a, b);
    case 15:
      return strings(String(a), String(b));
    case 20:
      return compareEntries(entriesOf(a as object), entriesOf(b as object), strings, true);
    case 25:
      return compareEntries(
        (a as unknown[]).map((v, i) => [String(i), v] as [string, unknown]),
        (b as unknown[]).map((v, i) => [String(i), v] as [string, unknown]),
        strings,
        false,
      );
    case 30: {
      const x = a as BinaryLike;
      const y = b as BinaryLike;
      const bx = binaryBytes(x);
      const by = binaryBytes(y);
      if (bx.length !== by.length) return bx.length < by.length ? -1 : 1;
      if (x.sub_type !== y.sub_type) return x.sub_type < y.sub_type ? -1 : 1;
      return compareBytes(bx, by);
    }
    case 35: {
      const x = (a as { toHexString(): string }).toHexString();
      const y = (b as { toHexString(): string }).toHexString();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 40:
      return a === b ? 0 : a ? 1 : -1;
    case 45: {
      const x = (a as Date).getTime();
      const y = (b as Date).getTime();
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 47: {
      // Timestamps are unsigned (seconds, increment) pairs.
      const x = a as { high: number; low: number };
      const y = b as { high: number; low: number };
      const d =
        x.high >>> 0 !== y.high >>> 0
          ? (x.high >>> 0) - (y.high >>> 0)
          : (x.low >>> 0) - (y.low >>> 0);
      return d < 0 ? -1 : d > 0 ? 1 : 0;
    }
    case 50: {
      const [pa, fa] = regexParts(a);
      const [pb, fb] = regexParts(b);
      if (pa !== pb) return pa < pb ? -1 : 1;
      return fa < fb ? -1 : fa > fb ? 1 : 0;
    }
    default: {
      const x = String((a as { code?: unknown }).code ?? a);
      const y = String((b as { code?: unknown }).code ?? b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
}

function regexParts(value: unknown): [string, string] {
  if (value instanceof RegExp) return [value.source, value.flags];
  const re = value as { pattern: string; options: string };
  return [re.pattern, re.options];
}

/** String comparison for a collation (binary order without one). */
export function collationStrings(collation: Collation | undefined): StringCompare {
  return stringCompare(collation) ?? binaryStrings;
}

/**
 * The value a document sorts by for one field: arrays along the path are traversed (as for
 * index keys), the smallest value counts ascending and the largest descending.
 */
export function sortKey(doc: unknown, path: string, dir: 1 | -1, strings: StringCompare): unknown {
  const values = indexValues(doc, path);
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const c = compareValues(values[i], best, strings);
    if (dir === 1 ? c < 0 : c > 0) best = values[i];
  }
  return best;
}

/** Sorts documents (stable: ties keep their input order). Returns a new array. */
export function sortDocuments<T extends Doc>(
  docs: readonly T[],
  spec: Record<string, 1 | -1>,
  collation?: Collation,
): T[] {
  const fields = Object.keys(spec);
  const dirs = fields.map((f) => spec[f] as 1 | -1);
  const strings = collationStrings(collation);
  // `$natural` sorts by position: the input is in natural order.
  const keyed = docs.map((doc, position) => ({
    doc,
    keys: fields.map((f, i) =>
      f === "$natural" ? position : sortKey(doc, f, dirs[i] as 1 | -1, strings),
    ),
  }));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(x.keys[i], y.keys[i], strings);
      if (c !== 0) return c * (dirs[i] as number);
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}
