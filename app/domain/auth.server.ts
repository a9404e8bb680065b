// Admin authentication: who is signed in, decided on the server for every admin request.
// Sign-in goes through remix-auth's FormStrategy; sessions live in MongoDB (session.server.ts).
import { type RouterContextProvider, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { clientIpContext } from "~/lib/client-ip.server";
import { findAdminByEmail, findAdminById, normalizeEmail, verifyCredentials } from "./admin.server";
import { type Actor, type AuditVia, VISITOR } from "./audit";
import { recordSignIn } from "./audit.server";
import { issueDeviceCookie, trustedDeviceFor } from "./device-cookie.server";
import { attemptSucceeded, beginLoginAttempt } from "./login-throttle.server";
import {
  clearSessionCookie,
  createSession,
  destroySession,
  loadSession,
  readSessionId,
} from "./session.server";
import { checkSignInCode, issueSignInCode, recordCodeStep } from "./sign-in-code.server";

export interface AdminContext {
  admin: { _id: string; email: string };
  sessionId: string;
}

export const LOGIN_PATH = "/admin/login";
const DASHBOARD_PATH = "/admin/dashboard";

/**
 * The page a request is for, as the visitor sees it in the address bar. Client-side data
 * requests arrive as `/path.data?_routes=…` (single fetch; passed through untouched with
 * v8_passThroughRequests): strip that back to `/path`.
 */
export function pageUrlOf(request: Request): string {
  const url = new URL(request.url);
  let path = url.pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${path}${search ? `?${search}` : ""}`;
}

/**
 * A `redirectTo` we may follow after sign-in: an admin page of this site, never elsewhere.
 * Refuses protocol-relative ("//evil", "/\\evil", which browsers treat as "//"), absolute URLs,
 * control characters, and paths outside /admin/dashboard. Anything else: the dashboard.
 */
export function safeRedirectTo(value: unknown, fallback = DASHBOARD_PATH): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "http://bureau.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://bureau.invalid") return fallback;
  const path = url.pathname;
  if (path !== DASHBOARD_PATH && !path.startsWith(`${DASHBOARD_PATH}/`)) return fallback;
  return `${path}${url.search}`;
}

/** Where to send a visitor without a session: the sign-in page, remembering this admin URL. */
export function loginRedirectUrl(request: Request): string {
  const target = safeRedirectTo(pageUrlOf(request), "");
  if (!target) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: target })}`;
}

// One lookup per request however many loaders ask (the layout's middleware, the layout's
// loader and the page's loader all call requireAdmin with the same Request object).
const resolved = new WeakMap<Request, Promise<AdminContext | null>>();

async function resolveAdmin(request: Request, now: Date): Promise<AdminContext | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const session = await loadSession(sessionId, now);
  if (!session) return null;
  const admin = await findAdminById(session.adminId.toHexString());
  if (!admin) {
    await destroySession(sessionId);
    return null;
  }
  return { admin, sessionId };
}

/** The signed-in admin, or null. `now` is for tests of expiry; it skips the per-request cache. */
export function getAdmin(
  request: Request,
  options: { now?: Date } = {},
): Promise<AdminContext | null> {
  if (options.now) return resolveAdmin(request, options.now);
  let pending = resolved.get(request);
  if (!pending) {
    pending = resolveAdmin(request, new Date());
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * The signed-in admin, or a thrown redirect to /admin/login?redirectTo=<this page>. Call at the
 * top of every admin loader and action.
 */
export async function requireAdmin(
  request: Request,
  options: { now?: Date } = {},
): Promise<AdminContext> {
  const context = await getAdmin(request, options);
  if (!context) {
    // A cookie that points at nothing (signed out elsewhere, expired) is dropped on the way.
    const hadCookie = (request.headers.get("Cookie") ?? "").includes("bureau_session=");
    throw redirect(loginRedirectUrl(request), {
      headers: hadCookie ? { "Set-Cookie": await clearSessionCookie() } : undefined,
    });
  }
  return context;
}

/**
 * Who acts, for the audit log: the signed-in admin (null: an anonymous caller, "visitor"), the
 * door they came through and the client's address. The admin pages and the JSON API (which
 * builds this in lib/api.server.ts) pass it to every write function in app/domain.
 */
export function actorOf(
  admin: { _id: string; email: string } | null,
  context: Readonly<RouterContextProvider>,
  via: AuditVia = "admin",
): Actor {
  return {
    email: admin?.email ?? VISITOR,
    via,
    ip: addressOf(context),
    ...(admin ? { adminId: admin._id } : {}),
  };
}

/**
 * The client's address when app/server.ts set it. Unlike clientIp, a missing one is not an
 * error here: an audit entry without an address is still worth writing.
 */
function addressOf(context: Readonly<RouterContextProvider>): string | undefined {
  try {
    return context.get(clientIpContext);
  } catch {
    return undefined;
  }
}

/** The credentials were wrong (unknown e-mail and wrong password alike). */
class InvalidCredentialsError extends Error {
  constructor() {
    super("Invalid e-mail or password.");
    this.name = "InvalidCredentialsError";
  }
}

const authenticator = new Authenticator<{ _id: string; email: string }>().use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const admin = await verifyCredentials(email, password);
    if (!admin) throw new InvalidCredentialsError();
    return admin;
  }),
  "admin-password",
);

export type SignInResult =
  | {
      kind: "signed-in";
      admin: { _id: string; email: string };
      /** The session cookie. */
      setCookie: string;
      /** The device cookie that keeps this browser trusted for the account. */
      deviceCookie: string;
    }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterMs: number }
  /**
   * The account is under attack and the browser has no device cookie: the code step, the same
   * whether the password was right (a code was e-mailed) or wrong (nothing was).
   */
  | { kind: "code-step"; email: string; challenge: string };

/**
 * Signs in with the e-mail and password posted in `request` (whose body must not have been
 * read: validate a clone first). Throttled per address and per account and address (or
 * trusted device); while the account is under attack, a browser without a device cookie gets
 * the code step instead, right password or wrong (then signInWithCode). On success a new
 * session replaces whatever session the browser had.
 */
export async function signIn(
  request: Request,
  input: { email: string; ip: string; now?: Date },
): Promise<SignInResult> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  const device = await trustedDeviceFor(request, email);
  const attempt = await beginLoginAttempt({ email, ip: input.ip, device, now });
  const tried: Actor = { email, via: "admin", ip: input.ip };
  if (!attempt.allowed) {
    await recordSignIn(tried, "throttled", now);
    return { kind: "throttled", retryAfterMs: attempt.retryAfterMs };
  }
  // argon2 runs either way, so the time does not tell the password either.
  let admin: { _id: string; email: string } | null = null;
  try {
    admin = await authenticator.authenticate("admin-password", request);
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
  }
  if (attempt.underAttack) {
    // One answer whatever the password (login-throttle.server.ts); the attempt stays counted
    // as a failure either way, until a right code signs in.
    const actor: Actor = admin ? { ...tried, adminId: admin._id } : tried;
    const issued = await issueSignInCode({
      actor,
      channel: "page",
      passwordRight: admin !== null,
      now,
    });
    await recordCodeStep(actor, issued.outcome, now);
    return { kind: "code-step", email, challenge: issued.challenge ?? "" };
  }
  if (!admin) {
    await recordSignIn(tried, "invalid", now);
    return { kind: "invalid" };
  }
  await attemptSucceeded(attempt);
  return startSession(request, admin, tried, now);
}

async function startSession(
  request: Request,
  admin: { _id: string; email: string },
  tried: Actor,
  now: Date,
  detail?: string,
): Promise<SignInResult & { kind: "signed-in" }> {
  await recordSignIn({ ...tried, adminId: admin._id }, "signed-in", now, detail);
  const session = await createSession(admin._id, {
    now,
    replacing: await readSessionId(request),
  });
  return {
    kind: "signed-in",
    admin,
    setCookie: session.setCookie,
    deviceCookie: await issueDeviceCookie(request, admin.email),
  };
}

export type CodeSignInResult =
  | (SignInResult & { kind: "signed-in" })
  | { kind: "throttled"; retryAfterMs: number }
  | { kind: "wrong"; triesLeft: number }
  | { kind: "none" };

/**
 * The second step of signIn: the e-mailed code, with the challenge the page got with it. Goes
 * through the sign-in throttle like a password (a wrong code is a failure of this address); a
 * right one signs in and trusts the browser from then on (the device cookie). After a wrong
 * password the challenge leads to a decoy, and every code is "wrong" exactly as a real one's.
 */
export async function signInWithCode(
  request: Request,
  input: { email: string; challenge: string; code: string; ip: string; now?: Date },
): Promise<CodeSignInResult> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  const tried: Actor = { email, via: "admin", ip: input.ip };
  const attempt = await beginLoginAttempt({ email, ip: input.ip, now });
  if (!attempt.allowed) {
    await recordSignIn(tried, "throttled", now);
    return { kind: "throttled", retryAfterMs: attempt.retryAfterMs };
  }
  const check = await checkSignInCode({
    email,
    channel: "page",
    challenge: input.challenge,
    code: input.code,
    now,
  });
  const admin = check.kind === "ok" ? await findAdminByEmail(email) : null;
  if (check.kind !== "ok" || !admin) {
    const detail =
      check.kind !== "wrong"
        ? "No valid code (expired, used or void)"
        : check.decoy
          ? "Wrong code (none was sent: wrong password, or the code e-mails used up)"
          : "Wrong code";
    await recordSignIn(tried, "code-failed", now, detail);
    return check.kind === "wrong"
      ? { kind: "wrong", triesLeft: check.triesLeft }
      : { kind: "none" };
  }
  await attemptSucceeded(attempt);
  return startSession(request, admin, tried, now, "With an e-mailed code");
}

export type ReauthResult =
  | { kind: "ok"; attempt: PasswordCheck }
  | { kind: "throttled"; retryAfterMs: number };

export interface PasswordCheck {
  /** The password was right: forget this attempt (and the account's failures). */
  succeeded(): Promise<void>;
}

/**
 * Before checking a signed-in admin's own password again (Change password, adding or removing
 * an admin): the same throttle as sign-in, under the same pair key (or the trusted device's),
 * so a stolen session cannot guess the password at leisure. Wrong passwords stay counted.
 */
export async function beginPasswordCheck(
  request: Request,
  input: { email: string; ip: string; now?: Date },
): Promise<ReauthResult> {
  const email = normalizeEmail(input.email);
  const device = await trustedDeviceFor(request, email);
  const attempt = await beginLoginAttempt({ email, ip: input.ip, device, now: input.now });
  if (!attempt.allowed) return { kind: "throttled", retryAfterMs: attempt.retryAfterMs };
  return {
    kind: "ok",
    attempt: { succeeded: () => attemptSucceeded(attempt) },
  };
}

/**
 * Ends the request's session (if any) and returns the Set-Cookie value that forgets it. `ip`:
 * the client's address, for the audit entry (written only when a session really ended).
 */
export async function signOut(request: Request, options: { ip?: string } = {}): Promise<string> {
  const sessionId = await readSessionId(request);
  const adminId = sessionId ? await destroySession(sessionId) : null;
  const admin = adminId ? await findAdminById(adminId.toHexString()) : null;
  if (admin) {
    await recordSignIn(
      { email: admin.email, via: "admin", ip: options.ip, adminId: admin._id },
      "signed-out",
    );
  }
  return clearSessionCookie();
}
