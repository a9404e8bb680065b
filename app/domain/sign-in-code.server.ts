// One-time sign-in codes (issue 20 finding 4): while an account is under attack
// (login-throttle.server.ts), a correct password from a client without a device cookie gets a
// 6-digit code e-mailed to the account instead of a session, and the code signs in.
// - Sent only after the right password (never for a wrong one), at most CODE_MAILS_PER_WINDOW
//   e-mails per account per 15 minutes: without the password nobody can send any.
// - Valid 10 minutes (a TTL index deletes it; every check compares the expiry too), used once,
//   void after SIGN_IN_CODE_MAX_TRIES wrong tries; each try is also a failure for the sign-in
//   throttle of its address. 5 tries at one in a million each, per code.
// - Stored in MongoDB (every app instance sees it) as an HMAC of the code keyed with the
//   session secret: a copy of the database alone does not give the code away (a plain hash of
//   6 digits would, by trying all million).
// - Tied to who asked for it, so nobody else can spend its tries: the sign-in page's code is
//   tied to a random challenge that only the page that sent the right password holds (a
//   hidden field); the API's to the password, which the second call sends again.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { SignInCodeDoc } from "#db/collections";
import { defaultFrom, sendMail } from "~/lib/mailer.server";
import { beginCodeMail } from "./login-throttle.server";
import { getSessionSecret } from "./settings.server";
import { getSiteIdentity } from "./site-content.server";

export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_MAX_TRIES = 5;
/** The page's challenge: 32 random bytes, base64url. */
export const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type Channel = SignInCodeDoc["channel"];

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function codeHash(id: ObjectId, code: string): Promise<string> {
  return createHmac("sha256", await getSessionSecret())
    .update(`${id.toHexString()}:${code}`)
    .digest("hex");
}

export type CodeIssue =
  | { kind: "sent"; challenge: string | null }
  | { kind: "throttled"; retryAfterMs: number }
  | { kind: "mail-failed" };

/**
 * Makes a code for `email` (the password was just checked) and e-mails it. "page" answers the
 * challenge the page must send back with the code; "api" replaces the account's earlier API
 * code (the caller proves itself with the password again, so one is enough).
 */
export async function issueSignInCode(input: {
  email: string;
  channel: Channel;
  ip: string;
  now?: Date;
  /** For tests: the code instead of a random one. */
  code?: string;
}): Promise<CodeIssue> {
  const now = input.now ?? new Date();
  const mail = await beginCodeMail(input.email, now);
  if (!mail.allowed) return { kind: "throttled", retryAfterMs: mail.retryAfterMs };
  const { signInCodes } = await getCollections();
  const code = input.code ?? String(randomInt(0, 1_000_000)).padStart(6, "0");
  const challenge = input.channel === "page" ? randomBytes(32).toString("base64url") : null;
  const _id = new ObjectId();
  if (input.channel === "api") await signInCodes.deleteMany({ email: input.email, channel: "api" });
  await signInCodes.insertOne({
    _id,
    email: input.email,
    channel: input.channel,
    ...(challenge ? { challenge: sha256(challenge) } : {}),
    codeHash: await codeHash(_id, code),
    tries: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
  });
  const site = await getSiteIdentity();
  const { subject, text } = composeCodeMail({ code, brand: site.brand, ip: input.ip, now });
  const outcome = await sendMail({ from: defaultFrom(site.brand), to: input.email, subject, text });
  // Skipped (no SMTP_URL): the mailer logged the subject, which carries the code.
  if (outcome.status === "failed") {
    await signInCodes.deleteOne({ _id });
    return { kind: "mail-failed" };
  }
  return { kind: "sent", challenge };
}

/**
 * The e-mail. The code is in the subject too: it is what the log shows when SMTP_URL is unset,
 * and what a phone shows without opening the message.
 */
export function composeCodeMail(input: { code: string; brand: string; ip: string; now: Date }): {
  subject: string;
  text: string;
} {
  return {
    subject: `${input.code} is your ${input.brand} sign-in code`,
    text: [
      `Your sign-in code is ${input.code}. It works once, for 10 minutes.`,
      "",
      "This account has had many failed sign-ins from other addresses in the last 15 minutes,",
      `so signing in from a new device needs this code as well as the password. It was asked for`,
      `with the correct password from ${input.ip} at ${input.now.toISOString()}.`,
      "",
      "If that was not you, someone knows your password: sign in from a device you have used",
      "before (it needs no code) and change your password.",
    ].join("\n"),
  };
}

export type CodeCheck =
  | { kind: "ok" }
  | { kind: "wrong"; triesLeft: number }
  /** No live code for this client: expired, used, void after too many tries, or never sent. */
  | { kind: "none" };

/**
 * Spends one try of the client's live code on `code`. Right: the code is deleted (once: a
 * second request with it finds nothing). The try is counted before the comparison, so parallel
 * guesses cannot share one try.
 */
export async function checkSignInCode(input: {
  email: string;
  channel: Channel;
  challenge?: string;
  code: string;
  now?: Date;
}): Promise<CodeCheck> {
  const now = input.now ?? new Date();
  if (input.channel === "page" && !CHALLENGE_SHAPE.test(input.challenge ?? "")) {
    return { kind: "none" };
  }
  const { signInCodes } = await getCollections();
  const doc = await signInCodes.findOneAndUpdate(
    {
      email: input.email,
      channel: input.channel,
      ...(input.channel === "page" ? { challenge: sha256(input.challenge ?? "") } : {}),
      expiresAt: { $gt: now },
      tries: { $lt: SIGN_IN_CODE_MAX_TRIES },
    },
    { $inc: { tries: 1 } },
    { sort: { createdAt: -1 }, returnDocument: "after" },
  );
  if (!doc) return { kind: "none" };
  const expected = Buffer.from(doc.codeHash, "hex");
  const given = Buffer.from(await codeHash(doc._id, input.code), "hex");
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    const used = await signInCodes.deleteOne({ _id: doc._id });
    return used.deletedCount === 1 ? { kind: "ok" } : { kind: "none" };
  }
  const triesLeft = SIGN_IN_CODE_MAX_TRIES - doc.tries;
  if (triesLeft <= 0) await signInCodes.deleteOne({ _id: doc._id });
  return { kind: "wrong", triesLeft };
}

/** What the person signing in reads after a wrong code. */
export function wrongCodeMessage(triesLeft: number): string {
  if (triesLeft <= 0) {
    return "That code is not right, and it no longer works. Sign in again to get a new one.";
  }
  return `That code is not right. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`;
}

export const NO_CODE_MESSAGE =
  "This code has expired or was already used. Sign in again to get a new one.";
export const CODE_SENT_MESSAGE =
  "This account has had many failed sign-ins from elsewhere, so signing in from a new device needs a code: we e-mailed a 6-digit code to the account's address. It works once, for 10 minutes.";
export const CODE_RENEWED_MESSAGE =
  "That code has expired or was already used, so a new one was e-mailed to the account's address. It works once, for 10 minutes.";
export const CODE_MAIL_FAILED_MESSAGE =
  "The sign-in code could not be e-mailed. Please try again in a few minutes.";
