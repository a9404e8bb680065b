// Conformance with MongoDB 7.0 for what an application could otherwise get silently wrong:
// requests 7.0 refuses, command-level `let`, pipeline updates, collation, and the catalog
// features (views, $merge, collMod, capped collections). Like conformance.test.ts it talks only
// through the official driver, always against an in-memory embedded server and also against
// TEST_MONGODB_URI when that is set (a fresh database, dropped afterwards).

import { randomBytes } from "node:crypto";
import { type Db, MongoClient, MongoServerError } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "./index";

const REAL_URI = process.env.TEST_MONGODB_URI;

/** Test documents with numeric ids (the driver's default typing assumes ObjectIds). */
interface Row {
  _id: number;
  [field: string]: unknown;
}

interface Target {
  uri: string;
  stop(): Promise<void>;
}

async function rejection(promise: Promise<unknown>): Promise<MongoServerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error("expected the operation to fail");
}

function defineConformance(name: string, open: () => Promise<Target>): void {
  describe(`MongoDB 7.0 conformance: ${name}`, () => {
    const dbName = `conf7_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    let target: Target;
    let client: MongoClient;
    let db: Db;

    beforeAll(async () => {
      target = await open();
      client = new MongoClient(target.uri, { serverSelectionTimeoutMS: 5000 });
      await client.connect();
      db = client.db(dbName);
    });

    afterAll(async () => {
      await db?.dropDatabase().catch(() => undefined);
      await client?.close();
      await target?.stop();
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
        const strict = new MongoClient(target.uri, {
          serverSelectionTimeoutMS: 5000,
          serverApi: { version: "1", strict: true },
        });
        try {
          const c = strict.db(dbName).collection("api_strict");
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
        expect(await c.countDocuments({ name: "ANN" }, { collation: { locale: "simple" } })).toBe(
          0,
        );
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
}

defineConformance("embedded (in-memory)", async () => {
  const server = await startEmbeddedServer({ dataDir: ":memory:" });
  return { uri: server.uri, stop: () => server.close() };
});

describe.skipIf(!REAL_URI)("real MongoDB", () => {
  defineConformance(`real MongoDB (${REAL_URI ?? "unset"})`, async () => ({
    uri: REAL_URI as string,
    stop: async () => {},
  }));
});
