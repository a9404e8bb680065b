// Conformance with MongoDB 7.0 for what an application could otherwise get silently wrong:
// requests 7.0 refuses, command-level `let`, pipeline updates, collation, and the catalog
// features (views, $merge, collMod, capped collections). Like conformance.test.ts it talks only
// through the official driver, always against an in-memory embedded server and also against
// TEST_MONGODB_URI when that is set (a fresh database, dropped afterwards).

import { type Binary, type Db, MongoClient } from "mongodb";
import { beforeAll, describe, expect, it } from "vitest";
import { describeOnEveryTarget, rejection } from "./test-support";

/** Test documents with numeric ids (the driver's default typing assumes ObjectIds). */
interface Row {
  _id: number;
  [field: string]: unknown;
}

describeOnEveryTarget("MongoDB 7.0 conformance", "conf7", (connected) => {
  let db: Db;
  let client: MongoClient;
  let uri: string;
  beforeAll(() => {
    ({ db, client, uri } = connected());
  });

  describe("refuses what MongoDB 7.0 refuses", () => {
    it("refuses a sort in an update statement (a MongoDB 8.0 option) and changes nothing", async () => {
      const c = db.collection<Row>("update_sort");
      await c.insertMany([
        { _id: 1, n: 2 },
        { _id: 2, n: 1 },
      ]);
      for (const attempt of [
        () => c.updateOne({}, { $set: { hit: true } }, { sort: { n: 1 } }),
        () => c.replaceOne({}, { hit: true }, { sort: { n: 1 } }),
      ]) {
        const error = await rejection(attempt());
        expect(error.code).toBe(40415);
        expect(error.message).toContain("update.updates.sort");
      }
      expect(await c.countDocuments({ hit: true })).toBe(0);
    });

    it("refuses an _id document with $-prefixed fields (52)", async () => {
      const c = db.collection<Row>("dollar_id");
      const error = await rejection(c.insertOne({ _id: { $a: 1 } } as never));
      expect(error.code).toBe(52);
      expect(error.message).toContain("_id fields may not contain '$'-prefixed fields");
      const nested = await rejection(c.insertOne({ _id: { a: { $b: 1 } } } as never));
      expect(nested.code).toBe(52);
      expect(await c.countDocuments()).toBe(0);
    });

    it("refuses snapshot and linearizable reads outside a replica set (NotAReplicaSet, 123)", async () => {
      const c = db.collection<Row>("read_concern");
      await c.insertOne({ _id: 1, a: 1 });
      for (const level of ["snapshot", "linearizable"] as const) {
        const error = await rejection(c.find({}, { readConcern: { level } }).toArray());
        expect(error.code).toBe(123);
        expect(error.codeName).toBe("NotAReplicaSet");
      }
      expect(await c.find({}, { readConcern: { level: "majority" } }).toArray()).toHaveLength(1);
    });

    it("refuses commands outside Stable API version 1 under apiStrict (APIStrictError, 323)", async () => {
      const strict = new MongoClient(uri, {
        serverSelectionTimeoutMS: 5000,
        serverApi: { version: "1", strict: true },
      });
      try {
        const c = strict.db(db.databaseName).collection("api_strict");
        await c.insertOne({ x: 1 });
        expect(await c.find({}).toArray()).toHaveLength(1);
        const error = await rejection(c.distinct("x"));
        expect(error.code).toBe(323);
        expect(error.codeName).toBe("APIStrictError");
        expect(error.message).toContain("command distinct is not in API Version 1");
        const stage = await rejection(
          strict
            .db("admin")
            .aggregate([{ $listLocalSessions: {} }])
            .toArray(),
        );
        expect(stage.codeName).toBe("APIStrictError");
      } finally {
        await strict.close();
      }
    });

    it("checks the filter before looking the collection up (BadValue, 2)", async () => {
      const missing = db.collection<Row>("no_such_collection");
      const attempts: Array<() => Promise<unknown>> = [
        () => missing.find({ $foo: 1 } as never).toArray(),
        () => missing.countDocuments({ $foo: 1 } as never),
        () => missing.distinct("x", { $foo: 1 } as never),
        () => missing.deleteMany({ $foo: 1 } as never),
        () => missing.updateMany({ $foo: 1 } as never, { $set: { x: 1 } }),
        () => missing.findOneAndDelete({ a: { $in: 5 } } as never),
      ];
      for (const attempt of attempts) {
        const error = await rejection(attempt());
        expect(error.code).toBe(2);
      }
      const names = (await db.listCollections().toArray()).map((c) => c.name);
      expect(names).not.toContain("no_such_collection");
    });

    it("refuses update pipeline stages an update cannot run (InvalidOptions, 72)", async () => {
      const c = db.collection<Row>("pipeline_stage");
      await c.insertOne({ _id: 1, a: 1 });
      const error = await rejection(c.updateOne({ _id: 1 }, [{ $match: { a: 1 } }]));
      expect(error.code).toBe(72);
      expect(error.message).toContain("$match is not allowed to be used within an update");
    });
  });

  describe("command-level let", () => {
    it("binds let variables in update, delete and findAndModify filters and pipelines", async () => {
      const c = db.collection<Row>("let_writes");
      await c.insertMany([
        { _id: 1, name: "ann", n: 1 },
        { _id: 2, name: "bob", n: 2 },
        { _id: 3, name: "cid", n: 3 },
      ]);
      const updated = await c.updateMany(
        { $expr: { $gte: ["$n", "$$min"] } },
        [{ $set: { tag: "$$tag" } }],
        { let: { min: 2, tag: "big" } },
      );
      expect(updated.modifiedCount).toBe(2);
      expect(
        await c
          .find({ tag: "big" })
          .map((d) => d._id)
          .toArray(),
      ).toEqual([2, 3]);

      const found = await c.findOneAndUpdate(
        { $expr: { $eq: ["$name", "$$who"] } },
        { $set: { seen: true } },
        { let: { who: "ann" }, returnDocument: "after" },
      );
      expect(found).toMatchObject({ _id: 1, seen: true });

      const removed = await c.deleteOne({ $expr: { $eq: ["$_id", "$$id"] } }, { let: { id: 3 } });
      expect(removed.deletedCount).toBe(1);
      expect(await c.countDocuments()).toBe(2);
    });

    it("evaluates let expressions once in aggregate and find ($literal keeps '$' strings)", async () => {
      const c = db.collection<Row>("let_reads");
      await c.insertMany([
        { _id: 1, x: 1 },
        { _id: 2, x: 2 },
      ]);
      const out = await c
        .aggregate(
          [{ $match: { $expr: { $eq: ["$_id", "$$id"] } } }, { $project: { _id: 0, y: "$$y" } }],
          { let: { id: 1, y: { $literal: "$bar" }, sum: { $add: [1, 2] } } },
        )
        .toArray();
      expect(out).toEqual([{ y: "$bar" }]);
      const sum = await c
        .aggregate([{ $limit: 1 }, { $project: { _id: 0, s: "$$sum" } }], {
          let: { sum: { $add: [1, 2] } },
        })
        .toArray();
      expect(sum).toEqual([{ s: 3 }]);
      const found = await c
        .find({ $expr: { $gt: ["$x", "$$low"] } }, { let: { low: 1 } })
        .toArray();
      expect(found.map((d) => d._id)).toEqual([2]);
    });

    it("refuses let variable names a user may not define", async () => {
      const c = db.collection<Row>("let_reads");
      const error = await rejection(
        c.find({ $expr: { $eq: ["$_id", "$$Id"] } }, { let: { Id: 1 } }).toArray(),
      );
      expect(error.code).toBe(16867);
    });
  });

  describe("collation", () => {
    const en2 = { locale: "en_US", strength: 2 } as const;

    it("matches, counts and lists distinct values through the collation", async () => {
      const c = db.collection<Row>("collated_reads");
      await c.insertMany([
        { _id: 1, x: "ping" },
        { _id: 2, x: "PING" },
        { _id: 3, x: "píng" },
        { _id: 4, x: "pong" },
      ]);
      expect(await c.find({ x: "Ping" }).toArray()).toEqual([]);
      const ids = await c
        .find({ x: "Ping" }, { collation: en2 })
        .map((d) => d._id)
        .toArray();
      expect(ids).toEqual([1, 2]);
      // Strength 1 ignores accents too; caseLevel brings case back at that strength.
      expect(
        await c.countDocuments({ x: "PING" }, { collation: { locale: "en", strength: 1 } }),
      ).toBe(3);
      expect(
        await c.countDocuments(
          { x: "ping" },
          { collation: { locale: "en", strength: 1, caseLevel: true } },
        ),
      ).toBe(2);
      expect(await c.countDocuments({ x: { $in: ["PONG"] } }, { collation: en2 })).toBe(1);
      expect(await c.countDocuments({ x: { $gt: "PING" } }, { collation: en2 })).toBe(2);
      expect(await c.distinct("x", {}, { collation: en2 })).toEqual(["ping", "píng", "pong"]);
      const matched = await c
        .aggregate([{ $match: { x: "PONG" } }, { $project: { _id: 1 } }], { collation: en2 })
        .toArray();
      expect(matched).toEqual([{ _id: 4 }]);
    });

    it("sorts with numericOrdering and caseFirst", async () => {
      const c = db.collection<Row>("collated_sort");
      await c.insertMany([
        { _id: 1, s: "item10" },
        { _id: 2, s: "item9" },
        { _id: 3, s: "Item1" },
        { _id: 4, s: "item1" },
      ]);
      const sorted = await c
        .find(
          {},
          {
            sort: { s: 1 },
            collation: { locale: "en", numericOrdering: true, caseFirst: "upper" },
          },
        )
        .map((d) => d.s)
        .toArray();
      expect(sorted).toEqual(["Item1", "item1", "item9", "item10"]);
      const binary = await c
        .find({}, { sort: { s: 1 } })
        .map((d) => d.s)
        .toArray();
      expect(binary).toEqual(["Item1", "item1", "item10", "item9"]);
    });

    it("updates, deletes and finds-and-modifies the documents the collation matches", async () => {
      const c = db.collection<Row>("collated_writes");
      await c.insertMany([
        { _id: 1, x: "ping" },
        { _id: 2, x: "PING" },
        { _id: 3, x: "pINg" },
        { _id: 4, x: "other" },
      ]);
      const many = await c.updateMany({ x: "Ping" }, { $set: { hit: 1 } }, { collation: en2 });
      expect(many.matchedCount).toBe(3);
      const one = await c.findOneAndUpdate(
        { x: "PING" },
        { $set: { x: "pong" } },
        { collation: en2, sort: { _id: 1 }, returnDocument: "before" },
      );
      expect(one?._id).toBe(1);
      const removed = await c.deleteMany({ x: "ping" }, { collation: en2 });
      expect(removed.deletedCount).toBe(2);
      expect(
        await c
          .find()
          .map((d) => d._id)
          .toArray(),
      ).toEqual([1, 4]);
    });

    it("enforces a unique index with a case-insensitive collation (11000)", async () => {
      const c = db.collection<Row>("collated_unique");
      await c.createIndex({ email: 1 }, { unique: true, collation: en2 });
      await c.insertOne({ _id: 1, email: "a@b.c" });
      const error = await rejection(c.insertOne({ _id: 2, email: "A@B.C" }));
      expect(error.code).toBe(11000);
      await c.insertOne({ _id: 3, email: "x@b.c" });
      const update = await rejection(c.updateOne({ _id: 3 }, { $set: { email: "A@b.C" } }));
      expect(update.code).toBe(11000);
      await c.deleteOne({ _id: 1 });
      await c.insertOne({ _id: 2, email: "A@B.C" });
      const [, index] = await c.listIndexes().toArray();
      expect(index?.collation).toMatchObject({ locale: "en_US", strength: 2, caseLevel: false });
    });

    it("applies a collection's default collation to its queries, _id and indexes", async () => {
      await db.createCollection("collated_default", { collation: en2 });
      const c = db.collection<{ _id: string; name?: string }>("collated_default");
      await c.insertOne({ _id: "abc", name: "Ann" });
      expect(await c.countDocuments({ name: "ANN" })).toBe(1);
      expect(await c.countDocuments({ name: "ANN" }, { collation: { locale: "simple" } })).toBe(0);
      const duplicateId = await rejection(c.insertOne({ _id: "ABC" }));
      expect(duplicateId.code).toBe(11000);
      await c.createIndex({ name: 1 }, { unique: true });
      expect((await rejection(c.insertOne({ _id: "x", name: "ann" }))).code).toBe(11000);
      const [info] = await db
        .listCollections({ name: "collated_default" }, { nameOnly: false })
        .toArray();
      expect(
        (info as { options?: { collation?: unknown } } | undefined)?.options?.collation,
      ).toMatchObject({ locale: "en_US", strength: 2 });
    });

    it("refuses invalid collations with mongod's codes and unsupported options loudly", async () => {
      const c = db.collection<Row>("collated_reads");
      const invalid: Array<[unknown, number]> = [
        [{ locale: "xx_NOPE" }, 2],
        [{ locale: "en", strength: 9 }, 51024],
        [{ locale: "en", bogus: true }, 40415],
        [{ strength: 2 }, 40414],
        [{ locale: "en", caseLevel: "yes" }, 14],
      ];
      for (const [collation, code] of invalid) {
        const error = await rejection(c.find({}, { collation: collation as never }).toArray());
        expect(error.code).toBe(code);
      }
      // Options Node's ICU cannot express are refused, never ignored.
      const backwards = await rejection(
        c.find({}, { collation: { locale: "fr", backwards: true } }).toArray(),
      );
      expect(backwards.code).toBe(115);
      const grouped = await rejection(
        c.aggregate([{ $group: { _id: "$x" } }], { collation: en2 }).toArray(),
      );
      expect(grouped.code).toBe(115);
    });
  });

  describe("catalog features", () => {
    it("serves read-only views and refuses writes to them (166)", async () => {
      const base = db.collection<Row>("view_base");
      await base.insertMany([
        { _id: 1, n: 1, secret: "a" },
        { _id: 2, n: 2, secret: "b" },
        { _id: 3, n: 3, secret: "c" },
      ]);
      await db.createCollection("view_big", {
        viewOn: "view_base",
        pipeline: [{ $match: { n: { $gt: 1 } } }, { $project: { secret: 0 } }],
      });
      await db.createCollection("view_bigger", {
        viewOn: "view_big",
        pipeline: [{ $match: { n: { $gt: 2 } } }],
      });
      const view = db.collection<Row>("view_big");
      expect(await view.find({}, { sort: { n: -1 } }).toArray()).toEqual([
        { _id: 3, n: 3 },
        { _id: 2, n: 2 },
      ]);
      expect(await view.estimatedDocumentCount()).toBe(2);
      expect(await view.countDocuments({ n: 2 })).toBe(1);
      expect(await view.distinct("n")).toEqual([2, 3]);
      expect(await db.collection("view_bigger").find().toArray()).toEqual([{ _id: 3, n: 3 }]);
      const grouped = await view
        .aggregate([{ $group: { _id: null, sum: { $sum: "$n" } } }])
        .toArray();
      expect(grouped).toEqual([{ _id: null, sum: 5 }]);
      for (const write of [
        () => view.insertOne({ _id: 9 }),
        () => view.updateOne({}, { $set: { x: 1 } }),
        () => view.deleteMany({}),
        () => view.createIndex({ n: 1 }),
        () => db.renameCollection("view_big", "renamed_view"),
      ]) {
        expect((await rejection(write())).code).toBe(166);
      }
      const [info] = await db.listCollections({ name: "view_big" }).toArray();
      expect(info).toMatchObject({ type: "view", options: { viewOn: "view_base" } });
      await base.insertOne({ _id: 4, n: 4, secret: "d" });
      expect(await view.countDocuments()).toBe(3);
    });

    it("merges aggregation results into a collection with $merge", async () => {
      const source = db.collection<Row>("merge_source");
      const target = db.collection<Row>("merge_target");
      await source.insertMany([
        { _id: 1, qty: 5 },
        { _id: 2, qty: 7 },
      ]);
      await target.insertOne({ _id: 1, qty: 0, keep: true });
      await source.aggregate([{ $merge: { into: "merge_target" } }]).toArray();
      expect(await target.find().sort({ _id: 1 }).toArray()).toEqual([
        { _id: 1, qty: 5, keep: true },
        { _id: 2, qty: 7 },
      ]);
      await source
        .aggregate([
          { $merge: { into: "merge_target", whenMatched: "replace", whenNotMatched: "discard" } },
        ])
        .toArray();
      expect(await target.findOne({ _id: 1 })).toEqual({ _id: 1, qty: 5 });
      await source
        .aggregate([
          {
            $merge: {
              into: "merge_target",
              whenMatched: [{ $set: { qty: { $add: ["$qty", "$$new.qty"] } } }],
            },
          },
        ])
        .toArray();
      expect(await target.findOne({ _id: 2 })).toEqual({ _id: 2, qty: 14 });
      const failed = await rejection(
        source.aggregate([{ $merge: { into: "merge_target", whenMatched: "fail" } }]).toArray(),
      );
      expect(failed.code).toBe(11000);
      const noIndex = await rejection(
        source.aggregate([{ $merge: { into: "merge_target", on: "qty" } }]).toArray(),
      );
      expect(noIndex.code).toBe(51183);
    });

    it("enforces validators, changed with collMod, unless bypassed (121)", async () => {
      await db.createCollection("validated", { validator: { name: { $type: "string" } } });
      const c = db.collection<Row>("validated");
      await c.insertOne({ _id: 1, name: "ann" });
      const error = await rejection(c.insertOne({ _id: 2, name: 42 }));
      expect(error.code).toBe(121);
      expect(error.errInfo).toMatchObject({ failingDocumentId: 2 });
      expect((await rejection(c.updateOne({ _id: 1 }, { $set: { name: 1 } }))).code).toBe(121);
      await c.insertOne({ _id: 3, name: 7 }, { bypassDocumentValidation: true });
      await db.command({ collMod: "validated", validator: { age: { $gte: 0 } } });
      expect((await rejection(c.insertOne({ _id: 4, age: -1 }))).code).toBe(121);
      await c.insertOne({ _id: 4, name: 1, age: 1 });
      await db.command({ collMod: "validated", validationAction: "warn" });
      await c.insertOne({ _id: 5, age: -5 });
      expect(await c.countDocuments()).toBe(4);
      const schema = await rejection(
        db.createCollection("json_schema", {
          validator: { $jsonSchema: { bsonType: "object" } },
        }),
      );
      expect(schema.code).toBe(115);
    });

    it("changes TTL and uniqueness of indexes with collMod", async () => {
      const c = db.collection<Row>("coll_mod_index");
      await c.insertMany([
        { _id: 1, x: 1 },
        { _id: 2, x: 1 },
        { _id: 3, x: 2, at: new Date() },
      ]);
      await c.createIndex({ x: 1 });
      await c.createIndex({ at: 1 }, { expireAfterSeconds: 3600 });
      const ttl = await db.command({
        collMod: "coll_mod_index",
        index: { keyPattern: { at: 1 }, expireAfterSeconds: 60 },
      });
      expect(ttl).toMatchObject({ expireAfterSeconds_old: 3600, expireAfterSeconds_new: 60 });
      const indexes = await c.listIndexes().toArray();
      expect(indexes.find((ix) => ix.name === "at_1")?.expireAfterSeconds).toBe(60);
      await db.command({
        collMod: "coll_mod_index",
        index: { keyPattern: { x: 1 }, prepareUnique: true },
      });
      expect((await rejection(c.insertOne({ _id: 4, x: 2 }))).code).toBe(11000);
      const convert = await rejection(
        db.command({ collMod: "coll_mod_index", index: { keyPattern: { x: 1 }, unique: true } }),
      );
      expect(convert.code).toBe(359);
      expect(convert.errorResponse.violations).toEqual([{ ids: [1, 2] }]);
      const unknown = await rejection(db.command({ collMod: "coll_mod_index", bogus: 1 }));
      expect(unknown.code).toBe(40415);
    });

    it("keeps capped collections within max and tails them", async () => {
      await db.createCollection("capped_log", { capped: true, size: 4096, max: 3 });
      const c = db.collection<Row>("capped_log");
      await c.insertMany([1, 2, 3, 4].map((i) => ({ _id: i })));
      expect(
        await c
          .find()
          .map((d) => d._id)
          .toArray(),
      ).toEqual([2, 3, 4]);
      const [stats] = await c.aggregate([{ $collStats: { storageStats: {} } }]).toArray();
      expect(stats?.storageStats).toMatchObject({ capped: true, max: 3, maxSize: 4096 });
      const cursor = c.find({}, { tailable: true, batchSize: 2 });
      expect((await cursor.next())?._id).toBe(2);
      expect((await cursor.next())?._id).toBe(3);
      expect((await cursor.next())?._id).toBe(4);
      expect(await cursor.tryNext()).toBeNull();
      await c.insertOne({ _id: 5 });
      expect((await cursor.tryNext())?._id).toBe(5);
      await cursor.close();
      const plain = db.collection<Row>("view_base");
      const notCapped = await rejection(plain.find({}, { tailable: true }).toArray());
      expect(notCapped.code).toBe(2);
    });

    it("returns index keys with returnKey and lists local sessions", async () => {
      const c = db.collection<Row>("return_key");
      await c.insertMany([
        { _id: 1, a: 10, b: "x" },
        { _id: 2, a: 20, b: "y" },
      ]);
      await c.createIndex({ a: 1 });
      expect(await c.find({ a: 20 }, { returnKey: true }).toArray()).toEqual([{ a: 20 }]);
      expect(await c.find({ _id: 1 }, { returnKey: true }).toArray()).toEqual([{ _id: 1 }]);
      expect(await c.find({ b: "x" }, { returnKey: true }).toArray()).toEqual([{}]);
      const withIds = await c.find({}, { showRecordId: true, projection: { b: 1 } }).toArray();
      expect(withIds.map((d) => Object.keys(d))).toEqual([
        ["_id", "b", "$recordId"],
        ["_id", "b", "$recordId"],
      ]);
      const session = client.startSession();
      try {
        await c.findOne({}, { session });
        const sessions = await client
          .db("admin")
          .aggregate([{ $listLocalSessions: {} }])
          .toArray();
        const ids = sessions.map((s) => (s._id as { id: Binary }).id.toString("hex"));
        expect(ids).toContain(session.id?.id.toString("hex"));
      } finally {
        await session.endSession();
      }
    });
  });

  describe("pipeline updates", () => {
    it("keeps _id through $replaceRoot and $replaceWith, refuses changing it (66)", async () => {
      const c = db.collection<Row>("pipeline_updates");
      await c.insertMany([
        { _id: 1, t: { u: { v: 1 } } },
        { _id: 2, a: 1 },
      ]);
      await c.updateOne({ _id: 1 }, [
        { $replaceRoot: { newRoot: "$t" } },
        { $addFields: { foo: 1 } },
      ]);
      expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, u: { v: 1 }, foo: 1 });
      await c.updateOne({ _id: 2 }, [{ $replaceWith: { b: { $add: ["$a", 1] } } }]);
      expect(await c.findOne({ _id: 2 })).toEqual({ _id: 2, b: 2 });
      const error = await rejection(c.updateOne({ _id: 2 }, [{ $set: { _id: 9 } }]));
      expect(error.code).toBe(66);
    });

    it("sets $-prefixed and dotted field names with $setField", async () => {
      const c = db.collection<Row>("pipeline_setfield");
      await c.insertOne({ _id: 1 });
      await c.updateOne({ _id: 1 }, [
        {
          $replaceWith: {
            $setField: { field: { $literal: "$price" }, value: 5, input: "$$ROOT" },
          },
        },
        { $replaceWith: { $setField: { field: "a.b", value: 1, input: "$$ROOT" } } },
      ]);
      expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, $price: 5, "a.b": 1 });
    });
  });
});

describeOnEveryTarget("MongoDB 7.0 stage names and query operators", "conf7s", (connected) => {
  let db: Db;
  let embedded = false;
  beforeAll(async () => {
    ({ db } = connected());
    await db.collection<Row>("labels").insertMany([
      { _id: 1, x: 1 },
      { _id: 2, x: 2 },
    ]);
    embedded = (await db.admin().command({ buildInfo: 1 })).gitVersion === "bureau-embedded";
  });

  it("refuses an unknown stage (40324) or a stage object of two fields (40323), documents or not", async () => {
    for (const name of ["labels", "missing"]) {
      const c = db.collection<Row>(name);
      expect((await rejection(c.aggregate([{ $matchh: {} }]).toArray())).code).toBe(40324);
      expect((await rejection(c.aggregate([{ $match: {}, $limit: 1 }]).toArray())).code).toBe(
        40323,
      );
      const nested = [{ $lookup: { from: "labels", pipeline: [{ $nope: 1 }], as: "l" } }];
      expect((await rejection(c.aggregate(nested).toArray())).code).toBe(40324);
    }
  });

  it("answers a change stream on a standalone server with 40573", async () => {
    const error = await rejection(
      db
        .collection("labels")
        .aggregate([{ $changeStream: {} }])
        .toArray(),
    );
    expect(error.code).toBe(40573);
  });

  it("takes $comment in a filter as a label that matches everything", async () => {
    const c = db.collection<Row>("labels");
    expect(await c.find({ $comment: "by id", _id: 2 }).toArray()).toEqual([{ _id: 2, x: 2 }]);
    expect(await c.countDocuments({ $comment: "all" })).toBe(2);
    expect(await c.find({ $or: [{ $comment: "one", x: 1 }, { _id: 2 }] }).toArray()).toHaveLength(
      2,
    );
    expect(
      await c.aggregate([{ $project: { x: 1 } }, { $match: { $comment: "late", x: 1 } }]).toArray(),
    ).toEqual([{ _id: 1, x: 1 }]);
  });

  it("refuses (115) the stages and query operators the embedded server does not run", async () => {
    if (!embedded) return;
    const c = db.collection<Row>("labels");
    for (const attempt of [
      () => c.aggregate([{ $geoNear: { near: [0, 0], distanceField: "d" } }]).toArray(),
      () => c.aggregate([{ $search: { text: { query: "a", path: "x" } } }]).toArray(),
      () => c.aggregate([{ $planCacheStats: {} }]).toArray(),
      () => c.find({ $text: { $search: "a" } }).toArray(),
      () => c.find({ x: { $near: [0, 0] } }).toArray(),
      () => c.find({ x: { $geoWithin: { $center: [[0, 0], 1] } } }).toArray(),
      () => c.find({ $jsonSchema: { required: ["x"] } }).toArray(),
      () => c.find({ $sampleRate: 0.5 }).toArray(),
    ]) {
      const error = await rejection(attempt());
      expect(error.code).toBe(115);
      expect(error.message).toContain("the embedded server");
    }
  });
});

describeOnEveryTarget(
  "Commands mongod has and the embedded server lacks",
  "conf7c",
  (connected) => {
    it("answers them with 115, and a command mongod lacks too with 59", async () => {
      const { db } = connected();
      const embedded =
        (await db.admin().command({ buildInfo: 1 })).gitVersion === "bureau-embedded";
      expect((await rejection(db.command({ notACommand: 1 }))).code).toBe(59);
      if (!embedded) return;
      for (const command of [{ explain: { find: "x" } }, { usersInfo: 1 }, { validate: "x" }]) {
        const error = await rejection(db.command(command));
        expect(error.code, JSON.stringify(command)).toBe(115);
      }
    });
  },
);
