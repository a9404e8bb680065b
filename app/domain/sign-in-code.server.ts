// One-time sign-in codes (issue 20 finding 4): while an account is under attack
// (login-throttle.server.ts), a client without a device cookie gets the code step instead of a
// session, whether its password was right or wrong, and only a right password gets a 6-digit
// code e-mailed to the account; the code signs in.
// - Never a different answer for a wrong password: the sign-in page's step after a wrong
//   password (or when the account's code e-mails are used up) is backed by a decoy, a stored
//   "code" that no code matches, with the same tries, expiry and messages; the API's answers
//   do not depend on any code's state at all (api-token.server.ts). The e-mail is sent after
//   the response, so its delay does not tell either.
// - Sent only after the right password, at most CODE_MAILS_PER_WINDOW e-mails per account per
//   15 minutes: without the password nobody can send any.
// - Valid 10 minutes (a TTL index deletes it; every check compares the expiry too), used once,
//   void after SIGN_IN_CODE_MAX_TRIES wrong tries; each try is also a failure for the sign-in
//   throttle of its address. 5 tries at one in a million each, per code. A password change
//   voids them all (admin.server.ts).
// - Stored in MongoDB (every app instance sees it) as an HMAC of the code keyed with the
//   session secret: a copy of the database alone does not give the code away (a plain hash of
//   6 digits would, by trying all million).
// - Tied to who asked for it, so nobody else can spend its tries: the sign-in page's code is
//   tied to a random challenge that only the page that sent the password holds (a hidden
//   field); the API's to the password, which the second call sends again.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { type Db, ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import { collections, type SignInCodeDoc } from "#db/collections";
import { defaultFrom, sendMail } from "~/lib/mailer.server";
import { getSessionSecret } from "~/lib/settings.server";
import type { Actor } from "./audit";
import { recordSignIn } from "./audit.server";
import { beginCodeMail } from "./login-throttle.server";
import { getSiteIdentity } from "./site-content.server";

export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_MAX_TRIES = 5;
/** The page's challenge: 32 random bytes, base64url. */
const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type Channel = SignInCodeDoc["channel"];

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function codeHash(id: ObjectId, code: string): Promise<string> {
  return createHmac("sha256", await getSessionSecret())
    .update(`${id.toHexString()}:${code}`)
    .digest("hex");
}

export interface CodeIssue {
  /** The page's challenge, for the code form's hidden field (null for the API); always given. */
  challenge: string | null;
  /**
   * sent: a code is on its way; mails-used-up: the right password, but CODE_MAILS_PER_WINDOW
   * were e-mailed in the window already; wrong-password: nothing was sent. The caller answers
   * all three alike and records them (recordCodeStep).
   */
  outcome: "sent" | "mails-used-up" | "wrong-password";
}

/**
 * The code step for `actor.email` (the password was just checked, `passwordRight` says how).
 * Right: a code, e-mailed after the response. Otherwise, for the page, a decoy behind the
 * challenge. "api" replaces the account's earlier API code (the caller proves itself with the
 * password again, so one is enough).
 */
export async function issueSignInCode(input: {
  actor: Actor;
  channel: Channel;
  passwordRight: boolean;
  now?: Date;
  /** For tests: the code instead of a random one. */
  code?: string;
}): Promise<CodeIssue> {
  const now = input.now ?? new Date();
  const email = input.actor.email;
  const challenge = input.channel === "page" ? randomBytes(32).toString("base64url") : null;
  let outcome: CodeIssue["outcome"] = "wrong-password";
  if (input.passwordRight) {
    outcome = (await beginCodeMail(email, now)).allowed ? "sent" : "mails-used-up";
  }
  // The API's answers never depend on a code's state: nothing to store without a code.
  if (input.channel === "api" && outcome !== "sent") return { challenge, outcome };
  const { signInCodes } = await getCollections();
  const code =
    outcome === "sent" ? (input.code ?? String(randomInt(0, 1_000_000)).padStart(6, "0")) : null;
  const _id = new ObjectId();
  if (input.channel === "api") await signInCodes.deleteMany({ email, channel: "api" });
  await signInCodes.insertOne({
    _id,
    email,
    channel: input.channel,
    ...(challenge ? { challenge: sha256(challenge) } : {}),
    // A decoy's HMAC is of 32 random bytes: no 6-digit code can match it.
    codeHash: await codeHash(_id, code ?? randomBytes(32).toString("hex")),
    tries: 0,
    ...(code ? {} : { decoy: true as const }),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS),
  });
  if (code) deliverCode({ actor: input.actor, code, now });
  return { challenge, outcome };
}

/** The audit entry of a code step: who asked, and whether a code went out. */
export function recordCodeStep(
  actor: Actor,
  outcome: CodeIssue["outcome"],
  now: Date,
): Promise<void> {
  switch (outcome) {
    case "sent":
      return recordSignIn(
        actor,
        "code-sent",
        now,
        "Right password while under attack; code e-mailed",
      );
    case "mails-used-up":
      return recordSignIn(actor, "throttled", now);
    case "wrong-password":
      return recordSignIn(actor, "invalid", now);
  }
}

const inFlight = new Set<Promise<void>>();

/**
 * E-mails the code after the response: an SMTP round trip inside the request would make the
 * right password's answer measurably slower than a wrong one's. A failure is logged by the
 * mailer and recorded in the audit log; the owner starts again.
 */
function deliverCode(input: { actor: Actor; code: string; now: Date }): void {
  const job = (async () => {
    const site = await getSiteIdentity();
    const { subject, text } = composeCodeMail({
      code: input.code,
      brand: site.brand,
      ip: input.actor.ip ?? "an unknown address",
      now: input.now,
    });
    const sent = await sendMail({
      from: defaultFrom(site.brand),
      to: input.actor.email,
      subject,
      text,
    });
    // Skipped (no SMTP_URL): the mailer logged the subject, which carries the code.
    if (sent.status === "failed") {
      await recordSignIn(input.actor, "code-sent", new Date(), "The code e-mail could not be sent");
    }
  })()
    .catch((error: unknown) => {
      console.error(`[mail] Sending a sign-in code to ${input.actor.email} failed:`, error);
    })
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** Resolves when every code e-mail started so far has finished (tests, shutdown). */
export async function settleSignInCodeMails(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** The account's password changed: codes asked for with the old one are void. */
export async function voidSignInCodes(email: string, db?: Db): Promise<void> {
  const { signInCodes } = db ? collections(db) : await getCollections();
  await signInCodes.deleteMany({ email });
}

/**
 * The e-mail. The code is in the subject too: it is what the log shows when SMTP_URL is unset,
 * and what a phone shows without opening the message.
 */
function composeCodeMail(input: { code: string; brand: string; ip: string; now: Date }): {
  subject: string;
  text: string;
} {
  return {
    subject: `${input.code} is your ${input.brand} sign-in code`,
    text: [
      `Your sign-in code is ${input.code}. It works once, for 10 minutes.`,
      "",
      "This account has recently had many failed sign-ins from other addresses, so signing in",
      "from a new device needs this code as well as the password. It was asked for with the",
      `correct password from ${input.ip} at ${input.now.toISOString()}.`,
      "",
      "If that was not you, someone knows your password: sign in from a device you have used",
      "before (it needs no code) and change your password.",
    ].join("\n"),
  };
}

export type CodeCheck =
  | { kind: "ok" }
  /** `decoy`: no code was ever sent for it (for the audit log only, never for the client). */
  | { kind: "wrong"; triesLeft: number; decoy: boolean }
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
  return { kind: "wrong", triesLeft, decoy: doc.decoy === true };
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
/** The API's first answer under attack, whatever the password. */
export const CODE_STEP_MESSAGE =
  "This account has recently had many failed sign-ins from elsewhere, so signing in from a new device needs a code as well as the password. If the e-mail and password are right, a 6-digit code was e-mailed to the account's address (at most 5 in 15 minutes): send it as `code` with the same e-mail and password. It works once, for 10 minutes.";
/** The API's answer under attack to a call with `code` that does not sign in, whatever was wrong. */
export const CODE_REFUSED_MESSAGE =
  "Not signed in: the code is not right or no longer works, or the e-mail or password is not. Call again without `code` to have a new code e-mailed.";
