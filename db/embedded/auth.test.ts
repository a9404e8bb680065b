// Authentication, through the official driver only: SCRAM-SHA-256 as MongoDB 7.0 speaks it.
// It runs against an embedded server with a data directory (which requires authentication),
// and also against TEST_MONGODB_URI when that URI carries credentials of a MongoDB that enforces
// authentication (mongod --auth), so the same assertions keep the embedded server honest. The
// credentials file and the in-memory server are the embedded server's own and run only there.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Binary, type Document, MongoClient, MongoServerError } from "mongodb";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "./index";
import { rejection } from "./test-support";

const REAL_URI = process.env.TEST_MONGODB_URI;
const REAL_HAS_CREDENTIALS = REAL_URI !== undefined && new URL(REAL_URI).username !== "";
if (!REAL_HAS_CREDENTIALS) {
  console.info(
    "auth: TEST_MONGODB_URI is not set or has no credentials, skipped the run against a real MongoDB",
  );
}

const CREDENTIALS_FILE = "credentials.json";
const FAST = { serverSelectionTimeoutMS: 5000 };

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-auth-"));
  dirs.push(dir);
  return dir;
}

/** The same URI with other credentials (or none). */
function withCredentials(uri: string, username: string, password: string): string {
  const url = new URL(uri);
  url.username = username;
  url.password = password;
  return url.toString();
}

/** The user and authentication database a URI names. */
function userOf(uri: string): { username: string; source: string } {
  const url = new URL(uri);
  const source = url.searchParams.get("authSource") ?? (url.pathname.slice(1) || "admin");
  return { username: decodeURIComponent(url.username), source };
}

interface Target {
  /** Carries the credentials of a user who may read and write any database. */
  uri: string;
  stop(): Promise<void>;
}

function defineAuthentication(name: string, open: () => Promise<Target>): void {
  describe(`authentication: ${name}`, () => {
    const dbName = `auth_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    let target: Target;
    const clients: MongoClient[] = [];
    const client = (uri: string, options: Document = {}) => {
      const c = new MongoClient(uri, { ...FAST, ...options });
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      target = await open();
    });

    afterAll(async () => {
      await client(target.uri)
        .db(dbName)
        .dropDatabase()
        .catch(() => undefined);
      for (const c of clients) await c.close();
      await target?.stop();
    });

    it("connects with the right password and reads and writes", async () => {
      const c = client(target.uri);
      await c.connect();
      const coll = c.db(dbName).collection("notes");
      await coll.insertOne({ text: "signed in" });
      expect(await coll.findOne({}, { projection: { _id: 0 } })).toEqual({ text: "signed in" });
      const status = await c.db("admin").command({ connectionStatus: 1 });
      expect(status.authInfo.authenticatedUsers).toContainEqual({
        user: userOf(target.uri).username,
        db: userOf(target.uri).source,
      });
    });

    it("refuses a wrong password with AuthenticationFailed (18)", async () => {
      const { username } = userOf(target.uri);
      const error = await rejection(
        client(withCredentials(target.uri, username, "not-the-password")).connect(),
      );
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error.code).toBe(18);
      expect(error.codeName).toBe("AuthenticationFailed");
    });

    it("refuses an unknown user the same way, telling nothing more", async () => {
      const error = await rejection(
        client(withCredentials(target.uri, `nobody_${dbName}`, "whatever")).connect(),
      );
      expect(error).toBeInstanceOf(MongoServerError);
      expect(error.code).toBe(18);
      expect(error.message).toBe("Authentication failed.");
    });

    it("answers the handshake and ping without credentials, and Unauthorized (13) to the rest", async () => {
      const anonymous = client(withCredentials(target.uri, "", ""));
      const admin = anonymous.db("admin");
      expect(await admin.command({ ping: 1 })).toMatchObject({ ok: 1 });
      expect(await admin.command({ hello: 1 })).toMatchObject({ isWritablePrimary: true, ok: 1 });
      expect(typeof (await admin.command({ buildInfo: 1 })).version).toBe("string");
      const status = await admin.command({ connectionStatus: 1 });
      expect(status.authInfo.authenticatedUsers).toEqual([]);

      const coll = anonymous.db(dbName).collection("notes");
      for (const attempt of [
        () => coll.findOne({}),
        () => coll.insertOne({ text: "anonymous" }),
        () => coll.countDocuments(),
        () => admin.command({ listDatabases: 1 }),
      ]) {
        const error = await rejection(attempt());
        expect(error).toBeInstanceOf(MongoServerError);
        expect(error.code).toBe(13);
        expect(error.codeName).toBe("Unauthorized");
        expect(error.message).toMatch(/requires authentication/);
      }
      // Nothing was written by the refused insert.
      const signedIn = client(target.uri).db(dbName).collection("notes");
      expect(await signedIn.countDocuments({ text: "anonymous" })).toBe(0);
    });

    it("names SCRAM-SHA-256 in hello for a known user, and nothing for an unknown one", async () => {
      const { username, source } = userOf(target.uri);
      const admin = client(withCredentials(target.uri, "", "")).db("admin");
      const known = await admin.command({ hello: 1, saslSupportedMechs: `${source}.${username}` });
      expect(known.saslSupportedMechs).toContain("SCRAM-SHA-256");
      const unknown = await admin.command({
        hello: 1,
        saslSupportedMechs: `${source}.nobody_${dbName}`,
      });
      expect(unknown.saslSupportedMechs).toBeUndefined();
    });

    it("runs a whole SCRAM-SHA-256 conversation, the empty last exchange included", async () => {
      const { username, source } = userOf(target.uri);
      const password = decodeURIComponent(new URL(target.uri).password);
      // One connection, so every step reaches the same conversation.
      const admin = client(withCredentials(target.uri, "", ""), { maxPoolSize: 1 }).db(source);
      const conversation = await scramConversation(admin, username, password);
      expect(conversation.serverSignatureValid).toBe(true);
      expect(conversation.steps).toEqual([false, false, true]);
      const status = await admin.command({ connectionStatus: 1 });
      expect(status.authInfo.authenticatedUsers).toContainEqual({ user: username, db: source });
    });

    it("answers the first step in the handshake when hello carries speculativeAuthenticate", async () => {
      const { username, source } = userOf(target.uri);
      const admin = client(withCredentials(target.uri, "", "")).db("admin");
      const clientNonce = randomBytes(24).toString("base64");
      const hello = await admin.command({
        hello: 1,
        speculativeAuthenticate: {
          saslStart: 1,
          mechanism: "SCRAM-SHA-256",
          payload: new Binary(Buffer.from(`n,,n=${username},r=${clientNonce}`)),
          options: { skipEmptyExchange: true },
          db: source,
        },
      });
      const reply = hello.speculativeAuthenticate as Document;
      expect(reply.done).toBe(false);
      expect(reply.conversationId).toBeDefined();
      const serverFirst = text(reply.payload);
      expect(serverFirst).toMatch(/^r=[^,]+,s=[^,]+,i=\d+$/);
      expect(serverFirst.startsWith(`r=${clientNonce}`)).toBe(true);
      expect(serverFirst.length).toBeGreaterThan(`r=${clientNonce}`.length + 10);

      const failed = await admin.command({
        hello: 1,
        speculativeAuthenticate: {
          saslStart: 1,
          mechanism: "SCRAM-SHA-256",
          payload: new Binary(Buffer.from(`n,,n=nobody_${dbName},r=${clientNonce}`)),
          db: source,
        },
      });
      expect(failed.ok).toBe(1);
      expect(failed.speculativeAuthenticate).toBeUndefined();
    });
  });
}

function text(payload: unknown): string {
  const binary = payload as Binary;
  return Buffer.from(binary.buffer.subarray(0, binary.position)).toString("utf8");
}

/**
 * A client's side of SCRAM-SHA-256 (RFC 7677) written out, without the driver's
 * skipEmptyExchange option, so the server's three-step form is exercised too. Returns each
 * step's `done` and whether the server proved it knows the password.
 */
async function scramConversation(
  db: ReturnType<MongoClient["db"]>,
  username: string,
  password: string,
): Promise<{ steps: boolean[]; serverSignatureValid: boolean }> {
  const { createHash, createHmac, pbkdf2Sync } = await import("node:crypto");
  const hmac = (key: Buffer, data: string) => createHmac("sha256", key).update(data).digest();
  const nonce = randomBytes(24).toString("base64");
  const clientFirstBare = `n=${username},r=${nonce}`;
  const first = await db.command({
    saslStart: 1,
    mechanism: "SCRAM-SHA-256",
    payload: new Binary(Buffer.from(`n,,${clientFirstBare}`)),
  });
  const serverFirst = text(first.payload);
  const attrs = Object.fromEntries(serverFirst.split(",").map((p) => [p[0], p.slice(2)]));
  const salted = pbkdf2Sync(
    password,
    Buffer.from(attrs.s, "base64"),
    Number(attrs.i),
    32,
    "sha256",
  );
  const clientKey = hmac(salted, "Client Key");
  const storedKey = createHash("sha256").update(clientKey).digest();
  const withoutProof = `c=biws,r=${attrs.r}`;
  const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
  const signature = hmac(storedKey, authMessage);
  const proof = Buffer.from(clientKey.map((byte, i) => byte ^ (signature[i] as number)));
  const second = await db.command({
    saslContinue: 1,
    conversationId: first.conversationId,
    payload: new Binary(Buffer.from(`${withoutProof},p=${proof.toString("base64")}`)),
  });
  const expected = hmac(hmac(salted, "Server Key"), authMessage).toString("base64");
  const third = await db.command({
    saslContinue: 1,
    conversationId: second.conversationId,
    payload: new Binary(Buffer.alloc(0)),
  });
  return {
    steps: [first.done, second.done, third.done],
    serverSignatureValid: text(second.payload) === `v=${expected}`,
  };
}

defineAuthentication("embedded (data directory)", async () => {
  const server = await startEmbeddedServer({ dataDir: tempDir() });
  return { uri: server.uri, stop: () => server.close() };
});

describe.skipIf(!REAL_HAS_CREDENTIALS)("real MongoDB", () => {
  defineAuthentication("real MongoDB (TEST_MONGODB_URI)", async () => ({
    uri: REAL_URI as string,
    stop: async () => {},
  }));
});

describe("embedded server credentials", () => {
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(process.platform === "win32")(
    "generates them once, readable by the owner only, and keeps them across restarts",
    async () => {
      const dir = tempDir();
      const first = await startEmbeddedServer({ dataDir: dir });
      const file = path.join(dir, CREDENTIALS_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const c1 = new MongoClient(first.uri, FAST);
      await c1.db("app").collection("kept").insertOne({ n: 1 });
      await c1.close();
      await first.close();

      const second = await startEmbeddedServer({ dataDir: dir });
      try {
        const before = new URL(first.uri);
        const after = new URL(second.uri);
        expect([after.username, after.password]).toEqual([before.username, before.password]);
        expect(before.password.length).toBeGreaterThanOrEqual(32);
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
        // The password a client saved from the first start still works.
        const c2 = new MongoClient(
          withCredentials(second.uri, before.username, decodeURIComponent(before.password)),
          FAST,
        );
        expect(await c2.db("app").collection("kept").countDocuments()).toBe(1);
        await c2.close();
      } finally {
        await second.close();
      }
    },
  );

  it("gives each data directory its own password", async () => {
    const a = await startEmbeddedServer({ dataDir: tempDir() });
    const b = await startEmbeddedServer({ dataDir: tempDir() });
    try {
      expect(new URL(a.uri).password).not.toBe(new URL(b.uri).password);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("refuses to start on a damaged credentials file, naming it", async () => {
    const dir = tempDir();
    const server = await startEmbeddedServer({ dataDir: dir });
    await server.close();
    const file = path.join(dir, CREDENTIALS_FILE);
    fs.writeFileSync(file, '{"username": "bureau", "pass');
    await expect(startEmbeddedServer({ dataDir: dir })).rejects.toThrowError(file);
    // The directory is not left locked by the failed start.
    fs.writeFileSync(file, '{"username": "bureau", "password": "hand-picked-password"}');
    const again = await startEmbeddedServer({ dataDir: dir });
    try {
      expect(decodeURIComponent(new URL(again.uri).password)).toBe("hand-picked-password");
      const c = new MongoClient(again.uri, FAST);
      expect(await c.db("app").command({ ping: 1 })).toMatchObject({ ok: 1 });
      expect(await c.db("app").collection("x").countDocuments()).toBe(0);
      await c.close();
    } finally {
      await again.close();
    }
  });

  it("never writes the password to the log", async () => {
    const lines: string[] = [];
    const server = await startEmbeddedServer({ dataDir: tempDir(), log: (l) => lines.push(l) });
    const password = decodeURIComponent(new URL(server.uri).password);
    const wrong = new MongoClient(withCredentials(server.uri, "bureau", "wrong"), FAST);
    await rejection(wrong.connect());
    await wrong.close();
    await server.close();
    expect(lines.join("\n")).toContain("listening on");
    expect(lines.join("\n")).toContain("authentication failed");
    expect(lines.join("\n")).not.toContain(password);
  });

  it("refuses mechanisms other than SCRAM-SHA-256 with MechanismUnavailable (334)", async () => {
    const server = await startEmbeddedServer({ dataDir: tempDir() });
    const c = new MongoClient(server.uri, { ...FAST, authMechanism: "SCRAM-SHA-1" });
    try {
      const error = await rejection(c.connect());
      expect(error.code).toBe(334);
      expect(error.codeName).toBe("MechanismUnavailable");
    } finally {
      await c.close();
      await server.close();
    }
  });

  it("runs without authentication in memory (tests), like a mongod without --auth", async () => {
    const server = await startEmbeddedServer({ dataDir: ":memory:" });
    const c = new MongoClient(server.uri, FAST);
    try {
      expect(new URL(server.uri).username).toBe("");
      await c.db("app").collection("open").insertOne({ n: 1 });
      expect(await c.db("app").collection("open").countDocuments()).toBe(1);
      // No users exist, so credentials are refused as mongod refuses them without users.
      const withUser = new MongoClient(withCredentials(server.uri, "bureau", "x"), FAST);
      const error = await rejection(withUser.connect());
      await withUser.close();
      expect(error.code).toBe(18);
    } finally {
      await c.close();
      await server.close();
    }
  });
});
