// Applying update specifications (operator documents, replacements, pipelines) to a document.
//
// The stored document is never touched: operators run on a deep copy made with mingo's cloneDeep,
// which keeps ObjectId/Binary instances (structuredClone would turn them into plain objects). The
// caller then checks unique indexes against the result before swapping it in.

import { type Document, ObjectId, Timestamp } from "bson";
import { updateOne } from "mingo/updater";
import { cloneDeep } from "mingo/util";
import { CommandError, ErrorCode } from "./errors";
import {
  compileQuery,
  createAggregator,
  MINGO_UPDATE_CONTEXT,
  type MingoExtras,
  mingoOptions,
} from "./mingo";
import { arithmeticType, bsonTypeName, keptNumber } from "./numbers";
import { positionalIndex } from "./query";
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

/**
 * Checks mongod makes while parsing an operator update, before it looks at any document: no
 * path may have an empty field name (`"a..b"`: EmptyFieldName, 56), and every array filter
 * must be used by some `$[identifier]` of the update (FailedToParse, 9).
 */
function checkOperatorPaths(
  u: Record<string, Record<string, unknown>>,
  arrayFilters: Document[] | undefined,
): void {
  const used = new Set<string>();
  for (const fields of Object.values(u)) {
    for (const path of Object.keys(fields)) {
      if (path === "") {
        throw new CommandError(ErrorCode.EmptyFieldName, "An empty update path is not valid.");
      }
      const parts = path.split(".");
      if (parts.includes("")) {
        throw new CommandError(
          ErrorCode.EmptyFieldName,
          `The update path '${path}' contains an empty field name, which is not allowed.`,
        );
      }
      for (const part of parts) {
        if (part.startsWith("$[") && part.endsWith("]")) used.add(part.slice(2, -1));
      }
    }
  }
  for (const filter of arrayFilters ?? []) {
    if (!isPlainObject(filter)) continue;
    const first = Object.keys(filter)[0];
    const identifier = first?.split(".")[0];
    if (identifier === undefined || identifier.startsWith("$") || used.has(identifier)) continue;
    throw new CommandError(
      ErrorCode.FailedToParse,
      `The array filter for identifier '${identifier}' was not used in the update ${formatValue(u)}`,
    );
  }
}

/**
 * The kind of an update, checked like mongod parses it; `arrayFilters` are checked against the
 * update's paths when given.
 */
export function classifyUpdate(u: unknown, arrayFilters?: Document[]): UpdateKind {
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
  checkOperatorPaths(u as Record<string, Record<string, unknown>>, arrayFilters);
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

// --- checks mongod makes before applying operators -------------------------------------------
//
// mingo skips an operator it cannot apply (e.g. `$inc` on a string) and reports the document as
// unchanged, so the application would see a silent no-op where mongod reports an error.

/** Every path an operator document writes, `$rename` targets included. */
function* updatedPaths(ops: Record<string, Record<string, unknown>>): Iterable<string> {
  for (const [op, fields] of Object.entries(ops)) {
    for (const [path, value] of Object.entries(fields)) {
      yield path;
      if (op === "$rename" && typeof value === "string") yield value;
    }
  }
}

/**
 * ConflictingUpdateOperators (40): two operators (or one operator twice) on the same path or on
 * a path and one of its prefixes, `$setOnInsert` included even when the update matched.
 */
function checkConflicts(ops: Record<string, Record<string, unknown>>): void {
  for (const [from, to] of Object.entries(ops.$rename ?? {})) {
    if (typeof to !== "string") {
      throw new CommandError(
        ErrorCode.BadValue,
        `The 'to' field for $rename must be a string: ${from}: ${formatValue(to)}`,
      );
    }
    if (from === to) {
      throw new CommandError(
        ErrorCode.BadValue,
        `The source and target field for $rename must differ: ${from}: ${formatValue(to)}`,
      );
    }
    if (from.startsWith(`${to}.`) || to.startsWith(`${from}.`)) {
      throw new CommandError(
        ErrorCode.BadValue,
        `The source and target field for $rename must not be on the same path: ${from}: ${formatValue(to)}`,
      );
    }
  }
  const full = new Set<string>();
  const prefixes = new Set<string>();
  for (const path of updatedPaths(ops)) {
    const parts = path.split(".");
    let prefix = "";
    for (let i = 0; i < parts.length - 1; i++) {
      prefix = i === 0 ? (parts[0] as string) : `${prefix}.${parts[i]}`;
      if (full.has(prefix)) throw conflictError(path, prefix);
    }
    if (full.has(path) || prefixes.has(path)) throw conflictError(path, path);
    full.add(path);
    prefix = "";
    for (let i = 0; i < parts.length - 1; i++) {
      prefix = i === 0 ? (parts[0] as string) : `${prefix}.${parts[i]}`;
      prefixes.add(prefix);
    }
  }
}

function conflictError(path: string, at: string): CommandError {
  return new CommandError(
    ErrorCode.ConflictingUpdateOperators,
    `Updating the path '${path}' would create a conflict at '${at}'`,
  );
}

type Resolved =
  /** The path reaches a value (possibly undefined: missing), through documents only. */
  | { kind: "value"; value: unknown; viaArray: boolean }
  /** A scalar sits where the path needs a document: `field` of `holder` cannot be created. */
  | { kind: "blocked"; field: string; holderName: string; holder: unknown }
  /** Positional components: resolved per array element by mingo, not checked here. */
  | { kind: "positional" };

function isArrayIndex(part: string): boolean {
  return /^\d+$/.test(part);
}

function resolvePath(doc: Doc, path: string): Resolved {
  const parts = path.split(".");
  let value: unknown = doc;
  let name = "";
  let viaArray = false;
  for (const part of parts) {
    if (part === "$" || part.startsWith("$[")) return { kind: "positional" };
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (!isArrayIndex(part))
        return { kind: "blocked", field: part, holderName: name, holder: value };
      viaArray = true;
      value = value[Number(part)];
    } else if (isPlainObject(value)) {
      value = value[part];
    } else {
      return { kind: "blocked", field: part, holderName: name, holder: value };
    }
    name = part;
  }
  return { kind: "value", value, viaArray };
}

function isNumeric(value: unknown): boolean {
  if (typeof value === "number" || typeof value === "bigint") return true;
  const tag = (value as { _bsontype?: string } | null)?._bsontype;
  return tag === "Long" || tag === "Int32" || tag === "Double" || tag === "Decimal128";
}

const CREATING_OPERATORS = new Set([
  "$set",
  "$setOnInsert",
  "$inc",
  "$mul",
  "$min",
  "$max",
  "$push",
  "$addToSet",
  "$currentDate",
]);

function lastPart(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? path : path.slice(dot + 1);
}

function isPositional(part: string): boolean {
  return part === "$" || (part.startsWith("$[") && part.endsWith("]"));
}

/** The indexes of `array` a positional component (`$`, `$[]`, `$[id]`) stands for. */
function positionalIndexes(
  array: unknown[],
  part: string,
  arrayPath: string,
  options: ApplyOptions,
): number[] {
  if (part === "$") {
    const index = positionalIndex(array, arrayPath, options.filter ?? {}, options);
    return index < 0 ? [] : [index];
  }
  if (part === "$[]") return Array.from(array.keys());
  const identifier = part.slice(2, -1);
  const filter = options.arrayFilters?.find(
    (f) => isPlainObject(f) && Object.keys(f)[0]?.split(".")[0] === identifier,
  );
  if (filter === undefined) return [];
  const query = compileQuery(filter, options);
  const out: number[] = [];
  array.forEach((element, i) => {
    if (query.test({ [identifier]: element })) out.push(i);
  });
  return out;
}

/**
 * The concrete paths (array indexes in place of `$`, `$[]`, `$[id]`) an update path writes in
 * `doc`, so the checks below apply through positional paths as mongod applies them. A
 * positional component over something that is not an array yields nothing: mingo reports it.
 */
function concretePaths(doc: Doc, path: string, options: ApplyOptions): string[] {
  const parts = path.split(".");
  if (!parts.some(isPositional)) return [path];
  let frontier: { value: unknown; parts: string[] }[] = [{ value: doc, parts: [] }];
  for (const part of parts) {
    const next: typeof frontier = [];
    for (const { value, parts: done } of frontier) {
      if (!isPositional(part)) {
        const child = isPlainObject(value)
          ? value[part]
          : Array.isArray(value) && isArrayIndex(part)
            ? value[Number(part)]
            : undefined;
        next.push({ value: child, parts: [...done, part] });
      } else if (Array.isArray(value)) {
        for (const i of positionalIndexes(value, part, done.join("."), options)) {
          next.push({ value: value[i], parts: [...done, String(i)] });
        }
      }
    }
    frontier = next;
  }
  return frontier.map((entry) => entry.parts.join("."));
}

/** Type checks of operands and of the values they apply to, with mongod's codes and wording. */
function checkOperands(
  ops: Record<string, Record<string, unknown>>,
  current: Doc,
  options: ApplyOptions,
): void {
  const idText = `{_id: ${formatValue(current._id)}}`;
  for (const [op, fields] of Object.entries(ops)) {
    for (const [path, operand] of Object.entries(fields)) {
      if ((op === "$inc" || op === "$mul") && !isNumeric(operand)) {
        throw new CommandError(
          ErrorCode.TypeMismatch,
          `Cannot ${op === "$inc" ? "increment" : "multiply"} with non-numeric argument: {${path}: ${formatValue(operand)}}`,
        );
      }
      const named = op === "$rename" && typeof operand === "string" ? operand : path;
      for (const target of concretePaths(current, named, options)) {
        const at = resolvePath(current, target);
        if (at.kind === "positional") continue;
        if (at.kind === "blocked") {
          if (!CREATING_OPERATORS.has(op) && op !== "$rename") continue;
          throw new CommandError(
            ErrorCode.PathNotViable,
            `Cannot create field '${at.field}' in element {${at.holderName}: ${formatValue(at.holder)}}`,
          );
        }
        const value = at.value;
        if (value === undefined || op === "$rename") continue;
        const type = bsonTypeName(value);
        switch (op) {
          case "$inc":
          case "$mul":
            if (!isNumeric(value)) {
              throw new CommandError(
                ErrorCode.TypeMismatch,
                `Cannot apply ${op} to a value of non-numeric type. ${idText} has the field '${lastPart(target)}' of non-numeric type ${type}`,
              );
            }
            if (typeof value === "number" && typeof operand === "number") {
              const result = op === "$inc" ? value + operand : value * operand;
              keptNumber(result, arithmeticType(value, operand, result), `${op} on '${target}'`);
            }
            break;
          case "$push":
            if (!Array.isArray(value)) {
              throw new CommandError(
                ErrorCode.BadValue,
                `The field '${target}' must be an array but is of type ${type} in document ${idText}`,
              );
            }
            break;
          case "$addToSet":
            if (!Array.isArray(value)) {
              throw new CommandError(
                ErrorCode.BadValue,
                `Cannot apply $addToSet to non-array field. Field named '${lastPart(target)}' has non-array type ${type}`,
              );
            }
            break;
          case "$pull":
          case "$pullAll":
            if (!Array.isArray(value)) {
              throw new CommandError(ErrorCode.BadValue, `Cannot apply ${op} to a non-array value`);
            }
            break;
          case "$pop":
            if (!Array.isArray(value)) {
              throw new CommandError(
                ErrorCode.TypeMismatch,
                `Path '${target}' contains an element of non-array type '${type}'`,
              );
            }
            break;
        }
      }
    }
  }
}

let timestampIncrement = 0;
let timestampSecond = 0;

/** A new BSON timestamp for `$currentDate: {$type: "timestamp"}`: (seconds, increment). */
function currentTimestamp(): Timestamp {
  const t = Math.floor(Date.now() / 1000);
  if (t !== timestampSecond) {
    timestampSecond = t;
    timestampIncrement = 0;
  }
  return new Timestamp({ t, i: ++timestampIncrement });
}

/**
 * Rewrites what mingo gets wrong before it runs: `$currentDate` with `{$type: "timestamp"}`
 * (mingo stores milliseconds as a number) becomes a `$set` of a BSON timestamp, and a `$push`
 * with `$sort`/`$slice` onto a missing field starts from an empty array (mingo would store
 * `$each` as given, unsorted and unsliced).
 */
function rewriteForMingo(ops: Record<string, Record<string, unknown>>, copy: Doc): void {
  const currentDate = ops.$currentDate;
  if (currentDate) {
    for (const [path, spec] of Object.entries(currentDate)) {
      if (isPlainObject(spec) && spec.$type === "timestamp") {
        ops.$set ??= {};
        ops.$set[path] = currentTimestamp();
        delete currentDate[path];
      }
    }
    if (Object.keys(currentDate).length === 0) delete ops.$currentDate;
  }
  const push = ops.$push;
  if (push) {
    for (const [path, spec] of Object.entries(push)) {
      if (!isPlainObject(spec) || !Array.isArray(spec.$each) || spec.$each.length === 0) continue;
      if (spec.$sort === undefined && spec.$slice === undefined) continue;
      const at = resolvePath(copy, path);
      if (at.kind === "value" && at.value === undefined && !at.viaArray) setPath(copy, path, []);
    }
  }
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
  checkConflicts(ops);
  const setOnInsert = ops.$setOnInsert;
  delete ops.$setOnInsert;
  stripIdOps(ops, current);
  if (setOnInsert && options.inserting) stripIdOps({ $setOnInsert: setOnInsert }, current);
  for (const op of Object.keys(ops))
    if (Object.keys(ops[op] as object).length === 0) delete ops[op];
  checkOperands(ops, current, options);
  if (setOnInsert && options.inserting) checkOperands({ $set: setOnInsert }, current, options);

  const copy = cloneDeep(current) as Doc;
  rewriteForMingo(ops, copy);
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

/** Stages an update pipeline may use (mongod refuses every other one). */
const UPDATE_PIPELINE_STAGES = new Set([
  "$addFields",
  "$set",
  "$project",
  "$unset",
  "$replaceRoot",
  "$replaceWith",
]);

/** Runs an update pipeline over one document (a copy: stages may edit their input). */
function runUpdatePipeline(doc: Doc, pipeline: Document[], options: ApplyOptions): Doc {
  for (const stage of pipeline) {
    const [name] = Object.keys(stage);
    if (name === undefined || !UPDATE_PIPELINE_STAGES.has(name)) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        `${name ?? "{}"} is not allowed to be used within an update`,
      );
    }
  }
  const out = createAggregator(pipeline, options).run([cloneDeep(doc) as Doc]) as Doc[];
  const next = out[0];
  if (out.length !== 1 || !isPlainObject(next)) {
    throw new CommandError(ErrorCode.BadValue, "an update pipeline must produce one document");
  }
  return next;
}

/**
 * A pipeline update: the pipeline's output replaces the document. Like mongod, an output without
 * `_id` (after `$replaceRoot`, `$replaceWith` or `$project`) keeps the document's `_id`; an output
 * with another `_id` is refused (66).
 */
function applyPipeline(current: Doc, pipeline: Document[], options: ApplyOptions): ApplyResult {
  const next = runUpdatePipeline(current, pipeline, options);
  if (!("_id" in next) || next._id === undefined) next._id = current._id;
  if (keyOf(next._id) !== keyOf(current._id)) {
    throw new CommandError(
      ErrorCode.ImmutableField,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(next._id)}`,
    );
  }
  const doc = idFirst(next);
  return keyOf(doc) === keyOf(current)
    ? { doc: current, modified: false }
    : { doc, modified: true };
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
    doc = runUpdatePipeline(seed, u as Document[], options);
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
