// Conformance with MongoDB 7.0 in the corners where a query engine can answer differently
// without any error: embedded-document equality, null ranges, update paths, index hints, the
// field order of projections, validation failure details, update checks through positional
// paths, collation normalization, the refusal of transactions by a standalone server, and the
// BSON type of numbers (kept, compared across types, or refused by the embedded server). Like
// conformance.test.ts it talks only through the official driver, always against an in-memory
// embedded server and also against TEST_MONGODB_URI when that is set (a fresh database, dropped
// afterwards).

import {
  type Db,
  Decimal128,
  type Document,
  Double,
  Int32,
  Long,
  type MongoClient,
  type MongoServerError,
} from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { describeOnEveryTarget, rejection } from "./test-support";

/** Test documents with numeric ids (the driver's default typing assumes ObjectIds). */
interface Row {
  _id: number;
  [field: string]: unknown;
}

/** Documents whose fields are all numbers, for update operators such as `$inc`. */
interface NumberRow {
  _id: number;
  [field: string]: number;
}

describeOnEveryTarget("MongoDB 7.0 corners", "corner", (connected) => {
  let db: Db;
  let client: MongoClient;
  beforeAll(() => {
    ({ db, client } = connected());
  });

  describe("embedded documents compare field by field, in order", () => {
    it("matches a whole-document equality only with the fields in the same order", async () => {
      const c = db.collection<Row>("doc_order");
      await c.insertMany([
        { _id: 1, size: { h: 14, w: 21 } },
        { _id: 2, size: { w: 21, h: 14 } },
        {
          _id: 3,
          size: [
            { w: 21, h: 14 },
            { h: 14, w: 21 },
          ],
        },
        { _id: 4, size: { h: 14, w: 21, uom: "cm" } },
      ]);
      const ids = async (filter: object) =>
        (await c.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
      expect(await ids({ size: { h: 14, w: 21 } })).toEqual([1, 3]);
      expect(await ids({ size: { $eq: { w: 21, h: 14 } } })).toEqual([2, 3]);
      expect(await ids({ size: { $in: [{ w: 21, h: 14 }] } })).toEqual([2, 3]);
      expect(await ids({ size: { $ne: { h: 14, w: 21 } } })).toEqual([2, 4]);
      expect(await ids({ size: { $nin: [{ h: 14, w: 21 }] } })).toEqual([2, 4]);
      expect(await c.countDocuments({ size: { h: 14, w: 21 } })).toBe(2);
      const deleted = await c.deleteMany({ size: { w: 21, h: 14 } });
      expect(deleted.deletedCount).toBe(2);
      expect(await ids({})).toEqual([1, 4]);
    });
  });

  describe("null bounds match missing fields", () => {
    it("$gte: null and $lte: null match null and missing fields, $gt/$lt: null match nothing", async () => {
      const c = db.collection<Row>("null_range");
      await c.insertMany([
        { _id: 1, note: null },
        { _id: 2 },
        { _id: 3, note: "kept" },
        { _id: 4, note: 0 },
      ]);
      const ids = async (filter: object) =>
        (await c.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
      expect(await ids({ note: { $gte: null } })).toEqual([1, 2]);
      expect(await ids({ note: { $lte: null } })).toEqual([1, 2]);
      expect(await ids({ note: { $gt: null } })).toEqual([]);
      expect(await ids({ note: { $lt: null } })).toEqual([]);
      expect(await c.countDocuments({ "note.deep": { $gte: null } })).toBe(4);
    });
  });

  describe("update paths are checked before anything changes", () => {
    it("refuses an update path with an empty field name (EmptyFieldName, 56)", async () => {
      const c = db.collection<Row>("empty_field");
      await c.insertOne({ _id: 1, a: { b: 1 } });
      const updates: Document[] = [
        { $set: { "a..b": 2 } },
        { $inc: { "a.": 1 } },
        { $unset: { ".a": "" } },
      ];
      for (const update of updates) {
        const error = await rejection(c.updateOne({ _id: 1 }, update));
        expect(error.code).toBe(56);
        expect(error.message).toContain("contains an empty field name, which is not allowed");
      }
      expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: { b: 1 } });
    });

    it("refuses an array filter that the update does not use (FailedToParse, 9)", async () => {
      const c = db.collection<Row>("unused_filter");
      await c.insertOne({ _id: 1, scores: [1, 5, 9] });
      const error = await rejection(
        c.updateOne(
          { _id: 1 },
          { $set: { "scores.$[low]": 0 } },
          { arrayFilters: [{ low: { $lt: 3 } }, { high: { $gt: 8 } }] },
        ),
      );
      expect(error.code).toBe(9);
      expect(error.message).toContain(
        "The array filter for identifier 'high' was not used in the update",
      );
      const again = await rejection(
        c.findOneAndUpdate(
          { _id: 1 },
          { $set: { flag: true } },
          { arrayFilters: [{ low: { $lt: 3 } }] },
        ),
      );
      expect(again.code).toBe(9);
      expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, scores: [1, 5, 9] });
    });
  });

  describe("hints must name an existing index", () => {
    it("refuses a hint that matches no index (BadValue, 2) and accepts one that does", async () => {
      const c = db.collection<Row>("hinted");
      await c.insertMany([
        { _id: 1, city: "Oslo", n: 1 },
        { _id: 2, city: "Rome", n: 2 },
      ]);
      await c.createIndex({ city: 1 }, { name: "by_city" });
      const attempts: (() => Promise<unknown>)[] = [
        () => c.find({ city: "Oslo" }, { hint: "nope" }).toArray(),
        () => c.find({ city: "Oslo" }, { hint: { city: -1 } }).toArray(),
        () => c.countDocuments({ city: "Oslo" }, { hint: "nope" }),
        () => c.aggregate([{ $match: { city: "Oslo" } }], { hint: { n: 1 } }).toArray(),
        () => c.updateOne({ city: "Oslo" }, { $set: { n: 5 } }, { hint: "nope" }),
        () => c.deleteOne({ city: "Oslo" }, { hint: { n: 1 } }),
        () => c.findOneAndUpdate({ city: "Oslo" }, { $set: { n: 5 } }, { hint: { nope: 1 } }),
      ];
      for (const attempt of attempts) {
        const error = await rejection(attempt());
        expect(error.code).toBe(2);
        expect(error.message).toContain("hint provided does not correspond to an existing index");
      }
      expect(await c.countDocuments({ n: 5 })).toBe(0);
      expect(await c.countDocuments()).toBe(2);
      const found = await c.find({ city: "Rome" }, { hint: "by_city" }).toArray();
      expect(found.map((d) => d._id)).toEqual([2]);
      expect(await c.countDocuments({}, { hint: { city: 1 } })).toBe(2);
      expect(await c.countDocuments({ n: 2 }, { hint: { _id: 1 } })).toBe(1);
      expect(await c.countDocuments({}, { hint: { $natural: 1 } })).toBe(2);
      const updated = await c.updateOne({ city: "Rome" }, { $set: { n: 7 } }, { hint: "by_city" });
      expect(updated.modifiedCount).toBe(1);
    });
  });

  describe("returnKey reports the index the query runs on", () => {
    it("reports the hinted index when several could serve the query", async () => {
      const c = db.collection<Row>("return_key_hint");
      await c.insertMany([
        { _id: 1, shelf: 3, isbn: "111" },
        { _id: 2, shelf: 4, isbn: "222" },
      ]);
      await c.createIndex({ shelf: 1 });
      await c.createIndex({ isbn: 1, shelf: 1 });
      const filter = { shelf: 4, isbn: "222" };
      const byIsbn = await c
        .find(filter, { returnKey: true, hint: { isbn: 1, shelf: 1 } })
        .toArray();
      expect(byIsbn).toEqual([{ isbn: "222", shelf: 4 }]);
      const byShelf = await c.find(filter, { returnKey: true, hint: "shelf_1" }).toArray();
      expect(byShelf).toEqual([{ shelf: 4 }]);
      const scan = await c.find(filter, { returnKey: true, hint: { $natural: 1 } }).toArray();
      expect(scan).toEqual([{}]);
    });
  });

  describe("$bucketAuto over no documents", () => {
    it("gives no bucket at all, and buckets once there are documents", async () => {
      const c = db.collection<Row>("bucket_auto_empty");
      const stage = { $bucketAuto: { groupBy: "$price", buckets: 2 } };
      expect(await c.aggregate([stage]).toArray()).toEqual([]);
      await c.insertMany([
        { _id: 1, price: 5 },
        { _id: 2, price: 9 },
      ]);
      expect(await c.aggregate([stage]).toArray()).toEqual([
        { _id: { min: 5, max: 9 }, count: 1 },
        { _id: { min: 9, max: 9 }, count: 1 },
      ]);
    });
  });

  describe("projection keeps the document's field order", () => {
    it("lists the included fields of an aggregation $project in the document's order", async () => {
      const c = db.collection<Row>("project_order");
      await c.insertOne({ _id: 1, title: "T", body: "B", meta: { y: 2, x: 1, z: 3 } });
      const [doc] = await c
        .aggregate([
          { $project: { meta: { z: 1, x: 1 }, body: 1, title: 1, one: { $literal: 1 } } },
        ])
        .toArray();
      expect(JSON.stringify(doc)).toBe(
        JSON.stringify({ _id: 1, title: "T", body: "B", meta: { x: 1, z: 3 }, one: 1 }),
      );
      const [dotted] = await c
        .aggregate([{ $project: { "meta.z": 1, "meta.y": 1, _id: 0 } }])
        .toArray();
      expect(JSON.stringify(dotted)).toBe(JSON.stringify({ meta: { y: 2, z: 3 } }));
      const found = await c.findOne({ _id: 1 }, { projection: { body: 1, title: 1 } });
      expect(JSON.stringify(found)).toBe(JSON.stringify({ _id: 1, title: "T", body: "B" }));
    });
  });

  describe("a validation failure explains itself as mongod does", () => {
    /** `errInfo.details` of the write error an insert into a validated collection fails with. */
    const details = async (name: string, validator: Document, doc: Row) => {
      await db.createCollection(name, { validator });
      const error = await rejection(db.collection<Row>(name).insertOne(doc));
      expect([error.code, error.errInfo?.failingDocumentId]).toEqual([121, doc._id]);
      return error.errInfo?.details as Document;
    };

    it("lists the failing operators of each field as clauses of an implicit $and", async () => {
      const found = await details(
        "checked_fields",
        { name: { $type: "string" }, age: { $gte: 0, $lte: 150 }, "items.qty": { $gt: 0 } },
        { _id: 1, name: 7, age: 200, items: [{ qty: 0 }, { qty: -2 }] },
      );
      expect(found).toEqual({
        operatorName: "$and",
        clausesNotSatisfied: [
          {
            index: 0,
            details: {
              operatorName: "$type",
              specifiedAs: { name: { $type: "string" } },
              reason: "type did not match",
              consideredValue: 7,
              consideredType: "int",
            },
          },
          {
            index: 2,
            details: {
              operatorName: "$lte",
              specifiedAs: { age: { $lte: 150 } },
              reason: "comparison failed",
              consideredValue: 200,
            },
          },
          {
            index: 3,
            details: {
              operatorName: "$gt",
              specifiedAs: { "items.qty": { $gt: 0 } },
              reason: "comparison failed",
              consideredValues: [0, -2],
            },
          },
        ],
      });
    });

    it("reports a lone $or with every clause and why each failed", async () => {
      const found = await details(
        "checked_or",
        {
          $or: [
            { phone: { $type: "string" } },
            { email: { $regex: /@example\.org$/ } },
            { status: { $in: ["new", "pending"] } },
          ],
        },
        { _id: 2, email: "ann@example.com" },
      );
      expect(found).toEqual({
        operatorName: "$or",
        clausesNotSatisfied: [
          {
            index: 0,
            details: {
              operatorName: "$type",
              specifiedAs: { phone: { $type: "string" } },
              reason: "field was missing",
            },
          },
          {
            index: 1,
            details: {
              operatorName: "$regex",
              specifiedAs: { email: { $regex: /@example\.org$/ } },
              reason: "regular expression did not match",
              consideredValue: "ann@example.com",
            },
          },
          {
            index: 2,
            details: {
              operatorName: "$in",
              specifiedAs: { status: { $in: ["new", "pending"] } },
              reason: "field was missing",
            },
          },
        ],
      });
    });

    it("explains negations ($nor, $ne, $not) by what matched, and $expr by its result", async () => {
      const found = await details(
        "checked_negations",
        {
          $nor: [{ banned: true }, { tags: { $size: 0 } }],
          role: { $ne: "root" },
          scores: { $not: { $elemMatch: { $lt: 0 } } },
          $expr: { $lt: ["$spent", "$budget"] },
        },
        { _id: 3, banned: true, tags: ["a"], role: "root", scores: [3, -1], spent: 5, budget: 3 },
      );
      expect(found).toEqual({
        operatorName: "$and",
        clausesNotSatisfied: [
          {
            index: 0,
            details: {
              operatorName: "$nor",
              clausesSatisfied: [
                {
                  index: 0,
                  details: {
                    operatorName: "$eq",
                    specifiedAs: { banned: true },
                    reason: "comparison succeeded",
                    consideredValue: true,
                  },
                },
              ],
            },
          },
          {
            index: 1,
            details: {
              operatorName: "$ne",
              specifiedAs: { role: { $ne: "root" } },
              reason: "comparison succeeded",
              consideredValue: "root",
            },
          },
          {
            index: 2,
            details: {
              operatorName: "$not",
              details: {
                operatorName: "$elemMatch",
                specifiedAs: { scores: { $elemMatch: { $lt: 0 } } },
                reason: "array did satisfy the child predicate",
                consideredValue: [3, -1],
              },
            },
          },
          {
            index: 3,
            details: {
              operatorName: "$expr",
              specifiedAs: { $expr: { $lt: ["$spent", "$budget"] } },
              reason: "expression did not match",
              expressionResult: false,
            },
          },
        ],
      });
    });

    it("explains array, existence and type mismatches", async () => {
      const found = await details(
        "checked_arrays",
        {
          tags: { $all: ["a", "b"] },
          nick: { $exists: true },
          legacy: { $exists: false },
          code: { $regex: "^[A-Z]+$" },
          sizes: { $size: 2 },
        },
        { _id: 4, tags: ["a"], legacy: 1, code: 42, sizes: "big" },
      );
      expect(found).toEqual({
        operatorName: "$and",
        clausesNotSatisfied: [
          {
            index: 0,
            details: {
              operatorName: "$all",
              specifiedAs: { tags: { $all: ["a", "b"] } },
              reason: "array did not contain all specified values",
              consideredValue: ["a"],
            },
          },
          {
            index: 1,
            details: {
              operatorName: "$exists",
              specifiedAs: { nick: { $exists: true } },
              reason: "path does not exist",
            },
          },
          {
            index: 2,
            details: {
              operatorName: "$exists",
              specifiedAs: { legacy: { $exists: false } },
              reason: "path does exist",
            },
          },
          {
            index: 3,
            details: {
              operatorName: "$regex",
              specifiedAs: { code: { $regex: "^[A-Z]+$" } },
              reason: "type did not match",
              consideredType: "int",
              expectedTypes: ["regex", "string", "symbol"],
              consideredValue: 42,
            },
          },
          {
            index: 4,
            details: {
              operatorName: "$size",
              specifiedAs: { sizes: { $size: 2 } },
              reason: "type did not match",
              consideredType: "string",
              expectedType: "array",
              consideredValue: "big",
            },
          },
        ],
      });
    });

    it("fails a document its validator cannot evaluate, saying so", async () => {
      const found = await details(
        "checked_throwing",
        { $expr: { $eq: [{ $concat: ["$first", "$last"] }, "AnnLee"] } },
        { _id: 5, first: "Ann", last: 7 },
      );
      // The error inside is the expression's own: its code and message are the engine's.
      expect(found).toMatchObject({
        operatorName: "$expr",
        specifiedAs: { $expr: { $eq: [{ $concat: ["$first", "$last"] }, "AnnLee"] } },
        reason: "failed to evaluate aggregation expression",
        details: { code: expect.any(Number), codeName: expect.any(String) },
      });
      expect(Object.keys(found)).toEqual(["operatorName", "specifiedAs", "reason", "details"]);
    });

    it("applies the collection's default collation to its validator", async () => {
      await db.createCollection("checked_collated", {
        collation: { locale: "en", strength: 2 },
        validator: { status: { $in: ["open", "closed"] } },
      });
      const c = db.collection<Row>("checked_collated");
      await c.insertOne({ _id: 1, status: "OPEN" });
      expect((await rejection(c.insertOne({ _id: 2, status: "gone" }))).code).toBe(121);
    });
  });

  describe("prepareUnique refuses only new duplicates", () => {
    it("keeps documents that already share a key updatable and refuses a new duplicate", async () => {
      const c = db.collection<Row>("prepare_unique");
      await c.insertMany([
        { _id: 1, code: "A", seen: 0 },
        { _id: 2, code: "A", seen: 0 },
        { _id: 3, code: "B", seen: 0 },
      ]);
      await c.createIndex({ code: 1 });
      await db.command({
        collMod: "prepare_unique",
        index: { keyPattern: { code: 1 }, prepareUnique: true },
      });
      const updated = await c.updateOne({ _id: 1 }, { $set: { seen: 1 } });
      expect(updated.modifiedCount).toBe(1);
      expect((await rejection(c.updateOne({ _id: 3 }, { $set: { code: "A" } }))).code).toBe(11000);
      expect((await rejection(c.insertOne({ _id: 4, code: "B" }))).code).toBe(11000);
      expect(await c.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
        { _id: 1, code: "A", seen: 1 },
        { _id: 2, code: "A", seen: 0 },
        { _id: 3, code: "B", seen: 0 },
      ]);
    });
  });

  describe("update operators are checked through positional paths too", () => {
    it("refuses $inc on a string and $push on a non-array reached through $, $[] and $[id]", async () => {
      const c = db.collection<Row>("positional_checks");
      const items = [
        { sku: "a", qty: "three", tags: "x" },
        { sku: "b", qty: 2, tags: ["y"] },
      ];
      await c.insertOne({ _id: 1, items });
      // The driver's typings know nothing of positional paths: the updates go untyped.
      const cases: [Document, Document, Document | undefined, number][] = [
        [{ _id: 1, "items.sku": "a" }, { $inc: { "items.$.qty": 1 } }, undefined, 14],
        [{ _id: 1 }, { $inc: { "items.$[].qty": 1 } }, undefined, 14],
        [{ _id: 1 }, { $inc: { "items.$[it].qty": 1 } }, { arrayFilters: [{ "it.sku": "a" }] }, 14],
        [{ _id: 1 }, { $push: { "items.$[].tags": "z" } }, undefined, 2],
        [{ _id: 1, "items.sku": "a" }, { $set: { "items.$.tags.t": 1 } }, undefined, 28],
      ];
      const loose = db.collection("positional_checks");
      for (const [filter, update, options, code] of cases) {
        const error = await rejection(loose.updateOne(filter, update, options));
        expect(error.code).toBe(code);
      }
      expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, items });
    });
  });

  describe("collation with normalization off compares as mongod or refuses", () => {
    // mongod's default is normalization: false, under which ICU compares correctly only text in
    // FCD form. "\u00e9" (precomposed) and "e\u0301" (decomposed) are both FCD; "a\u0301\u0323"
    // puts its combining marks in non-canonical order (acute 230 before dot below 220), so it is
    // not, and "a\u0323\u0301" is its canonical equivalent.
    const notFcd = "a\u0301\u0323";
    const embedded = async () =>
      (await db.admin().command({ buildInfo: 1 })).gitVersion === "bureau-embedded";

    it("finds canonically equivalent FCD text under the default normalization", async () => {
      const c = db.collection<Row>("fcd_text");
      await c.insertMany([
        { _id: 1, w: "caf\u00e9" },
        { _id: 2, w: "cafe\u0301" },
        { _id: 3, w: "cafe" },
      ]);
      const found = await c
        .find({ w: "caf\u00e9" }, { collation: { locale: "fr", strength: 3 }, sort: { _id: 1 } })
        .toArray();
      expect(found.map((d) => d._id)).toEqual([1, 2]);
      const sorted = await c
        .find({}, { collation: { locale: "fr", strength: 1 }, sort: { w: 1, _id: -1 } })
        .toArray();
      expect(sorted.map((d) => d._id)).toEqual([3, 2, 1]);
    });

    it("refuses (115) to compare text that is not in FCD form, unless normalization is on", async () => {
      const c = db.collection<Row>("non_fcd_text");
      await c.insertMany([
        { _id: 1, w: notFcd },
        { _id: 2, w: "b" },
      ]);
      const query = (normalization: boolean) =>
        c
          .find({ w: "a\u0323\u0301" }, { collation: { locale: "en", strength: 3, normalization } })
          .toArray();
      const normalised = await query(true);
      expect(normalised.map((d) => d._id)).toEqual([1]);
      if (await embedded()) {
        const refused = await rejection(query(false));
        expect([refused.code, refused.codeName]).toEqual([115, "CommandNotSupported"]);
        expect(refused.message).toContain("FCD");
      } else {
        await query(false);
      }
    });

    it("refuses a key that is not in FCD form before the write changes anything", async () => {
      const c = db.collection<Row>("non_fcd_index");
      await c.createIndex({ w: 1 }, { collation: { locale: "en", strength: 2 } });
      await c.insertOne({ _id: 1, w: "b" });
      if (await embedded()) {
        const refused = await rejection(c.insertOne({ _id: 2, w: notFcd }));
        expect(refused.code).toBe(115);
        expect(await c.find({}).toArray()).toEqual([{ _id: 1, w: "b" }]);
      } else {
        await c.insertOne({ _id: 2, w: notFcd });
      }
      const normalised = db.collection<Row>("non_fcd_index_normalised");
      await normalised.createIndex(
        { w: 1 },
        { unique: true, collation: { locale: "en", strength: 2, normalization: true } },
      );
      await normalised.insertOne({ _id: 1, w: notFcd });
      const duplicate = await rejection(normalised.insertOne({ _id: 2, w: "A\u0323\u0301" }));
      expect(duplicate.code).toBe(11000);
    });
  });

  describe("a standalone server refuses multi-document transactions", () => {
    it("answers IllegalOperation (20) to the first command of a transaction and writes nothing", async () => {
      const c = db.collection<{ _id: number; balance: number }>("ledger");
      await c.insertOne({ _id: 1, balance: 100 });
      const session = client.startSession();
      try {
        const refused = await rejection(
          session.withTransaction(async () => {
            await c.updateOne({ _id: 1 }, { $inc: { balance: -30 } }, { session });
            await c.insertOne({ _id: 2, balance: 30 }, { session });
          }),
        );
        // The driver rewrites the server's answer to a write (it takes txnNumber refusals for a
        // storage engine without retryable writes) and keeps the server's error as the cause.
        expect(refused.message).toBe(
          "This MongoDB deployment does not support retryable writes. Please add retryWrites=false to your connection string.",
        );
        const cause = refused.errorResponse.originalError as MongoServerError;
        expect([cause.code, cause.codeName, cause.message]).toEqual([
          20,
          "IllegalOperation",
          "Transaction numbers are only allowed on a replica set member or mongos",
        ]);
        expect(refused.hasErrorLabel("TransientTransactionError")).toBe(false);
        // A transaction that starts with a read is refused the same way.
        session.startTransaction();
        const read = await rejection(c.findOne({ _id: 1 }, { session }));
        expect([read.code, read.codeName]).toEqual([20, "IllegalOperation"]);
        await session.abortTransaction();
      } finally {
        await session.endSession();
      }
      expect(await c.find({}).toArray()).toEqual([{ _id: 1, balance: 100 }]);
      // Outside a transaction the session works as usual.
      const plain = client.startSession();
      try {
        await c.updateOne({ _id: 1 }, { $inc: { balance: 1 } }, { session: plain });
      } finally {
        await plain.endSession();
      }
      expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, balance: 101 });
      // The driver sends a txnNumber with commitTransaction even when run as a plain command.
      const commit = await rejection(client.db("admin").command({ commitTransaction: 1 }));
      expect(commit.code).toBe(20);
    });
  });
  describe("numbers keep their BSON type, or the embedded server refuses them", () => {
    const embedded = async () =>
      (await db.admin().command({ buildInfo: 1 })).gitVersion === "bureau-embedded";
    /** The raw BSON types of a document's fields, as a driver with promoteValues off sees them. */
    const rawTypes = async (name: string, id: number) => {
      const doc = await db.collection<Row>(name).findOne({ _id: id }, { promoteValues: false });
      const types: Record<string, string> = {};
      for (const [key, value] of Object.entries(doc ?? {})) {
        if (key !== "_id") types[key] = (value as { _bsontype?: string })._bsontype ?? typeof value;
      }
      return types;
    };

    it("stores int32 and non-integral doubles with their type, for reads, $type and aggregation", async () => {
      const c = db.collection<NumberRow>("kept_numbers");
      // The driver sends 12 as an int32 and 0.25 and 5e9 (past int32) as doubles.
      await c.insertOne({ _id: 1, qty: 12, ratio: 0.25, big: 5e9, neg: -0 });
      expect(await rawTypes("kept_numbers", 1)).toEqual({
        qty: "Int32",
        ratio: "Double",
        big: "Double",
        neg: "Double",
      });
      const untyped = db.collection("kept_numbers");
      const ofType = async (type: string) =>
        (await untyped.countDocuments({ qty: { $type: type } })) +
        (await untyped.countDocuments({ big: { $type: type } })) * 10;
      expect(await ofType("int")).toBe(1);
      expect(await ofType("double")).toBe(10);
      expect(await ofType("long")).toBe(0);
      expect(await ofType("number")).toBe(11);
      const [types] = await c
        .aggregate([
          {
            $project: {
              _id: 0,
              qty: { $type: "$qty" },
              ratio: { $type: "$ratio" },
              big: { $type: "$big" },
              gone: { $type: "$gone" },
            },
          },
        ])
        .toArray();
      expect(types).toEqual({ qty: "int", ratio: "double", big: "double", gone: "missing" });
      // Arithmetic that keeps the type: int32 + int32 and double results that are not integral.
      await c.updateOne({ _id: 1 }, { $inc: { qty: 3, ratio: 0.5 } });
      expect(await c.findOne({ _id: 1 })).toMatchObject({ qty: 15, ratio: 0.75 });
      expect(await rawTypes("kept_numbers", 1)).toMatchObject({ qty: "Int32", ratio: "Double" });
      const [sums] = await c
        .aggregate([
          {
            $project: {
              _id: 0,
              add: { $add: ["$qty", 1] },
              half: { $divide: ["$qty", 2] },
              mixed: { $multiply: ["$ratio", 3] },
            },
          },
        ])
        .toArray();
      expect(sums).toEqual({ add: 16, half: 7.5, mixed: 2.25 });
    });

    it("compares an integral double or a small int64 in a filter like any equal number", async () => {
      const c = db.collection<Row>("number_filters");
      await c.insertMany([
        { _id: 1, n: 5 },
        { _id: 2, n: 7.5 },
      ]);
      expect((await c.find({ n: new Double(5) }).toArray()).map((d) => d._id)).toEqual([1]);
      expect(
        (await c.find({ n: { $lt: Long.fromNumber(6) } }).toArray()).map((d) => d._id),
      ).toEqual([1]);
      expect((await c.find({ n: { $gt: new Int32(5) } }).toArray()).map((d) => d._id)).toEqual([2]);
    });

    it("keeps a double with an integral value, an int64 and a Decimal128, or refuses them (115)", async () => {
      const c = db.collection<Row>("typed_numbers");
      const values = {
        price: new Double(5),
        views: Long.fromString("9007199254740993"),
        small: Long.fromNumber(7),
        amount: Decimal128.fromString("5.10"),
      };
      const onEmbedded = await embedded();
      for (const [field, value] of Object.entries(values)) {
        const write = () => c.insertOne({ _id: field as unknown as number, [field]: value });
        if (onEmbedded) {
          const refused = await rejection(write());
          expect([refused.code, refused.codeName]).toEqual([115, "CommandNotSupported"]);
          expect(refused.message).toContain(field);
        } else {
          await write();
        }
      }
      if (onEmbedded) {
        expect(await c.countDocuments()).toBe(0);
        // Set by an update, kept from an upsert's filter, or returned by a pipeline: refused.
        await c.insertOne({ _id: 1, price: 4.5 });
        for (const run of [
          () => c.updateOne({ _id: 1 }, { $set: { price: new Double(5) } }),
          () =>
            c.updateOne({ _id: 3, n: Long.fromNumber(1) }, { $set: { m: 1 } }, { upsert: true }),
          () =>
            c.aggregate([{ $project: { v: { $literal: Decimal128.fromString("1") } } }]).toArray(),
        ]) {
          expect((await rejection(run())).code).toBe(115);
        }
        expect(await c.find({}).toArray()).toEqual([{ _id: 1, price: 4.5 }]);
        // Compared with stored numbers: Decimal128 and an int64 past 2^53 are refused too.
        for (const filter of [
          { price: Decimal128.fromString("4.5") },
          { price: { $lt: Long.fromString("9007199254740993") } },
        ]) {
          expect((await rejection(c.find(filter).toArray())).code).toBe(115);
        }
        return;
      }
      expect(await rawTypes("typed_numbers", "price" as unknown as number)).toEqual({
        price: "Double",
      });
      expect(await rawTypes("typed_numbers", "small" as unknown as number)).toEqual({
        small: "Long",
      });
      const bigint = await c.findOne({ _id: "views" as unknown as number }, { useBigInt64: true });
      expect(bigint?.views).toBe(9007199254740993n);
      // mongod compares numbers across types exactly.
      const ids = async (filter: object) =>
        (await c.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
      expect(await ids({ amount: 5.1 })).toEqual([]);
      expect(await ids({ amount: { $gt: 5.09, $lt: 5.11 } })).toEqual(["amount"]);
      expect(await ids({ views: { $gt: 9007199254740992 } })).toEqual(["views"]);
      expect(await ids({ price: { $type: "double" } })).toEqual(["price"]);
      expect(await ids({ small: { $type: "long" } })).toEqual(["small"]);
      expect(await ids({ amount: { $type: "decimal" } })).toEqual(["amount"]);
    });

    it("returns arithmetic with mongod's result type, or refuses a result whose type it would lose (115)", async () => {
      const c = db.collection<NumberRow>("typed_arithmetic");
      await c.insertMany([
        { _id: 1, n: 5.5, top: 2147483647, a: 10, b: 4 },
        { _id: 2, n: 1.5, top: 1, a: 9, b: 3 },
      ]);
      const lost = [
        () => c.updateOne({ _id: 1 }, { $inc: { n: 0.5 } }), // 6.0, a double
        () => c.updateOne({ _id: 1 }, { $inc: { top: 1 } }), // 2147483648, a long
        () => c.updateOne({ _id: 1 }, { $mul: { n: 2 } }), // 11.0, a double
        () => c.aggregate([{ $project: { q: { $divide: ["$a", 2] } } }]).toArray(), // 5.0
        () => c.aggregate([{ $group: { _id: "$_id", avg: { $avg: "$a" } } }]).toArray(), // 10.0
        () => c.aggregate([{ $project: { r: { $round: ["$n"] } } }]).toArray(), // 6.0, 2.0
        () => c.aggregate([{ $project: { d: { $toLong: "$a" } } }]).toArray(),
        () => c.aggregate([{ $unwind: { path: "$x", includeArrayIndex: "i" } }]).toArray(),
      ];
      if (await embedded()) {
        for (const run of lost) {
          // A write error carries the code alone (no codeName), as mongod's do.
          expect((await rejection(run())).code).toBe(115);
        }
        expect(await c.findOne({ _id: 1 })).toEqual({
          _id: 1,
          n: 5.5,
          top: 2147483647,
          a: 10,
          b: 4,
        });
      } else {
        await lost[0]?.();
        await lost[1]?.();
        expect(await rawTypes("typed_arithmetic", 1)).toMatchObject({ n: "Double", top: "Long" });
        const [quotient] = await c
          .aggregate(
            [{ $match: { _id: 1 } }, { $project: { _id: 0, q: { $divide: ["$a", 2] } } }],
            {
              promoteValues: false,
            },
          )
          .toArray();
        expect(quotient?.q).toBeInstanceOf(Double);
      }
      // What keeps its type works on both: 9 / 2 = 4.5, an int32 sum, averages that are not integral.
      const [kept] = await c
        .aggregate([
          { $group: { _id: null, sum: { $sum: "$a" }, avg: { $avg: "$b" }, mix: { $avg: "$n" } } },
          { $project: { _id: 0, sum: 1, avg: 1, mix: 1, half: { $divide: [9, 2] } } },
        ])
        .toArray();
      expect(kept).toEqual({ sum: 19, avg: 3.5, mix: 3.5, half: 4.5 });
    });
  });
});

/** The BSON type name of a value read with promoteValues off ("Int32", "Double", "Long", ...). */
function bsonType(value: unknown): string {
  if (value instanceof Date) return "Date";
  return (value as { _bsontype?: string } | null)?._bsontype ?? typeof value;
}

describeOnEveryTarget("MongoDB 7.0 number types in replies", "numtypes", (connected) => {
  let db: Db;
  beforeAll(() => {
    ({ db } = connected());
  });
  const embedded = async () =>
    (await db.admin().command({ buildInfo: 1 })).gitVersion === "bureau-embedded";
  /** A command's reply as a driver with promoteValues off reads it. */
  const raw = (command: Document, on: Db = db) => on.command(command, { promoteValues: false });
  /** An aggregation's documents, read the same way. */
  const rawAggregate = (name: string, pipeline: Document[]) =>
    db.collection(name).aggregate(pipeline, { promoteValues: false }).toArray();

  describe("command replies", () => {
    it("types ok as a double and counts as int32, cursor ids as longs", async () => {
      const inserted = await raw({
        insert: "quotes",
        documents: [
          { _id: 1, customer: "Acme", total: 120.5 },
          { _id: 2, customer: "Birch", total: 80.25 },
          { _id: 3, customer: "Acme", total: 42.75 },
        ],
      });
      expect(bsonType(inserted.ok)).toBe("Double");
      expect(bsonType(inserted.n)).toBe("Int32");
      const duplicate = await raw({ insert: "quotes", documents: [{ _id: 1 }] });
      expect([duplicate.n, duplicate.writeErrors[0].index, duplicate.writeErrors[0].code]).toEqual([
        new Int32(0),
        new Int32(0),
        new Int32(11000),
      ]);
      const counted = await raw({ count: "quotes", query: { customer: "Acme" } });
      expect(bsonType(counted.n)).toBe("Int32");
      expect(bsonType(counted.ok)).toBe("Double");
      const updated = await raw({
        update: "quotes",
        updates: [
          { q: { customer: "Acme" }, u: { $set: { status: "sent" } }, multi: true },
          { q: { _id: 4 }, u: { $set: { customer: "Cedar" } }, upsert: true },
        ],
      });
      expect([updated.n, updated.nModified, updated.upserted[0].index].map(bsonType)).toEqual([
        "Int32",
        "Int32",
        "Int32",
      ]);
      const deleted = await raw({ delete: "quotes", deletes: [{ q: { _id: 4 }, limit: 1 }] });
      expect(bsonType(deleted.n)).toBe("Int32");
      const found = await raw({ find: "quotes", batchSize: 1 });
      expect(bsonType(found.cursor.id)).toBe("Long");
      const more = await raw({ getMore: found.cursor.id, collection: "quotes", batchSize: 1 });
      expect(bsonType(more.cursor.id)).toBe("Long");
      expect(bsonType(more.ok)).toBe("Double");
      const killed = await raw({ killCursors: "quotes", cursors: [more.cursor.id] });
      expect(killed.cursorsKilled.map(bsonType)).toEqual(["Long"]);
    });

    it("types hello's limits as int32 and serverStatus' pid and uptimes as mongod does", async () => {
      const hello = await raw({ hello: 1 });
      expect(
        [hello.maxBsonObjectSize, hello.maxMessageSizeBytes, hello.maxWriteBatchSize].map(bsonType),
      ).toEqual(["Int32", "Int32", "Int32"]);
      expect(bsonType(hello.localTime)).toBe("Date");
      const status = await raw({ serverStatus: 1 }, db.admin() as unknown as Db);
      expect({
        pid: bsonType(status.pid),
        uptime: bsonType(status.uptime),
        uptimeMillis: bsonType(status.uptimeMillis),
        uptimeEstimate: bsonType(status.uptimeEstimate),
      }).toEqual({ pid: "Long", uptime: "Double", uptimeMillis: "Long", uptimeEstimate: "Long" });
    });

    it("types dbStats' average as a double and collStats' as the int32 quotient", async () => {
      // Documents one byte apart: collStats' average is the int32 quotient, rounded down.
      await db.collection<Row>("invoices").insertMany([
        { _id: 1, code: "A" },
        { _id: 2, code: "BB" },
      ]);
      const stats = await raw({ collStats: "invoices" });
      expect(stats.avgObjSize).toEqual(new Int32(Math.floor(stats.size.value / 2)));
      expect([stats.count, stats.size, stats.nindexes, stats.totalIndexSize].map(bsonType)).toEqual(
        ["Int32", "Int32", "Int32", "Int32"],
      );
      expect(stats.capped).toBe(false);
      const [piped] = await rawAggregate("invoices", [{ $collStats: { storageStats: {} } }]);
      expect(piped?.storageStats.avgObjSize).toEqual(stats.avgObjSize);
      // An empty collection has no average at all.
      await db.createCollection("empty_invoices");
      expect(await raw({ collStats: "empty_invoices" })).not.toHaveProperty("avgObjSize");
      // dbStats divides as doubles, even when the quotient is whole.
      await db.collection<Row>("invoices").deleteOne({ _id: 2 });
      const database = await raw({ dbStats: 1 });
      expect(bsonType(database.avgObjSize)).toBe("Double");
      expect([database.collections, database.objects].map(bsonType)).toEqual(["Int32", "Int32"]);
    });

    it("reports a capped collection's limits and $indexStats' access count as mongod types them", async () => {
      await db.createCollection("activity_log", { capped: true, size: 4096, max: 50 });
      const stats = await raw({ collStats: "activity_log" });
      expect(stats.capped).toBe(true);
      expect([stats.max, stats.maxSize].map(bsonType)).toEqual(["Int32", "Int32"]);
      expect(stats.max.value).toBe(50);
      const [index] = await rawAggregate("activity_log", [{ $indexStats: {} }]);
      expect(bsonType(index?.accesses.ops)).toBe("Long");
    });

    it("refuses a scale it would not apply (115 on the embedded server)", async () => {
      await db.collection<Row>("scaled").insertOne({ _id: 1, note: "x".repeat(2000) });
      if (await embedded()) {
        expect(Number((await rejection(raw({ collStats: "scaled", scale: 1024 }))).code)).toBe(115);
        expect(Number((await rejection(raw({ dbStats: 1, scale: 1024 }))).code)).toBe(115);
      } else {
        const stats = await raw({ collStats: "scaled", scale: 1024 });
        expect(stats.scaleFactor).toEqual(new Int32(1024));
      }
    });
  });

  describe("numbers aggregation stages produce", () => {
    beforeAll(async () => {
      await db.collection<Row>("visits").insertMany([
        { _id: 1, page: "home", day: 1, hours: 1.5 },
        { _id: 2, page: "about", day: 5, hours: 3.5 },
        { _id: 3, page: "home", day: 9, hours: 4.25 },
      ]);
    });

    it("counts as int32 in $count, $sortByCount, $group, $bucket and $bucketAuto", async () => {
      const counts = [
        ...(await rawAggregate("visits", [{ $count: "n" }])).map((d) => d.n),
        ...(await rawAggregate("visits", [{ $sortByCount: "$page" }])).map((d) => d.count),
        ...(await rawAggregate("visits", [
          { $group: { _id: null, n: { $count: {} }, s: { $sum: 1 } } },
        ]).then((docs) => docs.flatMap((d) => [d.n, d.s]))),
        ...(
          await rawAggregate("visits", [{ $bucket: { groupBy: "$day", boundaries: [0, 5, 10] } }])
        ).map((d) => d.count),
        ...(await rawAggregate("visits", [{ $bucketAuto: { groupBy: "$day", buckets: 2 } }])).map(
          (d) => d.count,
        ),
      ];
      expect(counts.length).toBe(9);
      expect(new Set(counts.map(bsonType))).toEqual(new Set(["Int32"]));
    });

    it("densifies int32 days with an int32 step as int32", async () => {
      const docs = await rawAggregate("visits", [
        { $densify: { field: "day", range: { step: 2, bounds: "full" } } },
        { $project: { _id: 0, day: 1 } },
      ]);
      expect(docs.map((d) => d.day)).toEqual([1, 3, 5, 7, 9].map((n) => new Int32(n)));
    });

    it("densifies doubles as doubles: 2.0 from 1.5 + 0.5 (refused, 115, by the embedded server)", async () => {
      const fullRange = () =>
        rawAggregate("visits", [
          { $densify: { field: "hours", range: { step: 0.5, bounds: "full" } } },
          { $project: { _id: 0, hours: 1 } },
        ]);
      // Explicit bounds start at the bound: 0 keeps its int32 type, 0.5 + 0.5 is a double 1.
      const explicit = () =>
        rawAggregate("visits", [
          { $match: { _id: 1 } },
          { $densify: { field: "hours", range: { step: 0.5, bounds: [0, 1.5] } } },
          { $project: { _id: 0, hours: 1 } },
        ]);
      if (await embedded()) {
        expect(Number((await rejection(fullRange())).code)).toBe(115);
        expect(Number((await rejection(explicit())).code)).toBe(115);
      } else {
        expect((await fullRange()).map((d) => d.hours)).toEqual(
          [1.5, 2, 2.5, 3, 3.5, 4, 4.25].map((n) => new Double(n)),
        );
        expect((await explicit()).map((d) => bsonType(d.hours))).toEqual([
          "Int32",
          "Double",
          "Double",
          "Double",
        ]);
      }
      // What keeps its type on both: steps that never land on a whole number.
      const kept = await rawAggregate("visits", [
        { $match: { _id: { $in: [1, 2] } } },
        { $densify: { field: "hours", range: { step: 1, bounds: "full" } } },
        { $project: { _id: 0, hours: 1 } },
      ]);
      expect(kept.map((d) => d.hours)).toEqual([1.5, 2.5, 3.5].map((n) => new Double(n)));
    });

    it("rounds $bucketAuto's granularity boundaries to doubles (refused, 115, by the embedded server)", async () => {
      const run = () =>
        rawAggregate("visits", [
          { $bucketAuto: { groupBy: "$day", buckets: 2, granularity: "R5" } },
        ]);
      if (await embedded()) {
        expect(Number((await rejection(run())).code)).toBe(115);
      } else {
        const [first] = await run();
        // mongod rounds the first minimum (1) down to the series value below it, 0.63.
        expect(bsonType(first?._id.min)).toBe("Double");
        expect(first?._id.min.value).toBeCloseTo(0.63);
      }
    });
  });
});
