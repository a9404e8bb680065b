// Sign-in throttling, stored in MongoDB (`loginAttempts`, TTL) so every app instance counts the
// same attempts. Nobody can lock the rightful owner out (issue 20 finding 4), and nobody can
// guess a password at leisure. Failed sign-ins are counted over a sliding 15-minute window:
// - per address (`ip:`): more than LOGIN_IP_LIMIT (default 20), whatever the accounts;
// - per account and address (`pair:<e-mail>|<address>`): more than 5 for one account from one
//   address. Past either limit further attempts from that address are refused with 429 until
//   enough of the counted failures are 15 minutes old. Refused attempts are not counted, so
//   the wait never grows;
// - a browser with a valid device cookie for the account (device-cookie.server.ts) is counted
//   under its own key (`device:<nonce>`, same limit of 5) instead of the pair: it keeps its
//   budget wherever it goes, and failures from elsewhere never touch it;
// - per account (`account:<e-mail>`, with the address it came from), for untrusted clients
//   only: this is never a limit, since anyone on the internet can fill it. It is the evidence
//   of an attack: when a client without a device cookie starts an attempt and the account has
//   had at least ATTACK_THRESHOLD (5) failures in the window from addresses other than that
//   client's (IPv6 per /64), the account is UNDER ATTACK, and stays so for ATTACK_GUARD_MS
//   (7 days) after the last attempt that found this evidence (`guard:<e-mail>`, a TTL document:
//   every instance sees it, and it ends by itself). "Other addresses": failures from this
//   address are already held by the pair limit, and the owner's own typos must not send the
//   owner to their mailbox.
// - e-mails of sign-in codes per account (`code-mail:`): at most CODE_MAILS_PER_WINDOW, so
//   even someone who knows the password cannot flood the owner's mailbox.
//
// While the account is under attack, a client without a device cookie never signs in with the
// password alone, and never learns whether the password was right: right or wrong, it gets the
// same code step (auth.server.ts, api-token.server.ts), and its attempt stays counted as a
// failure either way (otherwise the throttle would tell: a right password would never reach
// 429). Only after the right password is a code e-mailed (sign-in-code.server.ts); after a
// wrong one the page's code step leads to a code that nothing matches. So a guesser learns
// nothing once the attack is noticed, and even the right password gets only a code to the
// owner's mailbox, which also tells the owner. Before that, answers are honest, but only while
// the attempt's address sees at most 4 failures from elsewhere and has had at most 4 of its
// own: at most 9 failures fit in a window then, so at most about 9 guesses per 15 minutes get
// an honest answer; a faster attack trips the guard.
//
// Why 7 days and not the 15-minute window: an attacker who stopped guessing must not get
// honest answers (or a session for a guessed password) by waiting 15 minutes and coming back
// from a fresh address. 7 days outlasts any patience worth having at 9 guesses a window, and
// costs the owner one e-mailed code per new device in that week (a device cookie lasts 180
// days). A password change ends it at once (`endAttack`, from admin.server.ts): guesses
// against the old password are worthless. A successful sign-in (with a code, or from a device
// cookie browser) does not end it: the attacker may still be out there.
// OWASP Authentication Cheat Sheet, "Account lockout" and "Login throttling":
// https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html
//
// A successful sign-in clears the failures of its own pair (or device), not the account's
// evidence nor the address's (one valid account must not reset the count of guesses against
// the others).
//
// IPv6 addresses are counted per /64: one subscriber usually gets a whole /64 and can pick a
// new address in it for every request.
//
// Each attempt is written BEFORE the password is checked and counted with itself included, so
// fifty parallel requests cannot all slip in under the limit; an attempt that turns out to be
// refused or successful is removed again.
import { type Db, ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import { collections } from "#db/collections";
import { addressBucket } from "~/lib/client-ip.server";
import { getEnv } from "../env.server";

export const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures per account and address (or per trusted device) before 429. */
export const LOGIN_PAIR_LIMIT = 5;
/** Failures of an account from other addresses that make it "under attack" (see above). */
export const ATTACK_THRESHOLD = 5;
/** How long an account stays under attack after the last attempt that found the evidence. */
export const ATTACK_GUARD_MS = 7 * 24 * 60 * 60_000;
/** Sign-in code e-mails per account per window. */
export const CODE_MAILS_PER_WINDOW = 5;

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (ip: string) => `ip:${addressBucket(ip)}`;
export const pairKey = (email: string, ip: string) => `pair:${email}|${addressBucket(ip)}`;
const deviceKey = (nonce: string) => `device:${nonce}`;
const codeMailKey = (email: string) => `code-mail:${email}`;
const guardKey = (email: string) => `guard:${email}`;

export type AttemptStart =
  | {
      allowed: true;
      attemptIds: ObjectId[];
      /** The pair's or the trusted device's key: its failures are forgotten on success. */
      ownKey: string;
      /**
       * The account is under attack for this client (see above): whatever the password, the
       * answer is the code step, and only a right password gets a code.
       */
      underAttack: boolean;
    }
  | { allowed: false; retryAfterMs: number };

/** How long until `key` has fewer than `limit` failures in the window (0: it already has). */
async function waitFor(key: string, limit: number, now: Date, exclude: ObjectId): Promise<number> {
  const { loginAttempts } = await getCollections();
  const filter = {
    key,
    at: { $gt: new Date(now.getTime() - LOGIN_WINDOW_MS) },
    _id: { $ne: exclude },
  };
  const count = await loginAttempts.countDocuments(filter);
  if (count < limit) return 0;
  // The failures are allowed again once the (count - limit + 1) oldest have left the window.
  const [pivot] = await loginAttempts
    .find(filter)
    .sort({ at: 1 })
    .skip(count - limit)
    .limit(1)
    .toArray();
  return pivot ? Math.max(1, pivot.at.getTime() + LOGIN_WINDOW_MS - now.getTime()) : 1;
}

/**
 * Registers an attempt for this account and address, unless the address or the pair (or the
 * trusted device) is over its limit. Call before checking the password; then
 * `attemptSucceeded`, or leave it counted as a failure.
 */
export async function beginLoginAttempt(input: {
  email: string;
  ip: string;
  /** The nonce of a valid device cookie for this account (trusted browser), if any. */
  device?: string | null;
  now?: Date;
  ipLimit?: number;
}): Promise<AttemptStart> {
  const now = input.now ?? new Date();
  const ipLimit = input.ipLimit ?? getEnv().LOGIN_IP_LIMIT;
  const { loginAttempts } = await getCollections();
  const expiresAt = new Date(now.getTime() + LOGIN_WINDOW_MS);
  const from = addressBucket(input.ip);
  const ownKey = input.device ? deviceKey(input.device) : pairKey(input.email, input.ip);
  const own = { _id: new ObjectId(), key: ownKey, at: now, expiresAt };
  const address = { _id: new ObjectId(), key: addressKey(input.ip), at: now, expiresAt };
  // The account's evidence of an attack: untrusted clients only (a device cookie's failures
  // are its owner's typos, or the 5 guesses a stolen cookie buys, counted under its key).
  const account = input.device
    ? []
    : [{ _id: new ObjectId(), key: accountKey(input.email), from, at: now, expiresAt }];
  await loginAttempts.insertMany([own, address, ...account]);
  const ids = [own._id, address._id, ...account.map((d) => d._id)];
  // Counted without themselves but including every attempt that started before them: a
  // concurrent attempt sees this one, and this one sees it.
  const [ownWait, addressWait] = await Promise.all([
    waitForIncluding(own, LOGIN_PAIR_LIMIT, now),
    waitForIncluding(address, ipLimit, now),
  ]);
  const retryAfterMs = Math.max(ownWait, addressWait);
  if (retryAfterMs > 0) {
    await loginAttempts.deleteMany({ _id: { $in: ids } });
    return { allowed: false, retryAfterMs };
  }
  const underAttack = input.device ? false : await isUnderAttack(input.email, from, now);
  return { allowed: true, attemptIds: ids, ownKey, underAttack };
}

/**
 * Whether the account is under attack for a client at `from` (see above): the evidence in the
 * window, which (re)starts the guard, or a guard still running.
 */
async function isUnderAttack(email: string, from: string, now: Date): Promise<boolean> {
  const { loginAttempts } = await getCollections();
  const evidence = await loginAttempts.countDocuments({
    key: accountKey(email),
    at: { $gt: new Date(now.getTime() - LOGIN_WINDOW_MS) },
    from: { $ne: from },
  });
  if (evidence >= ATTACK_THRESHOLD) {
    // One document per account (parallel upserts may make two: harmless, both end alike).
    // $max: an attempt that started earlier never shortens the guard.
    await loginAttempts.updateOne(
      { key: guardKey(email) },
      { $max: { at: now, expiresAt: new Date(now.getTime() + ATTACK_GUARD_MS) } },
      { upsert: true },
    );
    return true;
  }
  // The TTL monitor runs once a minute: the expiry is compared here too.
  const guard = await loginAttempts.countDocuments(
    { key: guardKey(email), expiresAt: { $gt: now } },
    { limit: 1 },
  );
  return guard > 0;
}

/**
 * The account's password changed (Change password, ADMIN_PASSWORD): the attack ends, its
 * guard and its evidence both, since guesses against the old password are worthless. A new
 * attack is noticed as the first one was. `db`: for start-up, before getCollections.
 */
export async function endAttack(email: string, db?: Db): Promise<void> {
  const { loginAttempts } = db ? collections(db) : await getCollections();
  await loginAttempts.deleteMany({ key: { $in: [guardKey(email), accountKey(email)] } });
}

/** Failures of `doc.key` that came before `doc` (ties broken by id, which grows with time). */
async function waitForIncluding(
  doc: { _id: ObjectId; key: string },
  limit: number,
  now: Date,
): Promise<number> {
  const { loginAttempts } = await getCollections();
  const earlier = await loginAttempts.countDocuments({
    key: doc.key,
    at: { $gt: new Date(now.getTime() - LOGIN_WINDOW_MS) },
    _id: { $lt: doc._id },
  });
  // Fewer than `limit` earlier attempts: this one is within the allowance.
  if (earlier < limit) return 0;
  return waitFor(doc.key, limit, now, doc._id);
}

/**
 * The credentials were right and the client signs in: forget this attempt and the failures of
 * its pair (or trusted device). The account's evidence of an attack stays for its window, and
 * its guard for its 7 days: the owner got in, but the attacker may still be out there.
 */
export async function attemptSucceeded(attempt: {
  attemptIds: ObjectId[];
  ownKey: string;
}): Promise<void> {
  const { loginAttempts } = await getCollections();
  await loginAttempts.deleteMany({
    $or: [{ _id: { $in: attempt.attemptIds } }, { key: attempt.ownKey }],
  });
}

/**
 * Registers one sign-in code e-mail for the account, unless CODE_MAILS_PER_WINDOW were sent in
 * the window: then how long to wait. Not removed afterwards: every mail counts.
 */
export async function beginCodeMail(
  email: string,
  now: Date = new Date(),
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  const { loginAttempts } = await getCollections();
  const doc = {
    _id: new ObjectId(),
    key: codeMailKey(email),
    at: now,
    expiresAt: new Date(now.getTime() + LOGIN_WINDOW_MS),
  };
  await loginAttempts.insertOne(doc);
  const retryAfterMs = await waitForIncluding(doc, CODE_MAILS_PER_WINDOW, now);
  if (retryAfterMs === 0) return { allowed: true };
  await loginAttempts.deleteOne({ _id: doc._id });
  return { allowed: false, retryAfterMs };
}

/** Whole minutes to tell the visitor, never "0 minutes". */
function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

const waitText = (ms: number) => {
  const minutes = minutesToWait(ms);
  return `Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
};

export function throttledMessage(retryAfterMs: number): string {
  return `Too many sign-in attempts. ${waitText(retryAfterMs)}`;
}
