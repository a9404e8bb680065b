// Catalog commands: collections, databases and indexes, plus their statistics.

import { calculateObjectSize, type Document, Double } from "bson";
import { collationDocument, parseCollation } from "../collation";
import { type Collection, compileValidator, WriteContext } from "../collection";
import { CommandError, ErrorCode } from "../errors";
import {
  ID_INDEX_NAME,
  ID_INDEX_SPEC,
  type IndexSpec,
  normalizeIndexSpec,
  sameKeyPattern,
} from "../indexes";
import { compileQuery } from "../mingo";
import { appendedNumber } from "../numbers";
import { type Doc, formatValue, isPlainObject, keyOf } from "../values";
import {
  type CommandContext,
  collectionArg,
  cursorReply,
  type Handler,
  optionalArray,
  optionalCount,
  optionalObject,
} from "./context";
import { GENERIC_ARGUMENTS } from "./generic";

/** create options we keep and report back through listCollections. */
const COLLECTION_OPTIONS = [
  "capped",
  "size",
  "max",
  "validator",
  "validationLevel",
  "validationAction",
  "collation",
  "storageEngine",
  "indexOptionDefaults",
  "changeStreamPreAndPostImages",
];

async function create(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, "create");
  if (body.viewOn !== undefined || body.pipeline !== undefined) return createView(ctx, name);
  if (body.timeseries !== undefined || body.clusteredIndex !== undefined) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "time series and clustered collections are not supported by the embedded server",
    );
  }
  const options: Document = {};
  for (const key of COLLECTION_OPTIONS) if (body[key] !== undefined) options[key] = body[key];
  checkValidationOptions(options);
  checkCappedOptions(options);
  // Stored (and reported by listCollections) in full, as mongod does; simple means none.
  const collation = parseCollation(body.collation);
  if (collation) options.collation = collationDocument(collation);
  else delete options.collation;
  // Since MongoDB 7.0 (SERVER-60064) create is idempotent when the options are identical.
  const existing = engine.getCollection(db, name);
  if (existing) {
    if (keyOf(existing.options) === keyOf(options)) return { ok: 1 };
    throw new CommandError(
      ErrorCode.NamespaceExists,
      `namespace ${db}.${name} already exists, but with different options: ${formatValue(existing.options)}`,
    );
  }
  const w = new WriteContext(body);
  try {
    engine.createCollection(db, name, options, w);
  } finally {
    await engine.commit(w);
  }
  return { ok: 1 };
}

const VALIDATION_LEVELS = ["off", "strict", "moderate"];
const VALIDATION_ACTIONS = ["error", "warn"];

/** Refuses a validator the server cannot enforce, or unknown validation level/action values. */
function checkValidationOptions(options: Document): void {
  compileValidator(options.validator);
  for (const [field, allowed] of [
    ["validationLevel", VALIDATION_LEVELS],
    ["validationAction", VALIDATION_ACTIONS],
  ] as const) {
    const value = options[field];
    if (value !== undefined && !allowed.includes(value)) {
      throw new CommandError(
        ErrorCode.BadValue,
        `Enumeration value '${String(value)}' for field '${field}' is not a valid value.`,
      );
    }
  }
}

/** A capped collection needs a positive size (bytes); `max` (documents) is optional. */
function checkCappedOptions(options: Document): void {
  if (options.capped !== true) {
    if (options.size !== undefined || options.max !== undefined) {
      if (options.capped === undefined) return; // mongod ignores size/max without capped
    }
    return;
  }
  const size = options.size;
  if (typeof size !== "number" || !(size > 0)) {
    throw new CommandError(
      ErrorCode.InvalidOptions,
      "the 'size' field is required when 'capped' is true",
    );
  }
  // mongod rounds a capped size up to a multiple of 256 bytes.
  options.size = Math.ceil(size / 256) * 256;
  if (options.max !== undefined && (typeof options.max !== "number" || options.max < 0)) {
    throw new CommandError(ErrorCode.BadValue, "'max' must be a non-negative number");
  }
}

const COLL_MOD_FIELDS = new Set([
  "collMod",
  "validator",
  "validationLevel",
  "validationAction",
  "index",
  "viewOn",
  "pipeline",
  "changeStreamPreAndPostImages",
  "cappedSize",
  "cappedMax",
]);

/**
 * collMod: validator and validation settings, view definitions, index changes (TTL
 * `expireAfterSeconds`, `hidden`, `prepareUnique`, conversion to `unique`), capped size and max,
 * and `changeStreamPreAndPostImages` (stored and reported). Other options are refused.
 */
async function collMod(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, "collMod");
  for (const field of Object.keys(body)) {
    if (!COLL_MOD_FIELDS.has(field) && !GENERIC_ARGUMENTS.has(field)) {
      throw new CommandError(
        ErrorCode.Location40415,
        `BSON field 'collMod.${field}' is an unknown field.`,
      );
    }
  }
  const coll = engine.getCollection(db, name);
  if (!coll)
    throw new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${db}.${name}`);
  const options: Document = { ...coll.options };
  const reply: Document = {};
  if (coll.isView) {
    for (const field of [
      "validator",
      "validationLevel",
      "validationAction",
      "index",
      "cappedSize",
      "cappedMax",
    ]) {
      if (body[field] !== undefined) {
        throw new CommandError(
          ErrorCode.InvalidOptions,
          `option '${field}' is not allowed on a view`,
        );
      }
    }
    if (body.viewOn !== undefined || body.pipeline !== undefined) {
      if (typeof body.viewOn !== "string" || !Array.isArray(body.pipeline)) {
        throw new CommandError(
          ErrorCode.InvalidOptions,
          "must specify both 'viewOn' and 'pipeline' when modifying a view",
        );
      }
      options.viewOn = body.viewOn;
      options.pipeline = body.pipeline;
    }
  } else {
    if (body.viewOn !== undefined || body.pipeline !== undefined) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        "'viewOn' and 'pipeline' apply to views only",
      );
    }
    for (const field of [
      "validator",
      "validationLevel",
      "validationAction",
      "changeStreamPreAndPostImages",
    ]) {
      if (body[field] !== undefined) options[field] = body[field];
    }
    checkValidationOptions(options);
    if (body.cappedSize !== undefined || body.cappedMax !== undefined) {
      if (options.capped !== true) {
        throw new CommandError(ErrorCode.InvalidOptions, "collection is not capped");
      }
      if (body.cappedSize !== undefined) options.size = body.cappedSize;
      if (body.cappedMax !== undefined) options.max = body.cappedMax;
      checkCappedOptions(options);
    }
  }
  const w = new WriteContext(body);
  try {
    if (body.index !== undefined) Object.assign(reply, modifyIndex(coll, body.index, w));
    if (keyOf(options) !== keyOf(coll.options)) {
      coll.setOptions(options);
      w.record({ t: "setopts", ns: coll.ns, options });
      if (coll.isView) engine.resolveView(coll); // refuses a definition that makes a cycle
      coll.enforceCap(w);
    }
  } finally {
    await engine.commit(w);
  }
  return { ...reply, ok: 1 };
}

/** collMod `index`: find the index by name or key pattern and apply the requested changes. */
function modifyIndex(coll: Collection, raw: unknown, w: WriteContext): Document {
  if (!isPlainObject(raw))
    throw new CommandError(ErrorCode.TypeMismatch, "'index' must be an object");
  const byName = typeof raw.name === "string" ? coll.findIndex(raw.name) : undefined;
  const byKey = isPlainObject(raw.keyPattern)
    ? coll.indexes.find((ix) => sameKeyPattern(ix.spec.key, raw.keyPattern as IndexSpec["key"]))
    : undefined;
  const index = byName ?? byKey;
  if (!index) {
    throw new CommandError(
      ErrorCode.IndexNotFound,
      `cannot find index ${formatValue(raw.name ?? raw.keyPattern)} for ns ${coll.ns}`,
    );
  }
  const spec: IndexSpec = { ...index.spec };
  const reply: Document = {};
  for (const field of Object.keys(raw)) {
    if (
      !["name", "keyPattern", "expireAfterSeconds", "hidden", "prepareUnique", "unique"].includes(
        field,
      )
    ) {
      throw new CommandError(
        ErrorCode.Location40415,
        `BSON field 'collMod.index.${field}' is an unknown field.`,
      );
    }
  }
  if (raw.expireAfterSeconds !== undefined) {
    const ttl = raw.expireAfterSeconds;
    if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl < 0) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        "expireAfterSeconds must be a non-negative number",
      );
    }
    if (index.fields.length !== 1) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        "TTL indexes are single-field indexes, compound indexes do not support TTL",
      );
    }
    reply.expireAfterSeconds_old = spec.expireAfterSeconds;
    reply.expireAfterSeconds_new = ttl;
    spec.expireAfterSeconds = ttl;
  }
  if (raw.hidden !== undefined) {
    reply.hidden_old = spec.hidden === true;
    reply.hidden_new = raw.hidden === true;
    if (raw.hidden === true) spec.hidden = true;
    else delete spec.hidden;
  }
  if (raw.prepareUnique !== undefined) {
    reply.prepareUnique_old = spec.prepareUnique === true;
    reply.prepareUnique_new = raw.prepareUnique === true;
    if (raw.prepareUnique === true) spec.prepareUnique = true;
    else delete spec.prepareUnique;
  }
  if (raw.unique !== undefined) {
    if (raw.unique !== true) {
      throw new CommandError(ErrorCode.BadValue, "collMod can only change 'unique' to true");
    }
    if (spec.prepareUnique !== true) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        "Cannot make index unique with 'prepareUnique' set to false",
      );
    }
    if (spec.unique !== true) {
      const violations = coll.duplicateIds(index);
      if (violations.length > 0) {
        throw new CommandError(
          ErrorCode.CannotConvertIndexToUnique,
          "Cannot convert the index to unique. Please resolve conflicting documents before running collMod again.",
          { violations: violations.map((ids) => ({ ids })) },
        );
      }
      reply.unique_new = true;
      spec.unique = true;
      delete spec.prepareUnique;
    }
  }
  coll.replaceIndex(spec, w);
  return reply;
}

/** Stages a view's pipeline may not hold: a view only reads. */
const VIEW_FORBIDDEN_STAGES = new Set(["$out", "$merge"]);

/**
 * A read-only view: stored in the catalog like a collection with `{viewOn, pipeline}` options
 * (so it is journaled and survives restarts), holding no documents. Reads run its pipeline over
 * the collection it is defined on; writes and index commands are refused (166).
 */
async function createView(ctx: CommandContext, name: string): Promise<Document> {
  const { engine, body, db } = ctx;
  const viewOn = body.viewOn;
  if (typeof viewOn !== "string" || viewOn.length === 0) {
    throw new CommandError(
      ErrorCode.InvalidViewDefinition,
      "'viewOn' must be the name of a collection or view in the same database",
    );
  }
  const pipeline = body.pipeline ?? [];
  if (!Array.isArray(pipeline) || !pipeline.every(isPlainObject)) {
    throw new CommandError(ErrorCode.TypeMismatch, "'pipeline' must be an array of objects");
  }
  for (const stage of pipeline) {
    const [stageName] = Object.keys(stage);
    if (stageName && VIEW_FORBIDDEN_STAGES.has(stageName)) {
      throw new CommandError(
        ErrorCode.OptionNotSupportedOnView,
        `${stageName} cannot be used in a view definition`,
      );
    }
  }
  for (const option of [
    "capped",
    "size",
    "max",
    "validator",
    "storageEngine",
    "indexOptionDefaults",
  ]) {
    if (body[option] !== undefined) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        `option '${option}' is not allowed when creating a view`,
      );
    }
  }
  const options: Document = { viewOn, pipeline };
  const collation = parseCollation(body.collation);
  if (collation) options.collation = collationDocument(collation);
  const existing = engine.getCollection(db, name);
  if (existing) {
    if (keyOf(existing.options) === keyOf(options)) return { ok: 1 };
    throw new CommandError(ErrorCode.NamespaceExists, `namespace ${db}.${name} already exists`);
  }
  const w = new WriteContext(body);
  try {
    engine.createCollection(db, name, options, w);
  } finally {
    await engine.commit(w);
  }
  return { ok: 1 };
}

async function drop(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, "drop");
  const w = new WriteContext(body);
  let dropped: Collection | undefined;
  try {
    dropped = engine.dropCollection(db, name, w);
  } finally {
    await engine.commit(w);
  }
  if (!dropped) throw new CommandError(ErrorCode.NamespaceNotFound, "ns not found");
  return { ns: dropped.ns, nIndexesWas: dropped.indexes.length + 1, ok: 1 };
}

async function dropDatabase(ctx: CommandContext): Promise<Document> {
  const w = new WriteContext(ctx.body);
  try {
    ctx.engine.dropDatabase(ctx.db, w);
  } finally {
    await ctx.engine.commit(w);
  }
  return { dropped: ctx.db, ok: 1 };
}

function collectionInfo(coll: Collection, nameOnly: boolean): Doc {
  if (coll.isView) {
    if (nameOnly) return { name: coll.name, type: "view" };
    return { name: coll.name, type: "view", options: coll.options, info: { readOnly: true } };
  }
  if (nameOnly) return { name: coll.name, type: "collection" };
  return {
    name: coll.name,
    type: "collection",
    options: coll.options,
    info: { readOnly: false, uuid: coll.uuid },
    idIndex: coll.idIndexSpec(),
  };
}

function listCollections(ctx: CommandContext): Buffer {
  const { engine, body, db } = ctx;
  const filter = optionalObject(body, "filter");
  const nameOnly = body.nameOnly === true;
  const colls = Array.from(engine.dbs.get(db)?.values() ?? []).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  let infos = colls.map((c) => collectionInfo(c, nameOnly));
  if (filter && Object.keys(filter).length > 0) {
    // Filters may reference options/info even under nameOnly: test against the full entry.
    const query = compileQuery(filter);
    infos = colls
      .filter((c) => query.test(collectionInfo(c, false)))
      .map((c) => collectionInfo(c, nameOnly));
  }
  const cursor = optionalObject(body, "cursor");
  return cursorReply(ctx, `${db}.$cmd.listCollections`, infos, {
    batchSize: cursor ? optionalCount(cursor, "batchSize") : undefined,
  });
}

function collectionBytes(coll: Collection): number {
  let bytes = 0;
  for (const doc of coll.docs.values()) bytes += calculateObjectSize(doc);
  return bytes;
}

function listDatabases(ctx: CommandContext): Document {
  const { engine, body } = ctx;
  const nameOnly = body.nameOnly === true;
  const filter = optionalObject(body, "filter");
  let databases: Doc[] = [];
  let totalSize = 0;
  for (const [name, colls] of engine.dbs) {
    if (colls.size === 0) continue;
    if (nameOnly) {
      databases.push({ name });
      continue;
    }
    let size = 0;
    for (const coll of colls.values()) size += collectionBytes(coll);
    totalSize += size;
    databases.push({ name, sizeOnDisk: size, empty: false });
  }
  if (filter && Object.keys(filter).length > 0) {
    const query = compileQuery(filter);
    databases = databases.filter((d) => query.test(d));
  }
  databases.sort((a, b) => (a.name < b.name ? -1 : 1));
  if (nameOnly) return { databases, ok: 1 };
  return { databases, totalSize, totalSizeMb: Math.floor(totalSize / 1024 / 1024), ok: 1 };
}

async function createIndexes(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, "createIndexes");
  const rawSpecs = optionalArray(body, "indexes");
  if (!rawSpecs || rawSpecs.length === 0) {
    throw new CommandError(ErrorCode.BadValue, "Must specify at least one index to create");
  }
  const specs = rawSpecs.map(normalizeIndexSpec);
  const w = new WriteContext(body);
  try {
    const existed = engine.getCollection(db, name) !== undefined;
    const coll = engine.ensureCollection(db, name, w);
    // An index that names no collation takes the collection's default one, as in mongod.
    specs.forEach((spec, i) => {
      const raw = rawSpecs[i] as Document;
      if (raw.collation === undefined && coll.collation) {
        spec.collation = collationDocument(coll.collation);
      }
    });
    const before = coll.indexes.length + 1;
    // All or nothing: indexes built by this command are removed again if a later one fails,
    // and only journaled once every one of them succeeded.
    const created: IndexSpec[] = [];
    try {
      for (const spec of specs) if (coll.createIndex(spec, null)) created.push(spec);
    } catch (error) {
      for (const spec of created) coll.dropIndex(spec.name, null);
      throw error;
    }
    for (const spec of created) w.record({ t: "mkidx", ns: coll.ns, spec });
    const reply: Document = {
      numIndexesBefore: before,
      numIndexesAfter: coll.indexes.length + 1,
      createdCollectionAutomatically: !existed,
    };
    if (created.length === 0) reply.note = "all indexes already exist";
    reply.ok = 1;
    return reply;
  } finally {
    await engine.commit(w);
  }
}

function listIndexes(ctx: CommandContext): Buffer {
  const name = collectionArg(ctx, "listIndexes");
  const coll = ctx.engine.getCollection(ctx.db, name);
  if (!coll) {
    throw new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${ctx.db}.${name}`);
  }
  coll.assertNotView();
  const cursor = optionalObject(ctx.body, "cursor");
  return cursorReply(ctx, coll.ns, coll.indexSpecs(), {
    batchSize: cursor ? optionalCount(cursor, "batchSize") : undefined,
  });
}

function indexNamesToDrop(coll: Collection, spec: unknown): string[] {
  if (spec === "*") return coll.indexes.map((ix) => ix.name);
  const names = Array.isArray(spec) ? spec : [spec];
  return names.map((entry) => {
    if (typeof entry === "string") {
      if (entry === ID_INDEX_NAME) {
        throw new CommandError(ErrorCode.InvalidOptions, "cannot drop _id index");
      }
      if (!coll.findIndex(entry)) {
        throw new CommandError(ErrorCode.IndexNotFound, `index not found with name [${entry}]`);
      }
      return entry;
    }
    if (isPlainObject(entry)) {
      if (sameKeyPattern(entry as IndexSpec["key"], ID_INDEX_SPEC.key)) {
        throw new CommandError(ErrorCode.InvalidOptions, "cannot drop _id index");
      }
      const index = coll.indexes.find((ix) =>
        sameKeyPattern(ix.spec.key, entry as IndexSpec["key"]),
      );
      if (!index) {
        throw new CommandError(
          ErrorCode.IndexNotFound,
          `can't find index with key: ${formatValue(entry)}`,
        );
      }
      return index.name;
    }
    throw new CommandError(
      ErrorCode.TypeMismatch,
      "'index' must be a string, an object or an array of strings",
    );
  });
}

async function dropIndexes(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, body.dropIndexes !== undefined ? "dropIndexes" : "deleteIndexes");
  const coll = engine.getCollection(db, name);
  if (!coll) throw new CommandError(ErrorCode.NamespaceNotFound, `ns not found ${db}.${name}`);
  coll.assertNotView();
  const names = indexNamesToDrop(coll, body.index);
  const before = coll.indexes.length + 1;
  const w = new WriteContext(body);
  try {
    for (const indexName of names) coll.dropIndex(indexName, w);
  } finally {
    await engine.commit(w);
  }
  return { nIndexesWas: before, ok: 1 };
}

async function renameCollection(ctx: CommandContext): Promise<Document> {
  const { engine, body } = ctx;
  const from = body.renameCollection;
  const to = body.to;
  if (typeof from !== "string" || typeof to !== "string") {
    throw new CommandError(
      ErrorCode.TypeMismatch,
      "renameCollection and to must be namespace strings",
    );
  }
  const w = new WriteContext(body);
  try {
    engine.renameCollection(from, to, body.dropTarget === true, w);
  } finally {
    await engine.commit(w);
  }
  return { ok: 1 };
}

function dbStats(ctx: CommandContext): Document {
  const all = Array.from(ctx.engine.dbs.get(ctx.db)?.values() ?? []);
  const colls = all.filter((coll) => !coll.isView);
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  for (const coll of colls) {
    objects += coll.size;
    dataSize += collectionBytes(coll);
    indexes += coll.indexes.length + 1;
  }
  checkScale(ctx.body.scale);
  // DatabaseImpl::getStats: counts and sizes through appendNumber (int32 while they fit), the
  // average as a double always (`objects == 0 ? 0 : double(size) / double(objects)`).
  return {
    db: ctx.db,
    collections: appendedNumber(colls.length),
    views: appendedNumber(all.length - colls.length),
    objects: appendedNumber(objects),
    avgObjSize: new Double(objects > 0 ? dataSize / objects : 0),
    dataSize: appendedNumber(dataSize),
    storageSize: appendedNumber(dataSize),
    indexes: appendedNumber(indexes),
    indexSize: 0,
    totalSize: appendedNumber(dataSize),
    scaleFactor: 1,
    ok: 1,
  };
}

/**
 * Sizes are reported in bytes only: a `scale` other than 1 is refused rather than ignored (the
 * sizes would come back unscaled).
 */
function checkScale(scale: unknown): void {
  if (scale !== undefined && scale !== 1) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "the embedded server reports sizes in bytes only (scale: 1)",
    );
  }
}

/**
 * A collection's storage statistics, with mongod's fields and types (appendCollectionStorageStats
 * in storage_stats.cpp): counts and sizes through appendNumber (int32 while they fit, else long),
 * `avgObjSize` the int `dataSize / count` (integer division), present only when there are
 * documents, and `capped` with `max` and `maxSize` for a capped collection. Shared by the
 * `collStats` command and `$collStats`' `storageStats`.
 */
export function storageStats(coll: Collection, scale: unknown): Doc {
  checkScale(scale);
  const size = collectionBytes(coll);
  const count = coll.size;
  const indexSizes: Doc = {};
  for (const spec of coll.indexSpecs()) indexSizes[spec.name] = 0;
  const stats: Doc = { size: appendedNumber(size), count: appendedNumber(count) };
  if (count > 0) stats.avgObjSize = Math.floor(size / count);
  Object.assign(stats, {
    storageSize: appendedNumber(size),
    freeStorageSize: 0,
    capped: coll.options.capped === true,
  });
  if (coll.options.capped === true) {
    stats.max = appendedNumber(coll.options.max ?? 0);
    stats.maxSize = appendedNumber(coll.options.size ?? 0);
  }
  Object.assign(stats, {
    nindexes: coll.indexes.length + 1,
    totalIndexSize: 0,
    totalSize: appendedNumber(size),
    indexSizes,
    scaleFactor: 1,
  });
  return stats;
}

function collStats(ctx: CommandContext): Document {
  const name = collectionArg(ctx, "collStats");
  const coll = ctx.engine.requireCollection(ctx.db, name);
  return { ns: coll.ns, ...storageStats(coll, ctx.body.scale), ok: 1 };
}

export const ddlHandlers: Record<string, Handler> = {
  create,
  collMod,
  drop,
  dropDatabase,
  listCollections,
  listDatabases,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  renameCollection,
  dbStats,
  collStats,
};
