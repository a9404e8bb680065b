// Storage tests (embedded only, in this process): record framing, torn-tail recovery, refusal on
// corruption, the directory lock, and everything surviving a clean restart.

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GridFSBucket, MongoClient, type MongoServerError } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";
import { WriteContext } from "./collection";
import { Engine } from "./engine";
import { startEmbeddedServer } from "./index";
import { normalizeIndexSpec } from "./indexes";
import { LOCK_FILE } from "./storage/lock";
import { CorruptFileError, encodeRecord, RECORD_HEADER_SIZE, scanRecords } from "./storage/records";
import { DurableStore } from "./storage/store";
import { keyOf } from "./values";

/** XORs one byte in place (a simulated bit rot). */
function flip(buf: Buffer, index: number, mask: number): void {
  buf.writeUInt8(buf.readUInt8(index) ^ mask, index);
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-storage-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function journalFile(dir: string): string {
  const name = fs.readdirSync(dir).find((f) => f.startsWith("journal-"));
  if (!name) throw new Error(`no journal in ${dir}`);
  return path.join(dir, name);
}

/** Starts a server on `dir`, runs `fn` with a connected client, then closes both. */
async function withServer<T>(
  dir: string,
  fn: (client: MongoClient) => Promise<T>,
  log?: (l: string) => void,
): Promise<T> {
  const server = await startEmbeddedServer({ dataDir: dir, ...(log ? { log } : {}) });
  const client = new MongoClient(server.uri);
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.close();
    await server.close();
  }
}

async function download(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("record framing", () => {
  const a = encodeRecord(Buffer.from("first record"));
  const b = encodeRecord(Buffer.from("second record"));
  const c = encodeRecord(Buffer.from("third record"));

  it("reads back intact records", () => {
    const scan = scanRecords(Buffer.concat([a, b, c]), "f", true);
    expect(scan.payloads.map((p) => p.toString())).toEqual([
      "first record",
      "second record",
      "third record",
    ]);
    expect(scan.tornTail).toBeUndefined();
  });

  it("cuts a torn tail of every kind", () => {
    const whole = Buffer.concat([a, b, c]);
    const cases: Buffer[] = [
      whole.subarray(0, whole.length - 3), // payload cut short
      whole.subarray(0, a.length + b.length + 7), // header cut short
      Buffer.concat([a, b, Buffer.alloc(c.length)]), // zero-filled tail
      (() => {
        const damaged = Buffer.from(whole);
        flip(damaged, damaged.length - 1, 0xff); // checksum mismatch in the last record
        return damaged;
      })(),
    ];
    for (const buf of cases) {
      const scan = scanRecords(buf, "f", true);
      expect(scan.payloads.map((p) => p.toString())).toEqual(["first record", "second record"]);
      expect(scan.validLength).toBe(a.length + b.length);
      expect(scan.tornTail).toBeDefined();
    }
  });

  it("refuses damage followed by more records, naming the file", () => {
    const payloadFlip = Buffer.concat([a, b, c]);
    flip(payloadFlip, a.length + RECORD_HEADER_SIZE + 2, 0x01);
    expect(() => scanRecords(payloadFlip, "/data/journal.log", true)).toThrowError(
      CorruptFileError,
    );
    expect(() => scanRecords(payloadFlip, "/data/journal.log", true)).toThrowError(
      /\/data\/journal\.log/,
    );
    // A flipped length bit must not make the rest of the file look like a torn tail.
    const lengthFlip = Buffer.concat([a, b, c]);
    flip(lengthFlip, a.length + 6, 0x10);
    expect(() => scanRecords(lengthFlip, "/data/journal.log", true)).toThrowError(
      /bad record header/,
    );
  });
});

describe("persistence", () => {
  it("keeps documents, indexes (still enforced) and GridFS files across a clean restart", async () => {
    const dir = tempDir();
    const file = randomBytes(700_000);
    const fileId = await withServer(dir, async (client) => {
      const db = client.db("app");
      await db.collection("users").createIndex({ email: 1 }, { unique: true });
      await db.collection("users").insertMany([
        { email: "a@x", when: new Date(1_000), tags: ["t"] },
        { email: "b@x", when: new Date(2_000) },
      ]);
      await db.collection("users").updateOne({ email: "b@x" }, { $set: { n: 2 } });
      await db.collection("users").deleteOne({ email: "a@x" });
      await db.collection("users").insertOne({ email: "c@x" });
      await db.collection("temp").insertOne({ x: 1 });
      await db.collection("temp").drop();
      await db.collection("old").insertOne({ y: 1 });
      await db.collection("old").rename("renamed");
      await db.collection("other").createIndex({ k: 1 }, { name: "k_idx" });
      await db.collection("other").dropIndex("k_idx");
      await client.db("scratch").collection("s").insertOne({ s: 1 });
      await client.db("scratch").dropDatabase();
      const bucket = new GridFSBucket(db);
      const upload = bucket.openUploadStream("photo.bin");
      await pipeline(Readable.from([file]), upload);
      return upload.id;
    });

    await withServer(dir, async (client) => {
      const db = client.db("app");
      const users = await db
        .collection("users")
        .find({}, { sort: { email: 1 } })
        .toArray();
      expect(users.map((u) => [u.email, u.n])).toEqual([
        ["b@x", 2],
        ["c@x", undefined],
      ]);
      expect((users[0]?.when as Date | undefined)?.getTime()).toBe(2_000);
      expect((await db.collection("users").indexes()).map((ix) => ix.name)).toEqual([
        "_id_",
        "email_1",
      ]);
      const dup = (await db
        .collection("users")
        .insertOne({ email: "c@x" })
        .catch((e: unknown) => e)) as MongoServerError;
      expect(dup.code).toBe(11000);
      const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
      expect(names).toEqual(["fs.chunks", "fs.files", "other", "renamed", "users"]);
      expect((await db.collection("other").indexes()).map((ix) => ix.name)).toEqual(["_id_"]);
      const dbs = (await client.db("admin").admin().listDatabases()).databases.map((d) => d.name);
      expect(dbs).not.toContain("scratch");
      const bucket = new GridFSBucket(db);
      expect((await download(bucket.openDownloadStream(fileId))).equals(file)).toBe(true);
      expect((await download(bucket.openDownloadStreamByName("photo.bin"))).equals(file)).toBe(
        true,
      );
    });
  });

  it("keeps views, validators, collations and collMod changes across a restart", async () => {
    const dir = tempDir();
    await withServer(dir, async (client) => {
      const db = client.db("app");
      await db.createCollection("people", {
        collation: { locale: "en", strength: 2 },
        validator: { name: { $type: "string" } },
      });
      await db.collection("people").insertOne({ _id: 1, name: "Ann" } as never);
      await db.createCollection("names", {
        viewOn: "people",
        pipeline: [{ $project: { name: 1 } }],
      });
      await db.command({ collMod: "people", validator: { age: { $gte: 0 } } });
    });
    await withServer(dir, async (client) => {
      const db = client.db("app");
      const people = db.collection("people");
      expect(await people.countDocuments({ name: "ANN" })).toBe(1); // default collation kept
      await expect(people.insertOne({ age: -1 })).rejects.toMatchObject({ code: 121 });
      await people.insertOne({ name: 5, age: 1 }); // the collMod validator replaced the first
      expect(
        await db
          .collection("names")
          .find({ _id: 1 } as never)
          .toArray(),
      ).toEqual([{ _id: 1, name: "Ann" }]);
      await expect(db.collection("names").insertOne({})).rejects.toMatchObject({ code: 166 });
    });
  });

  it("compacts the journal into a snapshot on start", async () => {
    const dir = tempDir();
    await withServer(dir, async (client) => {
      await client
        .db("app")
        .collection("c")
        .insertMany(Array.from({ length: 50 }, (_, i) => ({ i })));
    });
    const journalBefore = fs.statSync(journalFile(dir)).size;
    await withServer(dir, async (client) => {
      expect(await client.db("app").collection("c").countDocuments()).toBe(50);
    });
    expect(fs.statSync(journalFile(dir)).size).toBeLessThan(journalBefore);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("journal-"))).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, "snapshot.bson"))).toBe(true);
  });

  it("recovers up to the last complete record when the journal tail is torn", async () => {
    const dir = tempDir();
    await withServer(dir, async (client) => {
      const c = client.db("app").collection("c");
      for (let i = 0; i < 10; i++) await c.insertOne({ i });
    });
    const journal = journalFile(dir);
    fs.truncateSync(journal, fs.statSync(journal).size - 5);
    const logs: string[] = [];
    await withServer(
      dir,
      async (client) => {
        const found = await client
          .db("app")
          .collection("c")
          .find({}, { sort: { i: 1 } })
          .toArray();
        expect(found.map((d) => d.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      },
      (line) => logs.push(line),
    );
    expect(logs.some((l) => l.includes("torn tail"))).toBe(true);
    // The recovered state was compacted: a second restart sees the same, with no torn tail.
    await withServer(dir, async (client) => {
      expect(await client.db("app").collection("c").countDocuments()).toBe(9);
    });
  });

  it("refuses to start on a corrupted record in the middle of the journal, naming the file", async () => {
    const dir = tempDir();
    await withServer(dir, async (client) => {
      const c = client.db("app").collection("c");
      for (let i = 0; i < 10; i++) await c.insertOne({ i, pad: "x".repeat(100) });
    });
    const journal = journalFile(dir);
    const bytes = fs.readFileSync(journal);
    flip(bytes, Math.floor(bytes.length / 2), 0x5a);
    fs.writeFileSync(journal, bytes);
    await expect(startEmbeddedServer({ dataDir: dir })).rejects.toThrowError(journal);
    // Nothing was rewritten and the lock was released: fixing the file makes start-up work.
    flip(bytes, Math.floor(bytes.length / 2), 0x5a);
    fs.writeFileSync(journal, bytes);
    await withServer(dir, async (client) => {
      expect(await client.db("app").collection("c").countDocuments()).toBe(10);
    });
  });

  it("refuses to start on a damaged snapshot, naming the file", async () => {
    const dir = tempDir();
    await withServer(dir, async (client) => {
      await client
        .db("app")
        .collection("c")
        .insertMany([{ a: 1 }, { a: 2 }]);
    });
    await withServer(dir, async () => {}); // compacts into the snapshot
    const snapshot = path.join(dir, "snapshot.bson");
    const bytes = fs.readFileSync(snapshot);
    flip(bytes, bytes.length - 10, 0xff);
    fs.writeFileSync(snapshot, bytes);
    await expect(startEmbeddedServer({ dataDir: dir })).rejects.toThrowError(snapshot);
  });

  it("locks the data directory against a second server", async () => {
    const dir = tempDir();
    const first = await startEmbeddedServer({ dataDir: dir });
    try {
      await expect(startEmbeddedServer({ dataDir: dir })).rejects.toThrowError(
        new RegExp(`${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}.*in use`),
      );
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    // A lock left by a process that is gone (kill -9) is taken over.
    fs.writeFileSync(path.join(dir, LOCK_FILE), "999999999\n");
    const second = await startEmbeddedServer({ dataDir: dir });
    await second.close();

    // A lock held by another live process is respected.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"]);
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      await expect(startEmbeddedServer({ dataDir: dir })).rejects.toThrowError(
        new RegExp(`in use by process ${other.pid}`),
      );
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("compacts in the background while writes continue, losing nothing", async () => {
    const dir = tempDir();
    const engine = new Engine();
    const store = await DurableStore.open(dir, engine, () => {}, { compactMinBytes: 8 * 1024 });
    const setup = new WriteContext();
    const coll = engine.ensureCollection("app", "events", setup);
    coll.createIndex(normalizeIndexSpec({ key: { seq: 1 }, name: "seq_1", unique: true }), setup);
    await engine.commit(setup);
    let seq = 0;
    for (let round = 0; round < 40; round++) {
      const commits: Array<Promise<void> | undefined> = [];
      for (let i = 0; i < 25; i++) {
        const w = new WriteContext();
        coll.insert({ _id: seq, seq, pad: "x".repeat(200) }, w);
        if (seq % 7 === 0 && seq > 0) coll.delete(keyOf(seq - 1), w);
        seq++;
        commits.push(engine.commit(w));
      }
      await Promise.all(commits);
    }
    const expected = coll.size;
    await store.close();
    expect(store.compactions).toBeGreaterThan(2);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith("journal-"))).toHaveLength(1);

    const reopened = new Engine();
    const again = await DurableStore.open(dir, reopened, () => {});
    try {
      const restored = reopened.getCollection("app", "events");
      expect(restored?.size).toBe(expected);
      expect(restored?.indexes.map((ix) => ix.name)).toEqual(["seq_1"]);
      expect(restored?.docs.has(keyOf(seq - 1))).toBe(true);
      expect(restored?.docs.has(keyOf(6))).toBe(false);
    } finally {
      await again.close();
    }
  });

  it("survives a failed background compaction without leaking the old journal", async () => {
    const dir = path.join(tempDir(), "nested", "data"); // created (and its entries fsynced) by open
    const engine = new Engine();
    const logs: string[] = [];
    const store = await DurableStore.open(dir, engine, (l) => logs.push(l), {
      compactMinBytes: 8 * 1024,
    });
    // A directory squatting on the temporary snapshot name makes every snapshot write fail.
    fs.mkdirSync(path.join(dir, "snapshot.bson.tmp"));
    const openJournals = () =>
      fs
        .readdirSync("/proc/self/fd")
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return "";
          }
        })
        .filter((target) => target.startsWith(dir) && target.includes("journal-")).length;
    const setup = new WriteContext();
    const coll = engine.ensureCollection("app", "events", setup);
    await engine.commit(setup);
    for (let i = 0; i < 400; i++) {
      const w = new WriteContext();
      coll.insert({ _id: i, pad: "x".repeat(200) }, w);
      await engine.commit(w); // acknowledged although compactions keep failing
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs.some((l) => l.startsWith("background compaction failed"))).toBe(true);
    expect(openJournals()).toBe(1);
    await store.close();
    expect(openJournals()).toBe(0);

    fs.rmdirSync(path.join(dir, "snapshot.bson.tmp"));
    const reopened = new Engine();
    const again = await DurableStore.open(dir, reopened, () => {});
    try {
      expect(reopened.getCollection("app", "events")?.size).toBe(400);
    } finally {
      await again.close();
    }
  });

  it("does not touch the disk in :memory: mode", async () => {
    const before = fs.readdirSync(process.cwd()).sort();
    const server = await startEmbeddedServer({ dataDir: ":memory:" });
    const client = new MongoClient(server.uri);
    await client.connect();
    await client.db("m").collection("c").insertOne({ a: 1 });
    await client.close();
    await server.close();
    expect(fs.readdirSync(process.cwd()).sort()).toEqual(before);
  });
});

describe("file permissions", () => {
  /** Mode bits of the folder and of everything in it, relative names ("." for the folder). */
  function modes(dir: string): Record<string, string> {
    const out: Record<string, string> = { ".": (fs.statSync(dir).mode & 0o777).toString(8) };
    for (const name of fs.readdirSync(dir)) {
      out[name] = (fs.statSync(path.join(dir, name)).mode & 0o777).toString(8);
    }
    return out;
  }

  /** Runs `fn` under the most permissive umask, which must not reach the data files. */
  async function withUmask<T>(mask: number, fn: () => Promise<T>): Promise<T> {
    const previous = process.umask(mask);
    try {
      return await fn();
    } finally {
      process.umask(previous);
    }
  }

  it("creates the folder 0700 and every file 0600 whatever the umask", async () => {
    const dir = path.join(tempDir(), "nested", "data");
    await withUmask(0o000, async () => {
      const engine = new Engine();
      const store = await DurableStore.open(dir, engine, () => {}, { compactMinBytes: 8 * 1024 });
      const setup = new WriteContext();
      const coll = engine.ensureCollection("app", "sessions", setup);
      await engine.commit(setup);
      for (let i = 0; i < 200; i++) {
        const w = new WriteContext();
        coll.insert({ _id: i, secret: "x".repeat(200) }, w);
        await engine.commit(w);
      }
      // Background compactions wrote new journals and snapshots (through snapshot.bson.tmp).
      expect(store.compactions).toBeGreaterThan(1);
      const running = modes(dir);
      expect(Object.keys(running).sort()).toEqual(
        [".", LOCK_FILE, "snapshot.bson", path.basename(journalFile(dir))].sort(),
      );
      expect(running).toEqual(
        Object.fromEntries(Object.keys(running).map((k) => [k, k === "." ? "700" : "600"])),
      );
      await store.close();
    });
  });

  it("restricts a folder left open to other users to its owner, saying so once", async () => {
    const dir = tempDir();
    await withServer(dir, (client) => client.db("app").collection("settings").insertOne({ a: 1 }));
    // As an older version left it (umask 022): folder 0755, files 0644, and something extra.
    fs.mkdirSync(path.join(dir, "backup"), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "backup", "old.bson"), "x", { mode: 0o644 });
    fs.chmodSync(path.join(dir, "backup"), 0o755);
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, "snapshot.bson"), 0o644);
    const journal = path.basename(journalFile(dir));
    fs.chmodSync(path.join(dir, journal), 0o644);

    const start = async () => {
      const notices: string[] = [];
      const server = await startEmbeddedServer({ dataDir: dir, notice: (l) => notices.push(l) });
      await server.close();
      return notices;
    };
    await withUmask(0o022, async () => {
      const notices = await start();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(
        new RegExp(`^restricted ${dir} to its owner \\(it was open to other local users\\): `),
      );
      expect(notices[0]?.split(": ")[1]).toBe(
        `folder 0755 -> 0700, backup 0755 -> 0700, backup/old.bson 0644 -> 0600, ${journal} 0644 -> 0600, snapshot.bson 0644 -> 0600`,
      );
      expect(modes(dir)).toMatchObject({ ".": "700", "snapshot.bson": "600", backup: "700" });
      expect(Object.values(modes(dir)).every((m) => m === "700" || m === "600")).toBe(true);
      expect((fs.statSync(path.join(dir, "backup", "old.bson")).mode & 0o777).toString(8)).toBe(
        "600",
      );
      // Nothing left to change: nothing said.
      expect(await start()).toEqual([]);
    });
  });

  it("restricts the folder a DATA_DIR symbolic link points at", async () => {
    const real = tempDir();
    const link = `${real}-link`;
    fs.symlinkSync(real, link);
    try {
      await withServer(link, (client) =>
        client.db("app").collection("settings").insertOne({ a: 1 }),
      );
      fs.chmodSync(real, 0o755);
      fs.chmodSync(path.join(real, "snapshot.bson"), 0o644);
      const notices: string[] = [];
      const server = await startEmbeddedServer({ dataDir: link, notice: (l) => notices.push(l) });
      await server.close();
      expect(notices[0]?.split(": ")[1]).toBe("folder 0755 -> 0700, snapshot.bson 0644 -> 0600");
      expect(modes(real)).toMatchObject({ ".": "700", "snapshot.bson": "600" });
    } finally {
      fs.rmSync(link);
    }
  });
});
