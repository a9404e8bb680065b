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
import { DocSource } from "./cursor";
import { CommandError, ErrorCode } from "./errors";
import type { Index } from "./indexes";
import {
  compileQuery,
  inclusionShape,
  inDocumentOrder,
  type MingoExtras,
  mingoOptions,
} from "./mingo";
import { sortDocuments } from "./order";
import { type Doc, idFirst, indexValues, isPlainObject, keyOf } from "./values";

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
  /** The secondary index an IXSCAN looked up. */
  readonly index?: Index;
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
export function planCandidates(
  coll: Collection,
  filter: Filter,
  collated = false,
  scan = false,
): CandidatePlan {
  const keys = Object.keys(filter);
  if (keys.length === 0) return { docs: coll.docs.values(), exact: true, plan: "COLLSCAN" };
  if (scan) return { docs: coll.docs.values(), exact: false, plan: "COLLSCAN" };
  const onlyId = keys.length === 1;
  // Under a collation, strings equal to the query's are found only by comparing through it: the
  // hash maps (binary keys) may narrow a lookup only for values without strings.
  const usable = (value: unknown) => !collated || typeof value !== "string";
  if ("_id" in filter) {
    const clause = filter._id;
    const eq = equalityValue(clause);
    if (eq && usable(eq.value)) {
      const doc = coll.docs.get(keyOf(eq.value));
      return { docs: doc ? [doc] : [], exact: onlyId && !collated, plan: "IDHACK" };
    }
    const values = inValues(clause);
    if (values?.every(usable)) {
      return {
        docs: docsByIdKeys(coll, values.map(keyOf)),
        exact: onlyId && !collated,
        plan: "IDHACK",
      };
    }
  }
  // Secondary indexes: usable when every field of the index has an equality clause.
  for (const index of coll.indexes) {
    if (!index.complete || index.collated || index.fields.some((f) => f.startsWith("$"))) continue;
    const values: unknown[] = [];
    for (const field of index.fields) {
      const eq = field in filter ? equalityValue(filter[field]) : undefined;
      if (!eq || !usable(eq.value)) break;
      values.push(eq.value);
    }
    if (values.length !== index.fields.length) continue;
    const idKeys = Array.from(index.lookup(index.encodeLookup(values)));
    const exact =
      !collated &&
      keys.length === index.fields.length &&
      !index.fields.some((f) => NUMERIC_PATH_PART.test(f));
    return { docs: docsByIdKeys(coll, idKeys), exact, plan: "IXSCAN", index };
  }
  return { docs: coll.docs.values(), exact: false, plan: "COLLSCAN" };
}

export interface MatchOptions extends MingoExtras {
  /** Stop after this many matches (0 = no limit). */
  limit?: number;
  /** Scan the collection (results in natural order) instead of using an index. */
  scan?: boolean;
}

/**
 * Refuses a `hint` that names no index of the collection, as mongod's planner does (BadValue):
 * an index name, or a key pattern equal to an index's (fields, order and directions);
 * `{$natural: ±1}` and an empty hint always pass. A valid hint changes nothing here: every plan
 * returns the same documents, so the planner's own choice stands.
 */
export function checkHint(coll: Collection | undefined, hint: unknown): void {
  if (hint === undefined || hint === null || coll === undefined || coll.isView) return;
  const specs = coll.indexSpecs();
  let found: boolean;
  if (typeof hint === "string") {
    found = specs.some((spec) => spec.name === hint);
  } else if (isPlainObject(hint)) {
    const fields = Object.keys(hint);
    found =
      fields.length === 0 ||
      "$natural" in hint ||
      specs.some((spec) => {
        const keys = Object.keys(spec.key);
        return (
          keys.length === fields.length &&
          keys.every((key, i) => key === fields[i] && spec.key[key] === hint[key])
        );
      });
  } else {
    throw new CommandError(ErrorCode.FailedToParse, "hint must be a string or an object");
  }
  if (!found) {
    throw new CommandError(
      ErrorCode.BadValue,
      "error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index",
    );
  }
}

/** Documents matching a filter, in candidate order (natural order when scanning). */
export function matchDocs(coll: Collection, filter: Filter, options: MatchOptions = {}): Doc[] {
  const plan = planCandidates(coll, filter, options.collation !== undefined, options.scan);
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

/**
 * Sort specifications. `{$natural: 1}` is insertion order (the default) and is dropped;
 * `{$natural: -1}` (newest first) is kept and makes the query scan in natural order.
 */
export function normalizeSort(sort: unknown): Record<string, 1 | -1> | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort)) {
    throw new CommandError(ErrorCode.TypeMismatch, "sort must be an object");
  }
  const out: Record<string, 1 | -1> = {};
  const fields = Object.keys(sort);
  for (const [field, dir] of Object.entries(sort)) {
    if (field === "$natural") {
      if (dir !== 1 && dir !== -1) {
        throw new CommandError(ErrorCode.BadValue, "$natural sort must be 1 or -1");
      }
      if (dir === -1 || fields.length > 1) out.$natural = dir;
      continue;
    }
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

/**
 * The whole result of a find, materialised: for single-batch queries (findOne), which never
 * open a cursor, so nothing is gained by pulling lazily.
 */
export function runFind(coll: Collection, spec: FindSpec): Doc[] {
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  // Without a sort the first skip+limit matches are the answer: stop scanning early.
  const early = !spec.sort && limit > 0 ? skip + limit : 0;
  let docs = matchDocs(coll, spec.filter, { ...spec, limit: early, scan: hasNatural(spec.sort) });
  if (spec.sort) docs = sortDocs(docs, spec.sort, spec);
  if (skip > 0 || limit > 0) docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
  return project(docs, spec.projection, spec, spec.filter);
}

/**
 * The documents of a find, served as getMore asks for them. Without a sort they come straight
 * from the candidate scan, so an open cursor holds a position rather than a copy of its result
 * (like mongod's collection scan, later batches see documents as they are then: a document
 * changed meanwhile comes in its new version if it still matches, a deleted one is skipped).
 * With a sort the sorted references are kept. The projection applies batch by batch.
 */
export function openFind(coll: Collection, spec: FindSpec): DocSource {
  const skip = spec.skip ?? 0;
  const limit = spec.limit ?? 0;
  const projection = spec.projection;
  const transform =
    projection && Object.keys(projection).length > 0
      ? (docs: Doc[]) => project(docs, projection, spec, spec.filter)
      : undefined;
  if (spec.sort) {
    const matched = matchDocs(coll, spec.filter, {
      ...spec,
      limit: 0, // every match takes part in the sort
      scan: hasNatural(spec.sort),
    });
    let docs = sortDocs(matched, spec.sort, spec);
    if (skip > 0 || limit > 0) docs = docs.slice(skip, limit > 0 ? skip + limit : undefined);
    return new DocSource(docs.values(), transform);
  }
  const plan = planCandidates(coll, spec.filter, spec.collation !== undefined);
  let query = plan.exact ? null : compileQuery(spec.filter, spec);
  // A scan reads the live collection; index candidates were looked up when the query ran, so
  // they are read again by `_id` (and tested if they changed) as they are served.
  const live = plan.plan === "COLLSCAN";
  function* scan(): Generator<Doc> {
    let skipped = 0;
    let served = 0;
    for (const candidate of plan.docs) {
      let doc = candidate;
      if (!live) {
        const current = coll.docs.get(keyOf(candidate._id));
        if (current === undefined) continue;
        if (current !== candidate) {
          query ??= compileQuery(spec.filter, spec);
          doc = current;
        }
      }
      if (query !== null && !query.test(doc)) continue;
      if (skipped < skip) {
        skipped++;
        continue;
      }
      yield doc;
      if (limit > 0 && ++served >= limit) return;
    }
  }
  return new DocSource(scan(), transform);
}

/** Whether a sort uses natural order: its input must then come from a scan (`scan: true`). */
export function hasNatural(sort: Record<string, 1 | -1> | undefined): boolean {
  return sort !== undefined && "$natural" in sort;
}

/**
 * MongoDB ordering across types, arrays (min/max element) and collation; see order.ts. With
 * `$natural`, `docs` must be in natural order (matchDocs with `scan`).
 */
export function sortDocs(docs: Doc[], sort: Record<string, 1 | -1>, extras: MingoExtras): Doc[] {
  const keys = Object.keys(sort);
  if (keys.length === 1 && sort.$natural !== undefined) {
    return sort.$natural === -1 ? docs.slice().reverse() : docs;
  }
  return sortDocuments(docs, sort, extras.collation);
}

/** `{$slice: n}` or `{$slice: [skip, limit]}` and nothing else. */
function isSliceOnly(value: unknown): value is { $slice: number | [number, number] } {
  return isPlainObject(value) && Object.keys(value).length === 1 && "$slice" in value;
}

/** Whether a projection value makes the projection an inclusion (expressions do too). */
function includes(value: unknown): boolean {
  if (typeof value === "number" || typeof value === "boolean") return Boolean(value);
  return !isSliceOnly(value);
}

function sliceArray(values: unknown[], spec: unknown): unknown[] {
  if (typeof spec === "number") {
    return spec >= 0 ? values.slice(0, spec) : values.slice(Math.max(0, values.length + spec));
  }
  if (Array.isArray(spec) && spec.length === 2) {
    const [skip, limit] = spec as [number, number];
    if (typeof skip !== "number" || typeof limit !== "number" || limit <= 0) {
      throw new CommandError(ErrorCode.BadValue, "$slice limit must be positive");
    }
    const start = skip < 0 ? Math.max(0, values.length + skip) : Math.min(skip, values.length);
    return values.slice(start, start + limit);
  }
  throw new CommandError(
    ErrorCode.BadValue,
    "$slice only supports numbers and [skip, limit] arrays",
  );
}

/** A copy of `value` with the array at `parts` sliced (through arrays of documents too). */
function sliceAt(value: unknown, parts: string[], i: number, spec: unknown): unknown {
  if (i === parts.length) return Array.isArray(value) ? sliceArray(value, spec) : value;
  if (Array.isArray(value)) return value.map((item) => sliceAt(item, parts, i, spec));
  if (!isPlainObject(value)) return value;
  const key = parts[i] as string;
  if (!(key in value)) return value;
  return { ...value, [key]: sliceAt(value[key], parts, i + 1, spec) };
}

/** A copy of `doc` with `value` at a dotted path of documents (no stored object is touched). */
function replaceAt(doc: Doc, parts: string[], value: unknown): Doc {
  const [head, ...rest] = parts as [string, ...string[]];
  if (rest.length === 0) return { ...doc, [head]: value };
  const inner = doc[head];
  if (!isPlainObject(inner)) return doc;
  return { ...doc, [head]: replaceAt(inner, rest, value) };
}

/** The query clauses that constrain a field or what lies below it (top level and `$and`). */
function clausesOn(filter: Filter, path: string, out: Filter[]): Filter[] {
  for (const [key, clause] of Object.entries(filter)) {
    if (key === "$and" && Array.isArray(clause)) {
      for (const branch of clause) if (isPlainObject(branch)) clausesOn(branch, path, out);
    } else if (key === path || key.startsWith(`${path}.`)) {
      out.push({ [key]: clause });
    }
  }
  return out;
}

/**
 * The index of the array element the positional `$` stands for (projections and updates): the
 * first one that the query's conditions on the array's path match; -1 when none does.
 */
export function positionalIndex(
  array: unknown[],
  path: string,
  filter: Filter,
  extras: MingoExtras,
): number {
  const clauses = clausesOn(filter, path, []);
  if (clauses.length === 0) return -1;
  const query = compileQuery({ $and: clauses }, extras);
  const parts = path.split(".");
  return array.findIndex((element) => query.test(replaceAt({}, parts, [element])));
}

/** The array element a positional projection (`path.$`) returns: the first matching one. */
function positionalElement(doc: Doc, path: string, filter: Filter, extras: MingoExtras): unknown {
  let array: unknown = doc;
  for (const part of path.split(".")) array = isPlainObject(array) ? array[part] : undefined;
  if (!Array.isArray(array)) return undefined;
  const index = positionalIndex(array, path, filter, extras);
  if (index >= 0) return array[index];
  throw new CommandError(
    ErrorCode.BadValue,
    "Executor error during find command :: caused by :: positional operator '.$' couldn't find a matching element in the array",
  );
}

function mingoProject(docs: Doc[], projection: Document, extras: MingoExtras): Doc[] {
  // mingo's $project edits nested objects of its input in place for dotted paths; stored
  // documents must never change, so those projections work on copies.
  const dotted = Object.keys(projection).some((key) => key.includes("."));
  const source = dotted ? docs.map((doc) => cloneDeep(doc) as Doc) : docs;
  const projected = $project(
    Lazy(source),
    projection,
    mingoOptions(extras) as Options,
  ).collect<Doc>();
  // Included fields keep the document's order, as in mongod (projection operators aside).
  const operators = Object.values(projection).some(
    (value) => isPlainObject(value) && ("$slice" in value || "$elemMatch" in value),
  );
  const shape = operators ? null : inclusionShape(projection);
  if (shape === null) return projected;
  return projected.map((doc, i) => inDocumentOrder(doc, docs[i], shape) as Doc);
}

/**
 * Applies a find projection; `_id` is kept first like mongod does. mingo does the work except
 * for what it gets wrong: a projection of only `$slice` (and exclusions) is an exclusion
 * projection that keeps every other field, and `path.$` returns the first array element that
 * matched the query (`filter`).
 */
export function project(
  docs: Doc[],
  projection: Document | undefined,
  extras: MingoExtras,
  filter: Filter = {},
): Doc[] {
  if (!projection || Object.keys(projection).length === 0) return docs;
  const keys = Object.keys(projection);
  const positional = keys.filter((key) => key.endsWith(".$"));
  const slices = keys.filter((key) => isSliceOnly(projection[key]));
  const inclusion =
    positional.length > 0 ||
    keys.some((key) => key !== "_id" && !slices.includes(key) && includes(projection[key]));

  if (!inclusion && slices.length > 0) {
    const exclusions: Document = {};
    for (const key of keys) if (!slices.includes(key)) exclusions[key] = projection[key];
    const base = Object.keys(exclusions).length > 0 ? mingoProject(docs, exclusions, extras) : docs;
    return base.map((doc) => {
      let out: unknown = doc;
      for (const key of slices) {
        out = sliceAt(out, key.split("."), 0, (projection[key] as { $slice: unknown }).$slice);
      }
      return idFirst(out as Doc);
    });
  }

  if (positional.length > 1) {
    throw new CommandError(
      ErrorCode.BadValue,
      "Cannot specify more than one positional proj. per query.",
    );
  }
  const positionalPath = positional[0]?.slice(0, -2);
  let spec = projection;
  if (positionalPath !== undefined) {
    spec = {};
    for (const key of keys) {
      if (key === positional[0]) spec[positionalPath] = 1;
      else spec[key] = projection[key];
    }
  }
  const projected = mingoProject(docs, spec, extras);
  return projected.map((doc, i) => {
    let out = doc;
    if (positionalPath !== undefined && positionalPath in flatten(out, positionalPath)) {
      const element = positionalElement(docs[i] as Doc, positionalPath, filter, extras);
      if (element !== undefined) out = replaceAt(out, positionalPath.split("."), [element]);
    }
    return idFirst(out);
  });
}

/** `{[path]: value}` when the dotted path (through documents) exists in `doc`, else `{}`. */
function flatten(doc: Doc, path: string): Record<string, unknown> {
  let value: unknown = doc;
  for (const part of path.split(".")) {
    if (!isPlainObject(value) || !(part in value)) return {};
    value = value[part];
  }
  return { [path]: value };
}

/**
 * The key pattern `returnKey` reports for a find: the index mongod's planner uses for it. The
 * hinted index when there is a hint; `_id` for an exact `_id` lookup (mongod's IDHACK); else the
 * one index that could serve the query (its leading field constrained by the filter, or giving
 * the sort); none (a collection scan) gives `{}`. When several indexes could serve it, mongod's
 * choice comes from trial runs this server does not make, so the request is refused (115)
 * rather than answered with a guess.
 */
export function returnKeyPattern(
  coll: Collection,
  filter: Filter,
  sort: Record<string, 1 | -1> | undefined,
  collated: boolean,
  hint?: unknown,
): string[] {
  const hinted = hintedIndex(coll, hint);
  if (hinted !== undefined) return hinted;
  const plan = planCandidates(coll, filter, collated);
  if (plan.plan === "IDHACK" && Object.keys(filter).length === 1) return ["_id"];
  const usable = coll.indexes.filter((ix) => ix.spec.hidden !== true && !ix.collated);
  const candidates = new Set<string>();
  const patterns = new Map<string, string[]>();
  const consider = (name: string, fields: string[]) => {
    candidates.add(name);
    patterns.set(name, fields);
  };
  if ("_id" in filter) consider("_id_", ["_id"]);
  for (const ix of usable) if ((ix.fields[0] as string) in filter) consider(ix.name, ix.fields);
  const first = sort ? Object.keys(sort)[0] : undefined;
  if (first === "_id") consider("_id_", ["_id"]);
  for (const ix of usable)
    if (first !== undefined && ix.fields[0] === first) consider(ix.name, ix.fields);
  if (candidates.size > 1) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      `returnKey: several indexes could answer this query (${Array.from(candidates).join(", ")}) and the embedded server cannot tell which one MongoDB's planner would choose; give a hint`,
    );
  }
  const [only] = candidates;
  return only === undefined ? [] : (patterns.get(only) as string[]);
}

/** The fields of the index a (checked) hint names; [] for `$natural`; undefined without one. */
function hintedIndex(coll: Collection, hint: unknown): string[] | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (isPlainObject(hint)) {
    if ("$natural" in hint) return [];
    if (Object.keys(hint).length === 0) return undefined;
  }
  const spec = coll
    .indexSpecs()
    .find((s) =>
      typeof hint === "string"
        ? s.name === hint
        : JSON.stringify(Object.entries(s.key)) === JSON.stringify(Object.entries(hint as object)),
    );
  return spec ? Object.keys(spec.key) : undefined;
}

/** `{field: value}` for each field of a key pattern (the first value along arrays, null if none). */
export function indexKeyOf(doc: Doc, fields: string[]): Doc {
  const key: Doc = {};
  for (const field of fields) {
    const values = indexValues(doc, field);
    const value = values[0];
    key[field] = value === undefined || typeof value === "symbol" ? null : value;
  }
  return key;
}
