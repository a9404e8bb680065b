// Unique visitors per UTC day for the dashboard's `visitorStats` ({date, count}), without
// cookies (docs/decisions/009-visitor-counting.md).
//
// A visitor is one (IP address, user agent) pair on one UTC day. It is never stored as such: the
// pair is hashed with HMAC-SHA256 under a random salt of the day, and the hash is the `_id` of a
// `visitorHits` document. The salt lives in MongoDB (`visitorSalts`), so every app instance
// hashes a visitor alike and the unique `_id` decides, across instances, who is new. Salt and
// hashes expire (TTL) an hour after the day ends; once the salt is gone nobody can tell whose
// hash is whose (a bare IPv4 address would otherwise be easy to find by trying them all).
//
// Nothing here touches the database while a page is answered: `record()` only puts the visit in
// an in-memory queue; `flush()` (every 2 s, sooner when 1,000 are waiting, and at shutdown)
// writes the queue in a few bulk operations. What the queue holds is only this instance's
// not-yet-written visits, never shared state.
//
// Bots (isbot), requests without a user agent and requests of signed-in admins count zero. The
// admin check needs the database, so it is done per batch at flush time, in one query.
//
// Failure modes, all on the side of counting too few, never twice:
// - the database is down: the queue is kept (at most MAX_QUEUE distinct visits) and retried;
// - a crash between inserting the hashes and adding them to `visitorStats`: those visitors are
//   recognised as already counted and are missing from the day's total (the increments are
//   kept in memory and retried, so only a process that dies in that window loses them);
// - visits of a day that ended more than LATE_MS ago are dropped, because the day's salt may be
//   gone: re-creating it would count the day's visitors a second time.
import { createHmac, randomBytes } from "node:crypto";
import { isbot } from "isbot";
import { type Db, MongoBulkWriteError } from "mongodb";
import { getDb } from "#db/client.server";
import { collections } from "#db/collections";
import { utcDay } from "./dashboard.server";
import { readSessionId, sessionCookieName } from "./session.server";

const DAY_MS = 24 * 60 * 60_000;
/** How often the queue is written. */
const FLUSH_INTERVAL_MS = 2_000;
/** A queue this long is written at once (and in batches of this size). */
const FLUSH_AT = 1_000;
/** Distinct visits kept while the database cannot be reached; later ones are dropped. */
const MAX_QUEUE = 10_000;
/** Visits of a day are still written this long after it ended (queue delay, clock skew). */
export const LATE_MS = 5 * 60_000;
/**
 * A day's salt and hashes are deleted this long after it ended. Longer than LATE_MS, so a late
 * visit never finds the salt gone and creates another one for the same day.
 */
export const KEEP_AFTER_DAY_MS = 60 * 60_000;
/** User agents are cut to this length: enough to tell browsers apart, bounded memory. */
const MAX_USER_AGENT = 512;

/**
 * isbot's verdicts on the user agents seen lately: its pattern is long and a page view asks it
 * again for every answer, while the visitors of a moment share few user agents. Bounded: cleared
 * when full.
 */
const botVerdicts = new Map<string, boolean>();
const MAX_BOT_VERDICTS = 512;

function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= MAX_BOT_VERDICTS) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

const SESSION_COOKIE_NAMES = new Set([sessionCookieName(true), sessionCookieName(false)]);

export interface Visit {
  ip: string;
  userAgent: string | undefined;
  /** The request's Cookie header: only the admin session cookie in it is kept. */
  cookie?: string | undefined;
}

interface Entry {
  day: string;
  ip: string;
  userAgent: string;
  /** "name=value" of the session cookie, when the request carried one. */
  session?: string;
}

export interface VisitorCounterOptions {
  db?: () => Promise<Db>;
  now?: () => Date;
  flushIntervalMs?: number;
  flushAt?: number;
  maxQueue?: number;
  log?: (line: string) => void;
}

/** Start of the day after `day` (YYYY-MM-DD), in ms. */
function dayEnd(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) + DAY_MS;
}

/** The session cookie's "name=value" pair from a Cookie header, if there is one. */
function sessionCookiePair(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const pair = part.trim();
    const name = pair.slice(0, pair.indexOf("="));
    // A genuine one is ~100 characters; anything far longer is not ours and not kept.
    if (SESSION_COOKIE_NAMES.has(name) && pair.length <= 512) return pair;
  }
  return undefined;
}

export class VisitorCounter {
  /** Distinct visits not yet written, by day, address, browser and session cookie. */
  private queue = new Map<string, Entry>();
  /** New visitors per day already in `visitorHits` but not yet added to `visitorStats`. */
  private unsaved = new Map<string, number>();
  private salts = new Map<string, Promise<Buffer>>();
  private timer?: NodeJS.Timeout;
  private soon?: NodeJS.Immediate;
  private active?: Promise<void>;
  private queued?: Promise<void>;
  private failing = false;
  private closed = false;
  private readonly db: () => Promise<Db>;
  private readonly now: () => Date;
  private readonly flushIntervalMs: number;
  private readonly flushAt: number;
  private readonly maxQueue: number;
  private readonly log: (line: string) => void;

  constructor(options: VisitorCounterOptions = {}) {
    this.db = options.db ?? getDb;
    this.now = options.now ?? (() => new Date());
    this.flushIntervalMs = options.flushIntervalMs ?? FLUSH_INTERVAL_MS;
    this.flushAt = options.flushAt ?? FLUSH_AT;
    this.maxQueue = options.maxQueue ?? MAX_QUEUE;
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** Visits waiting to be written. */
  get pending(): number {
    return this.queue.size;
  }

  /** Notes a page view. Synchronous and without I/O: safe in a request's path. */
  record(visit: Visit): void {
    if (this.closed) return;
    const userAgent = visit.userAgent?.trim().slice(0, MAX_USER_AGENT);
    if (!userAgent || isBot(userAgent)) return;
    const entry: Entry = { day: utcDay(this.now()), ip: visit.ip, userAgent };
    const session = sessionCookiePair(visit.cookie);
    if (session) entry.session = session;
    const key = [entry.day, entry.ip, entry.userAgent, session ?? ""].join("\n");
    if (this.queue.has(key)) return;
    // The bound on memory while the database is away: later visitors go uncounted.
    if (this.queue.size >= this.maxQueue) return;
    this.queue.set(key, entry);
    // Started on the first visit, so a process that never serves a page has no timer; unref'd
    // so it never keeps a finished process alive.
    this.timer ??= setInterval(() => void this.flush(), this.flushIntervalMs).unref();
    if (this.queue.size >= this.flushAt && !this.soon) {
      // After the current request's work, not inside it.
      this.soon = setImmediate(() => {
        this.soon = undefined;
        void this.flush();
      });
    }
  }

  /**
   * Writes what is waiting. Never rejects: a failure is logged once and retried at the next
   * flush. One flush runs at a time; a call during one runs again right after it.
   */
  flush(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.active) {
      this.active = this.drain().finally(() => {
        this.active = undefined;
      });
      return this.active;
    }
    this.queued = this.active.then(() => {
      this.queued = undefined;
      return this.flush();
    });
    return this.queued;
  }

  /** Stops the timer and writes what is left (at shutdown, before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    if (this.soon) clearImmediate(this.soon);
    await this.flush();
  }

  private async drain(): Promise<void> {
    do {
      const batch = [...this.queue].slice(0, this.flushAt);
      for (const [key] of batch) this.queue.delete(key);
      try {
        if (batch.length > 0) await this.saveHits(batch.map(([, entry]) => entry));
      } catch (error) {
        // Put back for the next try, within the same bound as new visits.
        for (const [key, entry] of batch) {
          if (this.queue.size < this.maxQueue) this.queue.set(key, entry);
        }
        this.reportFailure(error);
        return;
      }
      try {
        if (this.unsaved.size > 0) await this.saveCounts();
      } catch (error) {
        this.reportFailure(error);
        return;
      }
      if (this.failing) this.log("[visitors] Visitor counts are being saved again");
      this.failing = false;
    } while (this.queue.size > 0);
  }

  private reportFailure(error: unknown) {
    if (this.failing) return;
    this.failing = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.log(`[visitors] Could not save visitor counts (${reason}); retrying`);
  }

  /** Inserts the batch's new visitors into `visitorHits` and notes how many per day. */
  private async saveHits(batch: Entry[]): Promise<void> {
    const now = this.now().getTime();
    const isOpen = (day: string) => now < dayEnd(day) + LATE_MS;
    for (const day of this.salts.keys()) if (!isOpen(day)) this.salts.delete(day);
    const entries = batch.filter((entry) => isOpen(entry.day));
    if (entries.length === 0) return;
    const db = await this.db();
    const { sessions, visitorHits } = collections(db);

    // Signed-in admins: the sessions the cookies name (signature checked), still live.
    const sessionIds = new Map<string, string>();
    for (const pair of new Set(entries.flatMap((e) => (e.session ? [e.session] : [])))) {
      const id = await readSessionId(
        new Request("http://localhost/", { headers: { Cookie: pair } }),
      );
      if (id) sessionIds.set(pair, id);
    }
    const live = new Set<string>();
    if (sessionIds.size > 0) {
      const found = await sessions
        .find(
          { _id: { $in: [...new Set(sessionIds.values())] }, expiresAt: { $gt: new Date(now) } },
          { projection: { _id: 1 } },
        )
        .toArray();
      for (const session of found) live.add(session._id);
    }

    const hits = new Map<string, string>(); // _id -> day
    for (const entry of entries) {
      const sessionId = entry.session ? sessionIds.get(entry.session) : undefined;
      if (sessionId && live.has(sessionId)) continue;
      const hash = createHmac("sha256", await this.salt(db, entry.day))
        .update(`${entry.ip}\n${entry.userAgent}`)
        .digest("base64url");
      hits.set(`${entry.day}:${hash}`, entry.day);
    }
    if (hits.size === 0) return;

    const ids = [...hits.keys()];
    const result = await visitorHits
      .bulkWrite(
        ids.map((_id) => ({
          updateOne: {
            filter: { _id },
            update: {
              $setOnInsert: {
                expiresAt: new Date(dayEnd(hits.get(_id) as string) + KEEP_AFTER_DAY_MS),
              },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      )
      .catch((error: unknown) => {
        // Two instances inserting the same new visitor at once: MongoDB may answer one of them
        // with a duplicate key. The other counted it; every other write went through.
        if (error instanceof MongoBulkWriteError) {
          const errors = [error.writeErrors].flat();
          if (errors.length > 0 && errors.every((e) => e.code === 11000)) return error.result;
        }
        throw error;
      });
    for (const index of Object.keys(result.upsertedIds)) {
      const day = hits.get(ids[Number(index)] as string) as string;
      this.unsaved.set(day, (this.unsaved.get(day) ?? 0) + 1);
    }
  }

  /** Adds the new visitors to each day's `visitorStats` total (created when missing). */
  private async saveCounts(): Promise<void> {
    const counts = [...this.unsaved];
    const { visitorStats } = collections(await this.db());
    await visitorStats.bulkWrite(
      counts.map(([date, n]) => ({
        updateOne: { filter: { date }, update: { $inc: { count: n } }, upsert: true },
      })),
      { ordered: false },
    );
    for (const [date, n] of counts) {
      const left = (this.unsaved.get(date) ?? 0) - n;
      if (left > 0) this.unsaved.set(date, left);
      else this.unsaved.delete(date);
    }
  }

  /**
   * The day's salt: created by whichever instance needs it first (`$setOnInsert` makes
   * concurrent creators agree), then kept in memory for the day.
   */
  private salt(db: Db, day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = collections(db)
        .visitorSalts.findOneAndUpdate(
          { _id: day },
          {
            $setOnInsert: {
              salt: randomBytes(32).toString("base64"),
              expiresAt: new Date(dayEnd(day) + KEEP_AFTER_DAY_MS),
            },
          },
          { upsert: true, returnDocument: "after" },
        )
        .then((doc) => {
          if (!doc) throw new Error(`Could not read or create the visitor salt of ${day}`);
          return Buffer.from(doc.salt, "base64");
        });
      const pending = salt;
      pending.catch(() => {
        if (this.salts.get(day) === pending) this.salts.delete(day);
      });
      this.salts.set(day, salt);
    }
    return salt;
  }
}

// One counter per process, kept on globalThis so the dev server's module reloads keep writing
// the same queue (and shutdown() finds it) instead of leaving timers behind.
const globalKey = Symbol.for("bureau.visitorCounter");
const globals = globalThis as Record<symbol, VisitorCounter | undefined>;

/** The process's counter, used by app/server.ts. */
export function visitorCounter(): VisitorCounter {
  globals[globalKey] ??= new VisitorCounter();
  return globals[globalKey];
}
