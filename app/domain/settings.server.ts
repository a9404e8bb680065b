// Settings that every app instance must share, stored in MongoDB.
import { randomBytes } from "node:crypto";
import { type Db, MongoServerError } from "mongodb";
import { collections } from "#db/collections";

const SESSION_SECRET_ID = "sessionSecret";

/**
 * The secret that signs session cookies when SESSION_SECRET is unset: generated once and kept
 * in the database, so sessions survive restarts and every instance signs with the same key.
 * `$setOnInsert` makes concurrent first start-ups agree on one value.
 */
export async function getOrCreateSessionSecret(db: Db): Promise<string> {
  const { settings } = collections(db);
  const candidate = randomBytes(32).toString("hex");
  const doc = await settings.findOneAndUpdate(
    { _id: SESSION_SECRET_ID },
    { $setOnInsert: { value: candidate, createdAt: new Date() } },
    { upsert: true, returnDocument: "after" },
  );
  if (!doc) throw new Error("Could not read or create the session secret");
  return doc.value;
}

let sessionSecret: string | undefined;

/** Resolves the secret once at start-up: SESSION_SECRET if set, else the stored one. */
export async function loadSessionSecret(db: Db, configured: string | undefined): Promise<string> {
  sessionSecret = configured ?? (await getOrCreateSessionSecret(db));
  return sessionSecret;
}

/** The cookie-signing secret; available after start-up has loaded it. */
export function getSessionSecret(): string {
  if (!sessionSecret) throw new Error("The session secret is read before start-up loaded it");
  return sessionSecret;
}

/**
 * Records that a one-time start-up job ran, and tells whether this caller is the one to run it.
 * The unique `_id` decides between instances starting at the same moment.
 */
export async function claimOnce(db: Db, job: string): Promise<boolean> {
  const { settings } = collections(db);
  try {
    await settings.insertOne({ _id: `once:${job}`, value: "claimed", createdAt: new Date() });
    return true;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) return false;
    throw error;
  }
}
