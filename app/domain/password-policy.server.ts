// The password policy, applied wherever a password is SET: `npm run admin:create`, adding an
// admin (Admins page and POST /api/auth/register), changing a password and ADMIN_PASSWORD at
// start-up. Signing in never applies it (an older password must still let its owner in to
// change it).
//
// NIST SP 800-63B §3.1.1.2: at least 8 characters (we ask 12), allow at least 64 (we allow 128:
// argon2 hashes any length, the cap only bounds the work per request), no composition rules,
// but refuse values that are commonly used, expected or compromised, or repetitive or
// sequential. https://pages.nist.gov/800-63-4/sp800-63b.html
//
// "Commonly used or predictable" is zxcvbn's estimate of the guesses an attacker needs, with its
// common-password, English and keyboard dictionaries, plus the words a guesser tries first for
// this account and site (e-mail, brand, host). It finds what the hand-written list and sequence
// checks found before (the 49,233 common passwords in any case and with l33t, "abcd", "qwerty",
// repeats) and what they missed: a common word with digits and symbols ("Password123456",
// "Summer2026!!"). https://github.com/zxcvbn-ts/zxcvbn
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonWords } from "@zxcvbn-ts/language-common";
import { dictionary as englishWords, translations } from "@zxcvbn-ts/language-en";
import { FALLBACK_BRAND } from "~/lib/seo";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's score (0-4) a new password needs, on the scale below. */
const PASSWORD_MIN_SCORE = 3;

/**
 * zxcvbn's score boundaries in guesses, one decade stricter than its defaults (1e3, 1e6, 1e8,
 * 1e10, set in 2012). Its documented knob "to account for increasingly powerful attacker
 * hardware"; the default put a word plus a year and two symbols ("Summer2026!!", the classic
 * password-spraying pick) at 1.0001e8 guesses, a score of 3. With these it needs 1e9.
 */
const SCORE_BOUNDARIES = { 0: 1e4, 1: 1e7, 2: 1e9, 3: 1e11 };

/**
 * Characters zxcvbn looks at. Its matching grows with the square of the length and with the
 * number of l33t characters (a 128-digit value took over a second); past 64 characters only
 * the first 64 are scored, so a long passphrase must be strong in its first 64 characters.
 */
const SCORED_LENGTH = 64;

let factory: ZxcvbnFactory | undefined;

/** Built on first use (ranking the dictionaries takes ~150 ms), then shared by every check. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonWords, ...englishWords },
    graphs: adjacencyGraphs,
    translations,
    maxLength: SCORED_LENGTH,
    // Substitutions tried per password (default 100): bounds the l33t search, the costly part.
    l33tMaxSubstitutions: 20,
    timeEstimationValues: {
      scoring: SCORE_BOUNDARIES,
      attackTime: {
        onlineThrottlingXPerHour: 100,
        onlineNoThrottlingXPerSecond: 10,
        offlineSlowHashingXPerSecond: 1e4,
        offlineFastHashingXPerSecond: 1e10,
      },
    },
  });
  return factory;
}

/** Code points, not UTF-16 units: an emoji is one character to the person typing it. */
export function passwordLength(password: string): number {
  return Array.from(password).length;
}

export interface PasswordContext {
  /** The account's e-mail address. */
  email?: string;
  /** The site's own words: its brand (the site settings' brand name) and host name. */
  site?: string[];
}

/** What a guesser tries first here: the e-mail and its parts, the site's name and words. */
function guesserWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  for (const value of [context.email, FALLBACK_BRAND, ...(context.site ?? [])]) {
    const lower = value?.trim().toLowerCase();
    if (!lower) continue;
    words.add(lower);
    words.add(lower.split("@")[0] as string);
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Why this password may not be set, as sentences for the person choosing it (what is wrong and
 * what would help), or null when it passes.
 */
export function passwordPolicyProblem(
  password: string,
  context: PasswordContext = {},
): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  const { score, feedback } = zxcvbn().check(password, guesserWords(context));
  if (score >= PASSWORD_MIN_SCORE) return null;
  // Below the score, zxcvbn always suggests at least "Add more words that are less common."
  return ["This password is too easy to guess.", feedback.warning, ...feedback.suggestions]
    .filter(Boolean)
    .join(" ");
}
