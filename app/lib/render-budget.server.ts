// Renders per client address (issue 20 finding 10). A page served from the page cache costs a
// map look-up; one React Router renders costs the database reads and the render (milliseconds
// of CPU). Canonical URLs (lib/canonical-url.server.ts) keep the cacheable pages few, but some
// renders are per request by nature (`.data` requests, visitors with saved internships, 404
// pages of any path, every new campaign tag value): past RENDER_IP_LIMIT of those a minute from
// one address (IPv6: one /64), further ones get a 429 with Retry-After until the minute ends.
// An IPv6 /48 (one site's allocation, 65,536 /64s) gets RENDER_NETWORK_FACTOR times that in
// all, so splitting it into /64s buys a few addresses' worth of renders, not 65,536, and the
// counters kept per minute stay bounded by the renders allowed.
//
// What counts is decided from the route React Router matches (rendersOf), not from the path's
// shape: every GET or HEAD that reaches React Router counts, except the resource routes (no
// component: the API, files, feeds, images), the route manifest and the back office behind its
// sign-in guard.
//
// Counted in MongoDB (`rateLimits`, the forms' collection and TTL) so every app instance behind
// the load balancer shares one count, but without a database round trip per render: each
// instance counts in memory, and once a second writes what it counted (one $inc upsert per
// address and network that rendered, in one bulk write) and reads back the shared totals. So an
// address is held to the limit at once on one instance, and across instances within a second's
// worth of renders each. If the database cannot be written, each instance still holds every
// address to the limit on its own.
import { type AnyBulkWriteOperation, MongoBulkWriteError } from "mongodb";
import type { ServerBuild } from "react-router";
import { getCollections } from "#db/client.server";
import type { RateLimitDoc } from "#db/collections";
import { addressBucket } from "./client-ip.server";
import { routeMatcher, routeTree } from "./route-tree.server";

const RENDER_WINDOW_MS = 60_000;
const FLUSH_MS = 1_000;

/**
 * An IPv6 /48's renders a minute, in addresses' worth (RENDER_IP_LIMIT each). More than one: a
 * mobile carrier hands each phone its own /64, many of them from one /48, and those visitors are
 * as many people as the /64s. Few enough that a /48 is not 65,536 budgets.
 */
export const RENDER_NETWORK_FACTOR = 10;

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
  /** What it may count in a minute. */
  limit: number;
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
      /** An IPv6 /48's limit; RENDER_NETWORK_FACTOR × `limit` unless given. */
      networkLimit?: number;
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
   * Counts one render for `ip` (and its IPv6 /48), or refuses it. Synchronous: no database round
   * trip. Refused renders are not counted (they cost nothing, and need no write), and a /48 past
   * its limit gets no new /64 counter.
   */
  hit(ip: string): RenderBudgetResult {
    const windowMs = this.options.windowMs ?? RENDER_WINDOW_MS;
    const now = this.now();
    const start = now - (now % windowMs);
    const retryAfterMs = Math.max(1000, start + windowMs - now);
    const bucket = addressBucket(ip);
    const network = networkOf(bucket);
    const limit = this.options.limit;
    const networkLimit = this.options.networkLimit ?? limit * RENDER_NETWORK_FACTOR;
    const shared = network ? this.window(network, start, windowMs, networkLimit) : undefined;
    if (shared && shared.shared + shared.pending >= shared.limit) {
      return { allowed: false, retryAfterMs };
    }
    const own = this.window(bucket, start, windowMs, limit);
    if (own.shared + own.pending >= own.limit) return { allowed: false, retryAfterMs };
    own.pending += 1;
    if (shared) shared.pending += 1;
    this.schedule();
    return { allowed: true, retryAfterMs };
  }

  /** How many counters this instance holds (tests). */
  get size(): number {
    return this.windows.size;
  }

  private window(bucket: string, start: number, windowMs: number, limit: number): Window {
    const id = `render:${bucket}:${start}`;
    let window = this.windows.get(id);
    if (!window) {
      window = { limit, pending: 0, shared: 0, end: start + windowMs };
      this.windows.set(id, window);
    }
    return window;
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

/** An IPv6 address bucket's /48 ("2001:db8:1::/48"); undefined for IPv4. */
function networkOf(bucket: string): string | undefined {
  if (!bucket.endsWith("::/64")) return undefined;
  return `${bucket.split(":", 3).join(":")}::/48`;
}

/**
 * The layout every back-office page sits in. Its middleware demands a signed-in admin before
 * any loader runs (routes/admin/guard.test.ts): signed out, every page under it is a redirect
 * to the sign-in page (a signed cookie checked, no render); signed in, the admin's own work.
 */
const ADMIN_LAYOUT_ID = "routes/admin/layout";

/**
 * Which requests of `build` the budget counts: a GET or HEAD React Router answers with a page
 * render. Decided from the route React Router matches (its own matcher, ranking and decoding;
 * a `.data` request matched as React Router strips it), so no spelling of a path escapes it:
 * - not counted: the route manifest, the back office behind its guard (ADMIN_LAYOUT_ID), and a
 *   document request for a resource route (React Router's own test: a leaf module with neither
 *   a component nor an error boundary: the API, sitemap, robots.txt, the feed, images);
 * - counted: everything else, the catch-all 404 page of any path included, and every `.data`
 *   request (it runs the matched loaders, the root's included).
 */
export function rendersOf(build: ServerBuild): (method: string, path: string) => boolean {
  const match = routeMatcher(routeTree(build.routes));
  const manifestPath =
    build.routeDiscovery?.mode === "lazy"
      ? build.routeDiscovery.manifestPath || "/__manifest"
      : undefined;
  // The answer depends on the path alone (the build is fixed), and matching the route tree
  // costs about 2 % of a page render, so answers are kept per path. Paths come from anyone:
  // at most RENDER_PATHS_KEPT are kept, the oldest forgotten first.
  const known = new Map<string, boolean>();
  const counts = (path: string): boolean => {
    let answer = known.get(path);
    if (answer === undefined) {
      answer = countsPath(path);
      if (known.size >= RENDER_PATHS_KEPT) known.delete(known.keys().next().value as string);
      known.set(path, answer);
    }
    return answer;
  };
  const countsPath = (path: string): boolean => {
    const data = path.endsWith(".data");
    // As React Router reads a data request (future.v8_trailingSlashAwareDataRequests).
    const routePath = !data
      ? path
      : path.endsWith("/_.data")
        ? path.slice(0, -"_.data".length)
        : path.slice(0, -".data".length);
    const matches = match(routePath);
    if (!matches) return true;
    if (matches.some((match) => match.route.id === ADMIN_LAYOUT_ID)) return false;
    if (data) return true;
    const leaf = build.routes[matches.at(-1)?.route.id ?? ""]?.module;
    return !leaf || leaf.default != null || leaf.ErrorBoundary != null;
  };
  return (method, path) => {
    if (method !== "GET" && method !== "HEAD") return false;
    if (path === manifestPath) return false;
    return counts(path);
  };
}

/** How many paths' answers rendersOf keeps: the site's pages and more, a few hundred kB at most. */
export const RENDER_PATHS_KEPT = 2_000;

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
