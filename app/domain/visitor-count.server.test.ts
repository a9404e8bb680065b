// Unique visitors per UTC day, as the dashboard will show them: what a visitor or an operator
// would notice, with the app's in-memory database. Clocks are injected; days are real ones
// around today so the TTL monitor never removes a salt the test still uses.
import { type Db, MongoClient, ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, DatabaseUnavailableError, getCollections, getDb } from "#db/client.server";
import { collections, ensureIndexes } from "#db/collections";
import { startEmbeddedServer } from "#db/embedded";
import { utcDay } from "./dashboard.server";
import { createSession } from "./session.server";
import {
  KEEP_AFTER_DAY_MS,
  LATE_MS,
  VisitorCounter,
  type VisitorCounterOptions,
} from "./visitor-count.server";

afterAll(closeDatabase);

const DAY = 24 * 60 * 60_000;
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0";

// The real time (sessions and the TTL monitor use it), moved where a test needs another moment
// of the same day; a day's salt then expires tomorrow at 01:00, after the test has run.
let clock: Date;
function counter(options: VisitorCounterOptions = {}): VisitorCounter {
  return new VisitorCounter({
    now: () => clock,
    flushIntervalMs: 60_000,
    log: () => {},
    ...options,
  });
}
const visit = (ip = "203.0.113.7", userAgent: string | undefined = CHROME, cookie?: string) => ({
  ip,
  userAgent,
  cookie,
});

async function countOn(day: string): Promise<number> {
  const { visitorStats } = await getCollections();
  return (await visitorStats.findOne({ date: day }))?.count ?? 0;
}
let today: () => string;

beforeEach(async () => {
  clock = new Date();
  const day = utcDay(clock);
  today = () => day;
  const c = await getCollections();
  await Promise.all([
    c.visitorStats.deleteMany({}),
    c.visitorHits.deleteMany({}),
    c.visitorSalts.deleteMany({}),
    c.sessions.deleteMany({}),
  ]);
});

describe("VisitorCounter", () => {
  it("counts two requests from one visitor on one day once", async () => {
    const c = counter();
    c.record(visit());
    c.record(visit());
    await c.flush();
    c.record(visit());
    await c.flush();
    expect(await countOn(today())).toBe(1);
  });

  it("counts a bot user agent, or none at all, zero", async () => {
    const c = counter();
    c.record(visit("203.0.113.7", GOOGLEBOT));
    c.record(visit("203.0.113.8", "curl/8.5.0"));
    c.record({ ip: "203.0.113.9", userAgent: undefined });
    c.record(visit("203.0.113.10", "   "));
    expect(c.pending).toBe(0);
    await c.flush();
    expect(await countOn(today())).toBe(0);
  });

  it("counts another browser or another address as another visitor", async () => {
    const c = counter();
    c.record(visit("203.0.113.7", CHROME));
    c.record(visit("203.0.113.7", FIREFOX));
    c.record(visit("198.51.100.20", CHROME));
    await c.flush();
    expect(await countOn(today())).toBe(3);
  });

  it("writes nothing while a visit is recorded, only when flushed", async () => {
    const db = vi.fn(getDb);
    const c = counter({ db });
    c.record(visit());
    expect(db).not.toHaveBeenCalled();
    const all = await getCollections();
    expect(await all.visitorStats.countDocuments()).toBe(0);
    expect(await all.visitorHits.countDocuments()).toBe(0);
    await c.flush();
    expect(db).toHaveBeenCalled();
    expect(await countOn(today())).toBe(1);
  });

  it("stores a keyed hash of the visitor, never the address or the browser", async () => {
    const c = counter();
    c.record(visit("203.0.113.7", CHROME));
    await c.flush();
    const { visitorHits, visitorSalts } = await getCollections();
    const hits = await visitorHits.find({}).toArray();
    expect(hits).toHaveLength(1);
    expect(hits[0]?._id).toMatch(new RegExp(`^${today()}:[\\w-]{43}$`));
    const stored = JSON.stringify(hits);
    expect(stored).not.toContain("203.0.113.7");
    expect(stored).not.toContain("Chrome");
    // Hash and salt go an hour after the day ends.
    const end = Date.parse(`${today()}T00:00:00Z`) + DAY + KEEP_AFTER_DAY_MS;
    expect(hits[0]?.expiresAt.getTime()).toBe(end);
    expect((await visitorSalts.findOne({ _id: today() }))?.expiresAt.getTime()).toBe(end);
  });

  it("adds to a day's total that already exists", async () => {
    const { visitorStats } = await getCollections();
    await visitorStats.insertOne({ _id: new ObjectId(), date: today(), count: 41 });
    const c = counter();
    c.record(visit());
    await c.flush();
    expect(await countOn(today())).toBe(42);
    expect(await visitorStats.countDocuments({ date: today() })).toBe(1);
  });

  it("counts one visitor once across two app instances sharing the database", async () => {
    const a = counter();
    const b = counter();
    a.record(visit());
    b.record(visit());
    b.record(visit("198.51.100.20"));
    await Promise.all([a.flush(), b.flush()]);
    a.record(visit("198.51.100.20"));
    await a.flush();
    expect(await countOn(today())).toBe(2);
    const { visitorSalts } = await getCollections();
    expect(await visitorSalts.countDocuments()).toBe(1);
  });

  it("counts the same visitor again on a new UTC day, with a new salt", async () => {
    const c = counter();
    clock = new Date(`${today()}T23:59:00Z`);
    c.record(visit());
    await c.flush();
    clock = new Date(clock.getTime() + 2 * 60_000);
    const tomorrow = utcDay(clock);
    c.record(visit());
    await c.flush();
    expect(await countOn(today())).toBe(1);
    expect(await countOn(tomorrow)).toBe(1);
    const { visitorSalts, visitorHits } = await getCollections();
    const salts = await visitorSalts.find({}).sort({ _id: 1 }).toArray();
    expect(salts.map((s) => s._id)).toEqual([today(), tomorrow]);
    expect(salts[0]?.salt).not.toBe(salts[1]?.salt);
    // Different salts: the same visitor's two hashes have nothing in common.
    const hits = await visitorHits.find({}).toArray();
    const hashes = hits.map((h) => h._id.split(":")[1]);
    expect(new Set(hashes).size).toBe(2);
  });

  it("drops visits of a day that ended more than a few minutes ago instead of re-salting it", async () => {
    const c = counter();
    clock = new Date(`${today()}T23:58:00Z`);
    c.record(visit());
    // Written only after the day's grace period (a database outage, say).
    clock = new Date(Date.parse(`${today()}T00:00:00Z`) + DAY + LATE_MS + 1);
    await c.flush();
    expect(await countOn(today())).toBe(0);
    const { visitorSalts } = await getCollections();
    expect(await visitorSalts.countDocuments()).toBe(0);
    expect(c.pending).toBe(0);
  });

  describe("signed-in admins", () => {
    const adminId = new ObjectId();
    const cookieOf = (setCookie: string) => setCookie.split(";")[0] as string;

    it("count zero while their session is live", async () => {
      const { setCookie } = await createSession(adminId);
      const c = counter();
      c.record(visit("203.0.113.7", CHROME, `theme=dark; ${cookieOf(setCookie)}`));
      await c.flush();
      expect(await countOn(today())).toBe(0);
    });

    it("count like anyone with an expired, unknown or forged session cookie", async () => {
      const expired = await createSession(adminId, { now: new Date(Date.now() - 3 * DAY) });
      const known = await createSession(adminId);
      const { sessions } = await getCollections();
      await sessions.deleteOne({ _id: known.id });
      const c = counter();
      c.record(visit("203.0.113.1", CHROME, cookieOf(expired.setCookie)));
      c.record(visit("203.0.113.2", CHROME, cookieOf(known.setCookie)));
      c.record(visit("203.0.113.3", CHROME, "bureau_session=forged"));
      await c.flush();
      expect(await countOn(today())).toBe(3);
    });

    it("are counted for the visits they made before signing in", async () => {
      const { setCookie } = await createSession(adminId);
      const c = counter();
      c.record(visit("203.0.113.7", CHROME));
      c.record(visit("203.0.113.7", CHROME, cookieOf(setCookie)));
      await c.flush();
      expect(await countOn(today())).toBe(1);
    });
  });

  describe("when the database is unreachable", () => {
    it("keeps the visits, logs once, never throws, and saves them when it is back", async () => {
      let down = true;
      const log = vi.fn();
      const c = counter({
        log,
        db: () => (down ? Promise.reject(new DatabaseUnavailableError()) : getDb()),
      });
      c.record(visit("203.0.113.1"));
      await expect(c.flush()).resolves.toBeUndefined();
      c.record(visit("203.0.113.2"));
      await c.flush();
      expect(c.pending).toBe(2);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]?.[0]).toMatch(/Could not save visitor counts/);
      down = false;
      await c.flush();
      expect(c.pending).toBe(0);
      expect(await countOn(today())).toBe(2);
      expect(log).toHaveBeenLastCalledWith("[visitors] Visitor counts are being saved again");
    });

    it("keeps at most maxQueue distinct visits in memory", async () => {
      const c = counter({ maxQueue: 3, db: () => Promise.reject(new DatabaseUnavailableError()) });
      for (let i = 1; i <= 5; i++) c.record(visit(`203.0.113.${i}`));
      c.record(visit("203.0.113.1")); // already waiting: takes no room
      expect(c.pending).toBe(3);
      await c.flush();
      expect(c.pending).toBe(3);
    });
  });

  it("flushes by itself on a timer, and at once when many visits wait", async () => {
    const timed = counter({ flushIntervalMs: 20 });
    timed.record(visit("203.0.113.1"));
    await vi.waitFor(async () => expect(await countOn(today())).toBe(1));
    await timed.close();

    const busy = counter({ flushAt: 3 });
    for (let i = 2; i <= 4; i++) busy.record(visit(`203.0.113.${i}`));
    await vi.waitFor(async () => expect(await countOn(today())).toBe(4));
  });

  it("writes what is left when closed, and ignores visits after that", async () => {
    const c = counter();
    c.record(visit());
    await c.close();
    expect(await countOn(today())).toBe(1);
    c.record(visit("198.51.100.20"));
    expect(c.pending).toBe(0);
  });
});

describe("expiry", () => {
  let server: Awaited<ReturnType<typeof startEmbeddedServer>>;
  let client: MongoClient;
  let db: Db;
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("deletes a past day's salt and hashes, and keeps its total", async () => {
    // A server of its own whose TTL monitor runs every 50 ms, and a day that ended two hours ago.
    server = await startEmbeddedServer({ dataDir: ":memory:", ttlIntervalMs: 50 });
    client = await new MongoClient(server.uri).connect();
    db = client.db("visitors");
    await ensureIndexes(db);
    const day = utcDay(new Date(Date.now() - 2 * 60 * 60_000 - DAY));
    clock = new Date(`${day}T18:00:00Z`);
    const c = counter({ db: async () => db });
    c.record(visit());
    await c.flush();
    const { visitorSalts, visitorHits, visitorStats } = collections(db);
    expect((await visitorStats.findOne({ date: day }))?.count).toBe(1);
    await vi.waitFor(async () => {
      expect(await visitorSalts.countDocuments()).toBe(0);
      expect(await visitorHits.countDocuments()).toBe(0);
    });
    expect((await visitorStats.findOne({ date: day }))?.count).toBe(1);
  });
});
