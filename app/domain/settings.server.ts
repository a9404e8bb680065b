// Settings that every app instance must share, stored in MongoDB.
import { randomBytes } from "node:crypto";
import type { Db } from "mongodb";
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
