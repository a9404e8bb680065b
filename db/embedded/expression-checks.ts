// mongod's argument checks for the aggregation expression operators an application is likely to
// use, in front of mingo's implementations.
//
// mingo answers an invalid argument in its own way: an error with its own words (which errors.ts
// turns into BadValue), or worse, a value where mongod refuses ($substrCP with a negative index
// gives "", $ln of 0 gives -Infinity, an unparseable date string gives null, "" converts to the
// int 0). Each operator here evaluates its operands once, refuses what MongoDB 7.0 refuses with
// mongod's code and message (the uassert ids and texts of src/mongo/db/pipeline/expression.cpp
// and expression.h), and then either computes the result itself, where mongod's rule is short, or
// hands the evaluated operands to the engine's operator as literals. Where this server cannot
// tell what mongod would answer (a double's text form, dates in formats other than ISO 8601), it
// refuses with CommandNotSupported and says why, rather than answer differently.

import { ObjectId } from "bson";
import { evalExpr } from "mingo/core";
import * as accumulatorOperators from "mingo/operators/accumulator";
import * as expressionOperators from "mingo/operators/expression";
import type { Options } from "mingo/types";
import { CommandError, ErrorCode } from "./errors";
import { bsonTypeName, keptNumber, NUMBER_EXPRESSION_OPS, unkeptNumberError } from "./numbers";

type ExpressionOp = (obj: unknown, expr: unknown, options: Options) => unknown;

const BASE: Record<string, ExpressionOp> = {
  ...(expressionOperators as unknown as Record<string, ExpressionOp>),
  ...NUMBER_EXPRESSION_OPS,
};

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function fail(code: number, message: string): never {
  throw new CommandError(code, message);
}

/** A refusal for an input whose answer from mongod this server cannot reproduce. */
function unsupported(what: string): never {
  throw new CommandError(ErrorCode.CommandNotSupported, `the embedded server ${what}`);
}

const nullish = (v: unknown): v is null | undefined => v === null || v === undefined;
/** Numbers this server keeps (int32 and double; longs and decimals are refused on arrival). */
const numeric = (v: unknown): v is number => typeof v === "number";

/** mongod's type name of a value (`typeName(value.getType())`): a missing value is "missing". */
function typeName(v: unknown): string {
  return v === undefined ? "missing" : bsonTypeName(v);
}

/** A double the way mongod prints it in these messages, for the values both print alike. */
function num(n: number): string {
  if (Number.isNaN(n)) return "nan";
  if (!Number.isFinite(n)) return n > 0 ? "inf" : "-inf";
  return String(n);
}

/** A value as mongod's `Value::toString()` prints it in messages (numbers and strings). */
function shown(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number") return num(v);
  if (v === null) return "null";
  if (v === undefined) return "MISSING";
  return String(v);
}

/** `Value::integral()`: an int, or a double with an integral value in int32 range. */
function integral(v: unknown): v is number {
  return numeric(v) && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX;
}

/** mongod's operand list: an array's elements, or a single value as the only operand. */
function operandsOf(expr: unknown): unknown[] {
  return Array.isArray(expr) ? expr : [expr];
}

/**
 * The checks mongod makes when it parses an operator's argument (operand counts, `$switch`'s
 * shape), so they refuse even where no document is evaluated (an empty collection, an untaken
 * branch): `checkExpressionOperators` runs them; the operators run them again when evaluated.
 */
const PARSE_CHECKS = new Map<string, (argument: unknown) => void>();

/** Registers mongod's operand count for `name` as a parse-time check. */
function parsedArity(name: string, min: number, max: number): void {
  PARSE_CHECKS.set(name, (argument) => checkArity(name, operandsOf(argument).length, min, max));
}

/** mongod's arity checks (ExpressionFixedArity, 16020; ExpressionRangedArity, 28667). */
function checkArity(name: string, count: number, min: number, max: number): void {
  if (min === max && count !== min) {
    fail(16020, `Expression ${name} takes exactly ${min} arguments. ${count} were passed in.`);
  }
  if (count < min || count > max) {
    fail(
      28667,
      `Expression ${name} takes at least ${min} arguments, and at most ${max}, but ${count} were passed in.`,
    );
  }
}

const literal = (value: unknown) => ({ $literal: value });

/**
 * An operator over positional operands: `check` sees the evaluated values and either refuses,
 * returns a result (`{value}`), or returns undefined to let the engine's operator compute it.
 */
function positional(
  name: string,
  min: number,
  max: number,
  check: (values: unknown[]) => { value: unknown } | undefined,
): ExpressionOp {
  const base = BASE[name];
  parsedArity(name, min, max);
  return (obj, expr, options) => {
    const operands = operandsOf(expr);
    checkArity(name, operands.length, min, max);
    const values = operands.map((operand) => evalExpr(obj, operand, options));
    const decided = check(values);
    if (decided !== undefined) return decided.value;
    if (base === undefined) unsupported(`does not implement ${name}`);
    const args = values.map(literal);
    return base(obj, max === 1 ? args[0] : args, options);
  };
}

const result = (value: unknown) => ({ value });
const NULL = result(null);

// --- arithmetic -----------------------------------------------------------------------------

/** ExpressionSingleNumericArg: null stays null, anything else but a number is 28765. */
function singleNumeric(name: string, domain?: (n: number) => void): ExpressionOp {
  return positional(name, 1, 1, ([v]) => {
    if (nullish(v)) return NULL;
    if (!numeric(v)) fail(28765, `${name} only supports numeric types, not ${typeName(v)}`);
    domain?.(v);
    return undefined;
  });
}

const positive = (code: number, name: string) => (n: number) => {
  if (!(n > 0 || Number.isNaN(n))) {
    fail(code, `${name}'s argument must be a positive number, but is ${num(n)}`);
  }
};

const ARITHMETIC: Record<string, ExpressionOp> = {
  $add: positional("$add", 0, Number.POSITIVE_INFINITY, (values) => {
    let dates = 0;
    for (const v of values) {
      if (nullish(v)) return NULL;
      if (v instanceof Date) {
        if (++dates > 1) fail(16612, "only one date allowed in an $add expression");
      } else if (!numeric(v)) {
        fail(
          ErrorCode.TypeMismatch,
          `$add only supports numeric or date types, not ${typeName(v)}`,
        );
      }
    }
    return undefined;
  }),
  $multiply: positional("$multiply", 0, Number.POSITIVE_INFINITY, (values) => {
    for (const v of values) {
      if (nullish(v)) return NULL;
      if (!numeric(v)) {
        fail(ErrorCode.TypeMismatch, `$multiply only supports numeric types, not ${typeName(v)}`);
      }
    }
    return undefined;
  }),
  $subtract: positional("$subtract", 2, 2, ([a, b]) => {
    if (numeric(a) && numeric(b)) return undefined;
    if (nullish(a) || nullish(b)) return NULL;
    if (a instanceof Date && (b instanceof Date || numeric(b))) return undefined;
    fail(
      ErrorCode.TypeMismatch,
      a instanceof Date
        ? `can't $subtract ${typeName(b)} from Date`
        : `can't $subtract ${typeName(b)} from ${typeName(a)}`,
    );
  }),
  $divide: positional("$divide", 2, 2, ([a, b]) => {
    if (numeric(a) && numeric(b)) {
      if (b === 0) fail(ErrorCode.BadValue, "can't $divide by zero");
      return undefined;
    }
    if (nullish(a) || nullish(b)) return NULL;
    fail(
      ErrorCode.TypeMismatch,
      `$divide only supports numeric types, not ${typeName(a)} and ${typeName(b)}`,
    );
  }),
  $mod: positional("$mod", 2, 2, ([a, b]) => {
    if (numeric(a) && numeric(b)) {
      if (b === 0) fail(16610, "can't $mod by zero");
      return undefined;
    }
    if (nullish(a) || nullish(b)) return NULL;
    fail(16611, `$mod only supports numeric types, not ${typeName(a)} and ${typeName(b)}`);
  }),
  $pow: positional("$pow", 2, 2, ([base, exponent]) => {
    if (nullish(base) || nullish(exponent)) return NULL;
    if (!numeric(base)) fail(28762, `$pow's base must be numeric, not ${typeName(base)}`);
    if (!numeric(exponent)) {
      fail(28763, `$pow's exponent must be numeric, not ${typeName(exponent)}`);
    }
    if (base === 0 && exponent < 0) {
      fail(28764, "$pow cannot take a base of 0 and a negative exponent");
    }
    return undefined;
  }),
  $log: positional("$log", 2, 2, ([arg, base]) => {
    if (nullish(arg) || nullish(base)) return NULL;
    if (!numeric(arg)) fail(28756, `$log's argument must be numeric, not ${typeName(arg)}`);
    if (!numeric(base)) fail(28757, `$log's base must be numeric, not ${typeName(base)}`);
    positive(28758, "$log")(arg);
    if (!((base > 0 && base !== 1) || Number.isNaN(base))) {
      fail(28759, `$log's base must be a positive number not equal to 1, but is ${num(base)}`);
    }
    return undefined;
  }),
  $ln: singleNumeric("$ln", positive(28766, "$ln")),
  $log10: singleNumeric("$log10", positive(28761, "$log10")),
  $sqrt: singleNumeric("$sqrt", (n) => {
    if (n < 0) fail(28714, "$sqrt's argument must be greater than or equal to 0");
  }),
  $abs: singleNumeric("$abs"),
  $exp: singleNumeric("$exp"),
  $ceil: singleNumeric("$ceil"),
  $floor: singleNumeric("$floor"),
  $round: roundOrTrunc("$round"),
  $trunc: roundOrTrunc("$trunc"),
};

/** `$round` and `$trunc` (evaluateRoundOrTrunc): a number, and a precision in [-20, 100]. */
function roundOrTrunc(name: string): ExpressionOp {
  return positional(name, 1, 2, ([n, precision]) => {
    if (nullish(n)) return NULL;
    if (!numeric(n)) fail(51081, `${name} only supports numeric types, not ${typeName(n)}`);
    if (precision === undefined) return undefined;
    if (nullish(precision)) return NULL;
    if (!numeric(precision)) {
      unsupported(`takes only a number as ${name}'s precision, not a ${typeName(precision)}`);
    }
    // mongod's message has two spaces after "to".
    if (!integral(precision)) {
      fail(51082, `precision argument to  ${name} must be a integral value`);
    }
    if (precision < -20 || precision > 100) {
      fail(
        51083,
        `cannot apply ${name} with precision value ${precision} value must be in [-20, 100]`,
      );
    }
    return undefined;
  });
}

// --- strings ----------------------------------------------------------------------------------

/**
 * Operators with named arguments whose listed fields must evaluate to one of the allowed types
 * (or null); the engine then computes the result from the evaluated values.
 */
function namedTyped(
  name: string,
  fields: Record<string, { allowed: string[]; refuse: (v: unknown) => never }>,
  nullGivesNull: boolean,
): ExpressionOp {
  const base = BASE[name] as ExpressionOp;
  return (obj, expr, options) => {
    if (!isSpec(expr)) return base(obj, expr, options);
    const evaluated: Record<string, unknown> = { ...expr };
    let sawNull = false;
    for (const [field, { allowed, refuse }] of Object.entries(fields)) {
      if (!(field in expr)) continue;
      const v = evalExpr(obj, expr[field], options);
      if (nullish(v)) sawNull = true;
      else if (!allowed.includes(bsonTypeName(v))) refuse(v);
      evaluated[field] = literal(v);
    }
    if (sawNull && nullGivesNull) return null;
    return base(obj, evaluated, options);
  };
}

function trimOp(name: string): ExpressionOp {
  return namedTyped(
    name,
    {
      input: {
        allowed: ["string"],
        refuse: (v) =>
          fail(
            50699,
            `${name} requires its input to be a string, got ${shown(v)} (of type ${typeName(v)}) instead.`,
          ),
      },
      chars: {
        allowed: ["string"],
        refuse: (v) =>
          fail(
            50700,
            `${name} requires 'chars' to be a string, got ${shown(v)} (of type ${typeName(v)}) instead.`,
          ),
      },
    },
    true,
  );
}

function regexOp(name: string): ExpressionOp {
  return namedTyped(
    name,
    {
      input: {
        allowed: ["string"],
        refuse: () => fail(51104, `${name} needs 'input' to be of type string`),
      },
      regex: {
        allowed: ["string", "regex"],
        refuse: () => fail(51105, `${name} needs 'regex' to be of type string or regex`),
      },
      options: {
        allowed: ["string"],
        refuse: () => fail(51106, `${name} needs 'options' to be of type string`),
      },
    },
    false,
  );
}

/** `coerceToString` of a substring operator's input, for the types whose text is certain. */
function substringInput(name: string, v: unknown): string {
  if (nullish(v)) return "";
  if (typeof v === "string") return v;
  unsupported(
    `takes a string or null as ${name}'s input; MongoDB would first convert the ${typeName(v)} to a string, which this server does not reproduce`,
  );
}

const STRINGS: Record<string, ExpressionOp> = {
  $concat: positional("$concat", 0, Number.POSITIVE_INFINITY, (values) => {
    for (const v of values) {
      if (nullish(v)) return NULL;
      if (typeof v !== "string") fail(16702, `$concat only supports strings, not ${typeName(v)}`);
    }
    return result(values.join(""));
  }),
  $strLenCP: positional("$strLenCP", 1, 1, ([v]) => {
    if (typeof v !== "string") {
      fail(34471, `$strLenCP requires a string argument, found: ${typeName(v)}`);
    }
    return result([...v].length);
  }),
  $strLenBytes: positional("$strLenBytes", 1, 1, ([v]) => {
    if (typeof v !== "string") {
      fail(34473, `$strLenBytes requires a string argument, found: ${typeName(v)}`);
    }
    return result(Buffer.byteLength(v));
  }),
  $split: positional("$split", 2, 2, ([input, separator]) => {
    if (nullish(input) || nullish(separator)) return NULL;
    if (typeof input !== "string") {
      fail(
        40085,
        `$split requires an expression that evaluates to a string as a first argument, found: ${typeName(input)}`,
      );
    }
    if (typeof separator !== "string") {
      fail(
        40086,
        `$split requires an expression that evaluates to a string as a second argument, found: ${typeName(separator)}`,
      );
    }
    if (separator === "") fail(40087, "$split requires a non-empty separator");
    return result(input.split(separator));
  }),
  $indexOfCP: positional("$indexOfCP", 2, 4, ([input, token, start, end]) => {
    if (nullish(input)) return NULL;
    if (typeof input !== "string") {
      fail(40093, `$indexOfCP requires a string as the first argument, found: ${typeName(input)}`);
    }
    if (typeof token !== "string") {
      fail(40094, `$indexOfCP requires a string as the second argument, found: ${typeName(token)}`);
    }
    const index = (v: unknown, what: string): number => {
      // mongod's message has no space after the operator name here.
      if (!integral(v)) {
        fail(
          40096,
          `$indexOfCPrequires an integral ${what}, found a value of type: ${typeName(v)}, with value: ${shown(v)}`,
        );
      }
      if (v < 0) fail(40097, `$indexOfCP requires a nonnegative ${what}, found: ${shown(v)}`);
      return v;
    };
    const points = [...input];
    const from = start === undefined ? 0 : index(start, "starting index");
    const to =
      end === undefined ? points.length : Math.min(points.length, index(end, "ending index"));
    if (to < from) return result(-1);
    if (input === "" && token === "" && from === 0) return result(0);
    const wanted = [...token];
    for (let i = from; i < to; i++) {
      if (wanted.every((c, k) => points[i + k] === c)) return result(i);
    }
    return result(-1);
  }),
  $substrCP: positional("$substrCP", 3, 3, ([input, start, length]) => {
    const s = substringInput("$substrCP", input);
    if (!numeric(start)) {
      fail(
        34450,
        `$substrCP: starting index must be a numeric type (is BSON type ${typeName(start)})`,
      );
    }
    if (!integral(start)) {
      fail(
        34451,
        `$substrCP: starting index cannot be represented as a 32-bit integral value: ${shown(start)}`,
      );
    }
    if (!numeric(length)) {
      fail(34452, `$substrCP: length must be a numeric type (is BSON type ${typeName(length)})`);
    }
    if (!integral(length)) {
      fail(
        34453,
        `$substrCP: length cannot be represented as a 32-bit integral value: ${shown(length)}`,
      );
    }
    if (length < 0) fail(34454, "$substrCP: length must be a nonnegative integer.");
    if (start < 0) fail(34455, "$substrCP: the starting index must be nonnegative integer.");
    return result([...s].slice(start, start + length).join(""));
  }),
};

/** `$substrBytes` (and its old name `$substr`): mongod counts UTF-8 bytes. */
function substrBytes(): ExpressionOp {
  // mongod names both spellings $substrBytes in its messages, and counts both when it parses.
  PARSE_CHECKS.set("$substr", (argument) =>
    checkArity("$substrBytes", operandsOf(argument).length, 3, 3),
  );
  return positional("$substrBytes", 3, 3, ([input, start, length]) => {
    const bytes = Buffer.from(substringInput("$substrBytes", input));
    // mongod's messages here have two spaces after the colon.
    if (!numeric(start)) {
      fail(
        16034,
        `$substrBytes:  starting index must be a numeric type (is BSON type ${typeName(start)})`,
      );
    }
    if (!numeric(length)) {
      fail(
        16035,
        `$substrBytes:  length must be a numeric type (is BSON type ${typeName(length)})`,
      );
    }
    const lower = Math.trunc(start);
    if (lower < 0) {
      fail(50752, `$substrBytes:  starting index must be non-negative (got: ${lower})`);
    }
    const signedLength = Math.trunc(length);
    const count = signedLength < 0 ? bytes.length : signedLength;
    const continuation = (i: number) => ((bytes[i] as number) & 0xc0) === 0x80;
    if (lower < bytes.length && continuation(lower)) {
      fail(28656, "$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.");
    }
    if (lower + count < bytes.length && continuation(lower + count)) {
      fail(
        28657,
        "$substrBytes:  Invalid range, ending index is in the middle of a UTF-8 character.",
      );
    }
    if (lower >= bytes.length) return result("");
    return result(bytes.subarray(lower, lower + count).toString("utf8"));
  });
}

// --- arrays -------------------------------------------------------------------------------------

const ARRAYS: Record<string, ExpressionOp> = {
  $size: positional("$size", 1, 1, ([v]) => {
    if (!Array.isArray(v)) {
      fail(17124, `The argument to $size must be an array, but was of type: ${typeName(v)}`);
    }
    return result(v.length);
  }),
  $arrayElemAt: positional("$arrayElemAt", 2, 2, ([array, index]) => {
    if (nullish(array) || nullish(index)) return NULL;
    if (!Array.isArray(array)) {
      fail(28689, `$arrayElemAt's first argument must be an array, but is ${typeName(array)}`);
    }
    if (!numeric(index)) {
      fail(
        28690,
        `$arrayElemAt's second argument must be a numeric value, but is ${typeName(index)}`,
      );
    }
    if (!integral(index)) {
      fail(
        28691,
        `$arrayElemAt's second argument must be representable as a 32-bit integer: ${num(index)}`,
      );
    }
    // Out of range gives a missing value (the field is left out), not null.
    if (index < 0 && -index > array.length) return result(undefined);
    return result(array[index < 0 ? array.length + index : index]);
  }),
  $slice: positional("$slice", 2, 3, (values) => {
    const [array, second] = values;
    if (nullish(array) || nullish(second)) return NULL;
    if (!Array.isArray(array)) {
      fail(28724, `First argument to $slice must be an array, but is of type: ${typeName(array)}`);
    }
    if (!numeric(second)) {
      fail(
        28725,
        `Second argument to $slice must be a numeric value, but is of type: ${typeName(second)}`,
      );
    }
    if (!integral(second)) {
      fail(
        28726,
        `Second argument to $slice can't be represented as a 32-bit integer: ${num(second)}`,
      );
    }
    if (values.length === 2) {
      return result(
        second >= 0 ? array.slice(0, second) : array.slice(Math.max(0, array.length + second)),
      );
    }
    const count = values[2];
    if (nullish(count)) return NULL;
    if (!numeric(count)) {
      fail(28727, `Third argument to $slice must be numeric, but is of type: ${typeName(count)}`);
    }
    if (!integral(count)) {
      fail(
        28728,
        `Third argument to $slice can't be represented as a 32-bit integer: ${num(count)}`,
      );
    }
    if (count <= 0) fail(28729, `Third argument to $slice must be positive: ${count}`);
    const start = second < 0 ? Math.max(0, array.length + second) : Math.min(array.length, second);
    return result(array.slice(start, start + count));
  }),
};

/** An operator whose every operand must be an array (or null, when `nullable`). */
function arraysOnly(
  name: string,
  min: number,
  max: number,
  nullable: boolean,
  refuse: (v: unknown, index: number) => never,
): ExpressionOp {
  return positional(name, min, max, (values) => {
    for (const [i, v] of values.entries()) {
      if (nullable && nullish(v)) return NULL;
      if (!Array.isArray(v)) refuse(v, i);
    }
    return undefined;
  });
}

const bothArrays = (name: string, first: number, second: number) => (v: unknown, i: number) =>
  fail(
    i === 0 ? first : second,
    `both operands of ${name} must be arrays. ${i === 0 ? "First" : "Second"} argument is of type: ${typeName(v)}`,
  );

/** `$map` and `$filter`: the input must be an array (or null); the rest is the engine's. */
function arrayInput(name: string, code: number): ExpressionOp {
  const base = BASE[name] as ExpressionOp;
  return (obj, expr, options) => {
    if (!isSpec(expr) || !("input" in expr)) return base(obj, expr, options);
    const input = evalExpr(obj, expr.input, options);
    if (nullish(input)) return null;
    if (!Array.isArray(input)) {
      fail(code, `input to ${name} must be an array not ${typeName(input)}`);
    }
    return base(obj, { ...expr, input: literal(input) }, options);
  };
}

const MORE_ARRAYS: Record<string, ExpressionOp> = {
  $concatArrays: arraysOnly("$concatArrays", 0, Number.POSITIVE_INFINITY, true, (v) =>
    fail(28664, `$concatArrays only supports arrays, not ${typeName(v)}`),
  ),
  $reverseArray: arraysOnly("$reverseArray", 1, 1, true, (v) =>
    fail(34435, `The argument to $reverseArray must be an array, but was of type: ${typeName(v)}`),
  ),
  $allElementsTrue: arraysOnly("$allElementsTrue", 1, 1, false, (v) =>
    fail(17040, `$allElementsTrue's argument must be an array, but is ${typeName(v)}`),
  ),
  $anyElementTrue: arraysOnly("$anyElementTrue", 1, 1, false, (v) =>
    fail(17041, `$anyElementTrue's argument must be an array, but is ${typeName(v)}`),
  ),
  $setUnion: arraysOnly("$setUnion", 0, Number.POSITIVE_INFINITY, true, (v) =>
    fail(
      17043,
      `All operands of $setUnion must be arrays. One argument is of type: ${typeName(v)}`,
    ),
  ),
  $setIntersection: arraysOnly("$setIntersection", 0, Number.POSITIVE_INFINITY, true, (v) =>
    fail(
      17047,
      `All operands of $setIntersection must be arrays. One argument is of type: ${typeName(v)}`,
    ),
  ),
  $setDifference: arraysOnly(
    "$setDifference",
    2,
    2,
    true,
    bothArrays("$setDifference", 17048, 17049),
  ),
  $setIsSubset: arraysOnly("$setIsSubset", 2, 2, false, bothArrays("$setIsSubset", 17046, 17042)),
  $setEquals: positional("$setEquals", 0, Number.POSITIVE_INFINITY, (values) => {
    if (values.length < 2) {
      fail(17045, `$setEquals needs at least two arguments had: ${values.length}`);
    }
    for (const [i, v] of values.entries()) {
      if (!Array.isArray(v)) {
        fail(
          17044,
          `All operands of $setEquals must be arrays. ${i + 1}-th argument is of type: ${typeName(v)}`,
        );
      }
    }
    return undefined;
  }),
  $objectToArray: positional("$objectToArray", 1, 1, ([v]) => {
    if (nullish(v)) return NULL;
    if (bsonTypeName(v) !== "object") {
      fail(40390, `$objectToArray requires a document input, found: ${typeName(v)}`);
    }
    return undefined;
  }),
  $arrayToObject: positional("$arrayToObject", 1, 1, ([v]) => {
    if (nullish(v)) return NULL;
    if (!Array.isArray(v)) {
      fail(40386, `$arrayToObject requires an array input, found: ${typeName(v)}`);
    }
    return undefined;
  }),
  $range: positional("$range", 2, 3, ([start, end, step]) => {
    const bound = (v: unknown, what: string, typeCode: number, intCode: number): number => {
      if (!numeric(v)) {
        fail(typeCode, `$range requires a numeric ${what}, found value of type: ${typeName(v)}`);
      }
      if (!integral(v)) {
        fail(
          intCode,
          `$range requires a ${what} that can be represented as a 32-bit integer, found value: ${shown(v)}`,
        );
      }
      return v;
    };
    bound(start, "starting value", 34443, 34444);
    bound(end, "ending value", 34445, 34446);
    if (step !== undefined) {
      // mongod's message has no space after "type:" for the step.
      if (!numeric(step)) {
        fail(34447, `$range requires a numeric step value, found value of type:${typeName(step)}`);
      }
      bound(step, "step value", 34447, 34448);
      if (step === 0) fail(34449, "$range requires a non-zero step value");
    }
    return undefined;
  }),
  $map: arrayInput("$map", 16883),
  $filter: arrayInput("$filter", 28651),
};

// ExpressionSetEquals::validateArguments: fewer than two operands is refused at parse time.
PARSE_CHECKS.set("$setEquals", (argument) => {
  const count = operandsOf(argument).length;
  if (count < 2) fail(17045, `$setEquals needs at least two arguments had: ${count}`);
});

// --- dates from strings ---------------------------------------------------------------------

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Thrown as ConversionFailure (241), which `onError` catches, as in mongod. */
function conversionFailure(message: string): never {
  fail(ErrorCode.ConversionFailure, message);
}

/**
 * A date string as mongod's parser reads it, for ISO 8601 forms. A string without a digit has
 * no year, so mongod refuses it whatever its words; other forms mongod's parser (timelib)
 * accepts ("Feb 8 2017", ...) are refused here instead of read differently.
 */
function parseDateString(s: string): Date {
  const m = ISO_DATE.exec(s);
  if (m === null) {
    if (!/\d/.test(s)) conversionFailure(`Error parsing date string '${s}'`);
    unsupported(
      `reads only ISO 8601 date strings (2024-05-01 or 2024-05-01T10:30:00.000Z); MongoDB would parse '${s}' with its own date parser, which this server does not reproduce`,
    );
  }
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const ms = m[7] === undefined ? 0 : Number(m[7].padEnd(3, "0"));
  // Date.UTC would read years 0-99 as 1900-1999.
  const date = new Date(Date.UTC(2000, (month as number) - 1, day, hour, minute, second, ms));
  date.setUTCFullYear(year as number);
  const time = date.getTime();
  // A month, day or time out of range is an invalid date to mongod's parser, not a rollover.
  if (
    date.getUTCMonth() !== (month as number) - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    conversionFailure(`Error parsing date string '${s}'`);
  }
  const zone = m[8];
  if (zone === undefined || zone === "Z") return date;
  const sign = zone[0] === "-" ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return new Date(time - sign * offset * 60_000);
}

/** Evaluates `{field: expression}` arguments; absent fields stay absent. */
function named(obj: unknown, expr: unknown, options: Options, fields: string[]) {
  const spec = expr as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field in spec) out[field] = evalExpr(obj, spec[field], options);
  }
  return out;
}

function isSpec(expr: unknown): expr is Record<string, unknown> {
  return typeof expr === "object" && expr !== null && !Array.isArray(expr);
}

/** Runs a conversion; a ConversionFailure gives `onError`'s value when there is one. */
function withOnError(
  obj: unknown,
  spec: Record<string, unknown>,
  options: Options,
  convert: () => unknown,
): unknown {
  try {
    return convert();
  } catch (error) {
    if (
      error instanceof CommandError &&
      error.code === ErrorCode.ConversionFailure &&
      "onError" in spec
    ) {
      return evalExpr(obj, spec.onError, options);
    }
    throw error;
  }
}

/** mongod's $dateFromString format characters (kDateFromStringFormatMap). */
const DATE_FROM_STRING_FORMATS = new Set("bBdGHjLmMSuVYzZ%");
/** Fixed-width numeric fields this server reads exactly as mongod's parser does. */
const FORMAT_FIELDS: Record<string, { width: number; part: number }> = {
  Y: { width: 4, part: 0 },
  m: { width: 2, part: 1 },
  d: { width: 2, part: 2 },
  H: { width: 2, part: 3 },
  M: { width: 2, part: 4 },
  S: { width: 2, part: 5 },
  L: { width: 3, part: 6 },
};

/** TimeZone::validateFromStringFormat (18535, 18536), then the characters this server reads. */
function formatPattern(format: string): { re: RegExp; parts: number[] } {
  let source = "^";
  const parts: number[] = [];
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (c !== "%") {
      source += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      continue;
    }
    const spec = format[++i];
    if (spec === undefined) fail(18535, "Unmatched '%' at end of format string");
    if (!DATE_FROM_STRING_FORMATS.has(spec)) {
      fail(18536, `Invalid format character '%${spec}' in format string`);
    }
    const field = FORMAT_FIELDS[spec];
    if (field === undefined) {
      unsupported(`does not read %${spec} in $dateFromString's format as MongoDB would`);
    }
    source += `(\\d{${field.width}})`;
    parts.push(field.part);
  }
  return { re: new RegExp(`${source}$`), parts };
}

/** A date string read with a format of fixed-width numeric fields (year, month and day needed). */
function parseWithFormat(s: string, format: string): Date {
  const { re, parts } = formatPattern(format);
  const m = re.exec(s);
  if (m === null) {
    if (!/\d/.test(s)) conversionFailure(`Error parsing date string '${s}'`);
    unsupported(
      `reads a date string with a format only when every field has its full width (2024-05-01 for %Y-%m-%d); MongoDB's parser may read '${s}' another way`,
    );
  }
  const values = [Number.NaN, Number.NaN, Number.NaN, 0, 0, 0, 0];
  parts.forEach((part, i) => {
    values[part] = Number(m[i + 1]);
  });
  const [year, month, day, hour, minute, second, ms] = values as number[];
  if ([year, month, day].some((n) => Number.isNaN(n))) {
    unsupported("reads a date with a format only when it gives the year, month and day");
  }
  const text = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:${String(second).padStart(2, "0")}.${String(ms).padStart(3, "0")}Z`;
  try {
    return parseDateString(text);
  } catch (error) {
    if (error instanceof CommandError) conversionFailure(`Error parsing date string '${s}'`);
    throw error;
  }
}

const $dateFromString: ExpressionOp = (obj, expr, options) => {
  if (!isSpec(expr)) {
    fail(40540, `$dateFromString only supports an object as an argument, found: ${typeName(expr)}`);
  }
  for (const field of Object.keys(expr)) {
    if (!["dateString", "format", "timezone", "onNull", "onError"].includes(field)) {
      fail(40541, `Unrecognized argument to $dateFromString: ${field}`);
    }
  }
  if (!("dateString" in expr)) fail(40542, "Missing 'dateString' parameter to $dateFromString");
  const { dateString, format, timezone } = named(obj, expr, options, [
    "dateString",
    "format",
    "timezone",
  ]);
  // The format is checked first, the time zone next, then a null dateString gives onNull.
  if (!nullish(format)) formatPattern(formatText("$dateFromString", 40684, format));
  checkTimezone(timezone);
  if (!nullish(timezone) && timezone !== "UTC") {
    unsupported('reads date strings in $dateFromString only without a timezone, or with "UTC"');
  }
  if (nullish(dateString)) return "onNull" in expr ? evalExpr(obj, expr.onNull, options) : null;
  return withOnError(obj, expr, options, () => {
    if (typeof dateString !== "string") {
      conversionFailure(
        `$dateFromString requires that 'dateString' be a string, found: ${typeName(dateString)} with value ${shown(dateString)}`,
      );
    }
    if ("timezone" in expr && nullish(timezone)) return null;
    if ("format" in expr) {
      if (nullish(format)) return null;
      return parseWithFormat(dateString, format as string);
    }
    return parseDateString(dateString);
  });
};

// --- dates -----------------------------------------------------------------------------------

/**
 * `Value::coerceToDate()`: a date, or a timestamp's seconds; anything else is 16006. An ObjectId
 * is refused: whether 7.0 reads it as its creation time here could not be confirmed.
 */
function coerceToDate(v: unknown): Date {
  if (v instanceof Date) return v;
  const type = bsonTypeName(v);
  if (type === "timestamp") {
    return new Date((v as { getHighBits(): number }).getHighBits() * 1000);
  }
  if (type === "objectId") unsupported("does not read an ObjectId as a date in date operators");
  fail(16006, `can't convert from BSON type ${typeName(v)} to Date`);
}

/** makeTimeZone: a timezone must be a string (null gives null). */
/** A date operator's `format`, which must be a string (each operator has its own code). */
function formatText(op: string, code: number, format: unknown): string {
  if (typeof format !== "string") {
    fail(
      code,
      `${op} requires that 'format' be a string, found: ${typeName(format)} with value ${shown(format)}`,
    );
  }
  return format;
}

function checkTimezone(v: unknown): void {
  if (!nullish(v) && typeof v !== "string") {
    fail(40517, `timezone must evaluate to a string, found ${typeName(v)}`);
  }
}

/** `$year`, `$month`, ...: a date expression, or `{date, timezone}`. */
function datePart(name: string): ExpressionOp {
  const base = BASE[name] as ExpressionOp;
  return (obj, expr, options) => {
    const spec =
      isSpec(expr) && "date" in expr && !Object.keys(expr)[0]?.startsWith("$") ? expr : undefined;
    const operand = spec ? spec.date : Array.isArray(expr) && expr.length === 1 ? expr[0] : expr;
    if (spec && "timezone" in spec) {
      const zone = evalExpr(obj, spec.timezone, options);
      checkTimezone(zone);
      if (nullish(zone)) return null;
    }
    const date = evalExpr(obj, operand, options);
    if (nullish(date)) return null;
    const coerced = literal(coerceToDate(date));
    return base(obj, spec ? { ...spec, date: coerced } : coerced, options);
  };
}

const DATE_PARTS = [
  "$year",
  "$month",
  "$dayOfMonth",
  "$dayOfWeek",
  "$dayOfYear",
  "$hour",
  "$minute",
  "$second",
  "$millisecond",
  "$week",
  "$isoWeek",
  "$isoWeekYear",
  "$isoDayOfWeek",
];

/** mongod's $dateToString format characters (kDateToStringFormatMap). */
const DATE_TO_STRING_FORMATS = new Set("bBdGHjLmMSwuUVYzZ%");
/** Those the engine prints as mongod does; %b/%B are newer than 7.0's list could be confirmed. */
const DATE_TO_STRING_KEPT = new Set("dHjLmMSwuUVYz");

/** TimeZone::validateToStringFormat (18535, 18536), then the characters this server prints. */
function checkDateFormat(format: string): void {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== "%") continue;
    const c = format[++i];
    if (c === undefined) fail(18535, "Unmatched '%' at end of format string");
    if (!DATE_TO_STRING_FORMATS.has(c)) {
      fail(18536, `Invalid format character '%${c}' in format string`);
    }
    if (!DATE_TO_STRING_KEPT.has(c)) {
      unsupported(`does not print %${c} in $dateToString as MongoDB would`);
    }
  }
}

const $dateToString: ExpressionOp = (obj, expr, options) => {
  const base = BASE.$dateToString as ExpressionOp;
  if (!isSpec(expr) || !("date" in expr)) return base(obj, expr, options);
  const { date, format, timezone } = named(obj, expr, options, ["date", "format", "timezone"]);
  if (!nullish(format)) checkDateFormat(formatText("$dateToString", 18533, format));
  checkTimezone(timezone);
  if (nullish(date)) return "onNull" in expr ? evalExpr(obj, expr.onNull, options) : null;
  if (nullish(timezone) && "timezone" in expr) return null;
  if ("format" in expr && nullish(format)) return null;
  const evaluated: Record<string, unknown> = { date: literal(coerceToDate(date)) };
  if ("format" in expr) evaluated.format = literal(format);
  if ("timezone" in expr) evaluated.timezone = literal(timezone);
  return base(obj, evaluated, options);
};

const $dateToParts: ExpressionOp = (obj, expr, options) => {
  const base = BASE.$dateToParts as ExpressionOp;
  if (!isSpec(expr) || !("date" in expr)) return base(obj, expr, options);
  const { date, timezone } = named(obj, expr, options, ["date", "timezone"]);
  checkTimezone(timezone);
  if (nullish(timezone) && "timezone" in expr) return null;
  if (nullish(date)) return null;
  return base(obj, { ...expr, date: literal(coerceToDate(date)) }, options);
};

const TIME_UNITS = new Set([
  "year",
  "quarter",
  "month",
  "week",
  "day",
  "hour",
  "minute",
  "second",
  "millisecond",
]);

/** `$dateAdd`/`$dateSubtract`: a date to start from and a whole number of units. */
function dateArithmetic(name: string): ExpressionOp {
  const base = BASE[name] as ExpressionOp;
  return (obj, expr, options) => {
    if (!isSpec(expr)) return base(obj, expr, options);
    const args = named(obj, expr, options, ["startDate", "unit", "amount", "timezone"]);
    if (nullish(args.startDate) || nullish(args.unit) || nullish(args.amount)) return null;
    checkTimezone(args.timezone);
    if ("timezone" in expr && nullish(args.timezone)) return null;
    const start = args.startDate;
    if (!(start instanceof Date || bsonTypeName(start) === "timestamp")) {
      if (bsonTypeName(start) === "objectId") {
        unsupported(`does not read an ObjectId as ${name}'s startDate`);
      }
      fail(5166403, `${name} requires startDate to be convertible to a date`);
    }
    if (!numeric(args.amount) || !Number.isInteger(args.amount)) {
      fail(5166405, `${name} expects integer amount of time units`);
    }
    const evaluated: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(args)) {
      evaluated[field] = literal(field === "startDate" ? coerceToDate(value) : value);
    }
    return base(obj, evaluated, options);
  };
}

/** `$dateDiff` (ExpressionDateDiff::evaluate): two dates and a unit. */
const $dateDiff: ExpressionOp = (obj, expr, options) => {
  const base = BASE.$dateDiff as ExpressionOp;
  if (!isSpec(expr)) return base(obj, expr, options);
  const args = named(obj, expr, options, [
    "startDate",
    "endDate",
    "unit",
    "timezone",
    "startOfWeek",
  ]);
  if (nullish(args.startDate) || nullish(args.endDate) || nullish(args.unit)) return null;
  if (args.unit === "week" && "startOfWeek" in expr && nullish(args.startOfWeek)) return null;
  checkTimezone(args.timezone);
  if ("timezone" in expr && nullish(args.timezone)) return null;
  for (const field of ["startDate", "endDate"]) {
    const v = args[field];
    if (!(v instanceof Date || bsonTypeName(v) === "timestamp")) {
      if (bsonTypeName(v) === "objectId")
        unsupported("does not read an ObjectId as a date in $dateDiff");
      fail(5166307, `$dateDiff requires '${field}' to be a date, but got ${typeName(v)}`);
    }
  }
  if (typeof args.unit !== "string") {
    fail(5439013, `$dateDiff requires 'unit' to be a string, but got ${typeName(args.unit)}`);
  }
  if (!TIME_UNITS.has(args.unit)) {
    fail(
      5439014,
      `$dateDiff parameter 'unit' value cannot be recognized as a time unit: ${args.unit}`,
    );
  }
  if (args.unit === "week" && "startOfWeek" in expr && typeof args.startOfWeek !== "string") {
    fail(
      5439015,
      `$dateDiff requires 'startOfWeek' to be a string, but got ${typeName(args.startOfWeek)}`,
    );
  }
  const evaluated: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(args)) {
    evaluated[field] = literal(
      field === "startDate" || field === "endDate" ? coerceToDate(value) : value,
    );
  }
  return base(obj, evaluated, options);
};

const DATES: Record<string, ExpressionOp> = {
  $dateAdd: dateArithmetic("$dateAdd"),
  $dateSubtract: dateArithmetic("$dateSubtract"),
  $dateDiff,
  ...Object.fromEntries(DATE_PARTS.map((name) => [name, datePart(name)])),
  $dateToString,
  $dateToParts,
};

// --- objects, $first and $last, letter case ----------------------------------------------------

/** `Value::toString()` for the values a message shows: scalars and arrays of them. */
function printed(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(printed).join(", ")}]`;
  return typeof v === "boolean" ? String(v) : shown(v);
}

/**
 * `$mergeObjects` (AccumulatorMergeObjects, which mongod also runs as an expression): null and
 * missing inputs add nothing, anything else but a document is refused (40400), later fields
 * replace earlier ones. mingo would spread a string into `{0: "x"}`.
 */
const $mergeObjects: ExpressionOp = (obj, expr, options) => {
  let inputs: unknown[];
  if (Array.isArray(obj)) {
    // As $group's accumulator the engine hands over the group's documents: one input each.
    inputs = accumulatorOperators.$push(obj, expr, options) as unknown[];
  } else {
    // As an expression, a single operand that is an array gives the inputs (evaluateAccumulator).
    const values = operandsOf(expr).map((operand) => evalExpr(obj, operand, options));
    inputs = values.length === 1 && Array.isArray(values[0]) ? values[0] : values;
  }
  const merged: Record<string, unknown> = {};
  for (const input of inputs) {
    if (nullish(input)) continue;
    if (bsonTypeName(input) !== "object") {
      fail(
        40400,
        `$mergeObjects requires object inputs, but input ${printed(input)} is of type ${typeName(input)}`,
      );
    }
    for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
      // defineProperty, so a field named __proto__ is a field like any other.
      if (value !== undefined) {
        Object.defineProperty(merged, field, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return merged;
};

/**
 * `$first`/`$last` as expressions: mongod's `arrayElemAt` at 0 or -1 (one argument; null or
 * missing gives null, an empty array gives missing, anything else is 28689). mingo flattens
 * nested arrays first (`[[1, 2], 3]` would give 1, not `[1, 2]`).
 */
function firstOrLast(name: "$first" | "$last"): ExpressionOp {
  const base = BASE[name] as ExpressionOp;
  parsedArity(name, 1, 1);
  return (obj, expr, options) => {
    // As $group's accumulator the engine hands over the group's documents.
    if (Array.isArray(obj)) return base(obj, expr, options);
    const operands = operandsOf(expr);
    checkArity(name, operands.length, 1, 1);
    const array = evalExpr(obj, operands[0], options);
    if (nullish(array)) return null;
    if (!Array.isArray(array)) {
      fail(28689, `${name}'s argument must be an array, but is ${typeName(array)}`);
    }
    return name === "$first" ? array[0] : array[array.length - 1];
  };
}

/**
 * `Value::coerceToString()`: null and missing are "", an int its digits, a date its ISO text;
 * documents, arrays and booleans are refused (16007). A double, a timestamp and the other types
 * are printed by mongod in ways this server does not reproduce (115).
 */
function coercedText(name: string, v: unknown): string {
  if (nullish(v)) return "";
  if (typeof v === "string") return v;
  if (numeric(v)) return integral(v) && !Object.is(v, -0) ? String(v) : doubleText(v);
  if (v instanceof Date) return toText(v);
  const type = typeName(v);
  if (type === "bool" || type === "object" || type === "array") {
    fail(16007, `can't convert from BSON type ${type} to String`);
  }
  return unsupported(`does not convert a value of type ${type} to a string for ${name}`);
}

/**
 * `$toUpper`/`$toLower` change the ASCII letters only, as mongod's byte-wise `boost::to_upper`
 * does ("é" stays "é", "ß" stays "ß"); JavaScript's would change the others too.
 */
function letterCase(name: string, upper: boolean): ExpressionOp {
  parsedArity(name, 1, 1);
  const letters = upper ? /[a-z]+/g : /[A-Z]+/g;
  return (obj, expr, options) => {
    const operands = operandsOf(expr);
    checkArity(name, operands.length, 1, 1);
    const text = coercedText(name, evalExpr(obj, operands[0], options));
    return text.replace(letters, (run) => (upper ? run.toUpperCase() : run.toLowerCase()));
  };
}

/** A `$getField` field name given as a constant: a plain string, or `{$literal: "<string>"}`. */
function constantFieldName(field: unknown): string | undefined {
  if (typeof field === "string") return field.startsWith("$") ? undefined : field;
  if (isSpec(field) && Object.keys(field).length === 1 && typeof field.$literal === "string") {
    return field.$literal;
  }
  return undefined;
}

/**
 * `$getField` for the forms whose answer is certain: a constant field name (`"price"`,
 * `{$literal: "$price"}`) read from the current document or from an `input` that is a document.
 * mingo reads array elements by index (`"0"`) and an inherited property; mongod reads a field.
 * The other forms (an input that is not a document, a field computed from the document, an
 * object without `input`) are refused (115): their errors and values are not confirmed here.
 */
const $getField: ExpressionOp = (obj, expr, options) => {
  const spec = isSpec(expr) && !Object.keys(expr)[0]?.startsWith("$") ? expr : undefined;
  const keys = spec === undefined ? [] : Object.keys(spec).sort();
  const field = constantFieldName(spec === undefined ? expr : spec.field);
  if (field === undefined || (spec !== undefined && keys.join() !== "field,input")) {
    unsupported(
      "answers $getField only with a constant field name (a string, or $literal) and, in the object form, both field and input",
    );
  }
  const input = spec === undefined ? obj : evalExpr(obj, spec.input, options);
  if (bsonTypeName(input) !== "object") {
    unsupported(`does not answer $getField of a ${typeName(input)} input`);
  }
  const doc = input as Record<string, unknown>;
  return Object.hasOwn(doc, field) ? doc[field] : undefined;
};

const OBJECTS: Record<string, ExpressionOp> = {
  $mergeObjects,
  $first: firstOrLast("$first"),
  $last: firstOrLast("$last"),
  $toUpper: letterCase("$toUpper", true),
  $toLower: letterCase("$toLower", false),
  $getField,
};

// --- conditionals ----------------------------------------------------------------------------

/** `Value::coerceToBool()`: only false, null, missing and zero are false (NaN is true). */
const coerceToBool = (v: unknown) => !(v === false || nullish(v) || v === 0);

function ifNullArguments(expr: unknown): void {
  const operands = operandsOf(expr);
  if (operands.length < 2) {
    fail(1257300, `$ifNull needs at least two arguments, had: ${operands.length}`);
  }
}
PARSE_CHECKS.set("$ifNull", ifNullArguments);

const $ifNull: ExpressionOp = (obj, expr, options) => {
  ifNullArguments(expr);
  return (BASE.$ifNull as ExpressionOp)(obj, expr, options);
};

/** `$switch`'s branches, its shape checked as ExpressionSwitch::parse checks it. */
function switchBranches(expr: unknown): [unknown, unknown][] {
  if (!isSpec(expr)) {
    fail(40060, `$switch requires an object as an argument, found: ${typeName(expr)}`);
  }
  const branches: [unknown, unknown][] = [];
  for (const [field, value] of Object.entries(expr)) {
    if (field === "branches") {
      if (!Array.isArray(value)) {
        fail(40061, `$switch expected an array for 'branches', found: ${typeName(value)}`);
      }
      for (const branch of value) {
        if (!isSpec(branch) || bsonTypeName(branch) !== "object") {
          fail(40062, `$switch expected each branch to be an object, found: ${typeName(branch)}`);
        }
        for (const key of Object.keys(branch)) {
          if (key !== "case" && key !== "then") {
            fail(40063, `$switch found an unknown argument to a branch: ${key}`);
          }
        }
        if (!("case" in branch))
          fail(40064, "$switch requires each branch have a 'case' expression");
        if (!("then" in branch)) {
          fail(40065, "$switch requires each branch have a 'then' expression.");
        }
        branches.push([branch.case, branch.then]);
      }
    } else if (field !== "default") {
      fail(40067, `$switch found an unknown argument: ${field}`);
    }
  }
  if (branches.length === 0) fail(40068, "$switch requires at least one branch.");
  return branches;
}
PARSE_CHECKS.set("$switch", switchBranches);

const $switch: ExpressionOp = (obj, expr, options) => {
  for (const [when, then] of switchBranches(expr)) {
    if (coerceToBool(evalExpr(obj, when, options))) return evalExpr(obj, then, options);
  }
  const spec = expr as Record<string, unknown>;
  if (!("default" in spec)) {
    fail(
      40066,
      "$switch could not find a matching branch for an input, and no default was specified.",
    );
  }
  return evalExpr(obj, spec.default, options);
};

// --- type conversion ----------------------------------------------------------------------------

const TYPE_CODES: Record<number, string> = {
  1: "double",
  2: "string",
  3: "object",
  4: "array",
  5: "binData",
  7: "objectId",
  8: "bool",
  9: "date",
  10: "null",
  11: "regex",
  16: "int",
  17: "timestamp",
  18: "long",
  19: "decimal",
};
const TYPE_NAMES = new Set([...Object.values(TYPE_CODES), "missing", "minKey", "maxKey"]);

/** ExpressionConvert::computeTargetType. */
function targetType(to: unknown): string {
  if (typeof to === "string") {
    if (!TYPE_NAMES.has(to)) {
      unsupported(`does not know the type name '${to}' in $convert's 'to'`);
    }
    return to;
  }
  if (numeric(to)) {
    if (!Number.isInteger(to)) {
      fail(ErrorCode.FailedToParse, "In $convert, numeric 'to' argument is not an integer");
    }
    const name = TYPE_CODES[to];
    if (name === undefined) {
      unsupported(`does not know the BSON type number ${to} in $convert's 'to'`);
    }
    return name;
  }
  fail(
    ErrorCode.FailedToParse,
    `$convert's 'to' argument must be a string or number, but is ${typeName(to)}`,
  );
}

const unsupportedConversion = (from: unknown, to: string): never =>
  conversionFailure(
    `Unsupported conversion from ${typeName(from)} to ${to} in $convert with no onError value`,
  );

function finiteForInteger(n: number): void {
  if (Number.isNaN(n)) {
    conversionFailure(
      "Attempt to convert NaN value to integer type in $convert with no onError value",
    );
  }
  if (!Number.isFinite(n)) {
    conversionFailure(
      "Attempt to convert infinity value to integer type in $convert with no onError value",
    );
  }
}

/**
 * A string's number: plain decimal forms are read; "0x…" and strings without a digit fail as in
 * mongod; other spellings (leading blanks, "+1", "inf") are refused, not guessed.
 */
function parseNumber(s: string, pattern: RegExp): number {
  if (s.startsWith("0x")) {
    conversionFailure(`Illegal hexadecimal input in $convert with no onError value: ${s}`);
  }
  if (pattern.test(s)) return Number(s);
  if (!/\d/.test(s) && !/inf|nan/i.test(s)) {
    conversionFailure(`Failed to parse number '${s}' in $convert with no onError value`);
  }
  if (/^-?\d*(\.\d*)?([eE][+-]?\d+)?$/.test(s)) {
    conversionFailure(`Failed to parse number '${s}' in $convert with no onError value`);
  }
  unsupported(`cannot tell how MongoDB would read the number '${s}' in $convert`);
}

const INT_TEXT = /^-?\d+$/;
const DOUBLE_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function toInt(v: unknown): number {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (numeric(v)) {
    finiteForInteger(v);
    if (v < INT32_MIN || v > INT32_MAX) {
      conversionFailure(
        `Conversion would overflow target type in $convert with no onError value: ${num(v)}`,
      );
    }
    return Math.trunc(v);
  }
  if (typeof v === "string") {
    if (INT_TEXT.test(v)) {
      const n = Number(v);
      if (n < INT32_MIN || n > INT32_MAX) {
        conversionFailure(`Failed to parse number '${v}' in $convert with no onError value`);
      }
      return n;
    }
    // A decimal point or an exponent does not read as an int.
    if (DOUBLE_TEXT.test(v)) {
      conversionFailure(`Failed to parse number '${v}' in $convert with no onError value`);
    }
    return parseNumber(v, INT_TEXT);
  }
  return unsupportedConversion(v, "int");
}

function toDouble(v: unknown): number {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (numeric(v)) return v;
  if (v instanceof Date) return v.getTime();
  if (typeof v === "string") return parseNumber(v, DOUBLE_TEXT);
  return unsupportedConversion(v, "double");
}

/** A double's text where every plausible way mongod prints it agrees with JavaScript's. */
function doubleText(n: number): string {
  const text = String(n);
  const digits = text.replace(/^-/, "").replace(".", "").replace(/^0+/, "");
  if (
    Number.isInteger(n * 1024) &&
    Math.abs(n) >= 1e-4 &&
    Math.abs(n) < 1e6 &&
    digits.length <= 6
  ) {
    return text;
  }
  unsupported(
    `cannot tell how MongoDB would print the double ${text} as a string; round it first ($round) or format it in the application`,
  );
}

function toText(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (numeric(v)) return Number.isInteger(v) ? String(v) : doubleText(v);
  if (v instanceof Date) {
    const year = v.getUTCFullYear();
    if (year < 0 || year > 9999) unsupported(`does not format dates outside years 0-9999`);
    return v.toISOString();
  }
  if (bsonTypeName(v) === "objectId") return (v as ObjectId).toHexString();
  return unsupportedConversion(v, "string");
}

function toDate(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === "string") return parseDateString(v);
  if (numeric(v) && bsonTypeName(v) === "double") {
    finiteForInteger(v);
    return new Date(Math.trunc(v));
  }
  const type = bsonTypeName(v);
  if (type === "objectId") return (v as ObjectId).getTimestamp();
  if (type === "timestamp") {
    return new Date((v as { getHighBits(): number }).getHighBits() * 1000);
  }
  // An int has no conversion to a date in mongod's table (a long does, and is refused on arrival).
  return unsupportedConversion(v, "date");
}

function toObjectId(v: unknown): ObjectId {
  if (bsonTypeName(v) === "objectId") return v as ObjectId;
  if (typeof v === "string") {
    if (/^[0-9a-fA-F]{24}$/.test(v)) return new ObjectId(v);
    conversionFailure(`Failed to parse objectId '${v}' in $convert with no onError value`);
  }
  return unsupportedConversion(v, "objectId");
}

function toBool(v: unknown): boolean {
  if (typeof v === "boolean") return v;
  if (numeric(v)) return v !== 0;
  return true;
}

/** One conversion of a non-null input (ExpressionConvert::performConversion). */
function convertTo(to: string, v: unknown): unknown {
  switch (to) {
    case "int":
      if (v instanceof Date) return unsupportedConversion(v, "int");
      return toInt(v);
    case "double":
      return keptNumber(toDouble(v), "double", "$convert");
    case "string":
      return toText(v);
    case "bool":
      return toBool(v);
    case "date":
      return toDate(v);
    case "objectId":
      return toObjectId(v);
    case "long":
      throw unkeptNumberError("$convert's result (a long)");
    case "decimal":
      throw unkeptNumberError("$convert's result (a Decimal128)");
    default:
      // mongod's table has no other conversions, not even from a type to itself.
      return unsupportedConversion(v, to);
  }
}

function convert(
  obj: unknown,
  spec: Record<string, unknown>,
  options: Options,
  to: unknown,
): unknown {
  const input = evalExpr(obj, spec.input, options);
  const target = nullish(to) ? undefined : targetType(to);
  if (nullish(input)) return "onNull" in spec ? evalExpr(obj, spec.onNull, options) : null;
  if (target === undefined) return null;
  return withOnError(obj, spec, options, () => convertTo(target, input));
}

const $convert: ExpressionOp = (obj, expr, options) => {
  if (!isSpec(expr)) {
    fail(
      ErrorCode.FailedToParse,
      `$convert expects an object of named arguments but found: ${typeName(expr)}`,
    );
  }
  for (const field of Object.keys(expr)) {
    if (!["input", "to", "onError", "onNull"].includes(field)) {
      fail(ErrorCode.FailedToParse, `$convert found an unknown argument: ${field}`);
    }
  }
  if (!("input" in expr)) fail(ErrorCode.FailedToParse, "Missing 'input' parameter to $convert");
  if (!("to" in expr)) fail(ErrorCode.FailedToParse, "Missing 'to' parameter to $convert");
  return convert(obj, expr, options, evalExpr(obj, expr.to, options));
};

/** `$toInt` and friends: `$convert` without onError or onNull (makeConversionAlias). */
function conversionAlias(name: string, to: string): ExpressionOp {
  return (obj, expr, options) => {
    const operands = operandsOf(expr);
    if (operands.length !== 1) {
      fail(50723, `${name} requires a single argument, got ${operands.length}`);
    }
    return convert(obj, { input: operands[0] }, options, to);
  };
}

const CONVERSIONS: Record<string, ExpressionOp> = {
  $convert,
  $toInt: conversionAlias("$toInt", "int"),
  $toLong: conversionAlias("$toLong", "long"),
  $toDouble: conversionAlias("$toDouble", "double"),
  $toDecimal: conversionAlias("$toDecimal", "decimal"),
  $toString: conversionAlias("$toString", "string"),
  $toBool: conversionAlias("$toBool", "bool"),
  $toDate: conversionAlias("$toDate", "date"),
  $toObjectId: conversionAlias("$toObjectId", "objectId"),
};

export const CHECKED_EXPRESSION_OPS: Record<string, ExpressionOp> = {
  ...ARITHMETIC,
  ...STRINGS,
  $trim: trimOp("$trim"),
  $ltrim: trimOp("$ltrim"),
  $rtrim: trimOp("$rtrim"),
  $regexMatch: regexOp("$regexMatch"),
  $regexFind: regexOp("$regexFind"),
  $regexFindAll: regexOp("$regexFindAll"),
  $substrBytes: substrBytes(),
  $substr: substrBytes(),
  ...ARRAYS,
  ...MORE_ARRAYS,
  $dateFromString,
  ...DATES,
  ...OBJECTS,
  $ifNull,
  $switch,
  ...CONVERSIONS,
};

// --- unknown operators and argument counts ---------------------------------------------------
//
// mongod parses a whole expression before it evaluates any of it, so an unknown operator or a
// wrong argument count is refused even where no document would reach it (an empty collection, an
// untaken $cond branch).

/**
 * Accumulators mongod also accepts as expressions; the others (`$push`, `$addToSet`, `$count`,
 * `$top`, ...) are only accumulators, and an expression naming one is refused (168).
 */
const ACCUMULATOR_EXPRESSIONS = new Set([
  "$avg",
  "$max",
  "$min",
  "$sum",
  "$stdDevPop",
  "$stdDevSamp",
  "$median",
  "$percentile",
  "$first",
  "$last",
  "$firstN",
  "$lastN",
  "$maxN",
  "$minN",
]);

/** Whether mongod would parse `name` as an expression operator (given the engine's context). */
export function knownExpression(
  context: { getOperator(type: never, name: string): unknown },
  name: string,
): boolean {
  return (
    context.getOperator("expression" as never, name) !== null ||
    (ACCUMULATOR_EXPRESSIONS.has(name) &&
      context.getOperator("accumulator" as never, name) !== null)
  );
}

/**
 * mongod 7.0's window functions (window.ts runs them, or refuses the few it lacks with 115):
 * `$setWindowFields` refuses any other `$`-name in an output field (FailedToParse,
 * "Unrecognized window function"), where an expression would say 168; `$mergeObjects`, an
 * accumulator, is not one of them.
 */
const WINDOW_FUNCTIONS = new Set([
  "$addToSet",
  "$avg",
  "$bottom",
  "$bottomN",
  "$count",
  "$covariancePop",
  "$covarianceSamp",
  "$denseRank",
  "$derivative",
  "$documentNumber",
  "$expMovingAvg",
  "$first",
  "$firstN",
  "$integral",
  "$last",
  "$lastN",
  "$linearFill",
  "$locf",
  "$max",
  "$maxN",
  "$median",
  "$min",
  "$minN",
  "$percentile",
  "$push",
  "$rank",
  "$shift",
  "$stdDevPop",
  "$stdDevSamp",
  "$sum",
  "$top",
  "$topN",
]);

/** What the checks of a pipeline need from the engine's side (mingo.ts). */
export interface PipelineChecks {
  /** Whether mongod would parse the name as an expression operator (or refuse it, 168). */
  known: (name: string) => boolean;
  /** A `$match` filter, checked as a query filter is (`$expr` included). */
  filter: (filter: unknown) => void;
  /** Output fields naming accumulators (`{total: {$sum: ...}}`; 15952 for another name). */
  accumulators: (spec: Record<string, unknown>) => void;
  /** Whether this server runs the stage (mongod's others are refused with 115). */
  runs: (stage: string) => boolean;
}

/**
 * mongod 7.0's aggregation stages. A name outside this list is mongod's 40324; one inside it
 * that this server does not run is refused (115) rather than taken for a typo.
 */
const MONGOD_STAGES = new Set([
  "$addFields",
  "$bucket",
  "$bucketAuto",
  "$changeStream",
  "$changeStreamSplitLargeEvent",
  "$collStats",
  "$count",
  "$currentOp",
  "$densify",
  "$documents",
  "$facet",
  "$fill",
  "$geoNear",
  "$graphLookup",
  "$group",
  "$indexStats",
  "$limit",
  "$listCatalog",
  "$listLocalSessions",
  "$listSampledQueries",
  "$listSearchIndexes",
  "$listSessions",
  "$lookup",
  "$match",
  "$merge",
  "$out",
  "$planCacheStats",
  "$project",
  "$redact",
  "$replaceRoot",
  "$replaceWith",
  "$sample",
  "$search",
  "$searchMeta",
  "$set",
  "$setWindowFields",
  "$shardedDataDistribution",
  "$skip",
  "$sort",
  "$sortByCount",
  "$unionWith",
  "$unset",
  "$unwind",
  "$vectorSearch",
]);

/** A stage's shape and name, as mongod checks them when it parses the pipeline. */
function checkStage(stage: unknown, checks: PipelineChecks): void {
  if (!isSpec(stage) || Object.keys(stage).length !== 1) {
    fail(40323, "A pipeline stage specification object must contain exactly one field.");
  }
  const name = Object.keys(stage as object)[0] as string;
  if (checks.runs(name)) return;
  if (name === "$changeStream" || name === "$changeStreamSplitLargeEvent") {
    // What a standalone mongod answers: change streams need a replica set's oplog.
    fail(40573, "The $changeStream stage is only supported on replica sets");
  }
  if (MONGOD_STAGES.has(name)) {
    fail(ErrorCode.CommandNotSupported, `the embedded server does not implement the ${name} stage`);
  }
  fail(40324, `Unrecognized pipeline stage name: '${name}'`);
}

/** How mongod parses one part of a stage. */
type Part =
  | "expression"
  | "filter"
  | "pipeline"
  | "pipelines"
  | "group"
  | "accumulators"
  | "windows"
  | "fill";

/**
 * Where each stage holds what mongod parses before reading a document: the whole argument
 * (a part's name) or some of its fields (field → part). Stages not listed hold no expressions
 * (`$sort`, `$densify`'s field names and range, ...).
 */
const STAGE_PARTS: Record<string, Part | Record<string, Part>> = {
  $project: "expression",
  $addFields: "expression",
  $set: "expression",
  $replaceRoot: "expression",
  $replaceWith: "expression",
  $sortByCount: "expression",
  $redact: "expression",
  $match: "filter",
  $group: "group",
  $bucket: { groupBy: "expression", output: "accumulators" },
  $bucketAuto: { groupBy: "expression", output: "accumulators" },
  $lookup: { let: "expression", pipeline: "pipeline" },
  $unionWith: { pipeline: "pipeline" },
  $facet: "pipelines",
  $graphLookup: { startWith: "expression" },
  $setWindowFields: { partitionBy: "expression", output: "windows" },
  $fill: { partitionBy: "expression", output: "fill" },
  // `whenMatched` is either a keyword or an update pipeline.
  $merge: { let: "expression", whenMatched: "pipeline" },
};

const expressions = (expr: unknown, checks: PipelineChecks) =>
  checkExpressionOperators(expr, checks.known);

/** Output fields whose values each hold `<accumulator>: <expression>`. */
function accumulatorFields(value: unknown, checks: PipelineChecks): void {
  if (!isSpec(value)) return;
  checks.accumulators(value);
  for (const [field, spec] of Object.entries(value)) {
    if (field !== "_id" && isSpec(spec))
      for (const arg of Object.values(spec)) expressions(arg, checks);
  }
}

/** Each part's check, as mongod parses it. */
const PART_CHECKS: Record<Part, (value: unknown, checks: PipelineChecks) => void> = {
  expression: expressions,
  filter: (value, checks) => checks.filter(value),
  pipeline: (value, checks) => checkPipelineExpressions(value, checks),
  pipelines: (value, checks) => {
    if (isSpec(value))
      for (const inner of Object.values(value)) checkPipelineExpressions(inner, checks);
  },
  // `_id` is an expression, every other field `{<accumulator>: <expression>}`.
  group: (value, checks) => {
    if (!isSpec(value)) return;
    expressions(value._id, checks);
    accumulatorFields(value, checks);
  },
  accumulators: accumulatorFields,
  // `{<field>: {<window function>: <argument>, window: <bounds>}}`: the argument's expressions
  // are parsed like any other (its option names, `input`, `unit`, ..., are plain fields).
  windows: (value, checks) => {
    if (!isSpec(value)) return;
    for (const spec of Object.values(value)) {
      if (!isSpec(spec)) continue;
      for (const [name, argument] of Object.entries(spec)) {
        if (!name.startsWith("$")) continue;
        if (!WINDOW_FUNCTIONS.has(name)) {
          fail(ErrorCode.FailedToParse, `Unrecognized window function, ${name}`);
        }
        expressions(argument, checks);
      }
    }
  },
  // `{<field>: {value: <expression>}}` or `{<field>: {method: "linear" | "locf"}}`.
  fill: (value, checks) => {
    if (!isSpec(value)) return;
    for (const spec of Object.values(value)) if (isSpec(spec)) expressions(spec.value, checks);
  },
};

/**
 * Checks a pipeline as mongod parses it, before any document is read: the expression operators
 * (unknown ones: 168; wrong argument counts: 16020, 28667) of every stage that takes expressions,
 * accumulators and window functions and their arguments, and sub-pipelines. An empty collection
 * or an untaken branch is refused as mongod refuses it.
 */
export function checkPipelineExpressions(pipeline: unknown, checks: PipelineChecks): void {
  if (!Array.isArray(pipeline)) return;
  for (const stage of pipeline) {
    checkStage(stage, checks);
    if (!isSpec(stage)) continue;
    for (const [name, spec] of Object.entries(stage)) {
      const parts = STAGE_PARTS[name];
      if (parts === undefined) continue;
      if (typeof parts === "string") PART_CHECKS[parts](spec, checks);
      else if (isSpec(spec)) {
        for (const [field, part] of Object.entries(parts)) PART_CHECKS[part](spec[field], checks);
      }
    }
  }
}

export function checkExpressionOperators(
  expr: unknown,
  known: (name: string) => boolean,
  depth = 0,
): void {
  if (depth > 200) return;
  if (Array.isArray(expr)) {
    for (const item of expr) checkExpressionOperators(item, known, depth + 1);
    return;
  }
  if (!isSpec(expr) || bsonTypeName(expr) !== "object") return;
  const keys = Object.keys(expr);
  const first = keys[0];
  if (first?.startsWith("$")) {
    if (!known(first)) unrecognizedExpression(first);
    if (first === "$function") refuseScript(first);
    if (first === "$literal" || first === "$const") return;
    PARSE_CHECKS.get(first)?.(expr[first]);
  }
  for (const key of keys) checkExpressionOperators(expr[key], known, depth + 1);
}

/**
 * `$function`, `$accumulator` and `$where` run JavaScript sent by the client: mongod does, this
 * server never does (it would run code from the network inside the app's process).
 */
export function refuseScript(name: string): never {
  fail(
    ErrorCode.CommandNotSupported,
    `${name} is not supported by the embedded server: it runs no server-side JavaScript`,
  );
}

export function unrecognizedExpression(name: string): never {
  fail(ErrorCode.InvalidPipelineOperator, `Unrecognized expression '${name}'`);
}
