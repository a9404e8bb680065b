// Per-address limits on the public forms, counted in MongoDB (`rateLimits`, TTL) so every app
// instance behind the load balancer shares one count. Fixed windows: the counter of
// "<scope>:<address>:<window start>" is incremented atomically ($inc with upsert), so a burst of
// parallel posts cannot slip past the limit, and the document expires with its window.
// IPv6 addresses count per /64, like the sign-in throttle (a subscriber gets a whole /64).
import { MongoServerError } from "mongodb";
import { getCollections } from "#db/client.server";
import { addressBucket } from "./client-ip.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Posts counted in this window, this one included. */
  count: number;
  /** When the window ends (when a refused client may try again). */
  retryAfterMs: number;
}

/**
 * Counts one post of `scope` from `ip` and says whether it is within `limit` per `windowMs`.
 * Refused posts are counted too: hammering does not reopen the window.
 */
export async function hitRateLimit(input: {
  scope: string;
  ip: string;
  limit: number;
  windowMs: number;
  now?: Date;
}): Promise<RateLimitResult> {
  const now = (input.now ?? new Date()).getTime();
  const windowStart = now - (now % input.windowMs);
  const windowEnd = windowStart + input.windowMs;
  const _id = `${input.scope}:${addressBucket(input.ip)}:${windowStart}`;
  const { rateLimits } = await getCollections();
  const update = () =>
    rateLimits.findOneAndUpdate(
      { _id },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(windowEnd) } },
      { upsert: true, returnDocument: "after" },
    );
  let doc: Awaited<ReturnType<typeof update>>;
  try {
    doc = await update();
  } catch (error) {
    // Two first posts of a window raced to insert the counter: the loser now finds it.
    if (!(error instanceof MongoServerError && error.code === 11000)) throw error;
    doc = await update();
  }
  const count = doc?.count ?? 1;
  return { allowed: count <= input.limit, count, retryAfterMs: Math.max(1000, windowEnd - now) };
}

/** "Please try again in 12 minutes." */
export function retryAfterText(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
