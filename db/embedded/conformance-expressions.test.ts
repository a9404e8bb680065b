// Conformance with MongoDB 7.0 for aggregation expressions given invalid arguments: each one is
// refused with mongod's code, code name and message (the assertion ids of mongod's expression
// evaluator), never answered with a value mongod would not give. Like conformance.test.ts it talks
// only through the official driver, against an in-memory embedded server and also against
// TEST_MONGODB_URI when that is set.

import type { Collection, Db } from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { describeOnEveryTarget, rejection } from "./test-support";

/** A $switch branch: MongoDB names its result `then`, which the lint takes for a promise. */
// biome-ignore lint/suspicious/noThenProperty: the key is MongoDB's, and the object is never awaited
const branch = (when: unknown, value: unknown) => ({ case: when, then: value });

interface Row {
  _id: number;
  [field: string]: unknown;
}

describeOnEveryTarget("MongoDB 7.0 expression errors", "confexpr", (connected) => {
  let db: Db;
  let c: Collection<Row>;
  beforeAll(async () => {
    ({ db } = connected());
    c = db.collection<Row>("values");
    await c.insertOne({
      _id: 1,
      a: 1,
      b: 0,
      s: "x",
      arr: [10, 20, 30],
      when: new Date("2024-05-01T10:30:00Z"),
    });
  });

  /** The error a `find({$expr})` over the one document fails with. */
  const refusal = (expr: unknown) => rejection(c.find({ $expr: expr }).toArray());
  /** The value an expression takes for the one document. */
  const evaluated = async (expr: unknown) => {
    const [doc] = await c.aggregate([{ $project: { _id: 0, v: expr } }]).toArray();
    return doc?.v;
  };

  const cases: [string, unknown, number, string, string][] = [
    ["$divide by zero", { $divide: ["$a", "$b"] }, 2, "BadValue", "can't $divide by zero"],
    [
      "$divide of a string",
      { $divide: ["$s", 2] },
      14,
      "TypeMismatch",
      "$divide only supports numeric types, not string and int",
    ],
    ["$mod by zero", { $mod: ["$a", "$b"] }, 16610, "Location16610", "can't $mod by zero"],
    [
      "$mod of a string",
      { $mod: ["$s", 2] },
      16611,
      "Location16611",
      "$mod only supports numeric types, not string and int",
    ],
    [
      "$add with a string",
      { $add: ["$a", "$s"] },
      14,
      "TypeMismatch",
      "$add only supports numeric or date types, not string",
    ],
    [
      "$add with two dates",
      { $add: ["$when", "$when"] },
      16612,
      "Location16612",
      "only one date allowed in an $add expression",
    ],
    [
      "$subtract of a string from a number",
      { $subtract: ["$a", "$s"] },
      14,
      "TypeMismatch",
      "can't $subtract string from int",
    ],
    [
      "$subtract of a string from a date",
      { $subtract: ["$when", "$s"] },
      14,
      "TypeMismatch",
      "can't $subtract string from Date",
    ],
    [
      "$multiply with a string",
      { $multiply: ["$a", "$s"] },
      14,
      "TypeMismatch",
      "$multiply only supports numeric types, not string",
    ],
    [
      "$pow of 0 to a negative power",
      { $pow: ["$b", -1] },
      28764,
      "Location28764",
      "$pow cannot take a base of 0 and a negative exponent",
    ],
    [
      "$pow of a string",
      { $pow: ["$s", 2] },
      28762,
      "Location28762",
      "$pow's base must be numeric, not string",
    ],
    [
      "$sqrt of a negative number",
      { $sqrt: -1 },
      28714,
      "Location28714",
      "$sqrt's argument must be greater than or equal to 0",
    ],
    [
      "$sqrt of a string",
      { $sqrt: "$s" },
      28765,
      "Location28765",
      "$sqrt only supports numeric types, not string",
    ],
    [
      "$ln of 0",
      { $ln: "$b" },
      28766,
      "Location28766",
      "$ln's argument must be a positive number, but is 0",
    ],
    [
      "$log10 of a negative number",
      { $log10: -5 },
      28761,
      "Location28761",
      "$log10's argument must be a positive number, but is -5",
    ],
    [
      "$log to base 1",
      { $log: [10, 1] },
      28759,
      "Location28759",
      "$log's base must be a positive number not equal to 1, but is 1",
    ],
    [
      "$log of a string",
      { $log: ["$s", 10] },
      28756,
      "Location28756",
      "$log's argument must be numeric, not string",
    ],
    [
      "$concat with a number",
      { $concat: ["$s", 1] },
      16702,
      "Location16702",
      "$concat only supports strings, not int",
    ],
    [
      "$size of a string",
      { $size: "$s" },
      17124,
      "Location17124",
      "The argument to $size must be an array, but was of type: string",
    ],
    [
      "$size of a missing field",
      { $size: "$nothing" },
      17124,
      "Location17124",
      "The argument to $size must be an array, but was of type: missing",
    ],
    [
      "$arrayElemAt of a string",
      { $arrayElemAt: ["$s", 0] },
      28689,
      "Location28689",
      "$arrayElemAt's first argument must be an array, but is string",
    ],
    [
      "$arrayElemAt at a fractional index",
      { $arrayElemAt: ["$arr", 1.5] },
      28691,
      "Location28691",
      "$arrayElemAt's second argument must be representable as a 32-bit integer: 1.5",
    ],
    [
      "$slice of a string",
      { $slice: ["$s", 1] },
      28724,
      "Location28724",
      "First argument to $slice must be an array, but is of type: string",
    ],
    [
      "$slice with a zero count",
      { $slice: ["$arr", 0, 0] },
      28729,
      "Location28729",
      "Third argument to $slice must be positive: 0",
    ],
    [
      "$in over a string",
      { $in: [1, "$s"] },
      40081,
      "Location40081",
      "$in requires an array as a second argument, found: string",
    ],
    [
      "$concatArrays with a string",
      { $concatArrays: ["$arr", "$s"] },
      28664,
      "Location28664",
      "$concatArrays only supports arrays, not string",
    ],
    [
      "$map over a string",
      { $map: { input: "$s", in: "$$this" } },
      16883,
      "Location16883",
      "input to $map must be an array not string",
    ],
    [
      "$filter over a number",
      { $filter: { input: "$a", cond: true } },
      28651,
      "Location28651",
      "input to $filter must be an array not int",
    ],
    [
      "$setUnion with a string",
      { $setUnion: ["$arr", "$s"] },
      17043,
      "Location17043",
      "All operands of $setUnion must be arrays. One argument is of type: string",
    ],
    [
      "$objectToArray of a string",
      { $objectToArray: "$s" },
      40390,
      "Location40390",
      "$objectToArray requires a document input, found: string",
    ],
    [
      "$range with a zero step",
      { $range: [0, 5, 0] },
      34449,
      "Location34449",
      "$range requires a non-zero step value",
    ],
    [
      "$round of a string",
      { $round: ["$s", 1] },
      51081,
      "Location51081",
      "$round only supports numeric types, not string",
    ],
    [
      "$trunc to a precision out of range",
      { $trunc: [1.25, 101] },
      51083,
      "Location51083",
      "cannot apply $trunc with precision value 101 value must be in [-20, 100]",
    ],
    [
      "$trim of a number",
      { $trim: { input: "$a" } },
      50699,
      "Location50699",
      "$trim requires its input to be a string, got 1 (of type int) instead.",
    ],
    [
      "$regexMatch over a number",
      { $regexMatch: { input: "$a", regex: "x" } },
      51104,
      "Location51104",
      "$regexMatch needs 'input' to be of type string",
    ],
    [
      "$year of a string",
      { $year: "$s" },
      16006,
      "Location16006",
      "can't convert from BSON type string to Date",
    ],
    [
      "$dateToString of a number",
      { $dateToString: { date: "$a" } },
      16006,
      "Location16006",
      "can't convert from BSON type int to Date",
    ],
    [
      "$dateToString with an unknown format character",
      { $dateToString: { date: "$when", format: "%Y-%q" } },
      18536,
      "Location18536",
      "Invalid format character '%q' in format string",
    ],
    [
      "$dateToString with a number for its format",
      { $dateToString: { date: "$when", format: 7 } },
      18533,
      "Location18533",
      "$dateToString requires that 'format' be a string, found: int with value 7",
    ],
    [
      "$dateFromString with a number for its format",
      { $dateFromString: { dateString: "2024-01-02", format: 7 } },
      40684,
      "Location40684",
      "$dateFromString requires that 'format' be a string, found: int with value 7",
    ],
    [
      "$dateToString with a lone % at the end",
      { $dateToString: { date: "$when", format: "%Y%" } },
      18535,
      "Location18535",
      "Unmatched '%' at end of format string",
    ],
    [
      "$hour with a numeric timezone",
      { $hour: { date: "$when", timezone: 1 } },
      40517,
      "Location40517",
      "timezone must evaluate to a string, found int",
    ],
    [
      "$dateAdd to a string",
      { $dateAdd: { startDate: "$s", unit: "day", amount: 1 } },
      5166403,
      "Location5166403",
      "$dateAdd requires startDate to be convertible to a date",
    ],
    [
      "$dateSubtract of a fractional amount",
      { $dateSubtract: { startDate: "$when", unit: "day", amount: 1.5 } },
      5166405,
      "Location5166405",
      "$dateSubtract expects integer amount of time units",
    ],
    [
      "$dateDiff in an unknown unit",
      { $dateDiff: { startDate: "$when", endDate: "$when", unit: "parsec" } },
      5439014,
      "Location5439014",
      "$dateDiff parameter 'unit' value cannot be recognized as a time unit: parsec",
    ],
    [
      "$dateDiff from a string",
      { $dateDiff: { startDate: "$s", endDate: "$when", unit: "day" } },
      5166307,
      "Location5166307",
      "$dateDiff requires 'startDate' to be a date, but got string",
    ],
    [
      "$ifNull with one argument",
      { $ifNull: ["$nothing"] },
      1257300,
      "Location1257300",
      "$ifNull needs at least two arguments, had: 1",
    ],
    [
      "$switch with no matching branch and no default",
      { $switch: { branches: [branch(false, 1)] } },
      40066,
      "Location40066",
      "$switch could not find a matching branch for an input, and no default was specified.",
    ],
    [
      "$substrCP from a negative index",
      { $substrCP: ["$s", -1, 1] },
      34455,
      "Location34455",
      "$substrCP: the starting index must be nonnegative integer.",
    ],
    [
      "$substrCP of a negative length",
      { $substrCP: ["$s", 0, -1] },
      34454,
      "Location34454",
      "$substrCP: length must be a nonnegative integer.",
    ],
    [
      "$substrBytes from a string index",
      { $substrBytes: ["$s", "a", 1] },
      16034,
      "Location16034",
      "$substrBytes:  starting index must be a numeric type (is BSON type string)",
    ],
    [
      "$substrBytes inside a character",
      { $substrBytes: ["é", 1, 1] },
      28656,
      "Location28656",
      "$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.",
    ],
    [
      "$strLenCP of a number",
      { $strLenCP: "$a" },
      34471,
      "Location34471",
      "$strLenCP requires a string argument, found: int",
    ],
    [
      "$split with an empty separator",
      { $split: ["$s", ""] },
      40087,
      "Location40087",
      "$split requires a non-empty separator",
    ],
    [
      "$split of a number",
      { $split: ["$a", ","] },
      40085,
      "Location40085",
      "$split requires an expression that evaluates to a string as a first argument, found: int",
    ],
    [
      "$indexOfCP of a number",
      { $indexOfCP: ["$a", "x"] },
      40093,
      "Location40093",
      "$indexOfCP requires a string as the first argument, found: int",
    ],
    [
      "$indexOfCP from a negative index",
      { $indexOfCP: ["$s", "x", -1] },
      40097,
      "Location40097",
      "$indexOfCP requires a nonnegative starting index, found: -1",
    ],
    [
      "$toInt of a word",
      { $toInt: "$s" },
      241,
      "ConversionFailure",
      "Failed to parse number 'x' in $convert with no onError value",
    ],
    [
      "$toInt of an empty string",
      { $toInt: "" },
      241,
      "ConversionFailure",
      "Failed to parse number '' in $convert with no onError value",
    ],
    [
      "$toInt of a date",
      { $toInt: "$when" },
      241,
      "ConversionFailure",
      "Unsupported conversion from date to int in $convert with no onError value",
    ],
    [
      "$toDouble of a hexadecimal string",
      { $toDouble: "0x1F" },
      241,
      "ConversionFailure",
      "Illegal hexadecimal input in $convert with no onError value: 0x1F",
    ],
    [
      "$toObjectId of a word",
      { $toObjectId: "$s" },
      241,
      "ConversionFailure",
      "Failed to parse objectId 'x' in $convert with no onError value",
    ],
    [
      "$toDate of an int",
      { $toDate: "$a" },
      241,
      "ConversionFailure",
      "Unsupported conversion from int to date in $convert with no onError value",
    ],
    [
      "$convert to an array",
      { $convert: { input: "$s", to: "array" } },
      241,
      "ConversionFailure",
      "Unsupported conversion from string to array in $convert with no onError value",
    ],
    [
      "$convert without 'to'",
      { $convert: { input: "$s" } },
      9,
      "FailedToParse",
      "Missing 'to' parameter to $convert",
    ],
    [
      "$dateFromString of a word",
      { $dateFromString: { dateString: "nope" } },
      241,
      "ConversionFailure",
      "Error parsing date string 'nope'",
    ],
    [
      "$dateFromString of February 30th",
      { $dateFromString: { dateString: "2024-02-30" } },
      241,
      "ConversionFailure",
      "Error parsing date string '2024-02-30'",
    ],
    [
      "$dateFromString with an unknown format character",
      { $dateFromString: { dateString: "2024", format: "%Q" } },
      18536,
      "Location18536",
      "Invalid format character '%Q' in format string",
    ],
    [
      "$dateFromString of a day its format cannot hold",
      { $dateFromString: { dateString: "31/02/2024", format: "%d/%m/%Y" } },
      241,
      "ConversionFailure",
      "Error parsing date string '31/02/2024'",
    ],
    [
      "an unknown operator",
      { $nope: 1 },
      168,
      "InvalidPipelineOperator",
      "Unrecognized expression '$nope'",
    ],
    [
      "$mergeObjects of a string",
      { $mergeObjects: ["x"] },
      40400,
      "Location40400",
      '$mergeObjects requires object inputs, but input "x" is of type string',
    ],
    [
      "$first of a string",
      { $first: "$s" },
      28689,
      "Location28689",
      "$first's argument must be an array, but is string",
    ],
    [
      "$last with two arguments",
      { $last: [[1], [2]] },
      16020,
      "Location16020",
      "Expression $last takes exactly 1 arguments. 2 were passed in.",
    ],
    [
      "$toUpper of a document",
      { $toUpper: { $literal: { a: 1 } } },
      16007,
      "Location16007",
      "can't convert from BSON type object to String",
    ],
    [
      "$toLower of a boolean",
      { $toLower: true },
      16007,
      "Location16007",
      "can't convert from BSON type bool to String",
    ],
    [
      "a fixed-arity operator with too many arguments",
      { $divide: [1, 2, 3] },
      16020,
      "Location16020",
      "Expression $divide takes exactly 2 arguments. 3 were passed in.",
    ],
  ];

  describe("refuses an invalid argument with mongod's code, code name and message", () => {
    it.each(cases)("%s", async (_title, expr, code, name, message) => {
      const error = await refusal(expr);
      expect(error.code).toBe(code);
      expect(error.codeName).toBe(name);
      expect(error.message).toContain(message);
    });

    it("refuses in an aggregation's $project as in a find's $expr", async () => {
      const error = await rejection(
        c.aggregate([{ $project: { v: { $substrCP: ["$s", -1, 1] } } }]).toArray(),
      );
      expect(error.code).toBe(34455);
    });

    it("refuses an operator that is not an accumulator in $group (15952)", async () => {
      for (const name of ["$nope", "$add"]) {
        const error = await rejection(
          c.aggregate([{ $group: { _id: null, v: { [name]: [1, 2] } } }]).toArray(),
        );
        expect(error.code).toBe(15952);
        expect(error.codeName).toBe("Location15952");
        expect(error.message).toContain(`unknown group operator '${name}'`);
      }
    });

    it("refuses an unknown operator even when no document reaches it", async () => {
      const empty = db.collection<Row>("empty");
      for (const attempt of [
        () => empty.find({ $expr: { $nope: 1 } }).toArray(),
        () => empty.aggregate([{ $project: { v: { $nope: 1 } } }]).toArray(),
        () =>
          empty.aggregate([{ $match: { $expr: { $cond: [false, { $nope: 1 }, 1] } } }]).toArray(),
      ]) {
        const error = await rejection(attempt());
        expect(error.code).toBe(168);
        expect(error.message).toContain("Unrecognized expression '$nope'");
      }
    });

    it("refuses an accumulator that is not also an expression ($push) as an expression", async () => {
      const error = await refusal({ $eq: [{ $push: "$a" }, [1]] });
      expect(error.code).toBe(168);
      expect(error.message).toContain("Unrecognized expression '$push'");
      expect(await evaluated({ $sum: [1, 2] })).toBe(3);
    });
  });

  describe("checks a pipeline as mongod parses it, before any document is read", () => {
    const parsed = (pipeline: Record<string, unknown>[]) =>
      rejection(db.collection<Row>("nothing").aggregate(pipeline).toArray());
    const unknown = { $nope: 1 };

    it("finds an unknown operator inside sub-pipelines and $group's accumulators (168)", async () => {
      for (const pipeline of [
        [{ $lookup: { from: "values", as: "j", pipeline: [{ $project: { v: unknown } }] } }],
        [{ $lookup: { from: "values", as: "j", let: { x: unknown }, pipeline: [] } }],
        [{ $facet: { one: [{ $match: { $expr: unknown } }] } }],
        [{ $unionWith: { coll: "values", pipeline: [{ $set: { v: unknown } }] } }],
        [{ $group: { _id: null, total: { $sum: unknown } } }],
        [{ $group: { _id: unknown } }],
        [{ $match: { $or: [{ a: 1 }, { $expr: unknown }] } }],
      ]) {
        const error = await parsed(pipeline);
        expect(error.code, JSON.stringify(pipeline)).toBe(168);
        expect(error.message).toContain("Unrecognized expression '$nope'");
      }
    });

    it("refuses a wrong argument count on an empty collection (16020, 28667)", async () => {
      const nothing = db.collection<Row>("nothing");
      const fixed = await rejection(nothing.find({ $expr: { $divide: [1, 2, 3] } }).toArray());
      expect(fixed.code).toBe(16020);
      expect(fixed.message).toContain(
        "Expression $divide takes exactly 2 arguments. 3 were passed in.",
      );
      const ranged = await parsed([{ $project: { v: { $slice: [[1]] } } }]);
      expect(ranged.code).toBe(28667);
      expect(ranged.codeName).toBe("Location28667");
      expect(ranged.message).toContain(
        "Expression $slice takes at least 2 arguments, and at most 3, but 1 were passed in.",
      );
      const setEquals = await parsed([{ $project: { v: { $setEquals: [[1]] } } }]);
      expect(setEquals.code).toBe(17045);
      expect(setEquals.message).toContain("$setEquals needs at least two arguments had: 1");
      const substr = await parsed([{ $project: { v: { $substr: ["abc", 1] } } }]);
      expect(substr.code).toBe(16020);
      expect(substr.message).toContain("Expression $substrBytes takes exactly 3 arguments.");
      const nested = await parsed([
        { $facet: { f: [{ $project: { v: { $cond: [false, { $first: [1, 2] }, 0] } } }] } },
      ]);
      expect(nested.code).toBe(16020);
    });

    it("refuses $ifNull with one argument and a malformed $switch on an empty collection", async () => {
      const ifNull = await parsed([{ $project: { v: { $ifNull: ["$a"] } } }]);
      expect(ifNull.code).toBe(1257300);
      expect(ifNull.message).toContain("$ifNull needs at least two arguments, had: 1");
      const noBranch = await parsed([{ $set: { v: { $switch: { branches: [], default: 1 } } } }]);
      expect(noBranch.code).toBe(40068);
      expect(noBranch.message).toContain("$switch requires at least one branch.");
      const unknownArgument = await parsed([{ $set: { v: { $switch: { cases: [] } } } }]);
      expect(unknownArgument.code).toBe(40067);
      expect(unknownArgument.message).toContain("$switch found an unknown argument: cases");
    });

    it("refuses a non-accumulator in $group on an empty collection (15952)", async () => {
      const error = await parsed([{ $group: { _id: null, v: { $add: [1, 2] } } }]);
      expect(error.code).toBe(15952);
    });

    it("reaches window functions, $bucket outputs, $graphLookup, $fill and $merge (168, 16020)", async () => {
      const windowed = (output: unknown, partitionBy?: unknown) => ({
        $setWindowFields: { partitionBy, sortBy: { a: 1 }, output: { w: output } },
      });
      for (const pipeline of [
        [windowed({ $count: {} }, unknown)],
        [windowed({ $sum: unknown, window: { documents: ["unbounded", "current"] } })],
        [windowed({ $shift: { output: unknown, by: 1, default: 0 } })],
        [
          {
            $bucket: {
              groupBy: "$a",
              boundaries: [0, 10],
              default: "other",
              output: { total: { $sum: unknown } },
            },
          },
        ],
        [{ $bucketAuto: { groupBy: "$a", buckets: 2, output: { most: { $max: unknown } } } }],
        [
          {
            $graphLookup: {
              from: "values",
              startWith: unknown,
              connectFromField: "a",
              connectToField: "b",
              as: "linked",
            },
          },
        ],
        [{ $fill: { sortBy: { a: 1 }, output: { b: { value: unknown } } } }],
        [{ $fill: { partitionBy: unknown, sortBy: { a: 1 }, output: { b: { method: "locf" } } } }],
        [{ $merge: { into: "merged", whenMatched: [{ $set: { v: unknown } }] } }],
      ]) {
        const error = await parsed(pipeline);
        expect(error.code, JSON.stringify(pipeline)).toBe(168);
        expect(error.message).toContain("Unrecognized expression '$nope'");
      }
      const twoOfThree = { $divide: [1] };
      for (const pipeline of [
        [windowed({ $avg: twoOfThree })],
        [{ $bucketAuto: { groupBy: "$a", buckets: 1, output: { n: { $sum: twoOfThree } } } }],
        [{ $merge: { into: "merged", whenMatched: [{ $set: { v: twoOfThree } }] } }],
      ]) {
        const error = await parsed(pipeline);
        expect(error.code, JSON.stringify(pipeline)).toBe(16020);
        expect(error.message).toContain("Expression $divide takes exactly 2 arguments.");
      }
    });

    it("refuses a name that is no window function on an empty collection (FailedToParse)", async () => {
      for (const name of ["$nope", "$mergeObjects"]) {
        const error = await parsed([{ $setWindowFields: { output: { w: { [name]: "$a" } } } }]);
        expect(error.code).toBe(9);
        expect(error.codeName).toBe("FailedToParse");
        expect(error.message).toContain(`Unrecognized window function, ${name}`);
      }
    });

    it("accepts window functions and $fill whose arguments name their own options", async () => {
      const nothing = db.collection<Row>("nothing");
      const pipeline = [
        {
          $setWindowFields: {
            sortBy: { _id: 1 },
            output: {
              before: { $shift: { output: "$a", by: -1, default: "none" } },
              top: { $topN: { n: 1, sortBy: { a: -1 }, output: "$s" } },
            },
          },
        },
        { $fill: { output: { missing: { value: { $add: ["$a", 1] } } } } },
      ];
      expect(await nothing.aggregate(pipeline).toArray()).toEqual([]);
    });
  });

  describe("answers $mergeObjects, $first, $last, $toUpper, $toLower and $getField as mongod", () => {
    it("merges documents, skipping null, later fields winning; refuses a non-document in $group", async () => {
      expect(await evaluated({ $mergeObjects: [{ a: 1 }, null, { b: 2, a: 3 }] })).toEqual({
        a: 3,
        b: 2,
      });
      expect(await evaluated({ $mergeObjects: [[{ a: 1 }, { b: 2 }]] })).toEqual({ a: 1, b: 2 });
      expect(await evaluated({ $mergeObjects: "$nothing" })).toEqual({});
      const error = await rejection(
        c.aggregate([{ $group: { _id: null, m: { $mergeObjects: "$s" } } }]).toArray(),
      );
      expect(error.code).toBe(40400);
      expect(error.message).toContain('but input "x" is of type string');
    });

    it("takes the first or last element itself, not a flattened one", async () => {
      expect(await evaluated({ $first: { $literal: [[1, 2], 3] } })).toEqual([1, 2]);
      expect(await evaluated({ $last: { $literal: [1, [2, 3]] } })).toEqual([2, 3]);
      expect(await evaluated({ $last: "$arr" })).toBe(30);
      expect(await evaluated({ $first: "$nothing" })).toBeNull();
      expect(await evaluated({ $first: { $literal: [] } })).toBeUndefined();
    });

    it("changes the case of ASCII letters only; null is the empty string", async () => {
      expect(await evaluated({ $toUpper: "héllo straße" })).toBe("HéLLO STRAßE");
      expect(await evaluated({ $toLower: "ÉCOLE Ab" })).toBe("École ab");
      expect(await evaluated({ $toUpper: "$nothing" })).toBe("");
      expect(await evaluated({ $toUpper: 42 })).toBe("42");
      expect(await evaluated({ $toLower: 1.5 })).toBe("1.5");
      const error = await rejection(
        c.aggregate([{ $project: { v: { $toUpper: 0.1234567 } } }]).toArray(),
      );
      expect(error.code).toBe(115);
      expect(error.codeName).toBe("CommandNotSupported");
    });

    it("reads a field of a document by a constant name, and refuses the forms it cannot confirm", async () => {
      expect(await evaluated({ $getField: "s" })).toBe("x");
      expect(await evaluated({ $getField: { field: "a", input: { a: 5 } } })).toBe(5);
      expect(
        await evaluated({ $getField: { field: "constructor", input: { a: 1 } } }),
      ).toBeUndefined();
      for (const expr of [
        { $getField: { field: "0", input: "$arr" } },
        { $getField: { field: "$s", input: {} } },
        { $getField: { field: "a" } },
      ]) {
        const error = await rejection(c.aggregate([{ $project: { v: expr } }]).toArray());
        expect(error.code, JSON.stringify(expr)).toBe(115);
      }
    });
  });

  describe("keeps the values mongod gives around those limits", () => {
    it("gives null for null or missing operands instead of refusing", async () => {
      expect(await evaluated({ $divide: ["$nothing", 0] })).toBeNull();
      expect(await evaluated({ $mod: [null, "$s"] })).toBeNull();
      expect(await evaluated({ $add: ["$a", null, "$s"] })).toBeNull();
      expect(await evaluated({ $concat: ["$s", "$nothing"] })).toBeNull();
      expect(await evaluated({ $sqrt: "$nothing" })).toBeNull();
      expect(await evaluated({ $toInt: "$nothing" })).toBeNull();
    });

    it("computes valid arguments as before", async () => {
      expect(await evaluated({ $divide: [9, 2] })).toBe(4.5);
      expect(await evaluated({ $mod: [-5, 2] })).toBe(-1);
      expect(await evaluated({ $sqrt: [2.25] })).toBe(1.5);
      expect(await evaluated({ $substrCP: ["héllo", 1, 3] })).toBe("éll");
      expect(await evaluated({ $substrBytes: ["héllo", 1, 2] })).toBe("é");
      expect(await evaluated({ $strLenCP: "héllo" })).toBe(5);
      expect(await evaluated({ $split: ["a,b", ","] })).toEqual(["a", "b"]);
      expect(await evaluated({ $indexOfCP: ["héllo", "l"] })).toBe(2);
      expect(await evaluated({ $arrayElemAt: ["$arr", -1] })).toBe(30);
      expect(await evaluated({ $slice: ["$arr", -2] })).toEqual([20, 30]);
      expect(await evaluated({ $slice: ["$arr", 1, 5] })).toEqual([20, 30]);
      expect(await evaluated({ $size: "$arr" })).toBe(3);
      expect(await evaluated({ $toInt: "-42" })).toBe(-42);
      expect(await evaluated({ $toInt: 2.9 })).toBe(2);
      expect(await evaluated({ $toString: 1.5 })).toBe("1.5");
      expect(await evaluated({ $toBool: "" })).toBe(true);
      expect(await evaluated({ $in: [20, "$arr"] })).toBe(true);
      expect(await evaluated({ $map: { input: "$arr", in: { $add: ["$$this", 1] } } })).toEqual([
        11, 21, 31,
      ]);
      expect(
        await evaluated({ $filter: { input: "$arr", cond: { $gt: ["$$this", 15] } } }),
      ).toEqual([20, 30]);
      expect(await evaluated({ $map: { input: "$nothing", in: 1 } })).toBeNull();
      expect(await evaluated({ $range: [0, 6, 2] })).toEqual([0, 2, 4]);
      expect(await evaluated({ $concatArrays: ["$arr", [1]] })).toEqual([10, 20, 30, 1]);
      expect(await evaluated({ $trim: { input: "  x " } })).toBe("x");
      expect(await evaluated({ $trim: { input: "$nothing" } })).toBeNull();
      expect(await evaluated({ $regexMatch: { input: "$s", regex: /X/i } })).toBe(true);
      expect(await evaluated({ $regexMatch: { input: "$nothing", regex: "x" } })).toBe(false);
      expect(await evaluated({ $round: [1.25, 1] })).toBe(1.2);
      expect(await evaluated({ $year: "$when" })).toBe(2024);
      expect(await evaluated({ $month: "$nothing" })).toBeNull();
      expect(await evaluated({ $hour: { date: "$when", timezone: "+02:00" } })).toBe(12);
      expect(await evaluated({ $dateToString: { date: "$when", format: "%Y-%m-%d %H:%M" } })).toBe(
        "2024-05-01 10:30",
      );
      expect(await evaluated({ $dateToString: { date: "$nothing", onNull: "none" } })).toBe("none");
      expect(await evaluated({ $ifNull: ["$nothing", "fallback"] })).toBe("fallback");
      expect(await evaluated({ $dateAdd: { startDate: "$when", unit: "day", amount: 2 } })).toEqual(
        new Date("2024-05-03T10:30:00Z"),
      );
      expect(
        await evaluated({ $dateAdd: { startDate: "$nothing", unit: "day", amount: 2 } }),
      ).toBeNull();
      // An empty string is true to mongod.
      expect(await evaluated({ $switch: { branches: [branch("", "yes")] } })).toBe("yes");
      expect(await evaluated({ $switch: { branches: [branch(false, 1)], default: "other" } })).toBe(
        "other",
      );
    });

    it("keeps find's projection operators apart from the expressions of the same name", async () => {
      const [doc] = await c
        .find({}, { projection: { _id: 0, arr: { $slice: [1, 1] }, s: 1 } })
        .toArray();
      expect(doc).toEqual({ arr: [20], s: "x" });
      // A $slice alone keeps the other fields, as an exclusion would.
      const [last] = await c.find({}, { projection: { _id: 0, arr: { $slice: -1 } } }).toArray();
      expect(last?.arr).toEqual([30]);
      expect(last?.s).toBe("x");
      expect(last?._id).toBeUndefined();
    });

    it("leaves the field out when $arrayElemAt reaches past the end", async () => {
      const [doc] = await c
        .aggregate([{ $project: { _id: 0, v: { $arrayElemAt: ["$arr", 5] } } }])
        .toArray();
      expect(doc).toEqual({});
    });

    it("answers onError and onNull instead of a conversion failure", async () => {
      expect(await evaluated({ $convert: { input: "$s", to: "int", onError: -1 } })).toBe(-1);
      expect(await evaluated({ $convert: { input: "$nothing", to: "int", onNull: 0 } })).toBe(0);
      expect(await evaluated({ $dateFromString: { dateString: "nope", onError: "bad" } })).toBe(
        "bad",
      );
    });

    it("reads a date string with a format of full-width fields", async () => {
      expect(
        await evaluated({
          $dateFromString: { dateString: "01/05/2024 10:30", format: "%d/%m/%Y %H:%M" },
        }),
      ).toEqual(new Date("2024-05-01T10:30:00Z"));
      expect(
        await evaluated({ $dateFromString: { dateString: "2024-05-01", timezone: "UTC" } }),
      ).toEqual(new Date("2024-05-01T00:00:00Z"));
    });

    it("reads ISO 8601 date strings", async () => {
      expect(
        await evaluated({ $dateFromString: { dateString: "2024-05-01T10:30:00.250Z" } }),
      ).toEqual(new Date("2024-05-01T10:30:00.250Z"));
      expect(await evaluated({ $toDate: "2024-05-01" })).toEqual(new Date("2024-05-01T00:00:00Z"));
      expect(await evaluated({ $toDate: "2024-05-01T12:00:00+02:00" })).toEqual(
        new Date("2024-05-01T10:00:00Z"),
      );
    });
  });
});

describeOnEveryTarget("Embedded server's expression refusals", "confexprx", (connected) => {
  // What the embedded server cannot answer as mongod would, it refuses (CommandNotSupported)
  // instead of answering differently. Only the embedded server makes these refusals.
  let c: Collection<Row>;
  let embedded = false;
  beforeAll(async () => {
    const { db } = connected();
    c = db.collection<Row>("values");
    await c.insertOne({ _id: 1, d: 0.1 });
    embedded = (await db.admin().command({ buildInfo: 1 })).gitVersion === "bureau-embedded";
  });

  it("refuses date strings other than ISO 8601 and doubles whose text it cannot tell", async () => {
    if (!embedded) return;
    for (const expr of [
      { $toDate: "Feb 8 2024" },
      { $dateFromString: { dateString: "May 1, 2024" } },
      { $toString: "$d" },
      { $toInt: " 1" },
      { $dateFromString: { dateString: "1/5/2024", format: "%d/%m/%Y" } },
      { $dateFromString: { dateString: "2024-05-01", timezone: "Europe/Paris" } },
    ]) {
      const error = await rejection(c.find({ $expr: expr }).toArray());
      expect(error.code).toBe(115);
      expect(error.message).toContain("the embedded server");
    }
  });
});
