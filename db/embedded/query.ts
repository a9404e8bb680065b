// Query execution: choose candidate documents from an index when the filter allows it, then let
// mingo apply the exact MongoDB semantics (filter, sort, skip, limit, projection).
//
// The planner only ever narrows the candidate set; correctness always comes from mingo's test of
// the full filter, except for a pure `_id` equality/`$in` whose hash lookup is already exact.

import type { Document } from "bson";
import { Lazy } from "mingo/lazy";
import { $project } from "mingo/operators/pipeline";
import type { Options } from "mingo/types";
import { cloneDeep } from "mingo/util";
import type { Collection } from "./collection";
import { CommandError, ErrorCode } from "./errors";
import { compileQuery, type MingoExtras, mingoOptions } from "./mingo";
import { sortDocuments } from "./order";
import { type Doc, idFirst, isPlainObject, keyOf } from "./values";

export type Filter = Record<string, unknown>;

/** A value an index lookup can answer exactly: a scalar (not a document, array, regex or null). */
function isLookupValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value !== "object") return true;
  if (Array.isArray(value) || value instanceof RegExp || isPlainObject(value)) return false;
  const tag = (value as { _bsontype?: string })._bsontype;
  return tag !== "BSONRegExp" && tag !== "MinKey" && tag !== "MaxKey";
}

/** The equality value of a filter clause (`v` or `{$eq: v}`), if it is one. */
function equalityValue(clause: unknown): { value: unknown } | undefined {
  if (isLookupValue(clause)) return { value: clause };
  if (isPlainObject(clause)) {
    const keys = Object.keys(clause);
    if (keys.length === 1 && keys[0] === "$eq" && isLookupValue(clause.$eq)) {
      return { value: clause.$eq };
    }
  }
  return undefined;
}

function inValues(clause: unknown): unknown[] | undefined {
  if (!isPlainObject(clause)) return undefined;
  const keys = Object.keys(clause);
  if (keys.length !== 1 || keys[0] !== "$in" || !Array.isArray(clause.$in)) return undefined;
  return clause.$in.every(isLookupValue) ? clause.$in : undefined;
}

export interface CandidatePlan {
  /** Documents that may match, in a stable order. */
  readonly docs: Iterable<Doc>;
  /** True when every candidate is known to match the filter (no mingo pass needed). */
  readonly exact: boolean;
  /** Human-readable plan, surfaced by explain-like diagnostics and tests. */
  readonly plan: "IDHACK" | "IXSCAN" | "COLLSCAN";
}

function docsByIdKeys(coll: Collection, idKeys: Iterable<string>): Doc[] {
  const out: Doc[] = [];
  const seen = new Set<string>();
  for (const idKey of idKeys) {
    if (seen.has(idKey)) continue;
    seen.add(idKey);
    const doc = coll.docs.get(idKey);
    if (doc !== undefined) out.push(doc);
  }
  return out;
}

const NUMERIC_PATH_PART = /(^|\.)\d+(\.|$)/;

/**
 * Picks the cheapest candidate set for a filter. An index lookup is exact (no mingo pass) when
 * the filter is nothing but scalar equalities on the index's fields: multikey index entries then
 * coincide with MongoDB's equality semantics (a scalar matches an array containing it). A
 * collation changes string equality, so it always forces the mingo pass.
 */
export function planCandidates(coll: Collection, filter: Filter, collated = false): CandidatePlan {
  const keys = Object.keys(filter);
  if (keys.length === 0) return { docs: coll.docs.values(), exact: true, plan: "COLLSCAN" };
  const onlyId = keys.length === 1;
  if ("_id" in filter) {
    const clause = filter._id;
    const eq = equalityValue(clause);
    if (eq) {
      const doc = coll.docs.get(keyOf(eq.value));
      return { docs: doc ? [doc] : [], exact: onlyId && !collated, plan: "IDHACK" };
    }
    const values = inValues(clause);
    if (values) {
      return {
        docs: docsByIdKeys(coll, values.map(keyOf)),
        exact: onlyId && !collated,
        plan: "IDHACK",
      };
    }
  }
  // Secondary indexes: usable when every field of the index has an equality clause.
  for (const index of coll.indexes) {
    if (!index.complete || index.fields.some((f) => f.startsWith("$"))) continue;
    const values: unknown[] = [];
    for (const field of index.fields) {
      const eq = field in filter ? equalityValue(filter[field]) : undefined;
      if (!eq) break;
      values.push(eq.value);
    }
    if (values.length !== index.fields.length) continue;
    const idKeys = Array.from(index.lookup(index.encodeLookup(values)));
    const exact =
      !collated &&
      keys.length === index.fields.length &&
      !index.fields.some((f) => NUMERIC_PATH_PART.test(f));
    return { docs: docsByIdKeys(coll, idKeys), exact, plan: "IXSCAN" };
  }
  return { docs: coll.docs.values(), exact: false, plan: "COLLSCAN" };
}

export interface MatchOptions extends MingoExtras {
  /** Stop after this many matches (0 = no limit). */
  limit?: number;
}

/** Documents matching a filter, in candidate order. */
export function matchDocs(coll: Collection, filter: Filter, options: MatchOptions = {}): Doc[] {
  const plan = planCandidates(coll, filter, options.collation !== undefined);
  const limit = options.limit ?? 0;
  const out: Doc[] = [];
  if (plan.exact) {
    for (const doc of plan.docs) {
      out.push(doc);
      if (limit > 0 && out.length >= limit) break;
    }
    return out;
  }
  const query = compileQuery(filter, options);
  for (const doc of plan.docs) {
    if (!query.test(doc)) continue;
    out.push(doc);
    if (limit > 0 && out.length >= limit) break;
  }
  return out;
}

/** Sort specifications: `$natural` is meaningless here (insertion order is the default). */
export function normalizeSort(sort: unknown): Record<string, 1 | -1> | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort)) {
    throw new CommandError(ErrorCode.TypeMismatch, "sort must be an object");
  }
  const out: Record<string, 1 | -1> = {};
  for (const [field, dir] of Object.entries(sort)) {
    if (field === "$natural") continue;
    if (dir === 1 || dir === -1) out[field] = dir;
    else if (typeof dir === "number" && dir !== 0) out[field] = dir > 0 ? 1 : -1;
    else {
      throw new CommandError(
        ErrorCode.BadValue,
        `$sort key ordering must be 1 (for ascending) or -1 (for descending); found ${field}: ${JSON.stringify(dir)}`,
      );
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface FindSpec extends MingoExtras {
  filter: Filter;
  sort?: Record<string, 1 | -1> | undefined;
  skip?: number;
  limit?: number;
  projection?: Document | undefined;
}

/** The full result of a find: filter, sort, skip, limit, projection. */
export function runFind(coll: Collection, spec: FindSpec): Doc[] {
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  // Without a sort the first skip+limit matches are the answer: stop scanning early.
  const early = !spec.sort && limit > 0 ? skip + limit : 0;
  let docs = matchDocs(coll, spec.filter, { ...spec, limit: early });
  if (spec.sort) docs = sortDocs(docs, spec.sort, spec);
  if (skip > 0 || limit > 0) docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
  return project(docs, spec.projection, spec);
}

/** MongoDB ordering across types, arrays (min/max element) and collation; see order.ts. */
export function sortDocs(docs: Doc[], sort: Record<string, 1 | -1>, extras: MingoExtras): Doc[] {
  return sortDocuments(docs, sort, extras.collation);
}

/** Applies a find projection; `_id` is kept first like mongod does. */
export function project(docs: Doc[], projection: Document | undefined, extras: MingoExtras): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  // mingo's $project edits nested objects of its input in place for dotted paths; stored
  // documents must never change, so those projections work on copies.
  const dotted = Object.keys(projection).some((key) => key.includes("."));
  const source = dotted ? docs.map((doc) => cloneDeep(doc) as Doc) : docs;
  const projected = $project(
    Lazy(source),
    projection,
    mingoOptions(extras) as Options,
  ).collect<Doc>();
  return projected.map(idFirst);
}
