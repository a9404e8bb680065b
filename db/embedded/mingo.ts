// The one place that configures mingo, the query/aggregation engine that gives this server its
// MongoDB semantics.
//
// We build our own operator context instead of using mingo's root `Query`/`Aggregator`: those
// merge mingo's default context in front of any custom one, and mingo's context merge keeps the
// operator registered first, so a custom `$type` would silently lose. Registering ours first and
// adding mingo's operators after it keeps the override.

import { Aggregator } from "mingo/aggregator";
import { Context, evalExpr } from "mingo/core";
import { Lazy } from "mingo/lazy";
import * as accumulatorOperators from "mingo/operators/accumulator";
import * as expressionOperators from "mingo/operators/expression";
import * as pipelineOperators from "mingo/operators/pipeline";
import * as projectionOperators from "mingo/operators/projection";
import * as queryOperators from "mingo/operators/query";
import { Query } from "mingo/query";
import type { CollectionResolver, Options } from "mingo/types";
import { resolve } from "mingo/util";
import { type Collation, mingoCollation, type StringCompare, stringCompare } from "./collation";
import { CommandError, ErrorCode } from "./errors";
import {
  CHECKED_EXPRESSION_OPS,
  checkExpressionOperators,
  checkPipelineExpressions,
  knownExpression,
  refuseScript,
} from "./expression-checks";
import {
  bsonTypeName,
  keptNumber,
  NUMBER_ACCUMULATOR_OPS,
  NUMBER_EXPRESSION_OPS,
  unkeptNumberError,
  writtenAs,
} from "./numbers";
import { binaryStrings, compareValues, sortDocuments, typeRank } from "./order";
import { type Doc, isPlainObject, setPath } from "./values";
import { $fillStage, $setWindowFieldsStage } from "./window";

/** BSON type names (and numeric aliases) that `$type` accepts. */
const TYPE_ALIASES: Record<string, string> = {
  "1": "double",
  "2": "string",
  "3": "object",
  "4": "array",
  "5": "binData",
  "6": "undefined",
  "7": "objectId",
  "8": "bool",
  "9": "date",
  "10": "null",
  "11": "regex",
  "13": "javascript",
  "16": "int",
  "17": "timestamp",
  "18": "long",
  "19": "decimal",
  "-1": "minKey",
  "127": "maxKey",
};

const NUMERIC_TYPES = new Set(["double", "int", "long", "decimal"]);

function typeMatches(value: unknown, wanted: unknown): boolean {
  const name = TYPE_ALIASES[String(wanted)] ?? String(wanted);
  const actual = bsonTypeName(value);
  return name === "number" ? NUMERIC_TYPES.has(actual) : actual === name;
}

/** Values a query path resolves to, MongoDB style: arrays on the way are traversed. */
function pathValues(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (value === undefined) return;
  if (i === parts.length) {
    out.push(value);
    if (Array.isArray(value)) for (const item of value) out.push(item);
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part)) pathValues(value[Number(part)], parts, i + 1, out);
    for (const item of value) {
      if (isPlainObject(item)) pathValues(item[part], parts, i + 1, out);
    }
    return;
  }
  if (isPlainObject(value)) pathValues(value[part], parts, i + 1, out);
}

/**
 * `$type` that knows every BSON type. mingo's own does not recognise objectId, binData, long
 * instances or timestamps, and does not look inside arrays the way MongoDB does.
 */
function $type(selector: string, wanted: unknown): (doc: Record<string, unknown>) => boolean {
  const parts = selector.split(".");
  const types = Array.isArray(wanted) ? wanted : [wanted];
  return (doc) => {
    const values: unknown[] = [];
    pathValues(doc, parts, 0, values);
    return values.some((v) => types.some((t) => typeMatches(v, t)));
  };
}

/**
 * The `$sort` stage with MongoDB's ordering (order.ts) instead of mingo's, which orders types
 * differently and sorts arrays by their smallest element in both directions.
 */
function $sortStage(
  coll: { transform(fn: (items: Doc[]) => unknown): unknown },
  spec: unknown,
  options: Options,
): unknown {
  if (!isPlainObject(spec) || Object.keys(spec).length === 0) {
    throw new CommandError(ErrorCode.BadValue, "$sort stage must have at least one sort key");
  }
  const sort: Record<string, 1 | -1> = {};
  for (const [field, dir] of Object.entries(spec)) {
    if (typeof dir !== "number" || !(dir === 1 || dir === -1)) {
      throw new CommandError(
        ErrorCode.BadValue,
        `$sort key ordering must be 1 (for ascending) or -1 (for descending)`,
      );
    }
    sort[field] = dir;
  }
  const collation = (options as { collation?: Collation }).collation;
  return coll.transform((items) => Lazy(sortDocuments(items, sort, collation)));
}

/**
 * `$unwind` refuses `includeArrayIndex`: mongod gives the index as a long, which this server
 * would return as an int32 (numbers.ts).
 */
function $unwindStage(coll: unknown, spec: unknown, options: Options): unknown {
  if (isPlainObject(spec) && spec.includeArrayIndex !== undefined) {
    throw unkeptNumberError("the array index $unwind's includeArrayIndex gives (a long)");
  }
  return (pipelineOperators.$unwind as (c: unknown, s: unknown, o: Options) => unknown)(
    coll,
    spec,
    options,
  );
}

/** mongod's accumulators (AccumulationStatement's registry in 7.0). */
const GROUP_ACCUMULATORS = new Set([
  "$accumulator",
  "$addToSet",
  "$avg",
  "$bottom",
  "$bottomN",
  "$count",
  "$first",
  "$firstN",
  "$last",
  "$lastN",
  "$max",
  "$maxN",
  "$median",
  "$mergeObjects",
  "$min",
  "$minN",
  "$percentile",
  "$push",
  "$stdDevPop",
  "$stdDevSamp",
  "$sum",
  "$top",
  "$topN",
]);

/**
 * `$group`'s output fields name accumulators, checked as mongod checks them when it parses the
 * stage (before any document is read): mingo would evaluate an expression operator
 * (`{$add: [...]}`) over the group's documents, or fail only once a group exists, where mongod
 * refuses the name (15952).
 */
function checkGroupAccumulators(spec: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(spec)) {
    if (field === "_id" || !isPlainObject(value)) continue;
    const name = Object.keys(value)[0];
    if (name === undefined) continue;
    if (!GROUP_ACCUMULATORS.has(name)) {
      throw new CommandError(15952, `unknown group operator '${name}'`);
    }
    if (name === "$accumulator") refuseScript(name);
    if (MINGO_CONTEXT.getOperator("accumulator" as never, name) === null) {
      throw new CommandError(
        ErrorCode.CommandNotSupported,
        `the embedded server does not implement the accumulator ${name}`,
      );
    }
  }
}

/** `$group`, checked again where it runs: a pipeline that did not go through createAggregator. */
function $groupStage(coll: unknown, spec: unknown, options: Options): unknown {
  if (isPlainObject(spec)) checkGroupAccumulators(spec);
  return (pipelineOperators.$group as (c: unknown, s: unknown, o: Options) => unknown)(
    coll,
    spec,
    options,
  );
}

/** `$match`, with `$comment` taken out of its filter (see withoutComments). */
function $matchStage(coll: unknown, spec: unknown, options: Options): unknown {
  return (pipelineOperators.$match as (c: unknown, s: unknown, o: Options) => unknown)(
    coll,
    isPlainObject(spec) ? withoutComments(spec) : spec,
    options,
  );
}

/**
 * `$bucketAuto` over no documents gives no buckets, as mongod does (mingo answers one empty bucket).
 * A `granularity` is refused: mongod rounds the first bucket's minimum down to the series value
 * below it (0.63 for 1 in R5, document_source_bucket_auto.cpp) and gives the rounded boundaries
 * as doubles, where mingo starts the first bucket at 0 and returns integral boundaries as int32.
 */
function $bucketAutoStage(
  coll: { transform(f: (items: Doc[]) => unknown): unknown },
  spec: unknown,
  options: Options,
): unknown {
  if (isPlainObject(spec) && spec.granularity !== undefined) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      "the embedded server does not implement $bucketAuto's granularity (its bucket boundaries and their number types would differ from MongoDB's)",
    );
  }
  const bucketAuto = pipelineOperators.$bucketAuto as (
    c: unknown,
    s: unknown,
    o: Options,
  ) => unknown;
  return coll.transform((items) =>
    items.length === 0 ? Lazy([]) : bucketAuto(Lazy(items), spec, options),
  );
}

/**
 * `$densify`, with the values it generates kept in mongod's number type or refused (numbers.ts).
 * mongod adds the step with `$add`'s rules (document_source_densify.cpp: `ExpressionAdd::apply(
 * value, step)`), starting from the lower bound (explicit bounds) or from the documents' values
 * (`full`, `partition`): int32 plus an int32 step stays int32 (a long past its range), and a
 * double on either side gives a double, 2.0 from 1.5 + 0.5 included, which this server would
 * write as an int32. Dates are added to by unit and are not numbers.
 */
function $densifyStage(
  coll: { transform(f: (items: Doc[]) => unknown): unknown },
  spec: unknown,
  options: Options,
): unknown {
  const densify = pipelineOperators.$densify as (c: unknown, s: unknown, o: Options) => unknown;
  if (!isPlainObject(spec) || !isPlainObject(spec.range) || typeof spec.field !== "string") {
    return densify(coll, spec, options);
  }
  const field = spec.field;
  const { step, bounds } = spec.range;
  if (
    Array.isArray(spec.partitionByFields) &&
    spec.partitionByFields.length > 0 &&
    bounds !== "partition"
  ) {
    // mongod fills every partition over the whole range (explicit bounds, or "full" up to the
    // largest value, inclusive) where mingo stops at each partition's last document; "full"
    // also emits documents in an order of its own. Refused rather than answered short.
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      `the embedded server does not implement $densify with partitionByFields and bounds other than "partition"`,
    );
  }
  return coll.transform((items) => {
    const out = (densify(Lazy(items), spec, options) as { collect(): Doc[] }).collect();
    const inputs = new Set<unknown>(items);
    // The number types the field holds in the input (the bases of `full`/`partition`).
    let held: Set<string> | undefined;
    const heldTypes = () => {
      if (held) return held;
      held = new Set();
      for (const item of items) {
        const value = resolve(item, field);
        if (typeof value === "number") held.add(writtenAs(value));
      }
      return held;
    };
    for (const doc of out) {
      if (inputs.has(doc)) continue;
      const value = resolve(doc, field);
      if (typeof value !== "number" || typeof step !== "number") continue;
      const lower = Array.isArray(bounds) ? bounds[0] : undefined;
      if (value === lower) continue; // the bound itself, with its own type
      let base: "int" | "double";
      if (typeof lower === "number") base = writtenAs(lower);
      else {
        const types = heldTypes();
        if (types.size > 1 && Number.isInteger(value)) {
          throw unkeptNumberError(
            `the value $densify generates (${value}) over a field holding both int32 and double values (it is a double or an int32 in MongoDB depending on the document it follows)`,
          );
        }
        base = types.has("double") ? "double" : "int";
      }
      const type =
        writtenAs(step) === "double" || base === "double"
          ? "double"
          : writtenAs(value) === "int"
            ? "int"
            : "long";
      keptNumber(value, type, "$densify");
    }
    const partitions = spec.partitionByFields;
    if (!Array.isArray(partitions) || partitions.length === 0) return Lazy(out);
    // mongod sorts by the partition fields and then the field before densifying
    // (document_source_densify.cpp), so partitions come out one after another (mingo sorts by
    // the field alone and interleaves them), and a generated document lists the partition
    // fields before the field (mingo the other way round).
    const names = partitions.filter((name): name is string => typeof name === "string");
    const generated = out.map((doc) => {
      if (inputs.has(doc)) return doc;
      const copy: Doc = {};
      for (const name of names) setPath(copy, name, resolve(doc, name));
      setPath(copy, field, resolve(doc, field));
      return copy;
    });
    const sort: Record<string, 1> = {};
    for (const name of names) sort[name] = 1;
    sort[field] = 1;
    return Lazy(sortDocuments(generated, sort, (options as { collation?: Collation }).collation));
  });
}

// --- projection field order ---------------------------------------------------------------
//
// mingo's `$project` lists fields in the projection's order (and `_id` last); mongod keeps the
// input document's order for included fields and appends computed fields after them, in the
// projection's order, at every level of nesting.

const INCLUDED = 1;
const COMPUTED = 2;
interface Shape {
  [field: string]: typeof INCLUDED | typeof COMPUTED | Shape;
}

/** The shape of an inclusion projection (dotted paths as nesting); null for an exclusion. */
export function inclusionShape(spec: Record<string, unknown>, top = true): Shape | null {
  const shape: Shape = {};
  for (const [key, value] of Object.entries(spec)) {
    const parts = key.split(".");
    const last = parts.pop() as string;
    let node = shape;
    for (const part of parts) {
      const child = node[part];
      if (typeof child === "object") node = child;
      else node = node[part] = {};
    }
    if (typeof value === "number" || typeof value === "boolean") {
      if (value) node[last] = INCLUDED;
      else if (!(top && key === "_id")) return null;
    } else if (isPlainObject(value) && Object.keys(value).length > 0) {
      if (Object.keys(value).some((k) => k.startsWith("$"))) node[last] = COMPUTED;
      else {
        const sub = inclusionShape(value, false);
        if (sub === null) return null;
        node[last] = sub;
      }
    } else {
      node[last] = COMPUTED;
    }
  }
  return shape;
}

/** `projected` (the projection of `input`) with its fields in mongod's order. */
export function inDocumentOrder(projected: unknown, input: unknown, shape: Shape): unknown {
  if (Array.isArray(projected) && Array.isArray(input)) {
    const objects = input.filter(isPlainObject);
    if (objects.length !== projected.length) return projected;
    return projected.map((item, i) => inDocumentOrder(item, objects[i], shape));
  }
  if (!isPlainObject(projected) || !isPlainObject(input)) return projected;
  const out: Doc = {};
  for (const key of Object.keys(input)) {
    if (!(key in projected)) continue;
    const sub = shape[key];
    if (sub === COMPUTED) continue;
    out[key] =
      typeof sub === "object" ? inDocumentOrder(projected[key], input[key], sub) : projected[key];
  }
  for (const key of Object.keys(projected)) if (!(key in out)) out[key] = projected[key];
  return out;
}

/** The `$project` stage with mongod's field order (see above). */
function $projectStage(
  coll: { transform(fn: (items: Doc[]) => unknown): unknown },
  spec: unknown,
  options: Options,
): unknown {
  const project = pipelineOperators.$project as (c: unknown, s: unknown, o: Options) => unknown;
  const shape = isPlainObject(spec) ? inclusionShape(spec) : null;
  if (shape === null) return project(coll, spec, options);
  return coll.transform((items) => {
    const projected = (project(Lazy(items), spec, options) as { collect(): Doc[] }).collect();
    return Lazy(projected.map((doc, i) => inDocumentOrder(doc, items[i], shape) as Doc));
  });
}

// --- collation-aware comparisons --------------------------------------------------------------
//
// mingo compares strings by their code units whatever the collation. With a collation, the
// comparison operators of queries and expressions compare through it instead (order.ts over
// Intl.Collator); without one they stay mingo's own, so the common path pays nothing.

type QueryOp = (selector: string, value: unknown, options: Options) => (doc: unknown) => boolean;
type ExpressionOp = (obj: unknown, expr: unknown, options: Options) => unknown;

function collatorOf(options: Options): StringCompare | undefined {
  return stringCompare((options as { collation?: Collation }).collation);
}

/** Whether a string sits anywhere in a value: otherwise a collation changes nothing. */
function holdsString(value: unknown): boolean {
  if (typeof value === "string") return true;
  if (Array.isArray(value)) return value.some(holdsString);
  if (isPlainObject(value)) return Object.values(value).some(holdsString);
  return false;
}

function collatedEqual(a: unknown, b: unknown, strings: StringCompare): boolean {
  return typeRank(a) === typeRank(b) && compareValues(a, b, strings) === 0;
}

/** Query equality: the value itself, or (arrays on the path) any element, like mongod. */
function matchesEqual(
  lhs: unknown,
  value: unknown,
  strings: StringCompare,
  depth: number,
): boolean {
  if (collatedEqual(lhs, value, strings)) return true;
  if (!Array.isArray(lhs)) return false;
  for (const item of lhs) {
    if (collatedEqual(item, value, strings)) return true;
    if (depth > 0 && Array.isArray(item) && matchesEqual(item, value, strings, depth - 1)) {
      return true;
    }
  }
  return false;
}

function isRegex(value: unknown): value is RegExp {
  return value instanceof RegExp;
}

function matchesIn(
  lhs: unknown,
  values: unknown[],
  strings: StringCompare,
  depth: number,
): boolean {
  for (const value of values) {
    if (isRegex(value)) {
      const candidates = Array.isArray(lhs) ? lhs : [lhs];
      if (candidates.some((v) => typeof v === "string" && value.test(v))) return true;
    } else if (value === null ? lhs === undefined || lhs === null : false) {
      return true;
    } else if (matchesEqual(lhs, value, strings, depth)) {
      return true;
    }
  }
  return false;
}

function matchesRange(
  lhs: unknown,
  value: unknown,
  strings: StringCompare,
  test: (c: number) => boolean,
): boolean {
  const candidates = Array.isArray(lhs) ? lhs : [lhs];
  return candidates.some(
    (v) => typeRank(v) === typeRank(value) && test(compareValues(v, value, strings)),
  );
}

/** Whether an embedded document sits in a value (itself, or an element of an array). */
function holdsDocument(value: unknown): boolean {
  if (isPlainObject(value)) return true;
  return Array.isArray(value) && value.some(holdsDocument);
}

/**
 * A query operator compared like mongod (order.ts): through the collation when one applies to a
 * string operand and, for the equality operators (`ordered`), whenever the operand holds an
 * embedded document, which mongod compares field by field in order: `{x: 1, y: 2}` is not equal
 * to `{y: 2, x: 1}`, where mingo's equality ignores the order of fields.
 */
function collatedQueryOp(
  original: unknown,
  predicate: (lhs: unknown, value: unknown, strings: StringCompare, depth: number) => boolean,
  ordered = false,
): QueryOp {
  const fallback = original as QueryOp;
  return (selector, value, options) => {
    const collator = collatorOf(options);
    const collated = collator !== undefined && holdsString(value);
    if (!collated && !(ordered && holdsDocument(value))) return fallback(selector, value, options);
    const strings = collated ? collator : binaryStrings;
    const depth = selector.split(".").length - 1;
    return (doc) =>
      predicate(resolve(doc as never, selector, { unwrapArray: true }), value, strings, depth);
  };
}

const rangeOp = (original: unknown, test: (c: number) => boolean): QueryOp =>
  collatedQueryOp(original, (l, v, s) => matchesRange(l, v, s, test));

/**
 * `$gte: null` and `$lte: null` are `$eq: null` in mongod (null is alone in its type bracket),
 * so they match missing fields too; mingo's only match a stored null.
 */
function nullInclusiveOp(original: QueryOp): QueryOp {
  return (selector, value, options) =>
    value === null
      ? (queryOperators.$eq as QueryOp)(selector, null, options)
      : original(selector, value, options);
}

const COLLATED_QUERY_OPS: Record<string, QueryOp> = {
  $eq: collatedQueryOp(queryOperators.$eq, matchesEqual, true),
  $ne: collatedQueryOp(queryOperators.$ne, (l, v, s, d) => !matchesEqual(l, v, s, d), true),
  $in: collatedQueryOp(
    queryOperators.$in,
    (l, v, s, d) => matchesIn(l, v as unknown[], s, d),
    true,
  ),
  $nin: collatedQueryOp(
    queryOperators.$nin,
    (l, v, s, d) => !matchesIn(l, v as unknown[], s, d),
    true,
  ),
  $gt: rangeOp(queryOperators.$gt, (c) => c > 0),
  $gte: nullInclusiveOp(rangeOp(queryOperators.$gte, (c) => c >= 0)),
  $lt: rangeOp(queryOperators.$lt, (c) => c < 0),
  $lte: nullInclusiveOp(rangeOp(queryOperators.$lte, (c) => c <= 0)),
};

/** `$eq`-style expression operators ({$eq: [a, b]}) compared through the collation. */
function collatedExpressionOp(original: unknown, result: (c: number) => unknown): ExpressionOp {
  const fallback = original as ExpressionOp;
  return (obj, expr, options) => {
    const strings = collatorOf(options);
    if (strings === undefined || !Array.isArray(expr) || expr.length !== 2) {
      return fallback(obj, expr, options);
    }
    const [a, b] = evalExpr(obj, expr, options) as [unknown, unknown];
    return result(compareValues(a, b, strings));
  };
}

const COLLATED_EXPRESSION_OPS: Record<string, ExpressionOp> = {
  $eq: collatedExpressionOp(expressionOperators.$eq, (c) => c === 0),
  $ne: collatedExpressionOp(expressionOperators.$ne, (c) => c !== 0),
  $gt: collatedExpressionOp(expressionOperators.$gt, (c) => c > 0),
  $gte: collatedExpressionOp(expressionOperators.$gte, (c) => c >= 0),
  $lt: collatedExpressionOp(expressionOperators.$lt, (c) => c < 0),
  $lte: collatedExpressionOp(expressionOperators.$lte, (c) => c <= 0),
  $cmp: collatedExpressionOp(expressionOperators.$cmp, (c) => (c < 0 ? -1 : c > 0 ? 1 : 0)),
  $in: (obj, expr, options) => {
    if (!Array.isArray(expr) || expr.length !== 2) {
      return (expressionOperators.$in as ExpressionOp)(obj, expr, options);
    }
    const [value, list] = evalExpr(obj, expr, options) as [unknown, unknown];
    if (!Array.isArray(list)) {
      throw new CommandError(
        40081,
        `$in requires an array as a second argument, found: ${list === undefined ? "missing" : bsonTypeName(list)}`,
      );
    }
    const strings = collatorOf(options) ?? binaryStrings;
    return list.some((item) => compareValues(value, item, strings) === 0);
  },
};

export const MINGO_CONTEXT = Context.init({
  query: { $type: $type, ...COLLATED_QUERY_OPS } as never,
  expression: {
    ...NUMBER_EXPRESSION_OPS,
    ...COLLATED_EXPRESSION_OPS,
    ...CHECKED_EXPRESSION_OPS,
    // mongod's other name for $literal.
    $const: expressionOperators.$literal,
  } as never,
  accumulator: NUMBER_ACCUMULATOR_OPS as never,
  pipeline: {
    $sort: $sortStage as never,
    $project: $projectStage as never,
    $unwind: $unwindStage as never,
    $group: $groupStage as never,
    $bucketAuto: $bucketAutoStage as never,
    $match: $matchStage as never,
    $setWindowFields: $setWindowFieldsStage as never,
    $fill: $fillStage as never,
    $densify: $densifyStage as never,
  },
})
  .addQueryOps(queryOperators)
  .addExpressionOps(expressionOperators)
  .addAccumulatorOps(accumulatorOperators)
  .addPipelineOps(pipelineOperators)
  .addProjectionOps(projectionOperators);

/**
 * Operator updates only need query operators (arrayFilters, positional matches, $pull
 * conditions): mingo's updater copies the whole context on every call, and copying this slim one
 * instead of the full one is a measurable share of an updateOne.
 */
export const MINGO_UPDATE_CONTEXT = Context.init({
  query: { $type: $type, ...COLLATED_QUERY_OPS } as never,
}).addQueryOps(queryOperators);

export interface MingoExtras {
  /** A validated non-simple collation (collation.ts); undefined means binary comparison. */
  collation?: Collation | undefined;
  collectionResolver?: CollectionResolver | undefined;
  variables?: Record<string, unknown> | undefined;
}

/**
 * Options for every mingo call. Scripts stay disabled: `$where`/`$function` would run code sent
 * over the network inside this process.
 */
export function mingoOptions(extras: MingoExtras = {}, context = MINGO_CONTEXT): Partial<Options> {
  const options: Record<string, unknown> = {
    context,
    idKey: "_id",
    scriptEnabled: false,
    useStrictMode: true,
  };
  if (extras.collation) options.collation = mingoCollation(extras.collation);
  if (extras.collectionResolver) options.collectionResolver = extras.collectionResolver;
  if (extras.variables) options.variables = extras.variables;
  return options as Partial<Options>;
}

/** Whether mongod would parse `name` as an expression operator here (or refuse it, 168). */
const isExpression = (name: string) => knownExpression(MINGO_CONTEXT, name);

const ARRAY_OPERATORS = new Set(["$in", "$nin", "$all"]);
const LOGICAL_OPERATORS = new Set(["$and", "$or", "$nor"]);

/**
 * Rejects malformed operands mingo would only trip over later with a TypeError (and which
 * mongod reports as BadValue), so a bad filter is a client error, not an internal one.
 */
function validateFilter(filter: unknown, depth = 0): void {
  if (!isPlainObject(filter) || depth > 100) return;
  for (const [key, value] of Object.entries(filter)) {
    if (key === "$where") refuseScript(key);
    if (UNSUPPORTED_QUERY_OPERATORS.has(key)) refuseQueryOperator(key);
    if (key === "$expr") {
      checkExpressionOperators(value, isExpression);
    } else if (LOGICAL_OPERATORS.has(key)) {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isPlainObject)) {
        throw new CommandError(ErrorCode.BadValue, `${key} must be a nonempty array of objects`);
      }
      for (const branch of value) validateFilter(branch, depth + 1);
    } else if (isPlainObject(value)) {
      validateOperators(value, depth);
    }
  }
}

/**
 * mongod 7.0 query operators this server does not evaluate: text search, geospatial queries
 * (their indexes are stored as plain ones), `$jsonSchema` (no JSON Schema engine) and
 * `$sampleRate`. Refused (115) rather than answered as an unknown operator (BadValue).
 */
const UNSUPPORTED_QUERY_OPERATORS = new Set([
  "$text",
  "$jsonSchema",
  "$sampleRate",
  "$near",
  "$nearSphere",
  "$geoWithin",
  "$geoIntersects",
  "$within",
]);

function refuseQueryOperator(name: string): never {
  throw new CommandError(
    ErrorCode.CommandNotSupported,
    `the embedded server does not implement the query operator ${name}`,
  );
}

/**
 * `$comment` is a top-level query operator that matches everything (it labels the query in
 * mongod's logs); mingo does not know it, so it is taken out before the filter is compiled.
 */
export function withoutComments(filter: Record<string, unknown>): Record<string, unknown> {
  if (!("$comment" in filter) && !LOGICAL_KEYS.some((k) => k in filter)) return filter;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === "$comment") continue;
    out[key] =
      LOGICAL_OPERATORS.has(key) && Array.isArray(value)
        ? value.map((branch) => (isPlainObject(branch) ? withoutComments(branch) : branch))
        : value;
  }
  return out;
}
const LOGICAL_KEYS = ["$and", "$or", "$nor"];

/** Checks the operator document of one field (`{$in: [...], $not: {...}}`). */
function validateOperators(ops: Record<string, unknown>, depth: number): void {
  for (const [op, operand] of Object.entries(ops)) {
    if (UNSUPPORTED_QUERY_OPERATORS.has(op)) refuseQueryOperator(op);
    if (ARRAY_OPERATORS.has(op) && !Array.isArray(operand)) {
      throw new CommandError(ErrorCode.BadValue, `${op} needs an array`);
    }
    if ((op === "$elemMatch" || op === "$not") && isPlainObject(operand)) {
      // $elemMatch takes either a filter over the elements' fields or bare operators.
      validateFilter(operand, depth + 1);
      validateOperators(operand, depth + 1);
    }
  }
}

export function compileQuery(filter: Record<string, unknown>, extras?: MingoExtras): Query {
  validateFilter(filter);
  return new Query(withoutComments(filter), mingoOptions(extras));
}

/** The value of an aggregation expression for one document (`$expr`). */
export function evalExpression(doc: Doc, expr: unknown, extras?: MingoExtras): unknown {
  return evalExpr(doc, expr, mingoOptions(extras) as Options);
}

/** Stages the aggregate command answers itself, as the first stage (commands/read.ts). */
const SOURCE_STAGES = new Set(["$collStats", "$indexStats", "$listLocalSessions"]);

/**
 * Refuses what mongod refuses when it parses a pipeline (unknown operators, argument counts,
 * accumulators, window functions), before a document is read.
 */
export function checkPipeline(pipeline: Record<string, unknown>[]): void {
  checkPipelineExpressions(pipeline, {
    known: isExpression,
    filter: (filter) => validateFilter(filter),
    accumulators: checkGroupAccumulators,
    runs: (stage) =>
      MINGO_CONTEXT.getOperator("pipeline" as never, stage) !== null || SOURCE_STAGES.has(stage),
  });
}

export function createAggregator(pipeline: Record<string, unknown>[], extras?: MingoExtras) {
  checkPipeline(pipeline);
  return new Aggregator(pipeline, mingoOptions(extras));
}

export { Query };
