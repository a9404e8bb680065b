// Applying update specifications (operator documents, replacements, pipelines) to a document.
//
// The stored document is never touched: operators run on a deep copy made with mingo's cloneDeep,
// which keeps ObjectId/Binary instances (structuredClone would turn them into plain objects). The
// caller then checks unique indexes against the result before swapping it in.

import { type Document, ObjectId } from "bson";
import { updateOne } from "mingo/updater";
import { cloneDeep } from "mingo/util";
import { CommandError, ErrorCode } from "./errors";
import { MINGO_UPDATE_CONTEXT, type MingoExtras, mingoOptions } from "./mingo";
import { type Doc, formatValue, idFirst, isPlainObject, keyOf, setPath } from "./values";

const UPDATE_OPERATORS = new Set([
  "$set",
  "$unset",
  "$inc",
  "$mul",
  "$min",
  "$max",
  "$rename",
  "$currentDate",
  "$push",
  "$pull",
  "$pullAll",
  "$addToSet",
  "$pop",
  "$bit",
  "$setOnInsert",
]);

export type UpdateKind = "operators" | "replacement" | "pipeline";

export function classifyUpdate(u: unknown): UpdateKind {
  if (Array.isArray(u)) {
    if (!u.every(isPlainObject)) {
      throw new CommandError(ErrorCode.FailedToParse, "Each pipeline stage must be an object");
    }
    return "pipeline";
  }
  if (!isPlainObject(u)) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "Update argument must be either an object or an array",
    );
  }
  const keys = Object.keys(u);
  const dollar = keys.filter((k) => k.startsWith("$"));
  if (dollar.length === 0) return "replacement";
  if (dollar.length !== keys.length) {
    const plain = keys.find((k) => !k.startsWith("$"));
    throw new CommandError(
      ErrorCode.FailedToParse,
      `Unknown modifier: ${plain}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  for (const op of dollar) {
    if (!UPDATE_OPERATORS.has(op)) {
      throw new CommandError(
        ErrorCode.FailedToParse,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(u[op])) {
      throw new CommandError(
        ErrorCode.FailedToParse,
        `Modifiers operate on fields but we found type ${Array.isArray(u[op]) ? "array" : typeof u[op]} instead. For example: {$mod: {<field>: ...}} not {${op}: ${formatValue(u[op])}}`,
      );
    }
  }
  return "operators";
}

export interface ApplyOptions extends MingoExtras {
  arrayFilters?: Document[] | undefined;
  /** The query that selected the document: needed by the positional `$` operator. */
  filter?: Record<string, unknown> | undefined;
  /** True when building a document for an upsert: `$setOnInsert` applies. */
  inserting?: boolean;
}

export interface ApplyResult {
  doc: Doc;
  modified: boolean;
}

function immutableIdError(path: string): CommandError {
  return new CommandError(
    ErrorCode.ImmutableField,
    `Performing an update on the path '${path}' would modify the immutable field '_id'`,
  );
}

function touchesId(path: string): boolean {
  return path === "_id" || path.startsWith("_id.");
}

function hasPositional(ops: Record<string, unknown>): boolean {
  for (const fields of Object.values(ops)) {
    for (const path of Object.keys(fields as object)) {
      if (path.endsWith(".$") || path.includes(".$.")) return true;
    }
  }
  return false;
}

/**
 * Removes `_id` assignments that keep the current value (MongoDB accepts them) and rejects any
 * other operator touching `_id` with ImmutableField (66).
 */
function stripIdOps(ops: Record<string, Record<string, unknown>>, current: Doc): void {
  for (const [op, fields] of Object.entries(ops)) {
    for (const path of Object.keys(fields)) {
      if (!touchesId(path)) {
        if (op === "$rename" && touchesId(String(fields[path])))
          throw immutableIdError(String(fields[path]));
        continue;
      }
      const unchanged =
        (op === "$set" || op === "$setOnInsert") &&
        path === "_id" &&
        keyOf(fields[path]) === keyOf(current._id);
      if (!unchanged) throw immutableIdError(path);
      delete fields[path];
    }
  }
}

function runOperators(doc: Doc, ops: Record<string, unknown>, options: ApplyOptions): boolean {
  if (Object.keys(ops).length === 0) return false;
  const docs = [doc];
  const condition = options.filter && hasPositional(ops) ? options.filter : {};
  const result = updateOne(
    docs,
    condition,
    ops,
    { arrayFilters: options.arrayFilters ?? [], cloneMode: "copy" },
    mingoOptions(options, MINGO_UPDATE_CONTEXT),
  );
  if (result.matchedCount === 0 && Object.keys(condition).length > 0) {
    throw new CommandError(
      ErrorCode.BadValue,
      "The positional operator did not find the match needed from the query.",
    );
  }
  return result.modifiedCount > 0;
}

/** Applies an update to a document and returns the new version (the input stays untouched). */
export function applyUpdate(current: Doc, u: unknown, options: ApplyOptions = {}): ApplyResult {
  const kind = classifyUpdate(u);
  if (kind === "replacement") return applyReplacement(current, u as Doc);
  if (kind === "pipeline") return applyPipeline(current, u as Document[], options);

  const ops: Record<string, Record<string, unknown>> = {};
  for (const [op, fields] of Object.entries(u as Record<string, Record<string, unknown>>)) {
    ops[op] = { ...fields };
  }
  const setOnInsert = ops.$setOnInsert;
  delete ops.$setOnInsert;
  stripIdOps(ops, current);
  if (setOnInsert && options.inserting) stripIdOps({ $setOnInsert: setOnInsert }, current);
  for (const op of Object.keys(ops))
    if (Object.keys(ops[op] as object).length === 0) delete ops[op];

  const copy = cloneDeep(current) as Doc;
  let modified = runOperators(copy, ops, options);
  if (setOnInsert && options.inserting && Object.keys(setOnInsert).length > 0) {
    modified = runOperators(copy, { $set: setOnInsert }, options) || modified;
  }
  if (!modified) return { doc: current, modified: false };
  if (keyOf(copy._id) !== keyOf(current._id)) throw immutableIdError("_id");
  return { doc: idFirst(copy), modified: true };
}

function applyReplacement(current: Doc, replacement: Doc): ApplyResult {
  if ("_id" in replacement && keyOf(replacement._id) !== keyOf(current._id)) {
    throw new CommandError(
      ErrorCode.ImmutableField,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
    );
  }
  const next: Doc = { _id: current._id };
  for (const [key, value] of Object.entries(replacement)) if (key !== "_id") next[key] = value;
  return { doc: next, modified: keyOf(next) !== keyOf(current) };
}

function applyPipeline(current: Doc, pipeline: Document[], options: ApplyOptions): ApplyResult {
  const docs: Doc[] = [cloneDeep(current) as Doc];
  const result = updateOne(docs, {}, pipeline as never, {}, mingoOptions(options));
  const next = docs[0] as Doc;
  if (result.modifiedCount === 0) return { doc: current, modified: false };
  if (keyOf(next._id) !== keyOf(current._id)) {
    throw new CommandError(
      ErrorCode.ImmutableField,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(next._id)}`,
    );
  }
  return { doc: idFirst(next), modified: true };
}

/**
 * The document an upsert starts from: the equality conditions of the query (top level, dotted
 * paths and `$and` branches), as MongoDB does.
 */
export function upsertSeed(filter: Record<string, unknown>): Doc {
  const seed: Doc = {};
  const visit = (clauses: Record<string, unknown>): void => {
    for (const [key, clause] of Object.entries(clauses)) {
      if (key === "$and" && Array.isArray(clause)) {
        for (const branch of clause) if (isPlainObject(branch)) visit(branch);
        continue;
      }
      if (key.startsWith("$")) continue;
      if (isPlainObject(clause)) {
        const inner = Object.keys(clause);
        if (inner.length > 0 && inner.every((k) => k.startsWith("$"))) {
          if (inner.length === 1 && inner[0] === "$eq") setPath(seed, key, clause.$eq);
          continue;
        }
      }
      if (clause instanceof RegExp) continue;
      setPath(seed, key, clause);
    }
  };
  visit(filter);
  return seed;
}

/** Builds the document an upsert inserts. */
export function buildUpsertDoc(
  filter: Record<string, unknown>,
  u: unknown,
  options: ApplyOptions,
): Doc {
  const kind = classifyUpdate(u);
  const seed = upsertSeed(filter);
  let doc: Doc;
  if (kind === "replacement") {
    const replacement = u as Doc;
    doc = {};
    if ("_id" in seed) doc._id = seed._id;
    else if ("_id" in replacement) doc._id = replacement._id;
    for (const [key, value] of Object.entries(replacement)) if (key !== "_id") doc[key] = value;
  } else if (kind === "pipeline") {
    const docs: Doc[] = [seed];
    updateOne(docs, {}, u as never, {}, mingoOptions(options));
    doc = docs[0] as Doc;
  } else {
    // `_id` may be chosen by the update itself when the query did not fix it.
    const ops = u as Record<string, Record<string, unknown> | undefined>;
    if (!("_id" in seed)) {
      for (const op of ["$set", "$setOnInsert"]) {
        const fields = ops[op];
        if (fields && "_id" in fields) seed._id = fields._id;
      }
    }
    if (!("_id" in seed)) seed._id = new ObjectId();
    doc = applyUpdate(seed, u, { ...options, inserting: true }).doc;
  }
  if (!("_id" in doc) || doc._id === undefined) doc._id = new ObjectId();
  return idFirst(doc);
}
