// The password policy, applied wherever a password is SET: `npm run admin:create`, adding an
// admin, changing a password and ADMIN_PASSWORD at start-up. Signing in never applies it (an
// older password must still let its owner in to change it).
//
// NIST SP 800-63B §3.1.1.2: at least 8 characters (we ask 12, as the issue does), allow at least
// 64 (we allow 128: argon2 hashes any length, the cap only bounds the work per request), no
// composition rules, but refuse values from lists of commonly used or compromised passwords and
// repetitive or sequential characters. https://pages.nist.gov/800-63-4/sp800-63b.html
import { dictionary } from "@zxcvbn-ts/language-common";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The 49,233 most common passwords of zxcvbn-ts's maintained "passwords-common" dictionary
 * (@zxcvbn-ts/language-common), lower-cased; matched case-insensitively.
 */
export const COMMON_PASSWORDS: readonly string[] = dictionary["passwords-common"].map((p) =>
  String(p).toLowerCase(),
);
const COMMON = new Set(COMMON_PASSWORDS);

// Runs people type instead of choosing a password; checked in both directions.
const SEQUENCES = [
  "0123456789",
  "abcdefghijklmnopqrstuvwxyz",
  "qwertyuiopasdfghjklzxcvbnm",
  "qwertzuiopasdfghjklyxcvbnm",
  "azertyuiopqsdfghjklmwxcvbn",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
];

/** Code points, not UTF-16 units: an emoji is one character to the person typing it. */
export function passwordLength(password: string): number {
  return Array.from(password).length;
}

/** True when the password only walks along one of the sequences (wrapping around). */
function isSequential(lower: string): boolean {
  return SEQUENCES.some((sequence) => {
    for (const run of [sequence, [...sequence].reverse().join("")]) {
      const cycle = run + run;
      let ok = true;
      for (let i = 0; i + 1 < lower.length && ok; i++) {
        const at = run.indexOf(lower[i] as string);
        ok = at >= 0 && cycle[at + 1] === lower[i + 1];
      }
      if (ok) return true;
    }
    return false;
  });
}

/**
 * Why this password may not be set, as a sentence for the person choosing it, or null when it
 * passes. `email` (the account's) is refused as a password too.
 */
export function passwordPolicyProblem(
  password: string,
  context: { email?: string } = {},
): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  const lower = password.toLowerCase();
  const squeezed = lower.replace(/\s+/g, "");
  if (COMMON.has(lower) || COMMON.has(squeezed)) {
    return "This password is on a list of commonly used passwords. Choose another one.";
  }
  if (new Set(Array.from(squeezed)).size < 4 || isSequential(squeezed)) {
    return "This password is too predictable (repeated or sequential characters). Choose another one.";
  }
  const email = context.email?.trim().toLowerCase();
  if (email && (lower.includes(email) || lower === email.split("@")[0])) {
    return "Do not use your e-mail address as the password.";
  }
  return null;
}
