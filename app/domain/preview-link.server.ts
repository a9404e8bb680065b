// Private preview links (issue 24, decision 033): a link that shows one record's draft in the
// site's own pages to someone without an account (a client), for PREVIEW_DAYS unless revoked.
//
// - The token is a random id and an HMAC of it keyed with the session secret: a token the server
//   did not make is refused by arithmetic, before any database read, so guessing costs nothing
//   but the guesser's time. Only the token's SHA-256 is stored: a database dump opens nothing.
// - Opening the link counts the use (one atomic `$inc`) and hands the browser a cookie holding
//   the token until the link expires. The cookie is not an admin session: it names one record
//   to preview and nothing else, and every request checks it again (revoking ends it at once).
// - Knows no content type: the entity and id are strings (app/content/kit/preview.server.ts
//   knows where each type shows on the site).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ObjectId } from "mongodb";
import { type Cookie, createCookie } from "react-router";
import { getCollections } from "#db/client.server";
import type { PreviewDoc } from "#db/collections";
import { getEnv } from "~/env.server";
import type { PreviewTarget } from "~/lib/preview-context.server";
import { getSessionSecret } from "~/lib/settings.server";
import type { Actor } from "./audit";
import { recordAudit } from "./audit.server";
import type { PreviewLink } from "./preview-link";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 18 random bytes (144 bits) as base64url, then 32 characters of the HMAC: 56 characters. */
const TOKEN = /^([A-Za-z0-9_-]{24})([A-Za-z0-9_-]{32})$/;

function sign(id: string, secret: string): string {
  return createHmac("sha256", `preview-link:${secret}`).update(id).digest("base64url").slice(0, 32);
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether the server made this token (its HMAC checks); says nothing of expiry or revocation. */
export async function isSignedToken(token: string): Promise<boolean> {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const expected = Buffer.from(sign(match[1] as string, await getSessionSecret()));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function toLink(doc: PreviewDoc, now: Date): PreviewLink {
  return {
    id: doc._id.toHexString(),
    createdAt: doc.createdAt.toISOString(),
    createdBy: doc.createdBy,
    expiresAt: doc.expiresAt.toISOString(),
    revokedAt: doc.revokedAt?.toISOString() ?? null,
    uses: doc.uses,
    lastUsedAt: doc.lastUsedAt?.toISOString() ?? null,
    state: doc.revokedAt ? "revoked" : doc.expiresAt <= now ? "expired" : "active",
  };
}

/**
 * A new link to `target`, valid PREVIEW_DAYS from `now`: the stored link and its token (the
 * only time the token exists: the caller shows it once).
 */
export async function createPreviewLink(
  target: PreviewTarget,
  actor: Actor,
  now = new Date(),
): Promise<{ link: PreviewLink; token: string }> {
  const id = randomBytes(18).toString("base64url");
  const token = `${id}${sign(id, await getSessionSecret())}`;
  const doc: PreviewDoc = {
    _id: new ObjectId(),
    entity: target.entity,
    entityId: target.id,
    tokenHash: hashOf(token),
    createdAt: now,
    createdBy: actor.email,
    expiresAt: new Date(now.getTime() + getEnv().PREVIEW_DAYS * DAY_MS),
    uses: 0,
  };
  const { previews } = await getCollections();
  await previews.insertOne(doc);
  await recordAudit(actor, {
    action: "preview-link",
    entity: target.entity as never,
    entityId: target.id ?? undefined,
    summary: `Preview link until ${doc.expiresAt.toISOString().slice(0, 10)}`,
  });
  return { link: toLink(doc, now), token };
}

/** The record's links, newest first (expired ones stay listed until the TTL index drops them). */
export async function listPreviewLinks(target: PreviewTarget, now = new Date()) {
  const { previews } = await getCollections();
  const docs = await previews
    .find({ entity: target.entity, entityId: target.id })
    .sort({ createdAt: -1, _id: -1 })
    .limit(100)
    .toArray();
  return docs.map((doc) => toLink(doc, now));
}

/**
 * Revokes the link `id`, of `target` when given (a link of another record is then not found):
 * false when there is none. Revoking a revoked link changes nothing and is not an error.
 */
export async function revokePreviewLink(
  id: string,
  actor: Actor,
  target?: PreviewTarget,
  now = new Date(),
): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return false;
  const { previews } = await getCollections();
  const filter = {
    _id: new ObjectId(id),
    ...(target ? { entity: target.entity, entityId: target.id } : {}),
  };
  const revoked = await previews.findOneAndUpdate(
    { ...filter, revokedAt: { $exists: false } },
    { $set: { revokedAt: now, revokedBy: actor.email } },
  );
  if (!revoked) return (await previews.countDocuments(filter)) > 0;
  await recordAudit(actor, {
    action: "preview-revoke",
    entity: revoked.entity as never,
    entityId: revoked.entityId ?? undefined,
    summary: "Preview link revoked",
  });
  return true;
}

/** One link by its id (the JSON API's answer after revoking). */
export async function getPreviewLink(id: string, now = new Date()): Promise<PreviewLink | null> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  const { previews } = await getCollections();
  const doc = await previews.findOne({ _id: new ObjectId(id) });
  return doc ? toLink(doc, now) : null;
}

export type OpenedLink =
  | { ok: true; target: PreviewTarget; expiresAt: Date }
  | { ok: false; reason: "unknown" | "expired" | "revoked" };

/** The link a token opens, checked now; `count` also counts this as a use (opening the link). */
export async function findPreviewLink(
  token: string,
  { count = false, now = new Date() }: { count?: boolean; now?: Date } = {},
): Promise<OpenedLink> {
  // A token the server did not sign costs no database read.
  if (!(await isSignedToken(token))) return { ok: false, reason: "unknown" };
  const { previews } = await getCollections();
  const tokenHash = hashOf(token);
  const usable = { tokenHash, revokedAt: { $exists: false }, expiresAt: { $gt: now } };
  const doc = count
    ? await previews.findOneAndUpdate(
        usable,
        { $inc: { uses: 1 }, $set: { lastUsedAt: now } },
        { returnDocument: "after" },
      )
    : await previews.findOne(usable);
  if (doc) {
    return { ok: true, target: { entity: doc.entity, id: doc.entityId }, expiresAt: doc.expiresAt };
  }
  // Why not: said plainly to whoever holds a real link (a forged one never gets this far).
  const gone = await previews.findOne({ tokenHash }, { projection: { revokedAt: 1 } });
  if (!gone) return { ok: false, reason: "unknown" };
  return { ok: false, reason: gone.revokedAt ? "revoked" : "expired" };
}

/**
 * The cookie that carries the token while a client previews: `__Host-` in production (HTTPS,
 * this host only, path /), HttpOnly (no script reads it), SameSite=Lax (sent when the client
 * follows a link to the site). Not signed: the token is signed itself.
 */
export function previewCookie(isProduction = getEnv().isProduction): Cookie {
  return createCookie(isProduction ? "__Host-bureau_preview" : "bureau_preview", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction,
  });
}

/** The Set-Cookie value that keeps `token` until the link expires. */
export function previewCookieHeader(token: string, expiresAt: Date): Promise<string> {
  return previewCookie().serialize(token, { expires: expiresAt });
}

/** The Set-Cookie value that ends previewing in this browser. */
export function clearPreviewCookieHeader(): Promise<string> {
  return previewCookie().serialize("", { expires: new Date(0), maxAge: 0 });
}

/** The token in a request's Cookie header, if it carries one of the right shape. */
export async function previewTokenOf(cookieHeader: string | undefined | null): Promise<string> {
  if (!cookieHeader || !/bureau_preview=/.test(cookieHeader)) return "";
  const value = await previewCookie().parse(cookieHeader);
  return typeof value === "string" && TOKEN.test(value) ? value : "";
}
