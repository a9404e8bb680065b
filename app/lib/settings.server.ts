// Settings that every app instance must share, stored in MongoDB.
import { randomBytes } from "node:crypto";
import type { Db } from "mongodb";
import { getDb } from "#db/client.server";
import { collections } from "#db/collections";
import { getEnv } from "~/env.server";

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

let cachedSecret: Promise<string> | undefined;

/**
 * The cookie-signing secret: SESSION_SECRET if set, else the one stored in the database. Read
 * lazily and cached, so it also survives the dev server's module reloads.
 */
export function getSessionSecret(): Promise<string> {
  const configured = getEnv().SESSION_SECRET;
  if (configured) return Promise.resolve(configured);
  cachedSecret ??= getDb()
    .then(getOrCreateSessionSecret)
    .catch((error: unknown) => {
      cachedSecret = undefined;
      throw error;
    });
  return cachedSecret;
}
