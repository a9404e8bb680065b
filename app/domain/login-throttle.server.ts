// Sign-in throttling, stored in MongoDB (`loginAttempts`, TTL) so every app instance counts the
// same attempts. Failed sign-ins are counted per account (normalized e-mail, known or not, so
// the answer reveals nothing) and per client address, over a sliding 15-minute window:
// - more than 5 per account, or more than LOGIN_IP_LIMIT (default 20) per address: further
//   attempts are refused with 429 until enough of the counted failures are 15 minutes old;
// - refused attempts are not counted, so the wait never grows: nobody can lock an admin out
//   for good, only for one window at a time (OWASP Authentication Cheat Sheet, "Account
//   lockout"; https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html);
// - a successful sign-in clears the account's counter (not the address's: one valid account
//   must not reset the count of guesses against the others);
// - a browser with a valid device cookie for the account (device-cookie.server.ts) is counted
//   under its own key (`device:<nonce>`, same limit) INSTEAD of the account's: failures from
//   elsewhere cannot lock out the admin's own browser, while every untrusted client still
//   shares the account-wide limit. The per-address limit applies to everyone.
//
// IPv6 addresses are counted per /64: one subscriber usually gets a whole /64 and can pick a
// new address in it for every request.
//
// Each attempt is written BEFORE the password is checked and counted with itself included, so
// fifty parallel requests cannot all slip in under the limit; an attempt that turns out to be
// refused or successful is removed again.
import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import { getEnv } from "../env.server";

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_ACCOUNT_LIMIT = 5;

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (ip: string) => `ip:${addressBucket(ip)}`;
export const deviceKey = (nonce: string) => `device:${nonce}`;

/** IPv4 as is; IPv6 as its /64 prefix (the first four groups, "::" expanded). */
export function addressBucket(ip: string): string {
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups.
  const right = tail ? tail.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  while (prefix.length < 4) prefix.push("0");
  return `${prefix.join(":")}::/64`;
}

export type AttemptStart =
  | { allowed: true; attemptIds: ObjectId[] }
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
 * Registers an attempt for this account and address, unless one of them is over its limit.
 * Call before checking the password; then `attemptSucceeded` or leave it counted as a failure.
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
  const key = input.device ? deviceKey(input.device) : accountKey(input.email);
  const account = { _id: new ObjectId(), key, at: now, expiresAt };
  const address = { _id: new ObjectId(), key: addressKey(input.ip), at: now, expiresAt };
  await loginAttempts.insertMany([account, address]);
  const ids = [account._id, address._id];
  // Counted without themselves but including every attempt that started before them: a
  // concurrent attempt sees this one, and this one sees it.
  const [accountWait, addressWait] = await Promise.all([
    waitForIncluding(account, LOGIN_ACCOUNT_LIMIT, now),
    waitForIncluding(address, ipLimit, now),
  ]);
  const retryAfterMs = Math.max(accountWait, addressWait);
  if (retryAfterMs > 0) {
    await loginAttempts.deleteMany({ _id: { $in: ids } });
    return { allowed: false, retryAfterMs };
  }
  return { allowed: true, attemptIds: ids };
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
 * The credentials were right: forget this attempt and every failure of the account (and of the
 * trusted device it came from, if any).
 */
export async function attemptSucceeded(
  email: string,
  attemptIds: ObjectId[],
  device?: string | null,
): Promise<void> {
  const { loginAttempts } = await getCollections();
  const keys = [accountKey(email), ...(device ? [deviceKey(device)] : [])];
  await loginAttempts.deleteMany({
    $or: [{ _id: { $in: attemptIds } }, { key: { $in: keys } }],
  });
}

/** Whole minutes to tell the visitor, never "0 minutes". */
export function minutesToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

export function throttledMessage(retryAfterMs: number): string {
  const minutes = minutesToWait(retryAfterMs);
  return `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}
