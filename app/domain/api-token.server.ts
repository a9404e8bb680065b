// Bearer tokens of the JSON API (POST /api/auth/login answers {token, user}, as the original
// app's clients expect; the sign-in and the check on each request are in api-auth.server.ts).
// A token is 32 random bytes; only its SHA-256 is stored (apiTokens), with an expiry that a TTL index
// enforces and that every check compares too (the TTL monitor runs once a minute). A token ends
// at logout (POST /api/auth/logout), when its admin is removed, and when its admin's password
// changes. SHA-256 rather than argon2: the token is random and long, so it cannot be guessed,
// and a hash the database can look up directly costs nothing per request.
import { createHash, randomBytes } from "node:crypto";
import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { Actor } from "./audit";
import { recordSignIn } from "./audit.server";

/** How long a token works after sign-in: the absolute lifetime of an admin session. */
export const API_TOKEN_TTL_MS = 12 * 60 * 60 * 1000;

/** base64url of 32 bytes: 43 characters. Anything else is not a token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export async function issueApiToken(
  adminId: string | ObjectId,
  now: Date = new Date(),
): Promise<IssuedToken> {
  const { apiTokens } = await getCollections();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + API_TOKEN_TTL_MS);
  await apiTokens.insertOne({
    _id: hashOf(token),
    adminId: typeof adminId === "string" ? new ObjectId(adminId) : adminId,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The id of the admin a token was issued to, or null when it is not a token of ours or it has
 * expired. Whether that admin still exists is the caller's question (api-auth.server.ts).
 */
export async function apiTokenOwner(
  token: string,
  now: Date = new Date(),
): Promise<ObjectId | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const { apiTokens } = await getCollections();
  const doc = await apiTokens.findOne({ _id: hashOf(token) });
  if (!doc || doc.expiresAt.getTime() <= now.getTime()) return null;
  return doc.adminId;
}

/** Ends one token (logout) and records the sign-out. True when it existed. */
export async function revokeApiToken(token: string, actor: Actor): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const { apiTokens } = await getCollections();
  const result = await apiTokens.deleteOne({ _id: hashOf(token) });
  if (result.deletedCount !== 1) return false;
  await recordSignIn(actor, "signed-out");
  return true;
}

/** Ends every token of an admin (removed, or their password changed). */
export async function revokeAdminTokens(adminId: string | ObjectId): Promise<number> {
  const { apiTokens } = await getCollections();
  const result = await apiTokens.deleteMany({
    adminId: typeof adminId === "string" ? new ObjectId(adminId) : adminId,
  });
  return result.deletedCount;
}
