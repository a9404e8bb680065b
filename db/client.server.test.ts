// Through the same getDb() the app uses: in tests it starts an in-memory embedded server
// (DATA_DIR=":memory:" from vitest.config.ts), one per worker.
import { MongoServerError, ObjectId } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";
import {
  closeDatabase,
  databaseName,
  getCollections,
  getDb,
  isDatabaseAvailable,
} from "./client.server";
import { INDEXES } from "./collections";

afterAll(closeDatabase);

describe("database connection", () => {
  it("connects on first use and reports itself available", async () => {
    const db = await getDb();
    expect((await db.command({ ping: 1 })).ok).toBe(1);
    expect(isDatabaseAvailable()).toBe(true);
  });

  it("creates every declared index", async () => {
    const db = await getDb();
    for (const [collection, specs] of Object.entries(INDEXES)) {
      const existing = await db.collection(collection).listIndexes().toArray();
      for (const spec of specs ?? []) {
        const found = existing.find((i) => JSON.stringify(i.key) === JSON.stringify(spec.key));
        expect(found, `${collection} ${JSON.stringify(spec.key)}`).toBeDefined();
        expect(found?.unique ?? false).toBe(spec.unique ?? false);
        expect(found?.expireAfterSeconds).toBe(spec.expireAfterSeconds);
      }
    }
  });

  it("refuses a second subscriber with the same e-mail", async () => {
    const { subscribers } = await getCollections();
    const doc = () => ({ _id: new ObjectId(), email: "dup@example.com", createdAt: new Date() });
    await subscribers.insertOne(doc());
    await expect(subscribers.insertOne(doc())).rejects.toSatisfy(
      (e) => e instanceof MongoServerError && e.code === 11000,
    );
  });

  it("refuses a second admin with the same e-mail", async () => {
    const { admins } = await getCollections();
    const doc = () => ({
      _id: new ObjectId(),
      email: "same@bureau.test",
      passwordHash: "x",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await admins.insertOne(doc());
    await expect(admins.insertOne(doc())).rejects.toThrow(/duplicate key/);
  });

  it("closes and reopens cleanly", async () => {
    await closeDatabase();
    const db = await getDb();
    expect((await db.command({ ping: 1 })).ok).toBe(1);
  });
});

describe("databaseName", () => {
  it.each([
    ["mongodb://localhost:27017", "bureau"],
    ["mongodb://localhost:27017/", "bureau"],
    ["mongodb://localhost:27017/agency?retryWrites=true", "agency"],
    ["mongodb+srv://u:p@cluster0.example.net/prod", "prod"],
    ["mongodb://a:1,b:2/site?replicaSet=rs0", "site"],
  ])("%s → %s", (uri, name) => {
    expect(databaseName(uri)).toBe(name);
  });
});
