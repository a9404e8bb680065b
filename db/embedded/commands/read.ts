// Read commands: find, getMore, killCursors, count, distinct, aggregate.

import { type Document, Long, ObjectId } from "bson";
import { evalExpr } from "mingo/core";
import type { Options } from "mingo/types";
import { cloneDeep } from "mingo/util";
import { type Collection, WriteContext } from "../collection";
import { DocSource } from "../cursor";
import { CommandError, ErrorCode } from "../errors";
import {
  checkPipeline,
  compileQuery,
  createAggregator,
  type MingoExtras,
  mingoOptions,
} from "../mingo";
import { appendedNumber } from "../numbers";
import { collationStrings, compareValues } from "../order";
import {
  checkHint,
  type Filter,
  type FindSpec,
  indexKeyOf,
  matchDocs,
  normalizeSort,
  openFind,
  project,
  returnKeyPattern,
  runFind,
} from "../query";
import { applyUpdate } from "../update";
import { type Doc, distinctValues, idFirst, isPlainObject, keyOf } from "../values";
import { evaluateLet } from "../variables";
import {
  type CommandContext,
  collationArg,
  collectionArg,
  cursorIdArg,
  cursorReply,
  type Handler,
  nextBatchReply,
  optionalArray,
  optionalCount,
  optionalObject,
} from "./context";
import { storageStats } from "./ddl";

function extrasOf(body: Document, coll: Collection | undefined): MingoExtras {
  const extras: MingoExtras = {};
  const collation = collationArg(body, coll);
  if (collation) extras.collation = collation;
  const variables = evaluateLet(body.let);
  if (variables) extras.variables = variables;
  return extras;
}

function find(ctx: CommandContext): Buffer {
  const { body } = ctx;
  const name = collectionArg(ctx, "find");
  const ns = `${ctx.db}.${name}`;
  const filter = (optionalObject(body, "filter") ?? {}) as Filter;
  const sort = normalizeSort(body.sort);
  const projection = optionalObject(body, "projection");
  const skip = optionalCount(body, "skip") ?? 0;
  let limit = optionalCount(body, "limit", true) ?? 0;
  let singleBatch = body.singleBatch === true;
  if (limit < 0) {
    // Legacy negative limit: return at most |limit| documents in one batch.
    limit = -limit;
    singleBatch = true;
  }
  const batchSize = optionalCount(body, "batchSize");
  const coll = ctx.engine.getCollection(ctx.db, name);
  const extras = extrasOf(body, coll);
  if (!coll) {
    compileQuery(filter, extras); // a bad filter fails even without a collection, as in mongod
    return cursorReply(ctx, ns, [], { singleBatch: true });
  }
  checkHint(coll, body.hint);
  const spec: FindSpec = { filter, sort, skip, limit, projection, ...extras };
  if (body.returnKey === true || body.showRecordId === true) {
    // In place of the projection: the index keys instead of the document (returnKey), or the
    // projected document with its record id appended (showRecordId).
    const raw = runFind(coll, { ...spec, projection: undefined });
    let docs: Doc[];
    if (body.returnKey === true) {
      const collated = extras.collation !== undefined;
      const fields = returnKeyPattern(coll, filter, sort, collated, body.hint);
      docs = raw.map((doc) => indexKeyOf(doc, fields));
    } else {
      docs = project(raw, projection, spec, filter).map((doc, i) => ({
        ...doc,
        $recordId: Long.fromNumber(coll.recordId(keyOf((raw[i] as Doc)._id))),
      }));
    }
    return cursorReply(ctx, ns, docs, { batchSize, singleBatch });
  }
  if (body.tailable === true) {
    const source = tailableSource(coll, spec);
    return cursorReply(ctx, ns, source, { batchSize, awaitData: body.awaitData === true });
  }
  if (body.awaitData === true) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Cannot set 'awaitData' without also setting 'tailable'",
    );
  }
  if (coll.isView) {
    const docs = pipelineResults(ctx, coll, viewFindPipeline(spec), extras, true);
    return cursorReply(ctx, ns, docs, { batchSize, singleBatch });
  }
  // findOne (singleBatch) never leaves a cursor behind: its result is computed in one go.
  const docs = singleBatch ? runFind(coll, spec) : openFind(coll, spec);
  return cursorReply(ctx, ns, docs, { batchSize, singleBatch });
}

/**
 * A tailable cursor over a capped collection: documents in insertion order, then, on later
 * getMores, those inserted since. It remembers the last document it looked at; if the cap
 * deleted that one meanwhile, the position is lost (CappedPositionLost, 136), as in mongod.
 */
function tailableSource(coll: Collection, spec: FindSpec): DocSource {
  if (!coll.capped) {
    throw new CommandError(
      ErrorCode.BadValue,
      `error processing query: ns=${coll.ns} :: caused by :: tailable cursor requested on non capped collection`,
    );
  }
  if (spec.sort && !(Object.keys(spec.sort).length === 1 && spec.sort.$natural === 1)) {
    throw new CommandError(
      ErrorCode.BadValue,
      "cannot use tailable option with a sort other than {$natural: 1}",
    );
  }
  if ((spec.skip ?? 0) > 0 || (spec.limit ?? 0) > 0) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "skip and limit on a tailable cursor are not supported by the embedded server",
    );
  }
  const query = compileQuery(spec.filter, spec);
  let lastKey: string | undefined;
  function* scan(): Generator<Doc> {
    let started = lastKey === undefined;
    for (const [idKey, doc] of coll.docs) {
      if (!started) {
        started = idKey === lastKey;
        continue;
      }
      lastKey = idKey;
      if (query.test(doc)) yield doc;
    }
    if (!started) {
      throw new CommandError(
        ErrorCode.CappedPositionLost,
        `CollectionScan died due to position in capped collection being deleted. Last seen record id: ${lastKey}`,
      );
    }
  }
  const projection = spec.projection;
  const transform =
    projection && Object.keys(projection).length > 0
      ? (docs: Doc[]) => project(docs, projection, spec, spec.filter)
      : undefined;
  return new DocSource(scan(), transform, scan);
}

async function getMore(ctx: CommandContext): Promise<Buffer> {
  const id = cursorIdArg(ctx.body.getMore);
  const collection = ctx.body.collection;
  if (typeof collection !== "string") {
    throw new CommandError(ErrorCode.TypeMismatch, "getMore requires a 'collection' string");
  }
  const cursor = ctx.engine.cursors.get(id);
  if (!cursor || cursor.ns !== `${ctx.db}.${collection}`) {
    throw new CommandError(ErrorCode.CursorNotFound, `cursor id ${id} not found`);
  }
  try {
    if (cursor.awaitData && cursor.source.peek() === undefined) {
      // Wait for a new document up to maxTimeMS (mongod's default for awaitData: 1 s).
      const wait = optionalCount(ctx.body, "maxTimeMS") ?? 1000;
      const until = Date.now() + wait;
      while (Date.now() < until && cursor.source.peek() === undefined) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(20, wait)));
      }
    }
    return nextBatchReply(ctx, cursor, optionalCount(ctx.body, "batchSize") ?? 0);
  } catch (error) {
    // A failing batch (e.g. a projection error) ends the cursor, as in mongod.
    ctx.engine.cursors.kill(id);
    throw error;
  }
}

function killCursors(ctx: CommandContext): Document {
  collectionArg(ctx, "killCursors");
  const ids = optionalArray(ctx.body, "cursors") ?? [];
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const raw of ids) {
    const id = cursorIdArg(raw);
    (ctx.engine.cursors.kill(id) ? killed : notFound).push(Long.fromNumber(id));
  }
  return {
    cursorsKilled: killed,
    cursorsNotFound: notFound,
    cursorsAlive: [],
    cursorsUnknown: [],
    ok: 1,
  };
}

function count(ctx: CommandContext): Document {
  const { body } = ctx;
  const coll = ctx.engine.getCollection(ctx.db, collectionArg(ctx, "count"));
  const query = (optionalObject(body, "query") ?? {}) as Filter;
  if (!coll) {
    compileQuery(query, extrasOf(body, coll));
    return { n: 0, ok: 1 };
  }
  const skip = optionalCount(body, "skip") ?? 0;
  const limit = Math.abs(optionalCount(body, "limit", true) ?? 0);
  const extras = extrasOf(body, coll);
  checkHint(coll, body.hint);
  const total = coll.isView
    ? pipelineResults(ctx, coll, viewFindPipeline({ filter: query }), extras, true).length
    : Object.keys(query).length === 0
      ? coll.size
      : matchDocs(coll, query, extras).length;
  let n = Math.max(0, total - skip);
  if (limit > 0) n = Math.min(n, limit);
  return { n, ok: 1 };
}

function distinct(ctx: CommandContext): Document {
  const { body } = ctx;
  const key = body.key;
  if (typeof key !== "string" || key.length === 0) {
    throw new CommandError(ErrorCode.TypeMismatch, "distinct requires a 'key' string");
  }
  const coll = ctx.engine.getCollection(ctx.db, collectionArg(ctx, "distinct"));
  const query = (optionalObject(body, "query") ?? {}) as Filter;
  if (!coll) {
    compileQuery(query, extrasOf(body, coll));
    return { values: [], ok: 1 };
  }
  const extras = extrasOf(body, coll);
  const strings = extras.collation ? collationStrings(extras.collation) : undefined;
  const seen = new Map<string, unknown>();
  const values: unknown[] = [];
  const docs = coll.isView
    ? pipelineResults(ctx, coll, viewFindPipeline({ filter: query }), extras, true)
    : matchDocs(coll, query, extras);
  for (const doc of docs) {
    values.length = 0;
    distinctValues(doc, key, values);
    for (const value of values) {
      const k = keyOf(value);
      if (!seen.has(k)) seen.set(k, value);
    }
  }
  // mongod collects distinct values in an ordered set: the answer comes back sorted. Under a
  // collation, values it finds equal ("PING" and "ping" at strength 2) count once (the first).
  const sorted = Array.from(seen.values()).sort((a, b) => compareValues(a, b, strings));
  if (strings === undefined) return { values: sorted, ok: 1 };
  const unique: unknown[] = [];
  const position = new Map(Array.from(seen.values(), (value, i) => [value, i]));
  for (const value of sorted) {
    const last = unique[unique.length - 1];
    if (unique.length > 0 && compareValues(last, value, strings) === 0) {
      // Keep whichever of the equal values came first in the documents.
      if ((position.get(value) ?? 0) < (position.get(last) ?? 0)) unique[unique.length - 1] = value;
    } else unique.push(value);
  }
  return { values: unique, ok: 1 };
}

/** Stages that never modify their input documents, so stored documents can flow through. */
function isReadOnlyStage(stage: Document): boolean {
  const [name] = Object.keys(stage);
  switch (name) {
    case "$match":
    case "$sort":
    case "$skip":
    case "$limit":
    case "$count":
    case "$group":
    case "$sortByCount":
      return true;
    case "$project": {
      const spec = stage.$project;
      return (
        isPlainObject(spec) &&
        Object.entries(spec).every(
          ([k, v]) => !k.includes(".") && (typeof v === "number" || typeof v === "boolean"),
        )
      );
    }
    default:
      return false;
  }
}

/**
 * Stages whose string comparisons follow a collation here: filters and `$expr` comparisons,
 * sorting, and stages that only reshape documents. Others (`$group`, `$lookup`, `$bucket`, ...)
 * would compare strings byte by byte, so with a non-simple collation they are refused.
 */
const COLLATION_AWARE_STAGES = new Set([
  "$match",
  "$sort",
  "$project",
  "$addFields",
  "$set",
  "$unset",
  "$limit",
  "$skip",
  "$count",
  "$replaceRoot",
  "$replaceWith",
  "$unwind",
  "$sample",
  "$redact",
  "$facet",
  "$out",
  "$merge",
  "$collStats",
  "$indexStats",
  "$listLocalSessions",
]);

/** Accumulators that never compare strings. */
const ORDER_FREE_ACCUMULATORS = new Set([
  "$sum",
  "$avg",
  "$count",
  "$first",
  "$last",
  "$push",
  "$mergeObjects",
  "$stdDevPop",
  "$stdDevSamp",
]);

/** A `$group` by a constant (countDocuments' `{_id: 1, n: {$sum: 1}}`) compares no strings. */
function isOrderFreeGroup(spec: unknown): boolean {
  if (!isPlainObject(spec)) return false;
  const id = spec._id;
  if (!(id === null || typeof id === "number" || typeof id === "boolean")) return false;
  return Object.entries(spec).every(
    ([field, acc]) =>
      field === "_id" ||
      (isPlainObject(acc) &&
        Object.keys(acc).length === 1 &&
        ORDER_FREE_ACCUMULATORS.has(Object.keys(acc)[0] as string)),
  );
}

/** Expression operators that compare strings without going through the collation here. */
const COLLATION_BLIND_EXPRESSIONS = [
  "$setUnion",
  "$setIntersection",
  "$setDifference",
  "$setEquals",
  "$setIsSubset",
  "$indexOfArray",
  "$sortArray",
  "$max",
  "$min",
  "$maxN",
  "$minN",
];

function checkCollatedPipeline(pipeline: Document[]): void {
  const text = JSON.stringify(pipeline);
  for (const op of COLLATION_BLIND_EXPRESSIONS) {
    if (text.includes(`"${op}"`)) {
      throw new CommandError(
        ErrorCode.CommandNotSupported,
        `${op} with a non-simple collation is not supported by the embedded server`,
      );
    }
  }
  for (const stage of pipeline) {
    const [name] = Object.keys(stage);
    if (name === undefined) continue;
    if (name === "$group" && isOrderFreeGroup(stage.$group)) continue;
    if (!COLLATION_AWARE_STAGES.has(name)) {
      throw new CommandError(
        ErrorCode.CommandNotSupported,
        `${name} with a non-simple collation is not supported by the embedded server`,
      );
    }
    if (name === "$facet" && isPlainObject(stage.$facet)) {
      for (const inner of Object.values(stage.$facet)) {
        if (Array.isArray(inner)) checkCollatedPipeline(inner.filter(isPlainObject));
      }
    }
  }
}

/** countDocuments sends [$match, ($skip), ($limit), {$group: {_id: 1, n: {$sum: 1}}}]. */
function countShape(stages: Document[]): { skip: number; limit: number } | undefined {
  let skip = 0;
  let limit = 0;
  let i = 0;
  if (stages[i] && "$skip" in (stages[i] as Document))
    skip = Number((stages[i++] as Document).$skip);
  if (stages[i] && "$limit" in (stages[i] as Document))
    limit = Number((stages[i++] as Document).$limit);
  const group = stages[i];
  if (i !== stages.length - 1 || !group || Object.keys(group).length !== 1) return undefined;
  const spec = group.$group;
  if (!isPlainObject(spec) || Object.keys(spec).length !== 2 || spec._id !== 1) return undefined;
  const n = spec.n;
  if (!isPlainObject(n) || Object.keys(n).length !== 1 || n.$sum !== 1) return undefined;
  if (!Number.isInteger(skip) || !Number.isInteger(limit) || skip < 0 || limit < 0)
    return undefined;
  return { skip, limit };
}

function aggregate(ctx: CommandContext): Buffer | Promise<Buffer> {
  const { body, engine } = ctx;
  const target = body.aggregate;
  const onCollection = typeof target === "string";
  if (!onCollection && target !== 1) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Invalid aggregate namespace: 'aggregate' must be a collection name or 1",
    );
  }
  const pipelineArg = body.pipeline;
  if (!Array.isArray(pipelineArg) || !pipelineArg.every(isPlainObject)) {
    throw new CommandError(
      ErrorCode.TypeMismatch,
      "'pipeline' option must be specified as an array",
    );
  }
  if (body.explain) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "explain is not supported by the embedded server",
    );
  }
  const cursorOpt = optionalObject(body, "cursor");
  if (!cursorOpt) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  const batchSize = optionalCount(cursorOpt, "batchSize");
  let pipeline = pipelineArg as Document[];
  const ns = onCollection ? `${ctx.db}.${target}` : `${ctx.db}.$cmd.aggregate`;
  const coll: Collection | undefined = onCollection
    ? engine.getCollection(ctx.db, target as string)
    : undefined;

  let out: Document | undefined;
  let merge: unknown;
  const last = pipeline[pipeline.length - 1];
  if (last && "$out" in last) {
    out = last;
    pipeline = pipeline.slice(0, -1);
  } else if (last && "$merge" in last) {
    merge = last.$merge;
    pipeline = pipeline.slice(0, -1);
    // Parsed with the rest of the pipeline: its `let` and `whenMatched` pipeline are refused
    // before a document is read, like the stages it follows.
    checkPipeline([last]);
  }
  for (const stage of pipeline) {
    if ("$out" in stage || "$merge" in stage) {
      throw new CommandError(
        ErrorCode.Location40601,
        `${"$out" in stage ? "$out" : "$merge"} can only be the final stage in the pipeline`,
      );
    }
  }

  const extras = extrasOf(body, coll);
  if (extras.collation) checkCollatedPipeline(pipelineArg as Document[]);
  checkHint(coll, body.hint);
  const results = pipelineResults(ctx, coll, pipeline, extras, onCollection, {
    counting: !out && merge === undefined,
  });
  if (out) return writeOut(ctx, out.$out, results);
  if (merge !== undefined) return writeMerge(ctx, merge, results, extras);
  return cursorReply(ctx, ns, results, { batchSize });
}

/**
 * Runs a pipeline over a collection, a view (its pipeline goes first, over the collection at
 * the bottom of its chain) or, without either, the stage that produces documents itself
 * (`$documents`, `$listLocalSessions`).
 */
function pipelineResults(
  ctx: CommandContext,
  target: Collection | undefined,
  stages: Document[],
  extras: MingoExtras,
  onCollection: boolean,
  options: { counting: boolean } = { counting: false },
): Doc[] {
  const { engine } = ctx;
  let coll = target;
  let pipeline = stages;
  if (coll?.isView) {
    const resolved = engine.resolveView(coll);
    coll = resolved.base;
    pipeline = [...resolved.pipeline, ...stages];
    if (extras.collation) checkCollatedPipeline(pipeline);
  }
  const ns = target ? target.ns : `${ctx.db}.$cmd.aggregate`;
  // A leading $match is answered through the planner, so an index (or _id) narrows the input.
  let source: Doc[];
  const first = pipeline[0];
  if (coll && first && Object.keys(first).length === 1 && isPlainObject(first.$match)) {
    source = matchDocs(coll, first.$match as Filter, extras);
    pipeline = pipeline.slice(1);
  } else if (first && "$documents" in first) {
    if (onCollection) {
      throw new CommandError(
        ErrorCode.InvalidNamespace,
        "$documents must be run as {aggregate: 1}, without a collection",
      );
    }
    const docs = evalExpr({}, first.$documents, mingoOptions(extras) as Options);
    if (!Array.isArray(docs) || !docs.every(isPlainObject)) {
      throw new CommandError(
        ErrorCode.Location5858203,
        "an array is expected: $documents must evaluate to an array of objects",
      );
    }
    source = docs as Doc[];
    pipeline = pipeline.slice(1);
  } else if (first && "$listLocalSessions" in first) {
    if (onCollection) {
      throw new CommandError(
        ErrorCode.InvalidNamespace,
        "$listLocalSessions must be run as {aggregate: 1}, without a collection",
      );
    }
    const spec = first.$listLocalSessions;
    if (!isPlainObject(spec)) {
      throw new CommandError(
        ErrorCode.TypeMismatch,
        "$listLocalSessions options must be an object",
      );
    }
    // Without authentication every session belongs to the anonymous user: a list of named
    // users matches none of them.
    const users = spec.users;
    source = Array.isArray(users) && users.length > 0 ? [] : engine.sessions.list();
    pipeline = pipeline.slice(1);
  } else if (first && ("$collStats" in first || "$indexStats" in first)) {
    // Compass and mongosh ask for statistics through these two source stages.
    if (!coll || target?.isView) {
      throw new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${ns}`);
    }
    source =
      "$collStats" in first
        ? [collStatsDoc(ctx, coll, first.$collStats)]
        : indexStatsDocs(ctx, coll);
    pipeline = pipeline.slice(1);
  } else {
    source = coll ? Array.from(coll.docs.values()) : [];
  }

  const counting = options.counting ? countShape(pipeline) : undefined;
  if (counting) {
    let n = Math.max(0, source.length - counting.skip);
    if (counting.limit > 0) n = Math.min(n, counting.limit);
    return n > 0 ? [{ _id: 1, n }] : [];
  }
  if (pipeline.length === 0) return source;
  const readOnly = pipeline.every(isReadOnlyStage);
  const aggregator = createAggregator(pipeline, {
    ...extras,
    // $lookup and $unionWith read other collections, views included.
    collectionResolver: (name: string) => {
      const other = engine.getCollection(ctx.db, name);
      if (other?.isView) {
        return pipelineResults(ctx, other, [], {}, true).map((d) => cloneDeep(d) as Doc);
      }
      return Array.from(other?.docs.values() ?? [], (d) => cloneDeep(d) as Doc);
    },
  });
  // Stages such as $addFields or $unwind edit nested objects of their input in place.
  const input = readOnly ? source : source.map((d) => cloneDeep(d) as Doc);
  return aggregator.run(input) as Doc[];
}

/**
 * find, count and distinct on a view: mongod turns them into an aggregation over the view, and
 * so do we (filter, then sort, skip, limit and projection).
 */
function viewFindPipeline(spec: {
  filter: Filter;
  sort?: Record<string, 1 | -1> | undefined;
  skip?: number;
  limit?: number;
  projection?: Document | undefined;
}): Document[] {
  const stages: Document[] = [];
  if (Object.keys(spec.filter).length > 0) stages.push({ $match: spec.filter });
  if (spec.sort) stages.push({ $sort: spec.sort });
  if (spec.skip) stages.push({ $skip: spec.skip });
  if (spec.limit) stages.push({ $limit: spec.limit });
  if (spec.projection && Object.keys(spec.projection).length > 0) {
    stages.push({ $project: spec.projection });
  }
  return stages;
}

function collStatsDoc(ctx: CommandContext, coll: Collection, spec: unknown): Doc {
  const storage = isPlainObject(spec) ? spec.storageStats : undefined;
  return {
    ns: coll.ns,
    host: `${ctx.server.host}:${ctx.server.port}`,
    localTime: new Date(),
    storageStats: storageStats(coll, isPlainObject(storage) ? storage.scale : undefined),
    count: { count: appendedNumber(coll.size) },
  };
}

function indexStatsDocs(ctx: CommandContext, coll: Collection): Doc[] {
  const since = ctx.engine.startedAt;
  return coll.indexSpecs().map((spec) => ({
    name: spec.name,
    key: spec.key,
    host: `${ctx.server.host}:${ctx.server.port}`,
    // mongod counts index accesses in a long long: `ops` is a long even at 0.
    accesses: { ops: Long.fromNumber(0), since },
    spec,
  }));
}

/** $out: replace the target collection with the pipeline's results. */
async function writeOut(ctx: CommandContext, spec: unknown, results: Doc[]): Promise<Buffer> {
  let db = ctx.db;
  let name: unknown = spec;
  if (isPlainObject(spec)) {
    db = typeof spec.db === "string" ? spec.db : ctx.db;
    name = spec.coll;
  }
  if (typeof name !== "string" || name.length === 0) {
    throw new CommandError(ErrorCode.FailedToParse, "$out requires a collection name");
  }
  const { engine } = ctx;
  const w = new WriteContext(ctx.body);
  const previous = engine.getCollection(db, name);
  previous?.assertNotView();
  const indexes = previous ? previous.indexes.map((ix) => ix.spec) : [];
  if (previous) engine.dropCollection(db, name, w);
  const target = engine.createCollection(db, name, previous?.options ?? {}, w);
  try {
    for (const spec of indexes) target.createIndex(spec, w);
    for (const result of results) {
      const doc = "_id" in result ? idFirst(result) : { _id: new ObjectId(), ...result };
      target.insert(cloneDeep(doc) as Doc, w);
    }
  } finally {
    await engine.commit(w);
  }
  return cursorReply(ctx, `${db}.${name}`, [], {});
}

const MERGE_FIELDS = new Set(["into", "on", "let", "whenMatched", "whenNotMatched"]);

/** $merge's target namespace: `"coll"`, `{db, coll}` or `{into: ...}` forms. */
function mergeTarget(ctx: CommandContext, into: unknown): { db: string; name: string } {
  if (typeof into === "string" && into.length > 0) return { db: ctx.db, name: into };
  if (isPlainObject(into) && typeof into.coll === "string" && into.coll.length > 0) {
    return { db: typeof into.db === "string" ? into.db : ctx.db, name: into.coll };
  }
  throw new CommandError(
    ErrorCode.FailedToParse,
    "$merge 'into' must be a collection name or a {db, coll} document",
  );
}

/**
 * $merge: writes each result into the target collection, matched on `on` (default `_id`, any
 * other fields need a unique index on exactly them, as in mongod), then replaces, keeps,
 * merges, fails, or runs a pipeline with `$$new` bound to the result; unmatched results are
 * inserted, discarded or fail. Writes made before an error stay, as in mongod.
 */
async function writeMerge(
  ctx: CommandContext,
  raw: unknown,
  results: Doc[],
  extras: MingoExtras,
): Promise<Buffer> {
  const spec: Document = typeof raw === "string" ? { into: raw } : (raw as Document);
  if (!isPlainObject(spec)) {
    throw new CommandError(ErrorCode.TypeMismatch, "$merge takes a string or an object");
  }
  for (const field of Object.keys(spec)) {
    if (!MERGE_FIELDS.has(field)) {
      throw new CommandError(
        ErrorCode.Location40415,
        `BSON field '$merge.${field}' is an unknown field.`,
      );
    }
  }
  const { db, name } = mergeTarget(ctx, spec.into);
  const on = (
    spec.on === undefined ? ["_id"] : Array.isArray(spec.on) ? spec.on : [spec.on]
  ) as string[];
  if (on.length === 0 || !on.every((f) => typeof f === "string" && f.length > 0)) {
    throw new CommandError(ErrorCode.FailedToParse, "$merge 'on' must be a field or fields");
  }
  const whenMatched = (spec.whenMatched ?? "merge") as string | Document[];
  const whenNotMatched = (spec.whenNotMatched ?? "insert") as string;
  if (
    !(
      Array.isArray(whenMatched) ||
      ["replace", "keepExisting", "merge", "fail"].includes(whenMatched)
    )
  ) {
    throw new CommandError(
      ErrorCode.BadValue,
      `Enumeration value '${String(whenMatched)}' for field '$merge.whenMatched' is not a valid value.`,
    );
  }
  if (!["insert", "discard", "fail"].includes(whenNotMatched)) {
    throw new CommandError(
      ErrorCode.BadValue,
      `Enumeration value '${String(whenNotMatched)}' for field '$merge.whenNotMatched' is not a valid value.`,
    );
  }
  const { engine } = ctx;
  const w = new WriteContext(ctx.body);
  try {
    const target = engine.ensureCollection(db, name, w);
    const byId = on.length === 1 && on[0] === "_id";
    if (!byId) {
      const sameFields = (fields: string[]) =>
        fields.length === on.length && on.every((f) => fields.includes(f));
      const unique = target.indexes.find((ix) => ix.unique && ix.complete && sameFields(ix.fields));
      if (!unique) {
        throw new CommandError(
          ErrorCode.Location51183,
          "Cannot find index to verify that join fields will be unique",
        );
      }
    }
    const variables = { ...extras.variables, ...evaluateLet(spec.let, "$merge.let") };
    for (const result of results) {
      const doc = "_id" in result ? result : { _id: new ObjectId(), ...result };
      const filter: Filter = {};
      for (const field of on) {
        const values: unknown[] = [];
        distinctValues(doc, field, values);
        const value = values[0];
        if (values.length !== 1 || value === null || Array.isArray(value)) {
          throw new CommandError(
            ErrorCode.Location51132,
            `$merge write error: 'on' field '${field}' cannot be missing, null, undefined or an array`,
          );
        }
        filter[field] = value;
      }
      const existing = matchDocs(target, filter, { collation: extras.collation, limit: 1 })[0];
      if (existing === undefined) {
        if (whenNotMatched === "discard") continue;
        if (whenNotMatched === "fail") {
          throw new CommandError(
            ErrorCode.Location13113,
            "$merge could not find a matching document in the target collection for at least one document in the source collection",
          );
        }
        target.insert(idFirst(cloneDeep(doc) as Doc), w);
        continue;
      }
      if (whenMatched === "keepExisting") continue;
      if (whenMatched === "fail") {
        target.insert(idFirst(cloneDeep(doc) as Doc), w); // fails with E11000 like mongod
        continue;
      }
      const idKey = keyOf(existing._id);
      let next: Doc;
      if (Array.isArray(whenMatched)) {
        next = applyUpdate(existing, whenMatched, {
          variables: { ...variables, new: doc },
          collation: extras.collation,
        }).doc;
      } else if (whenMatched === "replace") {
        next = { ...(cloneDeep(doc) as Doc), _id: existing._id };
      } else {
        next = { ...existing, ...(cloneDeep(doc) as Doc), _id: existing._id };
      }
      if (keyOf(next._id) !== keyOf(existing._id)) {
        throw new CommandError(
          ErrorCode.ImmutableField,
          "$merge failed to update the matching document, did you attempt to modify the _id or the shard key?",
        );
      }
      target.replace(idKey, existing, idFirst(next), w);
    }
  } finally {
    await engine.commit(w);
  }
  return cursorReply(ctx, `${db}.${name}`, [], {});
}

export const readHandlers: Record<string, Handler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
  aggregate,
};
