import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import {
  isRenderRequest,
  mongoSharedCounts,
  RenderBudget,
  type SharedCounts,
  tooManyRendersPage,
} from "./render-budget.server";

afterAll(closeDatabase);
beforeEach(async () => {
  await (await getCollections()).rateLimits.deleteMany({});
});

const MINUTE = 60_000;
/** 10:00:15 UTC: 45 s left in the minute. */
const T0 = Date.UTC(2026, 10, 22, 10, 0, 15);

/** Counts shared in memory, like the database between instances; `fail` makes writes throw. */
function memoryCounts() {
  const totals = new Map<string, number>();
  const state = { fail: false, writes: 0 };
  const store: SharedCounts = {
    async add(deltas) {
      if (state.fail) throw new Error("database down");
      state.writes += 1;
      for (const { id, count } of deltas) totals.set(id, (totals.get(id) ?? 0) + count);
      return new Map(deltas.map(({ id }) => [id, totals.get(id) ?? 0]));
    },
  };
  return { store, totals, state };
}

function budget(store: SharedCounts, clock: { now: number }, limit = 3, log?: (l: string) => void) {
  return new RenderBudget({ limit, store, now: () => clock.now, flushMs: 60_000, log });
}

describe("render budget", () => {
  it("allows `limit` renders per address and minute, then 429s until the minute ends", () => {
    const clock = { now: T0 };
    const b = budget(memoryCounts().store, clock);
    for (let i = 0; i < 3; i++) expect(b.hit("192.0.2.1").allowed).toBe(true);
    expect(b.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterMs: 45_000 });
    // Other addresses are not affected; an IPv6 /64 is one address.
    expect(b.hit("192.0.2.2").allowed).toBe(true);
    expect(b.hit("2001:db8:1:2::1").allowed).toBe(true);
    b.hit("2001:db8:1:2::2");
    b.hit("2001:db8:1:2:ffff::3");
    expect(b.hit("2001:db8:1:2::4").allowed).toBe(false);
    clock.now = T0 + 45_000;
    expect(b.hit("192.0.2.1").allowed).toBe(true);
    b.stop();
  });

  it("shares counts between instances through the store, one write per flush", async () => {
    const clock = { now: T0 };
    const { store, state } = memoryCounts();
    const one = budget(store, clock);
    const two = budget(store, clock);
    one.hit("192.0.2.1");
    one.hit("192.0.2.1");
    one.hit("198.51.100.7");
    await one.flush();
    expect(state.writes).toBe(1);
    two.hit("192.0.2.1");
    // `two` learns the shared total when it writes its own.
    await two.flush();
    expect(two.hit("192.0.2.1").allowed).toBe(false);
    await one.flush(); // nothing to write
    expect(state.writes).toBe(2);
    one.stop();
    two.stop();
  });

  it("keeps counting in memory while the store fails, logs once, writes later", async () => {
    const clock = { now: T0 };
    const { store, state, totals } = memoryCounts();
    const lines: string[] = [];
    const b = budget(store, clock, 3, (line) => lines.push(line));
    state.fail = true;
    b.hit("192.0.2.1");
    await b.flush();
    b.hit("192.0.2.1");
    await b.flush();
    expect(lines).toEqual(["[render budget] could not write shared counts: database down"]);
    b.hit("192.0.2.1");
    expect(b.hit("192.0.2.1").allowed).toBe(false);
    state.fail = false;
    await b.flush();
    expect([...totals.values()]).toEqual([3]);
    expect(lines).toHaveLength(2);
    b.stop();
  });

  it("writes to MongoDB with one bulk write and reads the totals back", async () => {
    const clock = { now: T0 };
    const one = budget(mongoSharedCounts, clock, 5);
    const two = budget(mongoSharedCounts, clock, 5);
    for (let i = 0; i < 4; i++) one.hit("192.0.2.1");
    await one.flush();
    two.hit("192.0.2.1");
    await two.flush();
    expect(two.hit("192.0.2.1").allowed).toBe(false);
    const { rateLimits } = await getCollections();
    const start = T0 - (T0 % MINUTE);
    expect(await rateLimits.findOne({ _id: `render:192.0.2.1:${start}` })).toEqual({
      _id: `render:192.0.2.1:${start}`,
      count: 5,
      expiresAt: new Date(start + MINUTE),
    });
    one.stop();
    two.stop();
  });

  it.each([
    ["GET", "/", true],
    ["HEAD", "/about", true],
    ["GET", "/internships.data", true],
    ["GET", "/no-such-page", true],
    ["GET", "/blog/0123456789abcdef01234567", true],
    ["POST", "/contact", false],
    ["GET", "/admin/dashboard", false],
    ["GET", "/api/faqs", false],
    ["GET", "/assets/app.js", false],
    ["GET", "/images/0123456789abcdef01234567", false],
    ["GET", "/sitemap.xml", false],
    ["GET", "/__manifest", false],
  ])("%s %s counts: %s", (method, path, counted) => {
    expect(isRenderRequest(method, path)).toBe(counted);
  });

  it("says when to come back", () => {
    expect(tooManyRendersPage(45, "abc")).toContain("try again in 45 seconds");
    expect(tooManyRendersPage(45, "abc")).toContain('<style nonce="abc">');
  });
});
