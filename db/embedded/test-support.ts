// Helpers shared by the embedded server's driver-level test files.

import { randomBytes } from "node:crypto";
import { type Db, MongoClient, MongoServerError } from "mongodb";
import { afterAll, beforeAll, describe } from "vitest";
import { startEmbeddedServer } from "./index";

/** The server error an operation fails with; anything else (success, a client error) fails. */
export async function rejection(promise: Promise<unknown>): Promise<MongoServerError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error("expected the operation to fail");
}

const REAL_URI = process.env.TEST_MONGODB_URI;

interface Connected {
  db: Db;
  client: MongoClient;
  /** The server's address, for a second client of a test's own. */
  uri: string;
}

/**
 * Declares `tests` twice: against an in-memory embedded server, and against a real MongoDB when
 * TEST_MONGODB_URI is set (skipped otherwise). Each run gets a fresh database named after
 * `dbPrefix`, dropped afterwards; `connected()` returns it, its client and the server's address
 * once the suite's hooks have run.
 */
export function describeOnEveryTarget(
  title: string,
  dbPrefix: string,
  tests: (connected: () => Connected) => void,
): void {
  const suite = (name: string, open: () => Promise<{ uri: string; stop(): Promise<void> }>) =>
    describe(`${title}: ${name}`, () => {
      const dbName = `${dbPrefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
      let stop: (() => Promise<void>) | undefined;
      let uri = "";
      let client: MongoClient | undefined;
      let db: Db | undefined;
      beforeAll(async () => {
        const target = await open();
        stop = () => target.stop();
        uri = target.uri;
        client = new MongoClient(target.uri, { serverSelectionTimeoutMS: 5000 });
        await client.connect();
        db = client.db(dbName);
      });
      afterAll(async () => {
        await db?.dropDatabase().catch(() => undefined);
        await client?.close();
        await stop?.();
      });
      tests(() => {
        if (!db || !client) throw new Error("the suite's database is not connected yet");
        return { db, client, uri };
      });
    });

  suite("embedded (in-memory)", async () => {
    const server = await startEmbeddedServer({ dataDir: ":memory:" });
    return { uri: server.uri, stop: () => server.close() };
  });
  describe.skipIf(!REAL_URI)("real MongoDB", () => {
    suite(`real MongoDB (${REAL_URI ?? "unset"})`, async () => ({
      uri: REAL_URI as string,
      stop: async () => {},
    }));
  });
}
