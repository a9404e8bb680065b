// Conformance suite: talks to the server ONLY through the official driver and asserts what a real
// MongoDB does. It always runs against an in-memory embedded server, and also against
// TEST_MONGODB_URI when that is set (a unique database per run, dropped afterwards), so the same
// assertions keep the embedded server honest.

import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  Binary,
  type CommandStartedEvent,
  type Db,
  type Document,
  GridFSBucket,
  type Long,
  MaxKey,
  MinKey,
  MongoBulkWriteError,
  MongoClient,
  MongoServerError,
  ObjectId,
  Timestamp,
} from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "./index";

const REAL_URI = process.env.TEST_MONGODB_URI;
if (!REAL_URI) {
  console.info("conformance: TEST_MONGODB_URI is not set, skipped the run against a real MongoDB");
}

/** Typed so the driver's update-operator typings accept $push/$pull on arrays. */
interface OpsDoc {
  n: number;
  gone?: boolean;
  list: number[];
  set: string[];
  lo: number;
  hi: number;
  old?: string;
  stack: number[];
  nested: { count: number; flag?: boolean };
  name?: string;
  renamed?: string;
  touched?: Date;
}

interface Target {
  uri: string;
  stop(): Promise<void>;
}

async function rejection(promise: Promise<unknown>): Promise<MongoServerError> {
  try {
    await promise;
  } catch (error) {
    return error as MongoServerError;
  }
  throw new Error("expected the operation to fail");
}

async function download(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function defineConformance(name: string, open: () => Promise<Target>): void {
  describe(`conformance: ${name}`, () => {
    const dbName = `conformance_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    let target: Target;
    let client: MongoClient;
    let db: Db;
    const started: CommandStartedEvent[] = [];

    beforeAll(async () => {
      target = await open();
      client = new MongoClient(target.uri, {
        monitorCommands: true,
        serverSelectionTimeoutMS: 5000,
      });
      client.on("commandStarted", (event) => started.push(event));
      await client.connect();
      db = client.db(dbName);
    });

    afterAll(async () => {
      await db?.dropDatabase().catch(() => undefined);
      await client?.close();
      await target?.stop();
    });

    const commandsNamed = (command: string) => started.filter((e) => e.commandName === command);

    it("answers ping, buildInfo and hello", async () => {
      expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
      const info = await db.admin().buildInfo();
      expect(typeof info.version).toBe("string");
      const hello = await db.admin().command({ hello: 1 });
      expect(hello.isWritablePrimary).toBe(true);
      expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9);
    });

    it("rejects an unknown command with CommandNotFound (59)", async () => {
      const error = await rejection(db.command({ fooBar: 1 }));
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error.code).toBe(59);
      expect(error.codeName).toBe("CommandNotFound");
      expect(error.message).toContain("no such command: 'fooBar'");
    });

    it("rejects malformed filters with BadValue (2) and keeps serving", async () => {
      const c = db.collection("malformed");
      await c.insertOne({ a: 1 });
      for (const filter of [{ a: { $in: 5 } }, { $or: [] }, { a: { $foo: 1 } }, { $foo: 1 }]) {
        const error = await rejection(c.find(filter as never).toArray());
        expect(error).toBeInstanceOf(MongoServerError);
        expect(error.code).toBe(2);
      }
      expect(await c.countDocuments({ a: 1 })).toBe(1);
    });

    it("rejects invalid regular expressions with mongod's codes (51091, 51108)", async () => {
      const c = db.collection("malformed");
      const pattern = await rejection(c.find({ a: { $regex: "(" } }).toArray());
      expect(pattern).toBeInstanceOf(MongoServerError);
      expect(pattern.code).toBe(51091);
      expect(pattern.message).toContain("Regular expression is invalid");
      const flags = await rejection(c.find({ a: { $regex: "a", $options: "z" } }).toArray());
      expect(flags.code).toBe(51108);
      expect(await c.countDocuments({ a: { $regex: "^1?$" } })).toBe(0);
    });

    it("round-trips Date, ObjectId, Binary, numbers and nested documents", async () => {
      const coll = db.collection("types");
      const ref = new ObjectId();
      const when = new Date("2024-05-06T07:08:09.123Z");
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      const doc = {
        ref,
        when,
        bin: new Binary(bytes),
        int: 42,
        negative: -7,
        float: 3.25,
        big: 2 ** 40,
        yes: true,
        nothing: null,
        text: "héllo wörld ✓",
        nested: { a: { b: [1, { c: "deep" }] }, list: [when, ref] },
        empty: {},
        emptyList: [],
      };
      const { insertedId } = await coll.insertOne(doc);
      const found = await coll.findOne({ _id: insertedId });
      if (!found) throw new Error("inserted document not found");
      expect(found?._id).toEqual(insertedId);
      expect(found?.ref).toBeInstanceOf(ObjectId);
      expect(found?.ref.equals(ref)).toBe(true);
      expect(found?.when).toBeInstanceOf(Date);
      expect(found?.when.getTime()).toBe(when.getTime());
      expect(Buffer.from((found.bin as Binary).buffer)).toEqual(bytes);
      expect(found?.int).toBe(42);
      expect(found?.negative).toBe(-7);
      expect(found?.float).toBe(3.25);
      expect(found?.big).toBe(2 ** 40);
      expect(found?.yes).toBe(true);
      expect(found?.nothing).toBeNull();
      expect(found?.text).toBe(doc.text);
      expect(found?.nested.a.b).toEqual([1, { c: "deep" }]);
      expect(found?.nested.list[0].getTime()).toBe(when.getTime());
      expect(found?.nested.list[1].equals(ref)).toBe(true);
      expect(found?.empty).toEqual({});
      expect(found?.emptyList).toEqual([]);
      expect(Object.keys(found ?? {})[0]).toBe("_id");
      // Querying by each type finds the document again.
      expect(await coll.countDocuments({ ref })).toBe(1);
      expect(await coll.countDocuments({ when })).toBe(1);
      expect(await coll.countDocuments({ "nested.a.b.c": "deep" })).toBe(1);
      expect(await coll.countDocuments({ bin: new Binary(bytes) })).toBe(1);
      // $type knows every BSON type.
      expect(await coll.countDocuments({ ref: { $type: "objectId" } })).toBe(1);
      expect(await coll.countDocuments({ bin: { $type: "binData" } })).toBe(1);
      expect(await coll.countDocuments({ when: { $type: "date" } })).toBe(1);
      expect(await coll.countDocuments({ int: { $type: "int" }, float: { $type: "double" } })).toBe(
        1,
      );
      expect(
        await coll.countDocuments({ int: { $type: "number" }, nothing: { $type: "null" } }),
      ).toBe(1);
      expect(await coll.countDocuments({ "nested.list": { $type: "objectId" } })).toBe(1);
      expect(await coll.countDocuments({ text: { $type: "int" } })).toBe(0);
    });

    describe("queries", () => {
      const people = [
        {
          name: "Alice",
          age: 31,
          tags: ["admin", "dev"],
          address: { city: "Paris" },
          scores: [
            { s: "math", v: 90 },
            { s: "art", v: 60 },
          ],
        },
        {
          name: "alfred",
          age: 45,
          tags: ["dev"],
          address: { city: "Lyon" },
          scores: [{ s: "math", v: 40 }],
        },
        { name: "Bob", age: 25, tags: [], address: { city: "Paris" }, scores: [] },
        {
          name: "Carol",
          age: 38,
          tags: ["ops", "dev"],
          address: { city: "Nice" },
          scores: [{ s: "art", v: 95 }],
        },
        { name: "Dave", age: 52, address: { city: "Lyon" } },
      ];
      const names = (docs: Array<Record<string, unknown>>) =>
        docs.map((d) => String(d.name)).sort();

      beforeAll(async () => {
        await db.collection("people").insertMany(people.map((p) => ({ ...p })));
      });

      it("supports comparison, $in/$nin, $ne, $exists and logical operators", async () => {
        const c = db.collection("people");
        expect(names(await c.find({ age: { $gt: 30, $lte: 45 } }).toArray())).toEqual([
          "Alice",
          "Carol",
          "alfred",
        ]);
        expect(names(await c.find({ name: { $in: ["Bob", "Dave", "Zed"] } }).toArray())).toEqual([
          "Bob",
          "Dave",
        ]);
        expect(names(await c.find({ name: { $nin: ["Bob", "Dave"] } }).toArray())).toEqual([
          "Alice",
          "Carol",
          "alfred",
        ]);
        expect(names(await c.find({ name: { $ne: "Bob" }, age: { $lt: 40 } }).toArray())).toEqual([
          "Alice",
          "Carol",
        ]);
        expect(names(await c.find({ tags: { $exists: false } }).toArray())).toEqual(["Dave"]);
        expect(
          names(await c.find({ $or: [{ age: { $lt: 26 } }, { name: "Dave" }] }).toArray()),
        ).toEqual(["Bob", "Dave"]);
        expect(
          names(
            await c.find({ $and: [{ age: { $gt: 30 } }, { "address.city": "Lyon" }] }).toArray(),
          ),
        ).toEqual(["Dave", "alfred"]);
        expect(names(await c.find({ age: { $not: { $gt: 40 } } }).toArray())).toEqual([
          "Alice",
          "Bob",
          "Carol",
        ]);
      });

      it("supports regular expressions", async () => {
        const c = db.collection("people");
        expect(names(await c.find({ name: /^al/i }).toArray())).toEqual(["Alice", "alfred"]);
        expect(names(await c.find({ name: /^al/ }).toArray())).toEqual(["alfred"]);
        expect(names(await c.find({ name: { $regex: "^a", $options: "i" } }).toArray())).toEqual([
          "Alice",
          "alfred",
        ]);
        expect(names(await c.find({ name: { $in: [/^b/i, "Dave"] } }).toArray())).toEqual([
          "Bob",
          "Dave",
        ]);
      });

      it("supports arrays, $elemMatch, $all, $size and dotted paths", async () => {
        const c = db.collection("people");
        expect(names(await c.find({ tags: "dev" }).toArray())).toEqual([
          "Alice",
          "Carol",
          "alfred",
        ]);
        expect(names(await c.find({ "tags.0": "dev" }).toArray())).toEqual(["alfred"]);
        expect(names(await c.find({ tags: { $all: ["dev", "ops"] } }).toArray())).toEqual([
          "Carol",
        ]);
        expect(names(await c.find({ tags: { $size: 0 } }).toArray())).toEqual(["Bob"]);
        expect(names(await c.find({ "address.city": "Paris" }).toArray())).toEqual([
          "Alice",
          "Bob",
        ]);
        expect(
          names(await c.find({ scores: { $elemMatch: { s: "math", v: { $gte: 50 } } } }).toArray()),
        ).toEqual(["Alice"]);
        // Without $elemMatch the conditions may be met by different elements.
        expect(
          names(await c.find({ "scores.s": "math", "scores.v": { $gte: 90 } }).toArray()),
        ).toEqual(["Alice"]);
        expect(names(await c.find({ "scores.v": { $gt: 80 } }).toArray())).toEqual([
          "Alice",
          "Carol",
        ]);
      });

      it("sorts, skips, limits and projects", async () => {
        const c = db.collection("people");
        const sorted = await c.find({}, { sort: { age: -1 }, skip: 1, limit: 2 }).toArray();
        expect(sorted.map((d) => d.name)).toEqual(["alfred", "Carol"]);
        const byCity = await c.find({}, { sort: { "address.city": 1, name: 1 } }).toArray();
        expect(byCity.map((d) => d.name)).toEqual(["Dave", "alfred", "Carol", "Alice", "Bob"]);
        const projected = await c.find({ name: "Alice" }, { projection: { name: 1 } }).toArray();
        expect(Object.keys(projected[0] ?? {}).sort()).toEqual(["_id", "name"]);
        const noId = await c.findOne(
          { name: "Alice" },
          { projection: { _id: 0, name: 1, "address.city": 1 } },
        );
        expect(noId).toEqual({ name: "Alice", address: { city: "Paris" } });
        const excluded = await c.findOne(
          { name: "Bob" },
          { projection: { scores: 0, tags: 0, "address.city": 0 } },
        );
        expect(excluded).toMatchObject({ name: "Bob", age: 25, address: {} });
        expect(excluded).not.toHaveProperty("scores");
        // The projection did not change what is stored.
        expect((await c.findOne({ name: "Bob" }))?.address).toEqual({ city: "Paris" });
        const sliced = await c.findOne(
          { name: "Alice" },
          { projection: { tags: { $slice: 1 }, name: 1 } },
        );
        expect(sliced?.tags).toEqual(["admin"]);
      });

      it("sorts across BSON types and by array elements like mongod", async () => {
        const c = db.collection("sort_order");
        const values: unknown[] = [
          new MaxKey(),
          true,
          new Date(0),
          new ObjectId("000000000000000000000001"),
          new Binary(Buffer.from("a")),
          [3],
          { a: 1 },
          "s",
          2,
          null,
          new MinKey(),
          new Timestamp({ t: 1, i: 1 }),
          /re/,
        ];
        await c.insertMany(values.map((v, i) => ({ _id: i, v }) as Document));
        await c.insertOne({ _id: 100 } as Document);
        // MinKey, null = missing, numbers ([3] sorts as 3), string, object, BinData, ObjectId,
        // boolean, Date, Timestamp, regex, MaxKey.
        const ascending = [10, 9, 100, 8, 5, 7, 6, 4, 3, 1, 2, 11, 12, 0];
        const ids = (docs: Document[]) => docs.map((d) => d._id);
        expect(ids(await c.find().sort({ v: 1, _id: 1 }).toArray())).toEqual(ascending);
        expect(ids(await c.aggregate([{ $sort: { v: 1, _id: 1 } }]).toArray())).toEqual(ascending);
        expect(ids(await c.find().sort({ v: -1, _id: 1 }).toArray())).toEqual([
          0, 12, 11, 2, 1, 3, 4, 6, 7, 5, 8, 9, 100, 10,
        ]);

        // An array sorts by its smallest element ascending, its largest descending; an empty
        // array sorts before null and missing fields.
        const a = db.collection("sort_arrays");
        await a.insertMany([
          { _id: 1, v: [1, 5], it: [{ p: 5 }, { p: 1 }] },
          { _id: 2, v: 3, it: [{ p: 3 }] },
          { _id: 3, v: [] },
          { _id: 4 },
        ] as Document[]);
        expect(ids(await a.find().sort({ v: 1 }).toArray())).toEqual([3, 4, 1, 2]);
        expect(ids(await a.find().sort({ v: -1 }).toArray())).toEqual([1, 2, 4, 3]);
        expect(
          ids(
            await a
              .find({ it: { $exists: true } })
              .sort({ "it.p": -1 })
              .toArray(),
          ),
        ).toEqual([1, 2]);
        expect(
          ids(
            await a
              .aggregate([{ $match: { it: { $exists: true } } }, { $sort: { "it.p": -1 } }])
              .toArray(),
          ),
        ).toEqual([1, 2]);
      });

      it("projects $slice alone as an exclusion and the positional $ element", async () => {
        const c = db.collection("projections");
        await c.insertOne({
          _id: 1,
          title: "post",
          tags: ["a", "b", "c", "d"],
          comments: [
            { by: "ann", n: 1 },
            { by: "bob", n: 2 },
            { by: "cat", n: 3 },
          ],
        } as Document);
        // A projection made only of $slice (and exclusions) keeps every other field.
        expect(await c.findOne({}, { projection: { tags: { $slice: 2 } } })).toEqual({
          _id: 1,
          title: "post",
          tags: ["a", "b"],
          comments: [
            { by: "ann", n: 1 },
            { by: "bob", n: 2 },
            { by: "cat", n: 3 },
          ],
        });
        expect(
          await c.findOne({}, { projection: { tags: { $slice: -1 }, comments: 0, _id: 0 } }),
        ).toEqual({ title: "post", tags: ["d"] });
        expect(await c.findOne({}, { projection: { tags: { $slice: [1, 2] }, title: 1 } })).toEqual(
          { _id: 1, title: "post", tags: ["b", "c"] },
        );
        // The positional projection returns the first element the query matched.
        expect(
          await c.findOne({ "comments.by": "bob" }, { projection: { "comments.$": 1 } }),
        ).toEqual({ _id: 1, comments: [{ by: "bob", n: 2 }] });
        expect(
          await c.findOne(
            { comments: { $elemMatch: { n: { $gte: 2 } } } },
            { projection: { "comments.$": 1, title: 1, _id: 0 } },
          ),
        ).toEqual({ title: "post", comments: [{ by: "bob", n: 2 }] });
        expect(
          await c.findOneAndUpdate(
            { "comments.by": "cat" },
            { $inc: { "comments.$.n": 10 } },
            { projection: { "comments.$": 1 }, returnDocument: "after" },
          ),
        ).toEqual({ _id: 1, comments: [{ by: "cat", n: 13 }] });
      });

      it("sorts by $natural: -1 as newest first (find, findOne, findOneAndUpdate)", async () => {
        const c = db.collection("natural");
        await c.createIndex({ k: 1 });
        for (const _id of [3, 1, 2, 5])
          await c.insertOne({ _id, k: _id === 2 ? 2 : 1 } as Document);
        const ids = (docs: Document[]) => docs.map((d) => d._id);
        expect(ids(await c.find().sort({ $natural: -1 }).toArray())).toEqual([5, 2, 1, 3]);
        expect(ids(await c.find().sort({ $natural: 1 }).toArray())).toEqual([3, 1, 2, 5]);
        expect(ids(await c.find({ k: 1 }).sort({ $natural: -1 }).limit(2).toArray())).toEqual([
          5, 1,
        ]);
        expect((await c.findOne({}, { sort: { $natural: -1 } }))?._id).toBe(5);
        const updated = await c.findOneAndUpdate(
          { k: 1 },
          { $set: { last: true } },
          { sort: { $natural: -1 }, returnDocument: "after" },
        );
        expect(updated).toEqual({ _id: 5, k: 1, last: true });
      });

      it("counts and lists distinct values", async () => {
        const c = db.collection("people");
        expect(await c.countDocuments()).toBe(5);
        expect(await c.countDocuments({ age: { $gte: 38 } })).toBe(3);
        expect(await c.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
        expect(await c.countDocuments({ name: "nobody" })).toBe(0);
        expect(await c.estimatedDocumentCount()).toBe(5);
        expect((await c.distinct("tags")).sort()).toEqual(["admin", "dev", "ops"]);
        expect((await c.distinct("address.city", { age: { $gt: 30 } })).sort()).toEqual([
          "Lyon",
          "Nice",
          "Paris",
        ]);
        expect(await db.collection("missing_collection").distinct("x")).toEqual([]);
        expect(await db.collection("missing_collection").countDocuments()).toBe(0);
      });
    });

    it("streams large results in batches with getMore and kills cursors", async () => {
      const c = db.collection("batches");
      await c.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
      const before = commandsNamed("getMore").length;
      const all = await c.find({}, { sort: { i: 1 } }).toArray();
      expect(all).toHaveLength(250);
      expect(all.map((d) => d.i)).toEqual(Array.from({ length: 250 }, (_, i) => i));
      expect(commandsNamed("getMore").length).toBeGreaterThan(before);

      const small = await c.find({}).batchSize(40).toArray();
      expect(small).toHaveLength(250);
      expect(commandsNamed("getMore").length - before).toBeGreaterThanOrEqual(1 + 5);

      const cursor = c.find({}).batchSize(10);
      expect(await cursor.next()).not.toBeNull();
      const id = cursor.id as Long;
      expect(id.isZero()).toBe(false);
      const kills = commandsNamed("killCursors").length;
      await cursor.close();
      expect(commandsNamed("killCursors").length).toBe(kills + 1);
      const error = await rejection(db.command({ getMore: id, collection: "batches" }));
      expect(error.code).toBe(43);

      // Limits close the cursor on the server once reached.
      expect(await c.find({}).limit(120).toArray()).toHaveLength(120);
      // $in over many _ids.
      const ids = all.slice(0, 200).map((d) => d._id);
      expect(await c.countDocuments({ _id: { $in: ids } })).toBe(200);
    });

    describe("unique indexes", () => {
      it("reports duplicate keys like mongod (insert, update, upsert, findOneAndUpdate)", async () => {
        const c = db.collection("users");
        await c.createIndex({ email: 1 }, { unique: true });
        await c.insertOne({ email: "a@b.c", name: "A" });
        const { insertedId: otherId } = await c.insertOne({ email: "x@y.z", name: "X" });

        const insert = await rejection(c.insertOne({ email: "a@b.c" }));
        expect(insert).toBeInstanceOf(MongoServerError);
        expect(insert.code).toBe(11000);
        expect(insert.message).toContain("E11000 duplicate key error collection:");
        expect(insert.message).toContain(
          `${dbName}.users index: email_1 dup key: { email: "a@b.c" }`,
        );
        expect(insert.keyPattern).toEqual({ email: 1 });
        expect(insert.keyValue).toEqual({ email: "a@b.c" });

        const update = await rejection(c.updateOne({ _id: otherId }, { $set: { email: "a@b.c" } }));
        expect(update.code).toBe(11000);
        expect((await c.findOne({ _id: otherId }))?.email).toBe("x@y.z");

        const upsert = await rejection(
          c.updateOne({ name: "new" }, { $set: { email: "a@b.c" } }, { upsert: true }),
        );
        expect(upsert.code).toBe(11000);
        expect(await c.countDocuments({ name: "new" })).toBe(0);

        const fam = await rejection(
          c.findOneAndUpdate({ _id: otherId }, { $set: { email: "a@b.c" } }),
        );
        expect(fam.code).toBe(11000);
        const replace = await rejection(c.replaceOne({ _id: otherId }, { email: "a@b.c" }));
        expect(replace.code).toBe(11000);
        expect(await c.findOne({ _id: otherId })).toMatchObject({ email: "x@y.z", name: "X" });

        const dupId = await rejection(c.insertOne({ _id: otherId, email: "fresh@x" }));
        expect(dupId.code).toBe(11000);
        expect(dupId.message).toContain("index: _id_ dup key: { _id: ObjectId(");
      });

      it("splits insertMany failures into MongoBulkWriteError (ordered and unordered)", async () => {
        const c = db.collection("bulk_users");
        await c.createIndex({ email: 1 }, { unique: true });
        const ordered = await rejection(
          c.insertMany([{ email: "a" }, { email: "b" }, { email: "a" }, { email: "c" }]),
        );
        expect(ordered).toBeInstanceOf(MongoBulkWriteError);
        const bulk = ordered as unknown as MongoBulkWriteError;
        expect(bulk.code).toBe(11000);
        expect(bulk.insertedCount).toBe(2);
        expect(bulk.writeErrors).toHaveLength(1);
        expect((bulk.writeErrors as unknown as Array<{ index: number }>)[0]?.index).toBe(2);
        expect((await c.find({}).toArray()).map((d) => d.email).sort()).toEqual(["a", "b"]);

        const unordered = (await rejection(
          c.insertMany([{ email: "d" }, { email: "a" }, { email: "e" }, { email: "b" }], {
            ordered: false,
          }),
        )) as unknown as MongoBulkWriteError;
        expect(unordered).toBeInstanceOf(MongoBulkWriteError);
        expect(unordered.insertedCount).toBe(2);
        expect((unordered.writeErrors as unknown[]).length).toBe(2);
        expect((await c.find({}).toArray()).map((d) => d.email).sort()).toEqual([
          "a",
          "b",
          "d",
          "e",
        ]);
      });

      it("enforces compound, sparse and partial unique indexes", async () => {
        const c = db.collection("compound");
        await c.createIndex({ a: 1, b: 1 }, { unique: true });
        await c.insertMany([
          { a: 1, b: 1 },
          { a: 1, b: 2 },
          { a: 2, b: 1 },
        ]);
        const dup = await rejection(c.insertOne({ a: 1, b: 2 }));
        expect(dup.code).toBe(11000);
        expect(dup.keyValue).toEqual({ a: 1, b: 2 });
        expect(dup.message).toContain("index: a_1_b_1 dup key: { a: 1, b: 2 }");

        const sparse = db.collection("sparse");
        await sparse.createIndex({ code: 1 }, { unique: true, sparse: true });
        await sparse.insertMany([{ x: 1 }, { x: 2 }, { code: "A" }]);
        expect((await rejection(sparse.insertOne({ code: "A" }))).code).toBe(11000);

        const partial = db.collection("partial");
        await partial.createIndex(
          { email: 1 },
          { unique: true, partialFilterExpression: { email: { $exists: true } } },
        );
        await partial.insertMany([{ n: 1 }, { n: 2 }, { email: "p@q" }]);
        expect((await rejection(partial.insertOne({ email: "p@q" }))).code).toBe(11000);
      });

      it("refuses to build a unique index over duplicates (missing fields count as null)", async () => {
        const c = db.collection("dups");
        await c.insertMany([{ x: 1 }, { x: 1 }, { y: 1 }]);
        const error = await rejection(c.createIndex({ x: 1 }, { unique: true }));
        expect(error.code).toBe(11000);
        expect(error.message).toContain("E11000 duplicate key error");
        const nulls = await rejection(c.createIndex({ z: 1 }, { unique: true }));
        expect(nulls.code).toBe(11000);
        expect((await c.indexes()).map((ix) => ix.name)).toEqual(["_id_"]);
        await c.deleteOne({ x: 1 });
        await expect(c.createIndex({ x: 1 }, { unique: true })).resolves.toBe("x_1");
      });
    });

    it("lists, checks and drops indexes", async () => {
      const c = db.collection("indexed");
      await c.insertOne({ email: "i@x", expiresAt: new Date() });
      expect(await c.createIndex({ email: 1 }, { unique: true })).toBe("email_1");
      expect(await c.createIndex({ email: 1 }, { unique: true })).toBe("email_1");
      await c.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 3600 });
      await c.createIndex({ group: 1, rank: -1 }, { name: "group_rank" });
      const indexes = await c.indexes();
      expect(indexes).toEqual([
        { v: 2, key: { _id: 1 }, name: "_id_" },
        { v: 2, key: { email: 1 }, name: "email_1", unique: true },
        { v: 2, key: { expiresAt: 1 }, name: "expiresAt_1", expireAfterSeconds: 3600 },
        { v: 2, key: { group: 1, rank: -1 }, name: "group_rank" },
      ]);
      expect(await c.indexExists("email_1")).toBe(true);
      expect(await c.indexExists("nope_1")).toBe(false);
      await c.dropIndex("group_rank");
      expect(await c.indexExists("group_rank")).toBe(false);
      expect((await rejection(c.dropIndex("group_rank"))).code).toBe(27);
      expect((await rejection(db.command({ listIndexes: "no_such_collection" }))).code).toBe(26);
      await c.dropIndexes();
      expect((await c.indexes()).map((ix) => ix.name)).toEqual(["_id_"]);
    });

    describe("updates", () => {
      it("applies the common update operators", async () => {
        const c = db.collection<OpsDoc>("ops");
        const { insertedId: _id } = await c.insertOne({
          n: 1,
          gone: true,
          list: [1, 2, 3, 2],
          set: ["a"],
          lo: 5,
          hi: 5,
          old: "x",
          stack: [1, 2, 3],
          nested: { count: 1 },
        });
        const res = await c.updateOne(
          { _id },
          {
            $set: { name: "N", "nested.flag": true },
            $unset: { gone: "" },
            $inc: { n: 2, "nested.count": 5 },
            $push: { list: { $each: [9, 10] } },
            $addToSet: { set: { $each: ["a", "b"] } },
            $min: { lo: 1 },
            $max: { hi: 9 },
            $rename: { old: "renamed" },
            $currentDate: { touched: true },
            $pop: { stack: 1 },
          },
        );
        expect(res).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
        const doc = await c.findOne({ _id });
        expect(doc).toMatchObject({
          n: 3,
          name: "N",
          list: [1, 2, 3, 2, 9, 10],
          set: ["a", "b"],
          lo: 1,
          hi: 9,
          renamed: "x",
          stack: [1, 2],
          nested: { count: 6, flag: true },
        });
        expect(doc).not.toHaveProperty("gone");
        expect(doc).not.toHaveProperty("old");
        expect(doc?.touched).toBeInstanceOf(Date);

        await c.updateOne({ _id }, { $pull: { list: 2 }, $mul: { n: 10 } });
        expect(await c.findOne({ _id })).toMatchObject({ list: [1, 3, 9, 10], n: 30 });
        await c.updateOne({ _id }, { $pull: { list: { $gte: 9 } }, $push: { set: "c" } });
        expect(await c.findOne({ _id })).toMatchObject({ list: [1, 3], set: ["a", "b", "c"] });
      });

      it("rejects updates mongod cannot apply, with its error codes, changing nothing", async () => {
        const c = db.collection("bad_updates");
        const original = { _id: 1, s: "text", n: 5, list: [1, 2], o: { a: 1 } };
        await c.insertOne({ ...original } as Document);
        const cases: Array<[Document, number]> = [
          [{ $inc: { s: 1 } }, 14], // TypeMismatch: $inc on a string
          [{ $inc: { n: "1" } }, 14], // TypeMismatch: non-numeric increment
          [{ $mul: { s: 2 } }, 14],
          [{ $pop: { s: 1 } }, 14],
          [{ $set: { n: 1 }, $inc: { n: 1 } }, 40], // ConflictingUpdateOperators
          [{ $set: { o: {}, "o.a": 2 } }, 40],
          [{ $set: { n: 1 }, $setOnInsert: { n: 2 } }, 40],
          [{ $set: { "s.x": 1 } }, 28], // PathNotViable: a string has no fields
          [{ $inc: { "n.x": 1 } }, 28],
          [{ $push: { s: 1 } }, 2], // BadValue: $push onto a non-array
          [{ $addToSet: { n: 1 } }, 2],
          [{ $pull: { s: "t" } }, 2],
          [{ $rename: { n: "n" } }, 2],
          [{ $foo: { n: 1 } }, 9], // FailedToParse: unknown modifier
        ];
        for (const [update, code] of cases) {
          const error = await rejection(c.updateOne({ _id: 1 } as Document, update));
          expect(error, JSON.stringify(update)).toBeInstanceOf(MongoServerError);
          expect(error.code, JSON.stringify(update)).toBe(code);
        }
        const viaFindAndModify = await rejection(
          c.findOneAndUpdate({ _id: 1 } as Document, { $inc: { s: 1 } }),
        );
        expect(viaFindAndModify.code).toBe(14);
        const viaUpsert = await rejection(
          c.updateOne({ key: "k" }, { $inc: { key: 1 } }, { upsert: true }),
        );
        expect(viaUpsert.code).toBe(14);
        expect(await c.find().toArray()).toEqual([original]);
      });

      it("pushes with $sort/$slice onto missing fields and sets $currentDate timestamps", async () => {
        const c = db.collection<{ _id: number; recent?: number[] }>("push_missing");
        await c.insertOne({ _id: 1 });
        await c.updateOne(
          { _id: 1 },
          {
            $push: { recent: { $each: [3, 1, 2], $sort: 1, $slice: 2 } },
            $currentDate: { at: { $type: "timestamp" }, on: { $type: "date" } },
          },
        );
        const doc: Document | null = await c.findOne({ _id: 1 });
        expect(doc?.recent).toEqual([1, 2]);
        expect(doc?.at).toBeInstanceOf(Timestamp);
        expect(doc?.on).toBeInstanceOf(Date);
      });

      it("upserts with $setOnInsert and query equality fields", async () => {
        const c = db.collection("upserts");
        const first = await c.updateOne(
          { key: "k1", "meta.kind": "x", n: { $gt: 5 } },
          { $set: { v: 1 }, $setOnInsert: { created: true } },
          { upsert: true },
        );
        expect(first.upsertedCount).toBe(1);
        expect(first.matchedCount).toBe(0);
        expect(first.upsertedId).toBeInstanceOf(ObjectId);
        const inserted = await c.findOne({ key: "k1" });
        expect(inserted).toMatchObject({ key: "k1", meta: { kind: "x" }, v: 1, created: true });
        expect(inserted).not.toHaveProperty("n");

        const second = await c.updateOne(
          { key: "k1" },
          { $set: { v: 2 }, $setOnInsert: { created: false } },
          { upsert: true },
        );
        expect(second).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await c.findOne({ key: "k1" })).toMatchObject({ v: 2, created: true });

        const chosen = await c.updateOne(
          { _id: "custom-id" as never },
          { $set: { v: 3 } },
          { upsert: true },
        );
        expect(chosen.upsertedId).toBe("custom-id");
        const replaced = await c.replaceOne(
          { key: "k9" },
          { key: "k9", whole: true },
          { upsert: true },
        );
        expect(replaced.upsertedCount).toBe(1);
        expect(await c.findOne({ key: "k9" })).toMatchObject({ whole: true });
      });

      it("supports arrayFilters and the positional operator", async () => {
        const c = db.collection("grades");
        const { insertedId: _id } = await c.insertOne({
          grades: [
            { g: 80, m: 1 },
            { g: 95, m: 1 },
            { g: 92, m: 1 },
          ],
        });
        await c.updateOne(
          { _id },
          { $set: { "grades.$[hi].m": 2 } },
          { arrayFilters: [{ "hi.g": { $gte: 90 } }] },
        );
        expect((await c.findOne({ _id }))?.grades).toEqual([
          { g: 80, m: 1 },
          { g: 95, m: 2 },
          { g: 92, m: 2 },
        ]);
        await c.updateOne({ _id, "grades.g": 80 }, { $set: { "grades.$.m": 5 } });
        expect((await c.findOne({ _id }))?.grades[0]).toEqual({ g: 80, m: 5 });
        await c.updateOne({ _id }, { $inc: { "grades.$[].g": 1 } });
        expect((await c.findOne({ _id }))?.grades.map((x: { g: number }) => x.g)).toEqual([
          81, 96, 93,
        ]);
      });

      it("updates many, reports no-op updates and deletes", async () => {
        const c = db.collection("many");
        await c.insertMany([{ group: "a" }, { group: "a" }, { group: "b" }]);
        expect(await c.updateMany({ group: "a" }, { $set: { flag: true } })).toMatchObject({
          matchedCount: 2,
          modifiedCount: 2,
        });
        expect(await c.updateMany({ group: "a" }, { $set: { flag: true } })).toMatchObject({
          matchedCount: 2,
          modifiedCount: 0,
        });
        expect(await c.updateOne({ group: "zzz" }, { $set: { flag: true } })).toMatchObject({
          matchedCount: 0,
          modifiedCount: 0,
        });
        expect((await c.deleteOne({ group: "a" })).deletedCount).toBe(1);
        expect((await c.deleteMany({})).deletedCount).toBe(2);
        expect(await c.countDocuments()).toBe(0);
      });

      it("replaces documents, runs pipeline updates and protects _id (66)", async () => {
        const c = db.collection("replace");
        const { insertedId: _id } = await c.insertOne({ a: 1, b: 2, keep: "no" });
        await c.replaceOne({ _id }, { a: 10, b: 20 });
        expect(await c.findOne({ _id })).toEqual({ _id, a: 10, b: 20 });
        await c.updateOne({ _id }, [{ $set: { total: { $add: ["$a", "$b"] } } }, { $unset: "b" }]);
        expect(await c.findOne({ _id })).toEqual({ _id, a: 10, total: 30 });
        await expect(c.updateOne({ _id }, { $set: { _id, a: 11 } })).resolves.toMatchObject({
          modifiedCount: 1,
        });
        const changeId = await rejection(c.updateOne({ _id }, { $set: { _id: new ObjectId() } }));
        expect(changeId.code).toBe(66);
        const replaceId = await rejection(c.replaceOne({ _id }, { _id: new ObjectId(), a: 1 }));
        expect(replaceId.code).toBe(66);
        expect(await c.findOne({ _id })).toEqual({ _id, a: 11, total: 30 });
      });

      it("runs findOneAndUpdate / Replace / Delete with sort, projection and upsert", async () => {
        const c = db.collection("fam");
        await c.insertMany([
          { name: "x", rank: 1, v: 0 },
          { name: "x", rank: 3, v: 0 },
          { name: "x", rank: 2, v: 0 },
        ]);
        const before = await c.findOneAndUpdate(
          { name: "x" },
          { $inc: { v: 1 } },
          { sort: { rank: -1 } },
        );
        expect(before).toMatchObject({ rank: 3, v: 0 });
        const after = await c.findOneAndUpdate(
          { name: "x" },
          { $inc: { v: 1 } },
          { sort: { rank: -1 }, returnDocument: "after", projection: { _id: 0, rank: 1, v: 1 } },
        );
        expect(after).toEqual({ rank: 3, v: 2 });
        expect(await c.findOneAndUpdate({ name: "none" }, { $set: { v: 1 } })).toBeNull();
        const upserted = await c.findOneAndUpdate(
          { name: "y" },
          { $set: { v: 7 } },
          { upsert: true, returnDocument: "after" },
        );
        expect(upserted).toMatchObject({ name: "y", v: 7 });
        expect(
          await c.findOneAndUpdate(
            { name: "z" },
            { $set: { v: 1 } },
            { upsert: true, returnDocument: "before" },
          ),
        ).toBeNull();
        const replaced = await c.findOneAndReplace(
          { name: "y" },
          { name: "y2" },
          { returnDocument: "after" },
        );
        expect(replaced).toMatchObject({ name: "y2" });
        expect(replaced).not.toHaveProperty("v");
        const deleted = await c.findOneAndDelete({ name: "x" }, { sort: { rank: 1 } });
        expect(deleted).toMatchObject({ rank: 1 });
        expect(await c.countDocuments({ name: "x" })).toBe(2);
      });

      it("runs mixed bulkWrite operations", async () => {
        const c = db.collection("bulk");
        await c.insertOne({ _id: 1 as never, v: 1 });
        const result = await c.bulkWrite([
          { insertOne: { document: { _id: 2 as never, v: 2 } } },
          { updateOne: { filter: { _id: 1 as never }, update: { $set: { v: 10 } } } },
          { updateMany: { filter: {}, update: { $inc: { w: 1 } } } },
          { replaceOne: { filter: { _id: 2 as never }, replacement: { v: 20 } } },
          { deleteOne: { filter: { _id: 1 as never } } },
          { updateOne: { filter: { _id: 3 as never }, update: { $set: { v: 3 } }, upsert: true } },
        ]);
        expect(result.insertedCount).toBe(1);
        expect(result.matchedCount).toBe(4);
        expect(result.modifiedCount).toBe(4);
        expect(result.deletedCount).toBe(1);
        expect(result.upsertedCount).toBe(1);
        expect(await c.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
          { _id: 2, v: 20 },
          { _id: 3, v: 3 },
        ]);
      });
    });

    it("aggregates with $match/$group/$sort/$project/$count/$lookup/$unwind/$addFields", async () => {
      const orders = db.collection("orders");
      const products = db.collection("products");
      await products.insertMany([
        { _id: "p1" as never, title: "Pen", price: 2 },
        { _id: "p2" as never, title: "Book", price: 15 },
      ]);
      await orders.insertMany([
        {
          customer: "ann",
          items: [
            { product: "p1", qty: 3 },
            { product: "p2", qty: 1 },
          ],
          total: 21,
        },
        { customer: "bob", items: [{ product: "p1", qty: 1 }], total: 2 },
        { customer: "ann", items: [{ product: "p2", qty: 2 }], total: 30 },
      ]);
      const byCustomer = await orders
        .aggregate([
          { $match: { total: { $gt: 1 } } },
          { $group: { _id: "$customer", spent: { $sum: "$total" }, orders: { $sum: 1 } } },
          { $sort: { spent: -1 } },
          { $project: { _id: 0, customer: "$_id", spent: 1, orders: 1 } },
        ])
        .toArray();
      expect(byCustomer).toEqual([
        { spent: 51, orders: 2, customer: "ann" },
        { spent: 2, orders: 1, customer: "bob" },
      ]);
      expect(
        await orders.aggregate([{ $match: { customer: "ann" } }, { $count: "n" }]).toArray(),
      ).toEqual([{ n: 2 }]);
      const lines = await orders
        .aggregate([
          { $unwind: "$items" },
          {
            $lookup: {
              from: "products",
              localField: "items.product",
              foreignField: "_id",
              as: "product",
            },
          },
          { $unwind: "$product" },
          { $addFields: { "items.line": { $multiply: ["$items.qty", "$product.price"] } } },
          { $sort: { "items.line": -1 } },
          { $skip: 1 },
          { $limit: 2 },
          { $project: { _id: 0, customer: 1, line: "$items.line", title: "$product.title" } },
        ])
        .toArray();
      expect(lines).toEqual([
        { customer: "ann", line: 15, title: "Book" },
        { customer: "ann", line: 6, title: "Pen" },
      ]);
      await orders
        .aggregate([
          { $match: { customer: "ann" } },
          { $project: { total: 1 } },
          { $out: "ann_orders" },
        ])
        .toArray();
      const copied = await db
        .collection("ann_orders")
        .find({}, { sort: { total: 1 } })
        .toArray();
      expect(copied.map((d) => d.total)).toEqual([21, 30]);
      // Pipelines never change stored documents.
      const stored = await orders.findOne({ customer: "bob" });
      expect(stored?.items).toEqual([{ product: "p1", qty: 1 }]);
      expect(await products.findOne({ _id: "p1" as never })).toEqual({
        _id: "p1",
        title: "Pen",
        price: 2,
      });
    });

    it("creates, lists, renames and drops collections and databases", async () => {
      await db.createCollection("explicit");
      const all = await db.listCollections().toArray();
      const entry = all.find((c) => c.name === "explicit");
      expect(entry).toMatchObject({ name: "explicit", type: "collection" });
      expect((await db.listCollections({ name: "explicit" }).toArray()).map((c) => c.name)).toEqual(
        ["explicit"],
      );
      expect(await db.listCollections({}, { nameOnly: true }).toArray()).toContainEqual({
        name: "explicit",
        type: "collection",
      });
      await db.collection("explicit").insertOne({ a: 1 });
      await db.collection("explicit").rename("renamed");
      const names = (await db.listCollections().toArray()).map((c) => c.name);
      expect(names).toContain("renamed");
      expect(names).not.toContain("explicit");
      expect(await db.collection("renamed").countDocuments()).toBe(1);
      expect(await db.collection("renamed").drop()).toBe(true);
      await expect(db.collection("never_existed").drop()).resolves.toBeTypeOf("boolean");
      expect((await db.listCollections().toArray()).map((c) => c.name)).not.toContain("renamed");

      const otherName = `${dbName}_other`;
      const other = client.db(otherName);
      await other.collection("x").insertOne({ a: 1 });
      const listed = await client.db("admin").admin().listDatabases();
      expect(listed.databases.map((d) => d.name)).toContain(otherName);
      expect(listed.databases.map((d) => d.name)).toContain(dbName);
      expect(await other.dropDatabase()).toBe(true);
      const after = await client.db("admin").admin().listDatabases({ nameOnly: true });
      expect(after.databases.map((d) => d.name)).not.toContain(otherName);
    });

    it("accepts explicit sessions and ends them", async () => {
      const session = client.startSession();
      try {
        const c = db.collection("sessions");
        await c.insertOne({ s: 1 }, { session });
        expect(await c.findOne({ s: 1 }, { session })).toMatchObject({ s: 1 });
      } finally {
        await session.endSession();
      }
      // What client.close() sends (with moreToCome) for every pooled session.
      const other = client.startSession();
      await expect(client.db("admin").command({ endSessions: [other.id] })).resolves.toMatchObject({
        ok: 1,
      });
      await other.endSession();
    });

    it("round-trips a multi-chunk file through GridFSBucket", async () => {
      const bucket = new GridFSBucket(db, { bucketName: "files" });
      const data = randomBytes(3 * 1024 * 1024 + 12_345);
      const upload = bucket.openUploadStream("report.bin", { metadata: { owner: "ann" } });
      await pipeline(
        Readable.from([data.subarray(0, 1_000_000), data.subarray(1_000_000)]),
        upload,
      );
      const id = upload.id;

      const files = await bucket.find({ filename: "report.bin" }).toArray();
      expect(files).toHaveLength(1);
      expect(files[0]).toMatchObject({
        length: data.length,
        chunkSize: 255 * 1024,
        metadata: { owner: "ann" },
      });
      expect(await db.collection("files.chunks").countDocuments({ files_id: id })).toBe(
        Math.ceil(data.length / (255 * 1024)),
      );
      expect((await download(bucket.openDownloadStream(id))).equals(data)).toBe(true);
      expect((await download(bucket.openDownloadStreamByName("report.bin"))).equals(data)).toBe(
        true,
      );
      const partial = await download(
        bucket.openDownloadStream(id, { start: 300_000, end: 600_000 }),
      );
      expect(partial.equals(data.subarray(300_000, 600_000))).toBe(true);

      const revision = Buffer.from("second revision");
      await pipeline(Readable.from([revision]), bucket.openUploadStream("report.bin"));
      expect((await download(bucket.openDownloadStreamByName("report.bin"))).equals(revision)).toBe(
        true,
      );
      expect(
        (await download(bucket.openDownloadStreamByName("report.bin", { revision: 0 }))).equals(
          data,
        ),
      ).toBe(true);

      await bucket.delete(id);
      expect(await bucket.find({ _id: id }).toArray()).toEqual([]);
      expect(await db.collection("files.chunks").countDocuments({ files_id: id })).toBe(0);
      expect(await bucket.find({}).toArray()).toHaveLength(1);
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
