// Admin accounts. Only the bootstrap lives here for now; sign-in and sessions build on it.
import { randomBytes } from "node:crypto";
import { type Db, MongoServerError, ObjectId } from "mongodb";
import { collections } from "#db/collections";
import { hashPassword } from "./password.server";

export const DEFAULT_ADMIN_EMAIL = "admin@bureau.local";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 24 characters from a 57-symbol alphabet (no 0/O, 1/l/I): about 140 bits, easy to copy. */
export function generatePassword(length = 24): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(length * 2);
  let out = "";
  // Rejection sampling keeps every symbol equally likely.
  for (const byte of bytes) {
    if (out.length === length) break;
    if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
  }
  return out.length === length ? out : generatePassword(length);
}

export type BootstrapResult =
  | { kind: "configured"; email: string; created: boolean }
  | { kind: "generated"; email: string; password: string }
  | { kind: "existing" };

/**
 * Makes sure someone can sign in after start-up:
 * - ADMIN_EMAIL and ADMIN_PASSWORD set: that admin exists with that password (created or reset).
 * - otherwise, when no admin exists at all: create one with a generated password, returned so
 *   the caller prints it once.
 * Safe when several instances start together: the unique e-mail index decides the race.
 */
export async function ensureBootstrapAdmin(
  db: Db,
  configured: { email?: string; password?: string },
): Promise<BootstrapResult> {
  const { admins } = collections(db);
  const now = new Date();
  if (configured.email && configured.password) {
    const email = normalizeEmail(configured.email);
    const passwordHash = await hashPassword(configured.password);
    const result = await admins.updateOne(
      { email },
      { $set: { passwordHash, updatedAt: now }, $setOnInsert: { email, createdAt: now } },
      { upsert: true },
    );
    return { kind: "configured", email, created: result.upsertedCount === 1 };
  }
  if ((await admins.countDocuments({}, { limit: 1 })) > 0) return { kind: "existing" };
  const password = generatePassword();
  try {
    await admins.insertOne({
      _id: new ObjectId(),
      email: DEFAULT_ADMIN_EMAIL,
      passwordHash: await hashPassword(password),
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Another instance created it first; its log line carries the password.
    if (error instanceof MongoServerError && error.code === 11000) return { kind: "existing" };
    throw error;
  }
  return { kind: "generated", email: DEFAULT_ADMIN_EMAIL, password };
}
