// Renders per client address (issue 20 finding 10). A page served from the page cache costs a
// map look-up; one React Router renders costs the database reads and the render (milliseconds
// of CPU). Canonical URLs (lib/canonical-url.server.ts) keep the cacheable pages few, but some
// renders are per request by nature (`.data` requests, visitors with saved internships, 404
// pages, every new campaign tag value): past RENDER_IP_LIMIT of those a minute from one address
// (IPv6: one /64), further ones get a 429 with Retry-After until the minute ends.
//
// Counted in MongoDB (`rateLimits`, the forms' collection and TTL) so every app instance behind
// the load balancer shares one count, but without a database round trip per render: each
// instance counts in memory, and once a second writes what it counted (one $inc upsert per
// address that rendered, in one bulk write) and reads back the shared totals. So an address is
// held to the limit at once on one instance, and across instances within a second's worth of
// renders each. If the database cannot be written, each instance still holds every address to
// the limit on its own.
import { type AnyBulkWriteOperation, MongoBulkWriteError } from "mongodb";
import { getCollections } from "#db/client.server";
import type { RateLimitDoc } from "#db/collections";
import { addressBucket } from "~/domain/login-throttle.server";

export const RENDER_WINDOW_MS = 60_000;
const FLUSH_MS = 1_000;

export interface RenderBudgetResult {
  allowed: boolean;
  /** When the window ends (when a refused client may try again). */
  retryAfterMs: number;
}

/** Where the instances' counts meet: adds each delta, answers the new totals. */
export interface SharedCounts {
  add(deltas: { id: string; count: number; expiresAt: Date }[]): Promise<Map<string, number>>;
}

interface Window {
  /** Renders counted here and not yet written. */
  pending: number;
  /** The shared total as last read, plus what this instance wrote since. */
  shared: number;
  end: number;
}

export class RenderBudget {
  private readonly windows = new Map<string, Window>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private failing = false;
  private readonly now: () => number;

  constructor(
    private readonly options: {
      limit: number;
      store: SharedCounts;
      windowMs?: number;
      flushMs?: number;
      now?: () => number;
      log?: (line: string) => void;
    },
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one render for `ip`, or refuses it. Synchronous: no database round trip. Refused
   * renders are not counted (they cost nothing, and need no write).
   */
  hit(ip: string): RenderBudgetResult {
    const windowMs = this.options.windowMs ?? RENDER_WINDOW_MS;
    const now = this.now();
    const start = now - (now % windowMs);
    const id = `render:${addressBucket(ip)}:${start}`;
    let window = this.windows.get(id);
    if (!window) {
      window = { pending: 0, shared: 0, end: start + windowMs };
      this.windows.set(id, window);
    }
    const retryAfterMs = Math.max(1000, window.end - now);
    if (window.shared + window.pending >= this.options.limit) {
      return { allowed: false, retryAfterMs };
    }
    window.pending += 1;
    this.schedule();
    return { allowed: true, retryAfterMs };
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushMs ?? FLUSH_MS);
    this.timer.unref?.();
  }

  /** Writes what was counted since the last write and reads back the shared totals. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const now = this.now();
    const batch: { id: string; count: number; expiresAt: Date; window: Window }[] = [];
    for (const [id, window] of this.windows) {
      if (window.end <= now) {
        // The window is over: what it still had to write no longer limits anyone.
        this.windows.delete(id);
      } else if (window.pending > 0) {
        batch.push({ id, count: window.pending, expiresAt: new Date(window.end), window });
        window.shared += window.pending;
        window.pending = 0;
      }
    }
    if (batch.length === 0) return;
    this.flushing = (async () => {
      try {
        const totals = await this.options.store.add(batch);
        for (const { id, window } of batch) {
          const total = totals.get(id);
          // Never below what this instance knows of: a total read back is at least ours.
          if (total !== undefined) window.shared = Math.max(window.shared, total);
        }
        if (this.failing) this.options.log?.("[render budget] shared counts written again");
        this.failing = false;
      } catch (error) {
        // Kept in memory (still counted here) and written with the next batch.
        for (const { count, window } of batch) {
          window.shared -= count;
          window.pending += count;
        }
        if (!this.failing) {
          const reason = error instanceof Error ? error.message : String(error);
          this.options.log?.(`[render budget] could not write shared counts: ${reason}`);
        }
        this.failing = true;
      } finally {
        this.flushing = undefined;
        if ([...this.windows.values()].some((window) => window.pending > 0)) this.schedule();
      }
    })();
    return this.flushing;
  }

  /** Stops the timer (shutdown, tests). What was not written yet is dropped. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** The shared counts in MongoDB: one bulk write of $inc upserts, one read of the totals. */
export const mongoSharedCounts: SharedCounts = {
  async add(deltas) {
    const { rateLimits } = await getCollections();
    const operations: AnyBulkWriteOperation<RateLimitDoc>[] = deltas.map((delta) => ({
      updateOne: {
        filter: { _id: delta.id },
        update: { $inc: { count: delta.count }, $setOnInsert: { expiresAt: delta.expiresAt } },
        upsert: true,
      },
    }));
    // Unordered: one counter's failure does not stop the others. Two instances inserting the
    // same new counter at once: the loser's $inc is tried again, now on the existing counter.
    try {
      await rateLimits.bulkWrite(operations, { ordered: false });
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const failed = ([] as { index: number; code?: number }[]).concat(error.writeErrors);
      if (failed.length === 0 || failed.some((e) => e.code !== 11000)) throw error;
      const again = failed.flatMap((e) => operations[e.index] ?? []);
      await rateLimits.bulkWrite(again, { ordered: false });
    }
    const docs = await rateLimits
      .find({ _id: { $in: deltas.map((delta) => delta.id) } }, { projection: { count: 1 } })
      .toArray();
    return new Map(docs.map((doc) => [doc._id, doc.count]));
  },
};

/** Requests that reach React Router for a page: what the budget counts. */
export function isRenderRequest(method: string, path: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  // The back office (signed in), the API, build files and route discovery are not page renders.
  if (/^\/(?:admin|api|assets|images)(?:[/.]|$)/i.test(path) || path.startsWith("/__")) {
    return false;
  }
  // Files (sitemap, feed, robots.txt) are small resource routes; a page's `.data` is a render.
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".data");
}

/** The answer to a refused render: small, self-contained, not kept by any cache. */
export function tooManyRendersPage(retryAfterSeconds: number, nonce?: string): string {
  const style = nonce ? ` nonce="${nonce}"` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Too many requests</title>
<style${style}>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 32rem; padding: 2rem; text-align: center; }
  p { line-height: 1.6; color: #334155; }
  a { color: #1d4ed8; font-weight: 600; }
</style>
</head>
<body>
<main>
  <h1>Too many requests</h1>
  <p>This address has asked for more pages than we serve in a minute. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.</p>
  <p><a href="">Try again</a></p>
</main>
</body>
</html>`;
}
