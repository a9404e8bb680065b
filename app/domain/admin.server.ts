// Admin accounts: the bootstrap admin, credentials, registration (SPEC's register call), the
// Admins page and password changes. Pages, the CLI and the JSON API all go through here.
import { randomBytes } from "node:crypto";
import { type Db, MongoServerError, ObjectId } from "mongodb";
import { z } from "zod";
import { getCollections } from "#db/client.server";
import { collections } from "#db/collections";
import { ONLY_ADMINS_ADD, OWN_PASSWORD_NEEDED, WRONG_OWN_PASSWORD } from "./admin";
import { announceNewAdmin } from "./admin-notice.server";
import { revokeAdminTokens } from "./api-token.server";
import { type Actor, OPERATOR_STARTUP } from "./audit";
import { recordAudit } from "./audit.server";
import type { ReauthResult } from "./auth.server";
import { endAttack, throttledMessage } from "./login-throttle.server";
import { hashPassword, verifyPassword } from "./password.server";
import { type PasswordContext, passwordPolicyProblem } from "./password-policy.server";
import { destroyAdminSessions, rotateSession } from "./session.server";
import { voidSignInCodes } from "./sign-in-code.server";
import { getSiteIdentity } from "./site-content.server";

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
  | { kind: "configured"; email: string; created: boolean; reset: boolean }
  | { kind: "generated"; email: string; password: string }
  | { kind: "existing" };

/** settings document: the ADMIN_EMAIL / ADMIN_PASSWORD pair last applied (argon2 PHC). */
export const APPLIED_ADMIN_PASSWORD = "appliedAdminPassword";

/**
 * Makes sure someone can sign in after start-up:
 * - ADMIN_EMAIL and ADMIN_PASSWORD set: that admin is created when the account does not exist;
 *   an existing one gets the configured password ONLY when ADMIN_PASSWORD (or ADMIN_EMAIL)
 *   differs from the value last applied (its argon2 hash is kept in `settings`), and then its
 *   sessions end. So a password changed in the UI survives restarts, and changing the variable
 *   is how an operator resets a forgotten password.
 * - otherwise, when no admin exists at all: create one with a generated password, returned so
 *   the caller prints it once.
 * Safe when several instances start together: the unique e-mail index decides the race.
 */
export async function ensureBootstrapAdmin(
  db: Db,
  configured: { email?: string; password?: string },
): Promise<BootstrapResult> {
  const { admins, settings, auditLog } = collections(db);
  const now = new Date();
  const audit = (
    action: "admin-created" | "password-changed",
    entityId: ObjectId,
    summary: string,
  ) =>
    recordAudit(
      OPERATOR_STARTUP,
      { action, entity: "admin", entityId: entityId.toHexString(), summary },
      { now, log: auditLog },
    );
  if (configured.email && configured.password) {
    const email = normalizeEmail(configured.email);
    const applied = await settings.findOne({ _id: APPLIED_ADMIN_PASSWORD });
    const alreadyApplied =
      applied?.email === email && (await verifyPassword(applied.value, configured.password));
    const recordApplied = async () => {
      const value = await hashPassword(configured.password as string);
      await settings.updateOne(
        { _id: APPLIED_ADMIN_PASSWORD },
        { $set: { value, email, createdAt: now } },
        { upsert: true },
      );
    };
    const existing = await admins.findOne({ email }, { projection: { _id: 1 } });
    if (!existing) {
      const _id = new ObjectId();
      try {
        await admins.insertOne({
          _id,
          email,
          passwordHash: await hashPassword(configured.password),
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // Another instance created it at the same moment.
        if (error instanceof MongoServerError && error.code === 11000) {
          return { kind: "configured", email, created: false, reset: false };
        }
        throw error;
      }
      await recordApplied();
      await audit("admin-created", _id, `${email} (ADMIN_EMAIL)`);
      return { kind: "configured", email, created: true, reset: false };
    }
    if (alreadyApplied) return { kind: "configured", email, created: false, reset: false };
    await admins.updateOne(
      { _id: existing._id },
      { $set: { passwordHash: await hashPassword(configured.password), updatedAt: now } },
    );
    // A reset password shuts every door: the sessions and the API tokens signed in before.
    await collections(db).sessions.deleteMany({ adminId: existing._id });
    await collections(db).apiTokens.deleteMany({ adminId: existing._id });
    await passwordReplaced(email, db);
    await recordApplied();
    await audit("password-changed", existing._id, `${email}: reset by ADMIN_PASSWORD`);
    return { kind: "configured", email, created: false, reset: true };
  }
  if ((await admins.countDocuments({}, { limit: 1 })) > 0) return { kind: "existing" };
  const password = generatePassword();
  const _id = new ObjectId();
  try {
    await admins.insertOne({
      _id,
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
  await audit("admin-created", _id, `${DEFAULT_ADMIN_EMAIL} (generated password)`);
  return { kind: "generated", email: DEFAULT_ADMIN_EMAIL, password };
}

/**
 * After a new password is stored: guesses against the old one are worthless, so an attack on
 * the account ends (login-throttle.server.ts), and codes asked for with the old one are void.
 */
async function passwordReplaced(email: string, db?: Db): Promise<void> {
  await endAttack(email, db);
  await voidSignInCodes(email, db);
}

export interface AdminSummary {
  _id: string;
  email: string;
  createdAt: Date;
}

let dummyHash: Promise<string> | undefined;

/**
 * Hash of a random password nobody knows, made once per process with the same parameters as
 * real ones: verifying against it when the e-mail is unknown takes as long as a wrong password,
 * so the response time does not tell which e-mails have accounts.
 */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("hex"));
  return dummyHash;
}

/**
 * Whether `password` is this admin's current password (asked again before sensitive changes).
 * False for an unknown id. Callers throttle (auth.server.ts beginPasswordCheck).
 */
export async function verifyAdminPassword(adminId: string, password: string): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/i.test(adminId)) return false;
  const { admins } = await getCollections();
  const admin = await admins.findOne(
    { _id: new ObjectId(adminId) },
    { projection: { passwordHash: 1 } },
  );
  return admin ? verifyPassword(admin.passwordHash, password) : false;
}

/** The admin with these credentials, or null; as slow for an unknown e-mail as for a known one. */
export async function verifyCredentials(
  email: string,
  password: string,
): Promise<{ _id: string; email: string } | null> {
  const { admins } = await getCollections();
  const admin = await admins.findOne(
    { email: normalizeEmail(email) },
    { projection: { email: 1, passwordHash: 1 } },
  );
  if (!admin) {
    await verifyPassword(await getDummyHash(), password);
    return null;
  }
  if (!(await verifyPassword(admin.passwordHash, password))) return null;
  return { _id: admin._id.toHexString(), email: admin.email };
}

export async function findAdminById(id: string): Promise<{ _id: string; email: string } | null> {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  const { admins } = await getCollections();
  const admin = await admins.findOne({ _id: new ObjectId(id) }, { projection: { email: 1 } });
  return admin ? { _id: admin._id.toHexString(), email: admin.email } : null;
}

/** The admin with this (normalized) e-mail, or null. */
export async function findAdminByEmail(
  email: string,
): Promise<{ _id: string; email: string } | null> {
  const { admins } = await getCollections();
  const admin = await admins.findOne(
    { email: normalizeEmail(email) },
    { projection: { email: 1 } },
  );
  return admin ? { _id: admin._id.toHexString(), email: admin.email } : null;
}

export async function listAdmins(): Promise<AdminSummary[]> {
  const { admins } = await getCollections();
  const docs = await admins
    .find({}, { projection: { email: 1, createdAt: 1 } })
    .sort({ createdAt: 1, _id: 1 })
    .toArray();
  return docs.map((d) => ({ _id: d._id.toHexString(), email: d.email, createdAt: d.createdAt }));
}

export type AdminFailure = {
  ok: false;
  /**
   * forbidden: the rule does not allow it; reauth: the acting admin's own password is missing
   * or wrong; throttled: too many wrong ones (see retryAfterMs); invalid: bad input; conflict:
   * state forbids it.
   */
  code: "forbidden" | "reauth" | "throttled" | "invalid" | "conflict" | "not-found";
  message: string;
  /** The form field the message belongs to, when there is one. */
  field?: "email" | "password" | "currentPassword" | "newPassword";
  /** throttled: how long until the next try is counted. */
  retryAfterMs?: number;
};

const emailSchema = z.email();

/** What a new password is checked against besides zxcvbn's dictionaries: the e-mail, the site. */
async function passwordContext(email: string): Promise<PasswordContext> {
  const site = await getSiteIdentity();
  return { email, site: [site.brand, new URL(site.siteUrl).hostname] };
}

/** What is wrong with this e-mail and password for a new admin, or null. */
async function newAdminProblem(input: {
  email: string;
  password: string;
}): Promise<AdminFailure | null> {
  const email = normalizeEmail(input.email);
  if (!emailSchema.safeParse(email).success || email.length > 254) {
    return { ok: false, code: "invalid", field: "email", message: "Enter a valid e-mail address." };
  }
  const problem = passwordPolicyProblem(input.password, await passwordContext(email));
  if (problem) return { ok: false, code: "invalid", field: "password", message: problem };
  return null;
}

/**
 * Creates an admin after checking the e-mail and the password policy, then records it in the
 * audit log and e-mails every other admin (admin-notice.server.ts, after the response). No
 * permission check: callers are the operator's CLI and `registerAdmin`, which applies the
 * rule. `actor` is who adds them.
 */
export async function createAdmin(
  input: { email: string; password: string; now?: Date },
  actor: Actor,
): Promise<{ ok: true; admin: AdminSummary } | AdminFailure> {
  const invalid = await newAdminProblem(input);
  if (invalid) return invalid;
  const email = normalizeEmail(input.email);
  const now = input.now ?? new Date();
  const { admins } = await getCollections();
  const _id = new ObjectId();
  try {
    await admins.insertOne({
      _id,
      email,
      passwordHash: await hashPassword(input.password),
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) {
      return {
        ok: false,
        code: "conflict",
        field: "email",
        message: "An admin with this e-mail address already exists.",
      };
    }
    throw error;
  }
  await recordAudit(actor, {
    action: "admin-created",
    entity: "admin",
    entityId: _id.toHexString(),
    summary: email,
  });
  const admin = { _id: _id.toHexString(), email, createdAt: now };
  announceNewAdmin({ added: admin, actor, at: now });
  return { ok: true, admin };
}

/**
 * The SPEC's registration, with the rule it never showed. Allowed:
 * - for a signed-in admin (a session or an API token) who gives their own current password
 *   again: a stolen session or token alone must not buy a lasting account (issue 20 finding 3).
 *   `beginPasswordCheck` starts the sign-in throttle for them (auth.server.ts, bound to the
 *   request); wrong passwords stay counted there, and nothing is written;
 * - for anyone while no admin exists at all (a fresh installation).
 * The one rule for the Admins page and POST /api/auth/register. `actor` is who asks: a
 * signed-in admin carries their `adminId`; an anonymous request none.
 */
export async function registerAdmin(
  input: { email: string; password: string; currentPassword?: string; now?: Date },
  actor: Actor,
  beginPasswordCheck: () => Promise<ReauthResult>,
): Promise<{ ok: true; admin: AdminSummary } | AdminFailure> {
  const { admins } = await getCollections();
  const signedIn = actor.adminId !== undefined && (await findAdminById(actor.adminId)) !== null;
  const forbidden: AdminFailure = { ok: false, code: "forbidden", message: ONLY_ADMINS_ADD };
  if (signedIn) {
    const own = actor.adminId as string;
    const wrong = await ownPasswordProblem(own, input.currentPassword, beginPasswordCheck);
    return wrong ?? createAdmin(input, actor);
  }
  if ((await admins.countDocuments({}, { limit: 1 })) > 0) return forbidden;
  // Anonymous, on an empty database: only one registration may win. The unique _id of a claim
  // document decides between simultaneous ones; a claim older than a minute (a registration
  // that failed half-way, or admins deleted by hand since) may be taken over.
  const invalid = await newAdminProblem(input);
  if (invalid) return invalid;
  const now = input.now ?? new Date();
  if (!(await claimFirstAdmin(now))) return forbidden;
  if ((await admins.countDocuments({}, { limit: 1 })) > 0) return forbidden;
  return createAdmin(input, actor);
}

/** Null when `password` is this admin's current one; the throttle counts a wrong one. */
async function ownPasswordProblem(
  adminId: string,
  password: string | undefined,
  beginPasswordCheck: () => Promise<ReauthResult>,
): Promise<AdminFailure | null> {
  if (!password) {
    return { ok: false, code: "reauth", field: "currentPassword", message: OWN_PASSWORD_NEEDED };
  }
  const check = await beginPasswordCheck();
  if (check.kind === "throttled") {
    return {
      ok: false,
      code: "throttled",
      message: throttledMessage(check.retryAfterMs),
      retryAfterMs: check.retryAfterMs,
    };
  }
  if (!(await verifyAdminPassword(adminId, password))) {
    return { ok: false, code: "reauth", field: "currentPassword", message: WRONG_OWN_PASSWORD };
  }
  await check.attempt.succeeded();
  return null;
}

const FIRST_ADMIN_CLAIM = "firstAdminClaim";
const CLAIM_STALE_MS = 60_000;

async function claimFirstAdmin(now: Date): Promise<boolean> {
  const { settings } = await getCollections();
  const value = randomBytes(8).toString("hex");
  try {
    await settings.insertOne({ _id: FIRST_ADMIN_CLAIM, value, createdAt: now });
    return true;
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
  }
  const taken = await settings.updateOne(
    { _id: FIRST_ADMIN_CLAIM, createdAt: { $lte: new Date(now.getTime() - CLAIM_STALE_MS) } },
    { $set: { value, createdAt: now } },
  );
  return taken.modifiedCount === 1;
}

/**
 * Removes an admin and ends their sessions and API tokens. Never the last one: if a concurrent removal left
 * nobody, this removal is undone.
 */
export async function removeAdmin(
  id: string,
  actor: Actor,
): Promise<{ ok: true; email: string } | AdminFailure> {
  const { admins } = await getCollections();
  const target = /^[0-9a-f]{24}$/i.test(id)
    ? await admins.findOne({ _id: new ObjectId(id) })
    : null;
  if (!target) return { ok: false, code: "not-found", message: "This admin no longer exists." };
  const lastAdmin: AdminFailure = {
    ok: false,
    code: "conflict",
    message: "The last admin cannot be removed: add another admin first.",
  };
  if ((await admins.countDocuments({}, { limit: 2 })) < 2) return lastAdmin;
  await admins.deleteOne({ _id: target._id });
  if ((await admins.countDocuments({}, { limit: 1 })) === 0) {
    await admins.insertOne(target);
    return lastAdmin;
  }
  await destroyAdminSessions(target._id);
  await revokeAdminTokens(target._id);
  await recordAudit(actor, {
    action: "admin-removed",
    entity: "admin",
    entityId: target._id.toHexString(),
    summary: target.email,
  });
  return { ok: true, email: target.email };
}

/**
 * Changes the signed-in admin's password: the current one must be right and the new one pass
 * the policy. Every other session of this admin ends; the current one continues under a new id
 * (returned as a Set-Cookie value).
 */
export async function changePassword(input: {
  adminId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  /** Who changes it (the admin themselves), for the audit log. */
  actor: Actor;
  now?: Date;
}): Promise<{ ok: true; setCookie: string | null; endedSessions: number } | AdminFailure> {
  const { admins } = await getCollections();
  const admin = /^[0-9a-f]{24}$/i.test(input.adminId)
    ? await admins.findOne({ _id: new ObjectId(input.adminId) })
    : null;
  if (!admin) return { ok: false, code: "not-found", message: "This admin no longer exists." };
  if (!(await verifyPassword(admin.passwordHash, input.currentPassword))) {
    return {
      ok: false,
      code: "invalid",
      field: "currentPassword",
      message: "The current password is not correct.",
    };
  }
  if (input.newPassword === input.currentPassword) {
    return {
      ok: false,
      code: "invalid",
      field: "newPassword",
      message: "Choose a password different from the current one.",
    };
  }
  const problem = passwordPolicyProblem(input.newPassword, await passwordContext(admin.email));
  if (problem) return { ok: false, code: "invalid", field: "newPassword", message: problem };
  const now = input.now ?? new Date();
  await admins.updateOne(
    { _id: admin._id },
    { $set: { passwordHash: await hashPassword(input.newPassword), updatedAt: now } },
  );
  const endedSessions = await destroyAdminSessions(admin._id, { except: input.sessionId });
  // API tokens signed in with the old password end too: a new password shuts every door.
  await revokeAdminTokens(admin._id);
  await passwordReplaced(admin.email);
  const rotated = await rotateSession(input.sessionId, now);
  await recordAudit(input.actor, {
    action: "password-changed",
    entity: "admin",
    entityId: admin._id.toHexString(),
    summary: `${admin.email}: ${endedSessions} other ${endedSessions === 1 ? "session" : "sessions"} ended`,
  });
  return { ok: true, setCookie: rotated?.setCookie ?? null, endedSessions };
}
