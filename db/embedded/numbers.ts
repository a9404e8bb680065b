// Which BSON numbers this server keeps as mongod does, and the refusal of the others.
//
// Documents are decoded into JavaScript numbers (bson's promoteValues), and bson writes a
// number back as int32 when it is integral and in int32 range, else as double. So an int32, and
// a double that is not integral-and-in-int32-range, come back exactly as they were sent and
// compare like mongod's. Three kinds would not: a double such as 5.0 (it would come back as
// int32 5), any int64 (as int32 or double), and Decimal128 or an int64 beyond ±2^53 (the engine
// cannot compare them with plain numbers). Rather than answer with another type or another
// order in silence, a command that carries one where it would be stored, returned or compared
// is refused with CommandNotSupported (115), naming the field. The values are recognised in the
// raw BSON, before decoding erases the difference; the same holds for numbers the server
// computes (update operators, aggregation arithmetic): see keptNumber.

import { Long } from "bson";
import { evalExpr } from "mingo/core";
import * as accumulatorOperators from "mingo/operators/accumulator";
import * as expressionOperators from "mingo/operators/expression";
import type { Options } from "mingo/types";
import { CommandError, ErrorCode } from "./errors";
import { isPlainObject } from "./values";

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const SAFE = 2n ** 53n;

/** What bson would write a JavaScript number back as. */
export function writtenAs(n: number): "int" | "double" {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0)
    ? "int"
    : "double";
}

/**
 * Where a command's values end up. "stored" values are written or returned with their type
 * (documents, updates, upsert filters, pipelines, projections, `let`), so every number the
 * server cannot keep is refused; "compared" values only meet stored ones in comparisons, where
 * int64 within ±2^53 and integral doubles compare like any other number.
 */
function fieldUse(command: string, field: string): "stored" | "compared" | undefined {
  switch (field) {
    case "documents":
    case "updates":
    case "update":
    case "pipeline":
    case "let":
    case "projection":
    case "fields":
      return "stored";
    case "query":
      return command === "findAndModify" || command === "findandmodify" ? "stored" : "compared";
    case "filter":
    case "deletes":
    case "validator":
    case "indexes":
      return "compared";
    default:
      return undefined;
  }
}

/** The name of a BSON element's type byte, for the refusal message. */
const UNKEPT_NAMES: Record<number, string> = {
  1: "a double with an integral value",
  18: "an int64 (long)",
  19: "a Decimal128",
};

/** The end (offset of the NUL) of the C string at `pos`; a byte loop beats Buffer.indexOf here. */
function cStringEnd(buf: Buffer, pos: number): number {
  while (buf[pos] !== 0) pos++;
  return pos;
}

/** A field name; short ASCII names (all of a command's) are read without a native call. */
function fieldName(buf: Buffer, start: number, end: number): string {
  if (end - start > 24) return buf.toString("utf8", start, end);
  let name = "";
  for (let i = start; i < end; i++) {
    const byte = buf[i] as number;
    if (byte > 0x7f) return buf.toString("utf8", start, end);
    name += String.fromCharCode(byte);
  }
  return name;
}

class Scanner {
  constructor(
    private readonly buf: Buffer,
    private readonly stored: boolean,
  ) {}

  /**
   * The path (below this document) of its first unkept number, or undefined. Names are decoded
   * only on the way out of a hit, so a clean document costs a walk over its type bytes.
   */
  document(start: number): string | undefined {
    const buf = this.buf;
    const end = start + buf.readInt32LE(start) - 1;
    let pos = start + 4;
    while (pos < end) {
      const type = buf[pos] as number;
      const nameStart = pos + 1;
      const nameEnd = cStringEnd(buf, nameStart);
      pos = nameEnd + 1;
      let found: string | undefined;
      if (type === 0x03 || type === 0x04) {
        const inner = this.document(pos);
        if (inner !== undefined) found = `.${inner}`;
      } else if (type === 0x01 || type === 0x12 || type === 0x13) {
        found = this.number(type, pos);
      }
      if (found !== undefined) return buf.toString("utf8", nameStart, nameEnd) + found;
      pos += elementSize(buf, type, pos);
    }
    return undefined;
  }

  /** " (what)" when the number at `pos` cannot be kept, else undefined. */
  private number(type: number, pos: number): string | undefined {
    if (type === 0x13) return ` (${UNKEPT_NAMES[type]})`;
    if (type === 0x01) {
      const value = this.buf.readDoubleLE(pos);
      return this.stored && writtenAs(value) === "int"
        ? ` (${UNKEPT_NAMES[type]}, ${value.toFixed(1)})`
        : undefined;
    }
    const value = this.buf.readBigInt64LE(pos);
    return this.stored || value > SAFE || value < -SAFE
      ? ` (${UNKEPT_NAMES[type]}, ${value})`
      : undefined;
  }
}

/**
 * The first number in a command's data fields that this server could not keep or compare like
 * mongod, described with its path, or undefined. `bodyStart` is the command document's offset
 * in `buf`; `sequences` are OP_MSG document sequences (identifier, offsets of the documents).
 */
export function findUnkeptNumber(
  buf: Buffer,
  bodyStart: number,
  sequences: ReadonlyArray<readonly [string, readonly number[]]>,
): string | undefined {
  const end = bodyStart + buf.readInt32LE(bodyStart) - 1;
  let pos = bodyStart + 4;
  let command: string | undefined;
  while (pos < end) {
    const type = buf[pos] as number;
    const nameEnd = cStringEnd(buf, pos + 1);
    const name = fieldName(buf, pos + 1, nameEnd);
    command ??= name;
    pos = nameEnd + 1;
    const use = fieldUse(command, name);
    // Data fields are documents or arrays; a bare value in one is refused by the command itself.
    if (use !== undefined && (type === 0x03 || type === 0x04)) {
      const found = new Scanner(buf, use === "stored").document(pos);
      if (found !== undefined) return `${name}.${found}`;
    }
    pos += elementSize(buf, type, pos);
  }
  if (command === undefined) return undefined;
  for (const [name, offsets] of sequences) {
    const use = fieldUse(command, name);
    if (use === undefined) continue;
    const scanner = new Scanner(buf, use === "stored");
    for (let i = 0; i < offsets.length; i++) {
      const found = scanner.document(offsets[i] as number);
      if (found !== undefined) return `${name}.${i}.${found}`;
    }
  }
  return undefined;
}

function elementSize(buf: Buffer, type: number, pos: number): number {
  switch (type) {
    case 0x01:
    case 0x09:
    case 0x11:
    case 0x12:
      return 8;
    case 0x13:
      return 16;
    case 0x02:
    case 0x0d:
    case 0x0e:
      return 4 + buf.readInt32LE(pos);
    case 0x0c:
      return 16 + buf.readInt32LE(pos);
    case 0x05:
      return 5 + buf.readInt32LE(pos);
    case 0x03:
    case 0x04:
    case 0x0f:
      return buf.readInt32LE(pos);
    case 0x07:
      return 12;
    case 0x08:
      return 1;
    case 0x10:
      return 4;
    case 0x0b: // regex: two C strings
      return cStringEnd(buf, cStringEnd(buf, pos) + 1) + 1 - pos;
    default:
      return 0;
  }
}

export function unkeptNumberError(where: string): CommandError {
  return new CommandError(
    ErrorCode.CommandNotSupported,
    `the embedded server keeps numbers as int32 and double only and cannot store, return or compare ${where} as MongoDB would (it would come back as another type or compare differently); send an int32, or a double that is not integral`,
  );
}

/**
 * A number the server computed (update operator, aggregation arithmetic), refused when bson
 * would write it with another type than mongod's result: `expected` is mongod's result type.
 */
export function keptNumber(result: number, expected: "int" | "long" | "double", what: string) {
  if (writtenAs(result) !== expected) {
    throw new CommandError(
      ErrorCode.CommandNotSupported,
      `${what} gives ${result} as a ${expected} in MongoDB, and the embedded server, which keeps numbers as int32 and double only, would return it as ${writtenAs(result) === "int" ? "an int32" : "a double"}`,
    );
  }
  return result;
}

/**
 * A count or size in a command reply, typed as mongod's BSONObjBuilder::appendNumber(long long)
 * types it: an int32 while it fits, else a long (bson would write a plain number as a double).
 */
export function appendedNumber(n: number): number | Long {
  return writtenAs(n) === "int" ? n : Long.fromNumber(n);
}

/** mongod's result type of `+`/`*` on two stored numbers (int32 overflowing to long). */
export function arithmeticType(a: number, b: number, result: number): "int" | "long" | "double" {
  if (writtenAs(a) === "double" || writtenAs(b) === "double") return "double";
  return writtenAs(result) === "int" ? "int" : "long";
}

/** The BSON type a deserialised value would be written back as. */
export function bsonTypeName(value: unknown): string {
  switch (typeof value) {
    case "string":
      return "string";
    case "boolean":
      return "bool";
    case "undefined":
      return "undefined";
    case "bigint":
      return "long";
    case "number":
      return writtenAs(value);
    case "object":
      break;
    default:
      return "javascript";
  }
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value instanceof Date) return "date";
  if (value instanceof RegExp) return "regex";
  if (isPlainObject(value)) return "object";
  switch ((value as { _bsontype?: string })._bsontype) {
    case "ObjectId":
      return "objectId";
    case "Binary":
      return "binData";
    case "Long":
      return "long";
    case "Decimal128":
      return "decimal";
    case "Timestamp":
      return "timestamp";
    case "Int32":
      return "int";
    case "Double":
      return "double";
    case "BSONRegExp":
      return "regex";
    case "Code":
      return "javascript";
    case "MinKey":
      return "minKey";
    case "MaxKey":
      return "maxKey";
    default:
      return "object";
  }
}

// --- numbers the aggregation engine computes ---------------------------------------------------
//
// mongod's arithmetic keeps types: an int32 sum stays int32 until it overflows into a long, any
// double makes the result a double, and some operators always give a double ($divide, $avg,
// $sqrt, ...) or a long ($toLong, $dateDiff, ...). mingo computes plain numbers, which bson would
// write back as int32 whenever they are integral and small. Each operator that yields a number
// is checked: a result whose type would change (6 from 5.5 + 0.5, 2 from 10 / 5, an int32
// overflow, any long or decimal) is refused instead of returned as another type.

type ExpressionOp = (obj: unknown, expr: unknown, options: Options) => unknown;
type AccumulatorOp = (collection: unknown[], expr: unknown, options: Options) => unknown;
type NumberType = "int" | "long" | "double";

/** mongod's type for arithmetic over these operands: double if one is, else int or long. */
function combinedType(operands: unknown[], result: number): NumberType {
  for (const value of operands) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items)
      if (typeof item === "number" && writtenAs(item) === "double") return "double";
  }
  return writtenAs(result) === "int" ? "int" : "long";
}

function operandsOf(obj: unknown, expr: unknown, options: Options): unknown[] {
  const values = evalExpr(obj, expr, options);
  return Array.isArray(values) ? values : [values];
}

function typedExpression(
  name: string,
  type: (operands: () => unknown[], result: number) => NumberType,
): ExpressionOp {
  const original = (expressionOperators as Record<string, unknown>)[name] as ExpressionOp;
  return (obj, expr, options) => {
    const result = original(obj, expr, options);
    if (typeof result !== "number") return result;
    return keptNumber(
      result,
      type(() => operandsOf(obj, expr, options), result),
      name,
    );
  };
}

const always =
  (type: NumberType) =>
  (_operands: () => unknown[], _result: number): NumberType =>
    type;
const combined = (operands: () => unknown[], result: number) => combinedType(operands(), result);

const MIXED = [
  "$add",
  "$subtract",
  "$multiply",
  "$mod",
  "$abs",
  "$ceil",
  "$floor",
  "$round",
  "$trunc",
  "$sum",
];
const DOUBLE = [
  "$divide",
  "$sqrt",
  "$exp",
  "$ln",
  "$log",
  "$log10",
  "$sigmoid",
  "$avg",
  "$stdDevPop",
  "$stdDevSamp",
  "$median",
  "$percentile",
  "$toDouble",
  "$rand",
  "$sin",
  "$cos",
  "$tan",
  "$asin",
  "$acos",
  "$atan",
  "$atan2",
  "$asinh",
  "$acosh",
  "$atanh",
  "$sinh",
  "$cosh",
  "$tanh",
  "$degreesToRadians",
  "$radiansToDegrees",
];
const LONG = ["$toLong", "$dateDiff", "$tsSecond", "$tsIncrement", "$toHashedIndexKey"];

/** `$pow`: int^int stays int (long past int32), a negative exponent or a double gives a double. */
function powType(operands: () => unknown[], result: number): NumberType {
  const values = operands();
  const exponent = values[1];
  if (typeof exponent === "number" && exponent < 0) return "double";
  return combinedType(values, result);
}

/** `$convert`: the type named by `to`. */
function convertType(obj: unknown, expr: unknown, options: Options): NumberType | "decimal" {
  const to = evalExpr(obj, (expr as { to?: unknown }).to, options);
  const name =
    typeof to === "number"
      ? ({ 1: "double", 16: "int", 18: "long", 19: "decimal" } as Record<number, string>)[to]
      : to;
  return name === "double" || name === "long" || name === "decimal" ? name : "int";
}

/**
 * Expression forms of accumulators (`{$avg: [...]}`) run mingo's accumulators, checked below;
 * operators mingo lacks stay unknown.
 */
const typedExpressions = (names: string[], type: Parameters<typeof typedExpression>[1]) =>
  names
    .filter((name) => typeof (expressionOperators as Record<string, unknown>)[name] === "function")
    .map((name) => [name, typedExpression(name, type)] as const);

export const NUMBER_EXPRESSION_OPS: Record<string, ExpressionOp> = {
  ...Object.fromEntries([
    ...typedExpressions(MIXED, combined),
    ...typedExpressions(DOUBLE, always("double")),
    ...typedExpressions(LONG, always("long")),
  ]),
  $pow: typedExpression("$pow", powType),
  $toDecimal: (obj, expr, options) => {
    const result = (expressionOperators.$toDecimal as ExpressionOp)(obj, expr, options);
    if (typeof result === "number") throw unkeptNumberError(`$toDecimal's result (a Decimal128)`);
    return result;
  },
  $convert: (obj, expr, options) => {
    const result = (expressionOperators.$convert as ExpressionOp)(obj, expr, options);
    if (typeof result !== "number") return result;
    const type = convertType(obj, expr, options);
    if (type === "decimal") throw unkeptNumberError(`$convert's result (a Decimal128)`);
    return keptNumber(result, type, "$convert");
  },
  /** The BSON type a value is written back as (mingo calls an integral 3e9 a long). */
  $type: (obj, expr, options) => {
    const operand = Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
    const value = evalExpr(obj, operand, options);
    return value === undefined ? "missing" : bsonTypeName(value);
  },
};

function typedAccumulator(name: string, sumLike: boolean): AccumulatorOp {
  const original = (accumulatorOperators as Record<string, unknown>)[name] as AccumulatorOp;
  return (collection, expr, options) => {
    const result = original(collection, expr, options);
    if (typeof result !== "number") return result;
    const type = sumLike
      ? combinedType(
          typeof expr === "number"
            ? [expr]
            : (accumulatorOperators.$push(collection, expr, options) as unknown[]),
          result,
        )
      : "double";
    return keptNumber(result, type, name);
  };
}

export const NUMBER_ACCUMULATOR_OPS: Record<string, AccumulatorOp> = {
  $sum: typedAccumulator("$sum", true),
  ...Object.fromEntries(
    [
      "$avg",
      "$stdDevPop",
      "$stdDevSamp",
      "$median",
      "$percentile",
      "$covariancePop",
      "$covarianceSamp",
    ].map((name) => [name, typedAccumulator(name, false)]),
  ),
};
