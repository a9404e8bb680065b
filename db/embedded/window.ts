// `$setWindowFields` and `$fill`, run as mongod runs them.
//
// mingo implements both stages through its own `$function` operator, which needs scripting
// (kept off: it would run code from the network), and it orders partitions by first appearance
// and ties by mingo's type order. mongod sorts by the partition key and then `sortBy` (one
// `$sort`, document_source_set_window_fields.cpp), walks each partition in that order and gives
// every document the value of each output over its window. This module does the same, with the
// server's own ordering (order.ts) and mingo's accumulators for the functions that are plain
// accumulators over the window's documents.

import { evalExpr } from "mingo/core";
import { Lazy } from "mingo/lazy";
import type { Options } from "mingo/types";
import { CommandError, ErrorCode } from "./errors";
import { bsonTypeName, keptNumber } from "./numbers";
import { collationStrings, compareValues, sortDocuments, sortKey } from "./order";
import { type Doc, isPlainObject } from "./values";

type Accumulator = (docs: Doc[], args: unknown, options: Options) => unknown;
type Bound = "unbounded" | "current" | number;

interface WindowBounds {
  kind: "documents" | "range";
  lower: Bound;
  upper: Bound;
  /** Time unit of a range over dates (`unit`), in mongod's names. */
  unit?: string;
}

interface Output {
  field: string;
  name: string;
  args: unknown;
  window: WindowBounds;
}

interface Spec {
  partitionBy: unknown;
  sortBy: Record<string, 1 | -1> | undefined;
  outputs: Output[];
}

const fail = (code: number, message: string): never => {
  throw new CommandError(code, message);
};

const unsupported = (what: string): never =>
  fail(ErrorCode.CommandNotSupported, `the embedded server does not implement ${what}`);

/** Window functions that are accumulators over the window's documents (mingo's, number-checked). */
const ACCUMULATED = new Set([
  "$sum",
  "$avg",
  "$min",
  "$max",
  "$push",
  "$addToSet",
  "$stdDevPop",
  "$stdDevSamp",
  "$firstN",
  "$lastN",
  "$minN",
  "$maxN",
  "$top",
  "$bottom",
  "$topN",
  "$bottomN",
  "$median",
  "$percentile",
  "$covariancePop",
  "$covarianceSamp",
]);

/** What an accumulator gives over an empty window (mongod's identity values, null otherwise). */
const EMPTY_WINDOW: Record<string, () => unknown> = {
  $sum: () => 0,
  $count: () => 0,
  $push: () => [],
  $addToSet: () => [],
  $firstN: () => [],
  $lastN: () => [],
  $minN: () => [],
  $maxN: () => [],
  $topN: () => [],
  $bottomN: () => [],
};

const RANKS = new Set(["$rank", "$denseRank", "$documentNumber"]);
/** Functions whose window is always [unbounded, current] and which take no `window` field. */
const LEFT_UNBOUNDED = new Set(["$locf", "$linearFill", "$shift"]);
/** mongod 7.0 window functions this server refuses (loudly) rather than approximate. */
const NOT_IMPLEMENTED = new Set(["$derivative", "$integral", "$expMovingAvg"]);

const DEFAULT_WINDOW: WindowBounds = { kind: "documents", lower: "unbounded", upper: "unbounded" };

/** mongod's time units for range windows over dates, in milliseconds where they are fixed. */
const UNIT_MS: Record<string, number> = {
  week: 604_800_000,
  day: 86_400_000,
  hour: 3_600_000,
  minute: 60_000,
  second: 1_000,
  millisecond: 1,
};
const CALENDAR_MONTHS: Record<string, number> = { year: 12, quarter: 3, month: 1 };

function parseSortBy(raw: unknown): Record<string, 1 | -1> | undefined {
  if (raw === undefined) return undefined;
  if (!isPlainObject(raw)) {
    fail(
      ErrorCode.TypeMismatch,
      `BSON field '$setWindowFields.sortBy' is the wrong type '${bsonTypeName(raw)}', expected type 'object'`,
    );
  }
  const sort: Record<string, 1 | -1> = {};
  for (const [field, dir] of Object.entries(raw as Doc)) {
    if (dir !== 1 && dir !== -1) {
      fail(
        ErrorCode.BadValue,
        "$sort key ordering must be 1 (for ascending) or -1 (for descending)",
      );
    }
    sort[field] = dir as 1 | -1;
  }
  return sort;
}

function parseBound(raw: unknown, kind: WindowBounds["kind"], unit: boolean): Bound {
  if (typeof raw === "string") {
    if (raw === "unbounded" || raw === "current") return raw;
    fail(ErrorCode.FailedToParse, "Window bounds must be 'unbounded', 'current', or a number.");
  }
  if (typeof raw !== "number") {
    if (isPlainObject(raw) || Array.isArray(raw)) {
      unsupported("window bounds given as expressions (only constant numbers)");
    }
    fail(
      ErrorCode.FailedToParse,
      kind === "documents"
        ? "Numeric document-based bounds must be an integer"
        : "Range-based bounds expression must be a number",
    );
  }
  const n = raw as number;
  if ((kind === "documents" || unit) && !Number.isInteger(n)) {
    fail(
      ErrorCode.FailedToParse,
      kind === "documents"
        ? "Numeric document-based bounds must be an integer"
        : "With 'unit', range-based bounds must be an integer",
    );
  }
  return n;
}

/** `window: {documents: [lo, hi]}` or `{range: [lo, hi], unit?}`, checked like WindowBounds::parse. */
function parseWindow(raw: unknown, sortBy: Spec["sortBy"]): WindowBounds {
  if (!isPlainObject(raw)) fail(ErrorCode.FailedToParse, "'window' field must be an object");
  const spec = raw as Doc;
  const { documents, range, unit } = spec;
  const fields = Object.keys(spec).length;
  if (documents !== undefined && range !== undefined) {
    fail(
      ErrorCode.FailedToParse,
      "Window bounds can specify either 'documents' or 'unit', not both.",
    );
  }
  if (range === undefined && unit !== undefined) {
    fail(ErrorCode.FailedToParse, "Window bounds can only specify 'unit' with range-based bounds.");
  }
  if (documents === undefined && range === undefined) {
    if (fields !== 0) {
      fail(
        ErrorCode.FailedToParse,
        "'window' field can only contain 'documents' as the only argument or 'range' with an optional 'unit' field",
      );
    }
    return DEFAULT_WINDOW;
  }
  const pair = (documents ?? range) as unknown;
  if (!Array.isArray(pair) || pair.length !== 2) {
    fail(ErrorCode.FailedToParse, "Window bounds must be a 2-element array");
  }
  const [rawLower, rawUpper] = pair as [unknown, unknown];
  const kind = documents !== undefined ? "documents" : "range";
  if (kind === "documents" && fields !== 1) {
    fail(
      ErrorCode.FailedToParse,
      "'window' field that specifies documents cannot have other fields",
    );
  }
  if (kind === "range" && unit === undefined && fields !== 1) {
    fail(
      ErrorCode.FailedToParse,
      "'window' field that specifies range cannot have other fields besides 'unit'",
    );
  }
  if (unit !== undefined) {
    if (fields !== 2) {
      fail(
        ErrorCode.FailedToParse,
        "'window' field that specifies unit cannot have other fields besides 'range'",
      );
    }
    if (typeof unit !== "string") fail(ErrorCode.FailedToParse, "'unit' must be a string");
    if (!(unit in UNIT_MS) && !(unit in CALENDAR_MONTHS)) {
      fail(ErrorCode.FailedToParse, `unknown time unit value: ${unit}`);
    }
  }
  const lower = parseBound(rawLower, kind, unit !== undefined);
  const upper = parseBound(rawUpper, kind, unit !== undefined);
  const asNumber = (b: Bound) => (b === "current" ? 0 : b);
  const lo = asNumber(lower);
  const hi = asNumber(upper);
  if (typeof lo === "number" && typeof hi === "number" && lo > hi) {
    fail(5339900, `Lower bound must not exceed upper bound: [${lo}, ${hi}]`);
  }
  const bounds: WindowBounds = { kind, lower, upper };
  if (typeof unit === "string") bounds.unit = unit;
  const unbounded = lower === "unbounded" && upper === "unbounded";
  if (kind === "documents" && !unbounded && sortBy === undefined) {
    fail(5339901, "Document-based bounds require a sortBy");
  }
  if (kind === "range") {
    if (sortBy === undefined || Object.keys(sortBy).length !== 1) {
      fail(5339902, "Range-based bounds require sortBy a single field");
    }
    // mongod 7.0 walks a descending range window differently from later versions (which refuse
    // it, 8947401): what 7.0 answers is not confirmed, so it is refused here.
    if (Object.values(sortBy as Doc)[0] === -1)
      unsupported("range-based windows over a descending sortBy");
  }
  return bounds;
}

/** One output field `{<function>: <argument>, window?: {...}}`, checked as mongod parses it. */
function parseOutput(field: string, raw: unknown, sortBy: Spec["sortBy"]): Output {
  if (!isPlainObject(raw)) {
    fail(ErrorCode.FailedToParse, "Expected a $-prefixed window function");
  }
  const spec = raw as Doc;
  const name = Object.keys(spec).find((key) => key.startsWith("$"));
  if (name === undefined) {
    const first = Object.keys(spec)[0];
    fail(
      ErrorCode.FailedToParse,
      `Expected a $-prefixed window function${first ? `, ${first}` : ""}`,
    );
  }
  const fn = name as string;
  for (const key of Object.keys(spec)) {
    if (key === fn || key === "window") continue;
    if (key.startsWith("$"))
      fail(ErrorCode.FailedToParse, "Cannot specify two functions in window function spec");
    fail(ErrorCode.FailedToParse, `Window function found an unknown argument: ${key}`);
  }
  if (NOT_IMPLEMENTED.has(fn)) unsupported(`the window function ${fn}`);
  const args = spec[fn];
  const single = sortBy !== undefined && Object.keys(sortBy).length === 1;
  if (RANKS.has(fn)) {
    if (Object.keys(spec).length !== 1)
      fail(5371601, "Rank style window functions take no other arguments");
    if (!isPlainObject(args) || Object.keys(args).length !== 0) {
      fail(5371603, `${fn} must be specified with '{}' as the value`);
    }
    if (!single) {
      fail(
        5371602,
        `${fn} must be specified with a top level sortBy expression with exactly one element`,
      );
    }
    return { field, name: fn, args, window: DEFAULT_WINDOW };
  }
  if (LEFT_UNBOUNDED.has(fn)) {
    if ("window" in spec) fail(ErrorCode.FailedToParse, `'window' field is not allowed in ${fn}`);
    if (fn === "$linearFill" && !single) {
      fail(
        605001,
        `${fn} must be specified with a top level sortBy expression with exactly one element`,
      );
    }
    if (fn === "$shift") parseShift(args, sortBy);
    return { field, name: fn, args, window: DEFAULT_WINDOW };
  }
  if (fn === "$count" && !(isPlainObject(args) && Object.keys(args).length === 0)) {
    fail(ErrorCode.FailedToParse, "$count only accepts an empty object as input");
  }
  const window = "window" in spec ? parseWindow(spec.window, sortBy) : DEFAULT_WINDOW;
  return { field, name: fn, args, window };
}

/** `{$shift: {output, by, default?}}`: `by` a constant integer, `default` a constant. */
function parseShift(args: unknown, sortBy: Spec["sortBy"]): void {
  if (sortBy === undefined) fail(ErrorCode.FailedToParse, "'$shift' requires a sortBy");
  if (!isPlainObject(args)) fail(ErrorCode.FailedToParse, "Argument to $shift must be an object");
  const spec = args as Doc;
  for (const key of Object.keys(spec)) {
    if (key !== "output" && key !== "by" && key !== "default") {
      fail(ErrorCode.FailedToParse, `Unknown argument in $shift: ${key}`);
    }
  }
  if (!("output" in spec)) fail(ErrorCode.FailedToParse, "$shift requires an 'output' expression.");
  if (!("by" in spec)) fail(ErrorCode.FailedToParse, "$shift requires 'by' as an integer value.");
  if (typeof spec.by !== "number" || !Number.isInteger(spec.by)) {
    fail(ErrorCode.FailedToParse, "'$shift:by' field must be an integer");
  }
  if (isPlainObject(spec.default) && Object.keys(spec.default).some((k) => k.startsWith("$"))) {
    // A constant expression such as {$add: [1, 2]} is allowed by mongod; which ones count as
    // constant is its optimizer's call, not reproduced here.
    if (!("$literal" in spec.default)) unsupported("a $shift default given as an expression");
  }
}

const IDL_FIELDS = new Set(["partitionBy", "sortBy", "output"]);

/**
 * A stage's argument as mongod's IDL parser checks it: an object of known fields, `output`
 * among them. mongod words the first message with "the" for one stage and "The" for the other.
 */
function stageSpec(stage: string, raw: unknown, fields: Set<string>, article: string): Doc {
  if (!isPlainObject(raw)) {
    fail(
      ErrorCode.FailedToParse,
      `${article} ${stage} stage specification must be an object, found ${bsonTypeName(raw)}`,
    );
  }
  const spec = raw as Doc;
  for (const key of Object.keys(spec)) {
    if (!fields.has(key)) {
      fail(ErrorCode.Location40415, `BSON field '${stage}.${key}' is an unknown field.`);
    }
  }
  if (spec.output === undefined) {
    fail(ErrorCode.Location40414, `BSON field '${stage}.output' is missing but a required field`);
  }
  return spec;
}

/** The stage's argument, checked as mongod's parser checks it (before any document is read). */
export function parseSetWindowFields(raw: unknown): Spec {
  const spec = stageSpec("$setWindowFields", raw, IDL_FIELDS, "the");
  if (!isPlainObject(spec.output)) {
    fail(
      ErrorCode.TypeMismatch,
      `BSON field '$setWindowFields.output' is the wrong type '${bsonTypeName(spec.output)}', expected type 'object'`,
    );
  }
  const sortBy = parseSortBy(spec.sortBy);
  const fields = Object.keys(spec.output as Doc);
  for (const a of fields) {
    for (const b of fields) {
      if (a !== b && b.startsWith(`${a}.`)) {
        fail(6307900, "$setWindowFields 'output' specification contains two conflicting paths");
      }
    }
  }
  const outputs = fields.map((field) => parseOutput(field, (spec.output as Doc)[field], sortBy));
  return { partitionBy: spec.partitionBy, sortBy, outputs };
}

// --- evaluation ---------------------------------------------------------------------------------

/** A value as mongod's window functions see it: missing and null alike are "nullish". */
const nullish = (v: unknown) => v === undefined || v === null;

function addUnit(date: Date, unit: string, amount: number): number {
  const fixed = UNIT_MS[unit];
  if (fixed !== undefined) return date.getTime() + amount * fixed;
  // Calendar units: the same day of a later month, clamped to that month's last day (dateAdd).
  const months = amount * (CALENDAR_MONTHS[unit] as number);
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** Indexes [first, last] of the window of document `i`, or null when it holds no document. */
function windowOf(
  bounds: WindowBounds,
  i: number,
  size: number,
  sortValue: (j: number) => unknown,
): [number, number] | null {
  if (bounds.kind === "documents") {
    const lower =
      bounds.lower === "unbounded" ? -Infinity : bounds.lower === "current" ? 0 : bounds.lower;
    const upper =
      bounds.upper === "unbounded" ? Infinity : bounds.upper === "current" ? 0 : bounds.upper;
    if (i + lower > size - 1 || i + upper < 0) return null;
    return [Math.max(0, i + lower), Math.min(size - 1, i + upper)];
  }
  // Range windows, as PartitionIterator::getEndpointsRangeBased walks them: the current value
  // must be a number (a date with `unit`); unbounded ends stop at the outermost such value.
  const base = sortValue(i);
  const unit = bounds.unit;
  if (unit !== undefined) {
    if (!(base instanceof Date)) {
      fail(
        5429513,
        `Invalid range: Expected the sortBy field to be a Date, but it was ${typeOrMissing(base)}`,
      );
    }
  } else {
    if (base instanceof Date) {
      fail(
        5429413,
        "Invalid range: For windows that involve date or time ranges, a unit must be provided.",
      );
    }
    if (typeof base !== "number") {
      fail(
        5429414,
        `Invalid range: Expected the sortBy field to be a number, but it was ${typeOrMissing(base)}`,
      );
    }
  }
  const expected = (v: unknown) => (unit !== undefined ? v instanceof Date : typeof v === "number");
  const threshold = (delta: number): unknown =>
    unit !== undefined ? new Date(addUnit(base as Date, unit, delta)) : (base as number) + delta;
  let lower: number;
  if (bounds.lower === "current") lower = i;
  else if (bounds.lower === "unbounded") {
    lower = 0;
    while (lower < size && !expected(sortValue(lower))) lower++;
  } else {
    const t = threshold(bounds.lower);
    lower = 0;
    while (lower < size && compareValues(sortValue(lower), t) < 0) lower++;
  }
  if (lower >= size) return null;
  let upper: number;
  if (bounds.upper === "current") upper = i;
  else if (bounds.upper === "unbounded") {
    upper = Math.max(lower, i);
    while (upper + 1 < size && expected(sortValue(upper + 1))) upper++;
  } else {
    const t = threshold(bounds.upper);
    upper = lower;
    if (compareValues(t, sortValue(upper)) < 0) return null;
    while (upper + 1 < size && compareValues(t, sortValue(upper + 1)) >= 0) upper++;
  }
  return upper < lower ? null : [lower, upper];
}

const typeOrMissing = (v: unknown) => (v === undefined ? "missing" : bsonTypeName(v));

interface Partition {
  docs: Doc[];
  /** The value of the single sortBy field (for ranks, range windows and $linearFill). */
  sortValue: (j: number) => unknown;
}

function evaluate(output: Output, partition: Partition, options: Options): unknown[] {
  const { docs } = partition;
  const { name, args } = output;
  const values = new Array<unknown>(docs.length);
  const input = (j: number) => evalExpr(docs[j] as Doc, args, options);
  if (RANKS.has(name)) return ranks(name, partition);
  if (name === "$shift") {
    const spec = args as Doc;
    const by = spec.by as number;
    const fallback = spec.default === undefined ? null : evalExpr({}, spec.default, options);
    for (let i = 0; i < docs.length; i++) {
      const j = i + by;
      values[i] =
        j >= 0 && j < docs.length ? evalExpr(docs[j] as Doc, spec.output, options) : fallback;
    }
    return values;
  }
  if (name === "$locf") {
    let last: unknown = null;
    for (let i = 0; i < docs.length; i++) {
      const v = input(i);
      if (!nullish(v)) last = v;
      values[i] = nullish(v) ? last : v;
    }
    return values;
  }
  if (name === "$linearFill") return linearFill(partition, input);
  const accumulate = ACCUMULATED.has(name)
    ? (options.context.getOperator("accumulator" as never, name) as Accumulator | null)
    : null;
  for (let i = 0; i < docs.length; i++) {
    const range = windowOf(output.window, i, docs.length, partition.sortValue);
    const inWindow = range === null ? [] : docs.slice(range[0], range[1] + 1);
    if (inWindow.length === 0) {
      values[i] = EMPTY_WINDOW[name]?.() ?? null;
    } else if (name === "$count") {
      values[i] = inWindow.length;
    } else if (name === "$first" || name === "$last") {
      values[i] = evalExpr(
        inWindow[name === "$first" ? 0 : inWindow.length - 1] as Doc,
        args,
        options,
      );
    } else if (accumulate !== null) {
      const result = accumulate(inWindow, args, options);
      values[i] = result === undefined ? null : result;
    } else {
      unsupported(`the window function ${name}`);
    }
  }
  return values;
}

/** `$rank` (ties share a rank, then skip), `$denseRank` (no gaps), `$documentNumber`. */
function ranks(name: string, { docs, sortValue }: Partition): number[] {
  const out: number[] = [];
  let rank = 0;
  let same = 1;
  let previous: unknown = Symbol("none");
  for (let i = 0; i < docs.length; i++) {
    const value = sortValue(i);
    const tie =
      typeof previous !== "symbol" &&
      (nullish(value) && nullish(previous) ? true : compareValues(value, previous) === 0);
    if (name === "$documentNumber") rank = i + 1;
    else if (!tie) {
      rank = name === "$rank" ? rank + same : rank + 1;
      same = 1;
    } else same++;
    previous = value;
    out.push(rank);
  }
  return out;
}

/** `$linearFill` as WindowFunctionExecLinearFill: nulls between two known points interpolated. */
function linearFill({ docs, sortValue }: Partition, input: (j: number) => unknown): unknown[] {
  const ys = docs.map((_, j) => input(j));
  const xs = docs.map((_, j) => sortValue(j));
  let last: unknown;
  for (let j = 0; j < docs.length; j++) {
    const y = ys[j];
    const x = xs[j];
    if (!(typeof y === "number" || nullish(y))) {
      fail(
        ErrorCode.TypeMismatch,
        `Value to be filled must be numeric or nullish, but found ${bsonTypeName(y)}`,
      );
    }
    if (!(typeof x === "number" || x instanceof Date)) {
      fail(
        ErrorCode.TypeMismatch,
        `Value of the sortBy field must be numeric or a date, but found ${typeOrMissing(x)}`,
      );
    }
    if (last !== undefined && compareValues(x, last) === 0) {
      fail(6050106, "There can be no repeated values in the sort field");
    }
    if (last !== undefined && typeof last !== typeof x) {
      fail(
        ErrorCode.TypeMismatch,
        `Conflicting sort value types, previously received type ${bsonTypeName(last)}, but found ${bsonTypeName(x)}`,
      );
    }
    last = x;
  }
  const num = (v: unknown) => (v instanceof Date ? v.getTime() : (v as number));
  const out = new Array<unknown>(docs.length);
  let previous = -1;
  for (let j = 0; j < docs.length; j++) {
    if (!nullish(ys[j])) {
      out[j] = ys[j];
      previous = j;
      continue;
    }
    let next = j + 1;
    while (next < docs.length && nullish(ys[next])) next++;
    if (previous < 0 || next >= docs.length) {
      out[j] = null;
      continue;
    }
    const [x1, y1, x2, y2] = [
      num(xs[previous]),
      ys[previous] as number,
      num(xs[next]),
      ys[next] as number,
    ];
    // y1 + (x - x1) * ((y2 - y1) / (x2 - x1)): a division, so a double in mongod.
    const y = y1 + (num(xs[j]) - x1) * ((y2 - y1) / (x2 - x1));
    out[j] = keptNumber(y, "double", "$linearFill");
  }
  return out;
}

/** A copy of `doc` with `path` set (or removed, for a missing value), as setNestedField does. */
function withField(doc: Doc, path: string, value: unknown): Doc {
  const [head, ...rest] = path.split(".");
  const key = head as string;
  const out: Doc = { ...doc };
  if (rest.length === 0) {
    if (value === undefined) delete out[key];
    else out[key] = value;
    return out;
  }
  const inner = isPlainObject(doc[key]) ? (doc[key] as Doc) : {};
  out[key] = withField(inner, rest.join("."), value);
  return out;
}

const PARTITION = "p";
const DOCUMENT = "d";

/** Runs a parsed `$setWindowFields` over documents (any order); returns them in mongod's order. */
export function setWindowFields(items: Doc[], spec: Spec, options: Options): Doc[] {
  const collation = (options as { collation?: never }).collation;
  const sort: Record<string, 1 | -1> = {};
  const hasPartition = spec.partitionBy !== undefined;
  if (hasPartition) sort[PARTITION] = 1;
  for (const [field, dir] of Object.entries(spec.sortBy ?? {})) sort[`${DOCUMENT}.${field}`] = dir;
  const keyed = items.map((doc) => {
    const key = hasPartition ? evalExpr(doc, spec.partitionBy, options) : null;
    if (Array.isArray(key))
      fail(ErrorCode.TypeMismatch, "Cannot 'partitionBy' an expression of type array");
    // Missing and null are one partition (partition_iterator.cpp, as in $group).
    return { [PARTITION]: key === undefined ? null : key, [DOCUMENT]: doc } as Doc;
  });
  const ordered = Object.keys(sort).length > 0 ? sortDocuments(keyed, sort, collation) : keyed;
  const strings = collationStrings(collation);
  const [sortField, sortDir] = Object.entries(spec.sortBy ?? {})[0] ?? [];
  const out: Doc[] = [];
  let start = 0;
  while (start < ordered.length) {
    let end = start + 1;
    const key = (ordered[start] as Doc)[PARTITION];
    while (
      end < ordered.length &&
      compareValues((ordered[end] as Doc)[PARTITION], key, strings) === 0
    )
      end++;
    const docs = ordered.slice(start, end).map((k) => k[DOCUMENT] as Doc);
    const sortValues =
      sortField === undefined
        ? []
        : docs.map((d) => sortKey(d, sortField, sortDir as 1 | -1, strings));
    const partition: Partition = { docs, sortValue: (j) => sortValues[j] };
    const results = spec.outputs.map((output) => evaluate(output, partition, options));
    docs.forEach((doc, j) => {
      let result = doc;
      spec.outputs.forEach((output, n) => {
        result = withField(result, output.field, (results[n] as unknown[])[j]);
      });
      out.push(result);
    });
    start = end;
  }
  return out;
}

/** The `$setWindowFields` pipeline stage (parsed when the pipeline is built, like mongod). */
export function $setWindowFieldsStage(
  coll: { transform(fn: (items: Doc[]) => unknown): unknown },
  raw: unknown,
  options: Options,
): unknown {
  const spec = parseSetWindowFields(raw);
  return coll.transform((items) => Lazy(setWindowFields(items, spec, options)));
}

const FILL_FIELDS = new Set(["partitionBy", "partitionByFields", "sortBy", "output"]);

/**
 * `$fill`, as mongod builds it (document_source_fill.cpp): the `method` outputs become one
 * `$setWindowFields` (`$locf`, `$linearFill`), the `value` outputs an `$addFields` of
 * `$ifNull: ["$field", value]`.
 */
export function $fillStage(
  coll: { transform(fn: (items: Doc[]) => unknown): unknown },
  raw: unknown,
  options: Options,
): unknown {
  const spec = stageSpec("$fill", raw, FILL_FIELDS, "The");
  if (!isPlainObject(spec.output) || Object.keys(spec.output).length === 0) {
    fail(6050203, "The output field in '$fill' must contain an object with at least one element");
  }
  const windows: Doc = {};
  const values: Doc = {};
  for (const [field, output] of Object.entries(spec.output as Doc)) {
    if (!isPlainObject(output)) {
      fail(6050200, "Each fill output specification must be an object with exactly one field");
    }
    const { method, value, ...rest } = output as Doc;
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      fail(ErrorCode.Location40415, `BSON field '$fill.${unknown}' is an unknown field.`);
    if (method !== undefined) {
      if (value !== undefined) {
        fail(
          6050201,
          "Each fill output specification must have exactly one of 'method' or 'value' fields, not both",
        );
      }
      if (method !== "locf" && method !== "linear")
        fail(6050202, "Method must be either locf or linear");
      windows[field] = { [method === "linear" ? "$linearFill" : "$locf"]: `$${field}` };
    }
    if (value !== undefined) values[field] = { $ifNull: [`$${field}`, value] };
  }
  if (spec.partitionBy !== undefined && spec.partitionByFields !== undefined) {
    fail(
      6050204,
      "Maximum one of 'partitionBy' and 'partitionByFields can be specified in '$fill'",
    );
  }
  if (spec.partitionByFields !== undefined && !Array.isArray(spec.partitionByFields)) {
    fail(
      ErrorCode.TypeMismatch,
      `BSON field '$fill.partitionByFields' is the wrong type '${bsonTypeName(spec.partitionByFields)}', expected type 'array'`,
    );
  }
  const partitionBy = Array.isArray(spec.partitionByFields)
    ? Object.fromEntries(spec.partitionByFields.map((f) => [f, `$${String(f)}`]))
    : spec.partitionBy;
  const windowSpec =
    Object.keys(windows).length > 0
      ? parseSetWindowFields({
          ...(partitionBy === undefined ? {} : { partitionBy }),
          ...(spec.sortBy === undefined ? {} : { sortBy: spec.sortBy }),
          output: windows,
        })
      : null;
  const addFields = options.context.getOperator("pipeline" as never, "$addFields") as (
    c: unknown,
    s: unknown,
    o: Options,
  ) => { collect(): Doc[] };
  return coll.transform((items) => {
    const filled = windowSpec === null ? items : setWindowFields(items, windowSpec, options);
    return Object.keys(values).length > 0
      ? Lazy(addFields(Lazy(filled), values, options).collect())
      : Lazy(filled);
  });
}
