// Admin sessions, kept on the server (docs/decisions/006-admin-sessions.md). The cookie carries
// only a random 128-bit id, signed with the session secret; everything else (who, since when,
// until when) is a document in `sessions`, so signing out, removing an admin or changing a
// password ends sessions for real, and a replayed cookie finds nothing.
//
// Two limits, both checked on every request against the configuration in force:
// - idle: SESSION_IDLE_MINUTES (default 60) since the last request;
// - absolute: SESSION_ABSOLUTE_HOURS (default 12) since signing in, however active.
// `expiresAt` holds the earlier of the two so the TTL index removes dead sessions by itself.
import { randomBytes } from "node:crypto";
import { ObjectId } from "mongodb";
import { type Cookie, createCookie } from "react-router";
import { getCollections } from "#db/client.server";
import type { SessionDoc } from "#db/collections";
import { getSessionSecret } from "~/lib/settings.server";
import { getEnv } from "../env.server";

/** lastSeenAt/expiresAt are written at most this often: not one write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

function sessionLimits(): SessionLimits {
  const env = getEnv();
  return {
    idleMs: env.SESSION_IDLE_MINUTES * MINUTE,
    absoluteMs: env.SESSION_ABSOLUTE_HOURS * HOUR,
  };
}

/**
 * `__Host-` in production: the browser then only accepts the cookie over HTTPS, from this exact
 * host, for path /, so neither a sibling subdomain nor plain HTTP can plant or overwrite it.
 */
export function sessionCookieName(isProduction: boolean): string {
  return isProduction ? "__Host-bureau_session" : "bureau_session";
}

/** The cookie definition; built per call because the secret may come from the database. */
export async function sessionCookie(
  options: { isProduction?: boolean; secret?: string } = {},
): Promise<Cookie> {
  const isProduction = options.isProduction ?? getEnv().isProduction;
  return createCookie(sessionCookieName(isProduction), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction,
    secrets: [options.secret ?? (await getSessionSecret())],
  });
}

const SESSION_ID = /^[0-9a-f]{32}$/;

/** 16 random bytes from the OS's CSPRNG, as 32 hex characters. */
function newSessionId(): string {
  return randomBytes(16).toString("hex");
}

/** The session id the request's cookie carries, if its signature is ours. */
export async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value = await (await sessionCookie()).parse(header);
  return typeof value === "string" && SESSION_ID.test(value) ? value : null;
}

function expiryOf(session: Pick<SessionDoc, "createdAt" | "lastSeenAt">, limits: SessionLimits) {
  return new Date(
    Math.min(
      session.lastSeenAt.getTime() + limits.idleMs,
      session.createdAt.getTime() + limits.absoluteMs,
    ),
  );
}

/**
 * A Set-Cookie value carrying this session id, kept by the browser until the session's absolute
 * limit. The cookie may outlive the idle limit: the server decides, not the cookie.
 */
async function serializeSessionCookie(id: string, endsAt: Date, now: Date): Promise<string> {
  const maxAge = Math.max(1, Math.floor((endsAt.getTime() - now.getTime()) / 1000));
  return (await sessionCookie()).serialize(id, { maxAge });
}

/** A Set-Cookie value that makes the browser forget the session cookie. */
export async function clearSessionCookie(): Promise<string> {
  return (await sessionCookie()).serialize("", { maxAge: 0, expires: new Date(0) });
}

export interface NewSession {
  id: string;
  setCookie: string;
}

/**
 * Starts a session for this admin with a fresh id. `replacing` (the id the browser sent, if
 * any) is deleted first: a sign-in never keeps a previous id alive (session fixation).
 */
export async function createSession(
  adminId: ObjectId | string,
  options: { now?: Date; replacing?: string | null; createdAt?: Date } = {},
): Promise<NewSession> {
  const now = options.now ?? new Date();
  const limits = sessionLimits();
  const { sessions } = await getCollections();
  if (options.replacing) await sessions.deleteOne({ _id: options.replacing });
  const createdAt = options.createdAt ?? now;
  const doc: SessionDoc = {
    _id: newSessionId(),
    adminId: typeof adminId === "string" ? new ObjectId(adminId) : adminId,
    createdAt,
    lastSeenAt: now,
    expiresAt: expiryOf({ createdAt, lastSeenAt: now }, limits),
  };
  await sessions.insertOne(doc);
  const endsAt = new Date(createdAt.getTime() + limits.absoluteMs);
  return { id: doc._id, setCookie: await serializeSessionCookie(doc._id, endsAt, now) };
}

/**
 * The live session with this id, or null. An expired one is deleted on sight (the TTL index
 * would remove it within a minute anyway). A live one is touched when the last touch is older
 * than a minute, which pushes the idle limit forward.
 */
export async function loadSession(id: string, now: Date = new Date()): Promise<SessionDoc | null> {
  const limits = sessionLimits();
  const { sessions } = await getCollections();
  const session = await sessions.findOne({ _id: id });
  if (!session) return null;
  if (expiryOf(session, limits).getTime() <= now.getTime()) {
    await sessions.deleteOne({ _id: id });
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    const touched = {
      lastSeenAt: now,
      expiresAt: expiryOf({ ...session, lastSeenAt: now }, limits),
    };
    await sessions.updateOne({ _id: id }, { $set: touched });
    return { ...session, ...touched };
  }
  return session;
}

/**
 * Swaps the id of a live session for a new one, keeping its sign-in time (so the absolute limit
 * still counts from the sign-in). Used after a password change.
 */
export async function rotateSession(
  id: string,
  now: Date = new Date(),
): Promise<NewSession | null> {
  const session = await loadSession(id, now);
  if (!session) return null;
  return createSession(session.adminId, { now, replacing: id, createdAt: session.createdAt });
}

/** Ends one session; answers whose it was, or null when it was already gone. */
export async function destroySession(id: string): Promise<ObjectId | null> {
  const { sessions } = await getCollections();
  const deleted = await sessions.findOneAndDelete({ _id: id }, { projection: { adminId: 1 } });
  return deleted?.adminId ?? null;
}

/** Ends every session of this admin, except `except` (the one making the request). */
export async function destroyAdminSessions(
  adminId: ObjectId | string,
  options: { except?: string } = {},
): Promise<number> {
  const { sessions } = await getCollections();
  const filter = {
    adminId: typeof adminId === "string" ? new ObjectId(adminId) : adminId,
    ...(options.except ? { _id: { $ne: options.except } } : {}),
  };
  const result = await sessions.deleteMany(filter);
  return result.deletedCount;
}
