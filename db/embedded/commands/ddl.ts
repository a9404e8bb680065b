// Catalog commands: collections, databases and indexes, plus their statistics.

import { calculateObjectSize, type Document } from "bson";
import { collationDocument, parseCollation } from "../collation";
import type { Collection } from "../collection";
import { CommandError, ErrorCode } from "../errors";
import {
  ID_INDEX_NAME,
  ID_INDEX_SPEC,
  type IndexSpec,
  normalizeIndexSpec,
  sameKeyPattern,
} from "../indexes";
import { compileQuery } from "../mingo";
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
  if (body.viewOn !== undefined || body.pipeline !== undefined) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "views are not supported by the embedded server",
    );
  }
  if (body.timeseries !== undefined || body.clusteredIndex !== undefined) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "time series and clustered collections are not supported by the embedded server",
    );
  }
  const options: Document = {};
  for (const key of COLLECTION_OPTIONS) if (body[key] !== undefined) options[key] = body[key];
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
  const w = engine.txns.writeContext(body);
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
  const w = engine.txns.writeContext(body);
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
  const w = ctx.engine.txns.writeContext(ctx.body);
  try {
    ctx.engine.dropDatabase(ctx.db, w);
  } finally {
    await ctx.engine.commit(w);
  }
  return { dropped: ctx.db, ok: 1 };
}

function collectionInfo(coll: Collection, nameOnly: boolean): Doc {
  if (nameOnly) return { name: coll.name, type: "collection" };
  return {
    name: coll.name,
    type: "collection",
    options: coll.options,
    info: { readOnly: false, uuid: coll.uuid },
    idIndex: ID_INDEX_SPEC,
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
  const w = engine.txns.writeContext(body);
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
  const names = indexNamesToDrop(coll, body.index);
  const before = coll.indexes.length + 1;
  const w = engine.txns.writeContext(body);
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
  const w = engine.txns.writeContext(body);
  try {
    engine.renameCollection(from, to, body.dropTarget === true, w);
  } finally {
    await engine.commit(w);
  }
  return { ok: 1 };
}

function dbStats(ctx: CommandContext): Document {
  const colls = Array.from(ctx.engine.dbs.get(ctx.db)?.values() ?? []);
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  for (const coll of colls) {
    objects += coll.size;
    dataSize += collectionBytes(coll);
    indexes += coll.indexes.length + 1;
  }
  return {
    db: ctx.db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects > 0 ? dataSize / objects : 0,
    dataSize,
    storageSize: dataSize,
    indexes,
    indexSize: 0,
    totalSize: dataSize,
    scaleFactor: 1,
    ok: 1,
  };
}

function collStats(ctx: CommandContext): Document {
  const name = collectionArg(ctx, "collStats");
  const coll = ctx.engine.requireCollection(ctx.db, name);
  const size = collectionBytes(coll);
  const indexSizes: Document = {};
  for (const spec of coll.indexSpecs()) indexSizes[spec.name] = 0;
  return {
    ns: coll.ns,
    count: coll.size,
    size,
    avgObjSize: coll.size > 0 ? size / coll.size : 0,
    storageSize: size,
    nindexes: coll.indexes.length + 1,
    totalIndexSize: 0,
    indexSizes,
    ok: 1,
  };
}

export const ddlHandlers: Record<string, Handler> = {
  create,
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
