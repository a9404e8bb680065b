// Embedded-server behaviour that is not MongoDB conformance: TTL sweeps with a short interval,
// index-backed lookups, cursor reaping and option checks.

import { type Filter, MongoClient, ObjectId } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Collection, WriteContext } from "./collection";
import { CursorManager, DocSource } from "./cursor";
import { Engine } from "./engine";
import { type EmbeddedServer, startEmbeddedServer } from "./index";
import { normalizeIndexSpec } from "./indexes";
import { planCandidates } from "./query";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await sleep(25);
  }
}

describe("embedded server", () => {
  let server: EmbeddedServer;
  let client: MongoClient;

  beforeAll(async () => {
    server = await startEmbeddedServer({ dataDir: ":memory:", ttlIntervalMs: 50 });
    client = new MongoClient(server.uri);
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("exposes host, port and a driver-ready URI", () => {
    expect(server.host).toBe("127.0.0.1");
    expect(server.port).toBeGreaterThan(0);
    expect(server.uri).toBe(`mongodb://127.0.0.1:${server.port}/?directConnection=true`);
  });

  it("expires documents through TTL indexes (fixed delay and per-document dates)", async () => {
    const db = client.db("ttl");
    const sessions = db.collection("sessions");
    await sessions.createIndex({ createdAt: 1 }, { expireAfterSeconds: 60 });
    await sessions.insertMany([
      { name: "old", createdAt: new Date(Date.now() - 120_000) },
      { name: "fresh", createdAt: new Date() },
      { name: "no date", createdAt: "yesterday" },
      { name: "missing" },
    ]);
    const tokens = db.collection("tokens");
    await tokens.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await tokens.insertMany([
      { name: "expired", expiresAt: new Date(Date.now() - 1000) },
      { name: "soon", expiresAt: new Date(Date.now() + 300) },
      { name: "later", expiresAt: new Date(Date.now() + 600_000) },
      { name: "array", expiresAt: [new Date(Date.now() + 600_000), new Date(Date.now() - 5)] },
    ]);
    await eventually(async () => (await sessions.countDocuments()) === 3);
    expect((await sessions.find().toArray()).map((d) => d.name).sort()).toEqual([
      "fresh",
      "missing",
      "no date",
    ]);
    await eventually(async () => (await tokens.countDocuments()) === 1);
    expect((await tokens.find().toArray()).map((d) => d.name)).toEqual(["later"]);
  });

  it("answers _id $in over thousands of ObjectIds from the _id map", async () => {
    const coll = client.db("perf").collection("items");
    const docs = Array.from({ length: 5000 }, (_, i) => ({ _id: new ObjectId(), i }));
    await coll.insertMany(docs);
    const wanted = docs.filter((_, i) => i % 5 === 0).map((d) => d._id);
    const start = performance.now();
    const found = await coll.find({ _id: { $in: wanted } }).toArray();
    expect(found).toHaveLength(1000);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it("returns cursor batches consistently while documents change underneath", async () => {
    const coll = client.db("cursor").collection("moving");
    await coll.insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    const cursor = coll.find({}, { batchSize: 100, sort: { i: 1 } });
    const seen: number[] = [];
    for await (const doc of cursor) {
      seen.push(doc.i as number);
      if (seen.length === 1) await coll.deleteMany({ i: { $gte: 150 } });
    }
    // A sorted result is materialised when the query runs: the first answer is served in full.
    expect(seen).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });

  it("serves unsorted cursors from the live collection, holding no copy of the result", async () => {
    const coll = client.db("cursor").collection<{ _id: number; i: number }>("live");
    await coll.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, i })));
    // Through a scan and through the _id map: later batches see documents as they are then.
    const filters: Array<Filter<{ _id: number; i: number }>> = [
      {},
      { _id: { $in: Array.from({ length: 300 }, (_, i) => i) } },
    ];
    for (const filter of filters) {
      const cursor = coll.find(filter, { batchSize: 100, projection: { i: 1, _id: 0 } });
      const seen: number[] = [];
      for await (const doc of cursor) {
        seen.push(doc.i as number);
        if (seen.length === 1) {
          await coll.deleteMany({ i: { $gte: 250 } });
          await coll.updateMany({ i: { $gte: 200 } }, { $inc: { i: 1000 } });
        }
      }
      expect(seen).toEqual([
        ...Array.from({ length: 200 }, (_, i) => i),
        ...Array.from({ length: 50 }, (_, i) => 1200 + i),
      ]);
      await coll.deleteMany({});
      await coll.insertMany(Array.from({ length: 300 }, (_, i) => ({ _id: i, i })));
    }
  });

  it("treats create as idempotent for identical options (MongoDB 7.0 behaviour)", async () => {
    const db = client.db("create");
    await db.createCollection("c", { capped: true, size: 4096 });
    await expect(db.createCollection("c", { capped: true, size: 4096 })).resolves.toBeDefined();
    await expect(db.createCollection("c")).rejects.toMatchObject({ code: 48 });
  });

  it("refuses returnKey without a hint when several indexes could serve the query", async () => {
    // mongod would pick one of them by trial runs; answering with a guess could be wrong.
    const c = client.db("return_key").collection("books");
    await c.insertOne({ shelf: 1, isbn: "9" });
    await c.createIndex({ shelf: 1 });
    await c.createIndex({ isbn: 1 });
    await expect(
      c.find({ shelf: 1, isbn: "9" }, { returnKey: true }).toArray(),
    ).rejects.toMatchObject({ code: 115, message: expect.stringContaining("shelf_1, isbn_1") });
    expect(await c.find({ shelf: 1 }, { returnKey: true }).toArray()).toEqual([{ shelf: 1 }]);
  });

  it("refuses an update that would grow a document beyond 16 MB, leaving it intact", async () => {
    const coll = client.db("limits").collection("big");
    const { insertedId } = await coll.insertOne({ parts: [] });
    const part = "p".repeat(5 * 1024 * 1024);
    for (let i = 0; i < 3; i++)
      await coll.updateOne({ _id: insertedId }, { $push: { parts: part } as never });
    await expect(
      coll.updateOne({ _id: insertedId }, { $push: { parts: part } as never }),
    ).rejects.toMatchObject({
      code: 10334,
    });
    expect((await coll.findOne({ _id: insertedId }))?.parts).toHaveLength(3);
  });

  it("answers the $collStats and $indexStats stages tools use", async () => {
    const coll = client.db("stats").collection("c");
    await coll.insertMany([{ a: 1 }, { a: 2 }]);
    await coll.createIndex({ a: 1 });
    const [stats] = await coll
      .aggregate([{ $collStats: { storageStats: {}, count: {} } }])
      .toArray();
    expect(stats).toMatchObject({
      ns: "stats.c",
      storageStats: { count: 2, nindexes: 2 },
      count: { count: 2 },
    });
    const names = await coll
      .aggregate([{ $indexStats: {} }, { $project: { _id: 0, name: 1 } }])
      .toArray();
    expect(names).toEqual([{ name: "_id_" }, { name: "a_1" }]);
  });

  it("rejects invalid options", async () => {
    await expect(startEmbeddedServer({ dataDir: "" })).rejects.toThrowError(/dataDir/);
    await expect(startEmbeddedServer({ dataDir: ":memory:", port: 70_000 })).rejects.toThrowError(
      /port/,
    );
    await expect(
      startEmbeddedServer({ dataDir: ":memory:", port: server.port }),
    ).rejects.toThrowError(new RegExp(`${server.port}`));
  });

  it("closes idempotently and refuses connections afterwards", async () => {
    const other = await startEmbeddedServer({ dataDir: ":memory:" });
    const otherClient = new MongoClient(other.uri, { serverSelectionTimeoutMS: 500 });
    await otherClient.connect();
    await Promise.all([other.close(), other.close()]);
    await expect(otherClient.db("x").command({ ping: 1 })).rejects.toThrowError();
    await otherClient.close(true);
  });
});

describe("query planning", () => {
  const engine = new Engine();
  const w = new WriteContext();
  const coll: Collection = engine.ensureCollection("plan", "people", w);
  coll.createIndex(normalizeIndexSpec({ key: { email: 1 }, name: "email_1", unique: true }), w);
  coll.createIndex(normalizeIndexSpec({ key: { team: 1, role: 1 }, name: "team_role" }), w);
  coll.createIndex(normalizeIndexSpec({ key: { nick: 1 }, name: "nick_1", sparse: true }), w);
  for (let i = 0; i < 100; i++) {
    coll.insert(
      {
        _id: i,
        email: `u${i}@x`,
        team: i % 4,
        role: i % 3 === 0 ? "lead" : "dev",
        tags: [`t${i % 2}`],
      },
      w,
    );
  }

  it("uses the _id map, unique and compound indexes for equality", () => {
    expect(planCandidates(coll, { _id: 5 })).toMatchObject({ plan: "IDHACK", exact: true });
    expect(planCandidates(coll, { _id: { $in: [1, 2, 999] } }).plan).toBe("IDHACK");
    expect(Array.from(planCandidates(coll, { _id: { $in: [1, 2, 999] } }).docs)).toHaveLength(2);
    const byEmail = planCandidates(coll, { email: "u7@x" });
    expect(byEmail).toMatchObject({ plan: "IXSCAN", exact: true });
    expect(Array.from(byEmail.docs).map((d) => d._id)).toEqual([7]);
    const compound = planCandidates(coll, { team: 1, role: "lead" });
    expect(compound.plan).toBe("IXSCAN");
    expect(Array.from(compound.docs).every((d) => d.team === 1 && d.role === "lead")).toBe(true);
  });

  it("falls back to a scan when no complete index covers the filter", () => {
    expect(planCandidates(coll, { team: 1 }).plan).toBe("COLLSCAN");
    expect(planCandidates(coll, { email: /u7/ }).plan).toBe("COLLSCAN");
    expect(planCandidates(coll, { nick: "x" }).plan).toBe("COLLSCAN"); // sparse index
    // Under a collation a string may equal others byte-different from it ("U7@X" at strength
    // 2): the binary index cannot find those, so the query scans; an _id number still uses the
    // map, but is tested against the whole filter.
    expect(planCandidates(coll, { email: "u7@x" }, true).plan).toBe("COLLSCAN");
    expect(planCandidates(coll, { _id: 7, email: "u7@x" }, true)).toMatchObject({
      plan: "IDHACK",
      exact: false,
    });
  });

  it("reaps idle cursors", () => {
    const cursors = new CursorManager();
    const a = cursors.open("db.c", DocSource.of([{ _id: 1 }]));
    cursors.open("db.c", DocSource.of([{ _id: 2 }]));
    expect(cursors.reap(Date.now() + 11 * 60 * 1000)).toBe(2);
    expect(cursors.get(a.id)).toBeUndefined();
  });
});
