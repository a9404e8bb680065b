// Write commands: insert, update, delete, findAndModify.
//
// Every handler follows the same shape: apply changes in memory through a WriteContext (which
// records journal operations), then, whatever happened, commit what was applied before
// replying. A write error part-way through an ordered batch leaves the earlier writes applied
// and durable, exactly as mongod reports them.

import { type Document, ObjectId } from "bson";
import type { Collation } from "../collation";
import { type Collection, WriteContext } from "../collection";
import type { Engine } from "../engine";
import { CommandError, ErrorCode, toCommandError } from "../errors";
import { compileQuery } from "../mingo";
import {
  checkHint,
  type Filter,
  hasNatural,
  matchDocs,
  normalizeSort,
  project,
  sortDocs,
} from "../query";
import { applyUpdate, buildUpsertDoc, classifyUpdate } from "../update";
import { type Doc, idFirst, isPlainObject, keyOf } from "../values";
import { evaluateLet, withConstants } from "../variables";
import {
  type CommandContext,
  collationArg,
  collectionArg,
  type Handler,
  optionalArray,
  optionalObject,
} from "./context";

/**
 * An `_id` that is a document may not hold `$`-prefixed fields (at any depth): such a value
 * could not be queried back by equality, so mongod refuses to store it.
 */
export function checkIdForStorage(id: unknown): void {
  if (!isPlainObject(id)) return;
  const visit = (value: Record<string, unknown>): void => {
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith("$")) {
        throw new CommandError(
          ErrorCode.DollarPrefixedFieldName,
          `_id fields may not contain '$'-prefixed fields: ${key} is not valid for storage.`,
        );
      }
      if (isPlainObject(inner)) visit(inner);
    }
  };
  visit(id);
}

/** Gives a document its `_id` (first, as mongod stores it) and validates it. */
export function prepareInsert(raw: unknown): Doc {
  if (!isPlainObject(raw)) {
    throw new CommandError(ErrorCode.TypeMismatch, "documents to insert must be objects");
  }
  if (!("_id" in raw) || raw._id === undefined) {
    const { _id: _ignored, ...rest } = raw;
    return { _id: new ObjectId(), ...rest };
  }
  const id = raw._id;
  if (Array.isArray(id)) {
    throw new CommandError(ErrorCode.InvalidIdField, "The '_id' value cannot be of type array");
  }
  if (id instanceof RegExp || (id as { _bsontype?: string } | null)?._bsontype === "BSONRegExp") {
    throw new CommandError(ErrorCode.InvalidIdField, "can't use a regex for _id");
  }
  checkIdForStorage(id);
  return idFirst(raw);
}

/**
 * Fields an update or delete statement may hold in MongoDB 7.0. mongod parses statements
 * strictly, so anything else (`sort` in an update statement arrived only with MongoDB 8.0) fails
 * the whole command before any statement runs.
 */
const UPDATE_STATEMENT_FIELDS = new Set([
  "q",
  "u",
  "c",
  "arrayFilters",
  "hint",
  "multi",
  "upsert",
  "upsertSupplied",
  "collation",
  "sampleId",
  "allowShardKeyUpdatesWithoutFullShardKeyInQuery",
]);
const DELETE_STATEMENT_FIELDS = new Set(["q", "limit", "hint", "collation", "sampleId"]);

function checkStatementFields(
  command: string,
  list: string,
  statements: unknown[],
  allowed: ReadonlySet<string>,
): void {
  for (const stmt of statements) {
    if (!isPlainObject(stmt)) continue;
    for (const field of Object.keys(stmt)) {
      if (!allowed.has(field)) {
        throw new CommandError(
          ErrorCode.Location40415,
          `BSON field '${command}.${list}.${field}' is an unknown field.`,
        );
      }
    }
  }
}

function collationOf(doc: Document, coll: Collection | undefined): { collation?: Collation } {
  const collation = collationArg(doc, coll);
  return collation ? { collation } : {};
}

async function insert(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, "insert");
  const docs = optionalArray(body, "documents") ?? [];
  const ordered = body.ordered !== false;
  const w = new WriteContext(body);
  const writeErrors: Document[] = [];
  let n = 0;
  try {
    const coll = engine.ensureCollection(db, name, w);
    for (let i = 0; i < docs.length; i++) {
      try {
        coll.insert(prepareInsert(docs[i]), w);
        n++;
      } catch (error) {
        writeErrors.push(toCommandError(error).toWriteError(i));
        if (ordered) break;
      }
    }
  } finally {
    await engine.commit(w);
  }
  const reply: Document = { n, ok: 1 };
  if (writeErrors.length > 0) reply.writeErrors = writeErrors;
  return reply;
}

interface UpdateTally {
  n: number;
  nModified: number;
  upsertedId?: unknown;
}

/** One entry of `updates`: match, apply, check indexes, swap in; or upsert. */
function runUpdateStatement(
  engine: Engine,
  db: string,
  name: string,
  stmt: unknown,
  variables: Record<string, unknown> | undefined,
  w: WriteContext,
  tally: UpdateTally,
): void {
  if (!isPlainObject(stmt))
    throw new CommandError(ErrorCode.TypeMismatch, "update statement must be an object");
  const q = (optionalObject(stmt, "q") ?? {}) as Filter;
  const u = stmt.u;
  const multi = stmt.multi === true;
  const upsert = stmt.upsert === true;
  const arrayFilters = optionalArray(stmt, "arrayFilters") as Document[] | undefined;
  const kind = classifyUpdate(u, arrayFilters);
  if (multi && kind === "replacement") {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "multi update is not supported for replacement-style update",
    );
  }
  const coll = engine.writableCollection(db, name);
  const extras = { ...collationOf(stmt, coll), variables: withConstants(variables, stmt.c) };
  // The filter is checked even when there is no collection to run it on, as mongod does.
  if (!coll) compileQuery(q, extras);
  checkHint(coll, stmt.hint);
  const matches = coll ? matchDocs(coll, q, { ...extras, limit: multi ? 0 : 1 }) : [];
  if (matches.length === 0) {
    if (!upsert) return;
    const doc = buildUpsertDoc(q, u, { arrayFilters, ...extras });
    checkIdForStorage(doc._id);
    engine.ensureCollection(db, name, w).insert(doc, w);
    tally.n++;
    tally.upsertedId = doc._id;
    return;
  }
  const target = coll as Collection;
  for (const matched of matches) {
    const idKey = keyOf(matched._id);
    const current = target.docs.get(idKey);
    if (current === undefined) continue;
    const result = applyUpdate(current, u, { arrayFilters, filter: q, ...extras });
    if (result.modified) {
      target.replace(idKey, current, result.doc, w);
      tally.nModified++;
    }
    tally.n++;
  }
}

async function update(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, "update");
  const updates = optionalArray(body, "updates") ?? [];
  checkStatementFields("update", "updates", updates, UPDATE_STATEMENT_FIELDS);
  const variables = evaluateLet(body.let);
  const ordered = body.ordered !== false;
  const w = new WriteContext(body);
  const writeErrors: Document[] = [];
  const upserted: Document[] = [];
  const total = { n: 0, nModified: 0 };
  try {
    for (let i = 0; i < updates.length; i++) {
      const tally: UpdateTally = { n: 0, nModified: 0 };
      try {
        runUpdateStatement(engine, db, name, updates[i], variables, w, tally);
      } catch (error) {
        writeErrors.push(toCommandError(error).toWriteError(i));
        if (ordered) break;
      } finally {
        total.n += tally.n;
        total.nModified += tally.nModified;
        if (tally.upsertedId !== undefined) upserted.push({ index: i, _id: tally.upsertedId });
      }
    }
  } finally {
    await engine.commit(w);
  }
  const reply: Document = { n: total.n, nModified: total.nModified };
  if (upserted.length > 0) reply.upserted = upserted;
  if (writeErrors.length > 0) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
}

async function remove(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(ctx, "delete");
  const deletes = optionalArray(body, "deletes") ?? [];
  checkStatementFields("delete", "deletes", deletes, DELETE_STATEMENT_FIELDS);
  const variables = evaluateLet(body.let);
  const ordered = body.ordered !== false;
  const w = new WriteContext(body);
  const writeErrors: Document[] = [];
  let n = 0;
  try {
    const coll = engine.writableCollection(db, name);
    for (let i = 0; i < deletes.length; i++) {
      try {
        const stmt = deletes[i];
        if (!isPlainObject(stmt))
          throw new CommandError(ErrorCode.TypeMismatch, "delete statement must be an object");
        const q = (optionalObject(stmt, "q") ?? {}) as Filter;
        const extras = { ...collationOf(stmt, coll), variables };
        if (!coll) {
          compileQuery(q, extras); // a bad filter fails even without a collection
          continue;
        }
        checkHint(coll, stmt.hint);
        const limit = stmt.limit === 1 ? 1 : 0;
        for (const doc of matchDocs(coll, q, { ...extras, limit })) {
          if (coll.delete(keyOf(doc._id), w)) n++;
        }
      } catch (error) {
        writeErrors.push(toCommandError(error).toWriteError(i));
        if (ordered) break;
      }
    }
  } finally {
    await engine.commit(w);
  }
  const reply: Document = { n, ok: 1 };
  if (writeErrors.length > 0) reply.writeErrors = writeErrors;
  return reply;
}

async function findAndModify(ctx: CommandContext): Promise<Document> {
  const { engine, body, db } = ctx;
  const name = collectionArg(
    ctx,
    body.findAndModify !== undefined ? "findAndModify" : "findandmodify",
  );
  const query = (optionalObject(body, "query") ?? {}) as Filter;
  const sort = normalizeSort(body.sort);
  const fields = optionalObject(body, "fields");
  const removing = body.remove === true;
  const u = body.update;
  const upsert = body.upsert === true;
  const returnNew = body.new === true;
  const arrayFilters = optionalArray(body, "arrayFilters") as Document[] | undefined;
  const coll = engine.writableCollection(db, name);
  const extras = { ...collationOf(body, coll), variables: evaluateLet(body.let) };
  if (removing && u !== undefined) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Cannot specify both an update and remove=true",
    );
  }
  if (!removing && u === undefined) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Either an update or remove=true must be specified",
    );
  }
  if (removing && upsert) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Cannot specify both upsert=true and remove=true",
    );
  }
  if (removing && returnNew) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  }
  if (!removing) classifyUpdate(u, arrayFilters);

  let target: Doc | undefined;
  if (!coll) compileQuery(query, extras);
  checkHint(coll, body.hint);
  if (coll) {
    target = sort
      ? sortDocs(matchDocs(coll, query, { ...extras, scan: hasNatural(sort) }), sort, extras)[0]
      : matchDocs(coll, query, { ...extras, limit: 1 })[0];
  }
  const shape = (doc: Doc | undefined): Doc | null =>
    doc === undefined ? null : (project([doc], fields, extras, query)[0] ?? null);

  const w = new WriteContext(body);
  try {
    if (removing) {
      if (!coll || !target) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
      coll.delete(keyOf(target._id), w);
      return { lastErrorObject: { n: 1 }, value: shape(target), ok: 1 };
    }
    if (coll && target) {
      const idKey = keyOf(target._id);
      const result = applyUpdate(target, u, { arrayFilters, filter: query, ...extras });
      if (result.modified) coll.replace(idKey, target, result.doc, w);
      return {
        lastErrorObject: { n: 1, updatedExisting: true },
        value: shape(returnNew ? result.doc : target),
        ok: 1,
      };
    }
    if (!upsert) {
      return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    }
    const doc = buildUpsertDoc(query, u, { arrayFilters, ...extras });
    checkIdForStorage(doc._id);
    engine.ensureCollection(db, name, w).insert(doc, w);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
      value: returnNew ? shape(doc) : null,
      ok: 1,
    };
  } finally {
    await engine.commit(w);
  }
}

export const writeHandlers: Record<string, Handler> = {
  insert,
  update,
  delete: remove,
  findAndModify,
  findandmodify: findAndModify,
};
