// The JSON API's sign-in: a bearer token for an admin's credentials (POST /api/auth/login), and
// the admin a bearer token stands for on every API request. The tokens themselves live in
// api-token.server.ts, which knows nothing of admin accounts, so that removing an admin
// (admin.server.ts) can end their tokens without the two modules importing each other; this
// module sits above both, as auth.server.ts does for the web sign-in and sessions.
import { z } from "zod";
import { findAdminById, normalizeEmail, verifyCredentials } from "./admin.server";
import {
  apiTokenOwner,
  type IssuedToken,
  issueApiToken,
  revokeAdminTokens,
} from "./api-token.server";
import type { Actor } from "./audit";
import { recordSignIn } from "./audit.server";
import { attemptSucceeded, beginLoginAttempt } from "./login-throttle.server";
import { checkSignInCode, issueSignInCode, recordCodeStep } from "./sign-in-code.server";

/** The admin a token belongs to, or null when it is unknown, expired or its admin is gone. */
export async function verifyApiToken(
  token: string,
  now: Date = new Date(),
): Promise<{ _id: string; email: string } | null> {
  const adminId = await apiTokenOwner(token, now);
  if (!adminId) return null;
  const admin = await findAdminById(adminId.toHexString());
  if (!admin) {
    // Removed by hand in the database rather than through removeAdmin: forget its tokens too.
    await revokeAdminTokens(adminId);
    return null;
  }
  return admin;
}

export type TokenSignIn =
  | { kind: "signed-in"; admin: { _id: string; email: string }; token: IssuedToken }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterMs: number }
  /**
   * Under attack, without `code`: if the password was right a code was e-mailed; call again
   * with it. The same answer for a wrong password.
   */
  | { kind: "code-step" }
  /** Under attack, with `code`, and no sign-in: the code, the e-mail or the password was wrong. */
  | { kind: "code-refused" };

/**
 * POST /api/auth/login: the sign-in page's throttle (per address, and per account and address;
 * an API client has no device cookie), the credentials, a token; each outcome recorded in the
 * audit log. While the account is under attack (login-throttle.server.ts) the same call with
 * `code` added is needed, and no answer tells whether the password was right: without `code`,
 * "code-step" (a code is e-mailed only for the right password); with it, the token only for
 * the right password and the right code, else "code-refused", whichever was wrong. A code is
 * only looked at after the right password, so only someone with it can spend the code's tries.
 */
export async function signInForToken(input: {
  email: string;
  password: string;
  code?: string;
  ip: string;
  now?: Date;
}): Promise<TokenSignIn> {
  const now = input.now ?? new Date();
  const email = normalizeEmail(input.email);
  const tried: Actor = { email, via: "api", ip: input.ip };
  const attempt = await beginLoginAttempt({ email, ip: input.ip, now });
  if (!attempt.allowed) {
    await recordSignIn(tried, "throttled", now);
    return { kind: "throttled", retryAfterMs: attempt.retryAfterMs };
  }
  const admin = await verifyCredentials(email, input.password);
  const actor: Actor = admin ? { ...tried, adminId: admin._id } : tried;
  if (attempt.underAttack) {
    const refused = await codeStepRefusal({ actor, admin, code: input.code, now });
    if (refused) return refused;
  }
  if (!admin) {
    await recordSignIn(tried, "invalid", now);
    return { kind: "invalid" };
  }
  await attemptSucceeded(attempt);
  const token = await issueApiToken(admin._id, now);
  await recordSignIn(
    actor,
    "signed-in",
    now,
    attempt.underAttack ? "With an e-mailed code" : undefined,
  );
  return { kind: "signed-in", admin, token };
}

/**
 * Under attack: the answer, or null when the password and the code are both right. Every
 * refusal leaves the attempt counted as a failure, right password or not: otherwise the
 * throttle would tell which passwords were right.
 */
async function codeStepRefusal(input: {
  actor: Actor;
  admin: { _id: string; email: string } | null;
  code: string | undefined;
  now: Date;
}): Promise<TokenSignIn | null> {
  const { actor, admin, now } = input;
  if (input.code === undefined) {
    const passwordRight = admin !== null;
    const issued = await issueSignInCode({ actor, channel: "api", passwordRight, now });
    await recordCodeStep(actor, issued.outcome, now);
    return { kind: "code-step" };
  }
  if (!admin) {
    await recordSignIn(actor, "invalid", now);
    return { kind: "code-refused" };
  }
  const check = await checkSignInCode({
    email: actor.email,
    channel: "api",
    code: input.code,
    now,
  });
  if (check.kind === "ok") return null;
  const detail = check.kind === "wrong" ? "Wrong code" : "No valid code (expired, used or void)";
  await recordSignIn(actor, "code-failed", now, detail);
  return { kind: "code-refused" };
}

// ---- What the API's sign-in and registration read and answer ----

export const INVALID_CREDENTIALS = "Invalid e-mail or password.";

export const credentialsSchema = z.object({
  // An e-mail address, as on the sign-in page: whatever else is typed there (a password pasted
  // into the wrong field) is refused here, never recorded as a failed sign-in's "who".
  email: z
    .string()
    .trim()
    .min(1, "E-mail is required.")
    .max(320, "E-mail is too long.")
    .pipe(z.email("Enter a valid e-mail address.")),
  password: z.string().min(1, "Password is required.").max(1024, "Password is too long."),
});

/** POST /api/auth/login's body: the credentials, and the e-mailed code when one was asked for. */
export const loginCredentialsSchema = credentialsSchema.extend({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail."))
    .optional()
    .describe(
      "The 6-digit code e-mailed after an answer with `codeRequired: true`; send it with the same e-mail and password.",
    ),
});

/** What the API tells about an admin: never the password hash. */
const userSchema = z.object({ _id: z.string(), email: z.string() });

export const tokenResponse = z.object({
  success: z.literal(true),
  token: z.string().describe("Send as 'Authorization: Bearer <token>'."),
  expiresAt: z.string().describe("ISO date after which the token no longer works."),
  user: userSchema,
});
