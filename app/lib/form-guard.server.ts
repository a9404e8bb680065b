// Spam protection of the public forms (quote, contact, newsletter), without captchas or cookies:
// - a honeypot: a field people never see (hidden with CSS, out of the tab order, labelled
//   "leave empty") that form-filling bots fill in;
// - a minimum fill time: every form carries a token signed by the server with the time the
//   page was made; a post that comes back sooner than FORM_MIN_FILL_SECONDS, or with a token
//   the server did not sign, is a script, not a person. The token also expires after a day, so
//   one harvested token cannot be replayed for ever.
// A rejected post is not stored. The visitor sees why and keeps what they typed, and the page
// that comes back carries a fresh token, so a person who was merely quick can send again.
// See docs/decisions/010-visitor-form-protection.md.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/env.server";
import { getSessionSecret } from "./settings.server";

/** The hidden fields every protected form carries. */
export const FORM_TOKEN_FIELD = "formToken";
const HONEYPOT_FIELD = "website";

export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Clocks of several app instances may differ a little. */
const CLOCK_SKEW_MS = 60_000;

export const TOO_FAST_MESSAGE =
  "That was quicker than a person can fill in this form. Please check your details and send it again.";
export const EXPIRED_MESSAGE =
  "This form was open for a long time and has expired. Please send it again.";
export const SPAM_MESSAGE =
  "Your submission looks automated and was not sent. If you are a person, please reload the page and try again.";

function sign(payload: string, secret: string): string {
  return createHmac("sha256", `form-token:${secret}`).update(payload).digest("base64url");
}

/** A token saying "this form was handed out at `now`", for a hidden field. */
export async function issueFormToken(now: Date = new Date()): Promise<string> {
  const payload = `v1.${now.getTime()}`;
  return `${payload}.${sign(payload, await getSessionSecret())}`;
}

export type GuardVerdict =
  | { ok: true }
  | { ok: false; reason: "honeypot" | "bad-token" | "too-fast" | "expired"; message: string };

/**
 * Whether the honeypot's values (every one posted under its name; none when it was left out)
 * hold anything: the check of the forms and of the JSON API's public posts alike.
 */
export function honeypotFilled(values: readonly unknown[]): boolean {
  return values.some(
    (value) => value !== undefined && (typeof value !== "string" || value.trim() !== ""),
  );
}

/** Checks the honeypot and the token of a submitted form. */
export async function checkFormGuard(
  form: FormData,
  options: { now?: Date; minFillMs?: number } = {},
): Promise<GuardVerdict> {
  const now = (options.now ?? new Date()).getTime();
  const minFillMs = options.minFillMs ?? getEnv().FORM_MIN_FILL_SECONDS * 1000;

  // Every value counts: `website=&website=spam` is a filled honeypot too.
  if (honeypotFilled(form.getAll(HONEYPOT_FIELD))) {
    return { ok: false, reason: "honeypot", message: SPAM_MESSAGE };
  }

  const token = form.get(FORM_TOKEN_FIELD);
  const match = typeof token === "string" ? /^(v1\.(\d{1,15}))\.([\w-]{43})$/.exec(token) : null;
  if (!match?.[1] || !match[2] || !match[3]) {
    return { ok: false, reason: "bad-token", message: SPAM_MESSAGE };
  }
  const expected = Buffer.from(sign(match[1], await getSessionSecret()));
  const given = Buffer.from(match[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "bad-token", message: SPAM_MESSAGE };
  }
  const issuedAt = Number(match[2]);
  if (issuedAt > now + CLOCK_SKEW_MS)
    return { ok: false, reason: "bad-token", message: SPAM_MESSAGE };
  if (now - issuedAt > FORM_TOKEN_MAX_AGE_MS) {
    return { ok: false, reason: "expired", message: EXPIRED_MESSAGE };
  }
  // A token of a cached page is stamped with the end of the short window it was handed out in
  // (lib/page-cache.server.ts), so it may be a few seconds ahead of the clock: never accepted
  // before then plus the minimum. With no minimum (0, the Playwright server), none is waited for.
  if (minFillMs > 0 && now - issuedAt < minFillMs)
    return { ok: false, reason: "too-fast", message: TOO_FAST_MESSAGE };
  return { ok: true };
}
