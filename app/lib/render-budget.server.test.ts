import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { serverBuildOfRoutes } from "../../tests/support/server-build";
import {
  mongoSharedCounts,
  RENDER_NETWORK_FACTOR,
  RENDER_PATHS_KEPT,
  RenderBudget,
  rendersOf,
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

  it("caps an IPv6 /48 at RENDER_NETWORK_FACTOR addresses' worth, however many /64s ask", () => {
    const clock = { now: T0 };
    const b = budget(memoryCounts().store, clock, 3);
    const allowed = (ip: string) => b.hit(ip).allowed;
    // 3 renders from each of many /64s of one /48: the /48 stops at 30.
    let granted = 0;
    for (let subnet = 0; subnet < 100; subnet++) {
      for (let i = 0; i < 3; i++)
        if (allowed(`2001:db8:7:${subnet.toString(16)}::${i + 1}`)) granted++;
    }
    expect(granted).toBe(3 * RENDER_NETWORK_FACTOR);
    // Refused /64s get no counter: what this instance holds stays bounded by what it allowed.
    expect(b.size).toBe(RENDER_NETWORK_FACTOR + 1);
    // Another /48, and IPv4, are not held back.
    expect(allowed("2001:db8:8::1")).toBe(true);
    expect(allowed("192.0.2.1")).toBe(true);
    clock.now = T0 + 45_000;
    expect(allowed("2001:db8:7:ff::1")).toBe(true);
    b.stop();
  });
  it("says when to come back", () => {
    expect(tooManyRendersPage(45, "abc")).toContain("try again in 45 seconds");
    expect(tooManyRendersPage(45, "abc")).toContain('<style nonce="abc">');
  });
});

describe("what the budget counts, by the route React Router matches", () => {
  let counts: (method: string, path: string) => boolean;
  beforeAll(async () => {
    counts = rendersOf((await serverBuildOfRoutes()) as ServerBuild);
  });

  it.each([
    // Pages, documents and data requests.
    ["GET", "/", true],
    ["HEAD", "/about", true],
    ["GET", "/internships.data", true],
    ["GET", "/_.data", true],
    ["GET", "/blog/0123456789abcdef01234567", true],
    // The public 404 page, however its path looks: dots, `/__`, a resource route's prefix.
    ["GET", "/no-such-page", true],
    ["GET", "/x.1", true],
    ["GET", "/about.", true],
    ["GET", "/__x", true],
    ["GET", "/__MANIFEST", true],
    ["GET", "/apifoo.x", true],
    ["GET", "/images", true],
    ["GET", "/admin", true],
    ["GET", "/blog/rss.xml.bak", true],
    ["GET", "/sitemap.xml/x", true],
    // The sign-in page renders for anyone.
    ["GET", "/admin/login", true],
    // Data requests run loaders, whatever route they name.
    ["GET", "/sitemap.xml.data", true],
    // Not counted: posts, resource routes, the manifest, the guarded back office.
    ["POST", "/contact", false],
    ["GET", "/api/faqs", false],
    ["GET", "/api", false],
    ["GET", "/API/no-such-endpoint.x", false],
    ["GET", "/images/0123456789abcdef01234567", false],
    ["GET", "/sitemap.xml", false],
    ["HEAD", "/robots.txt", false],
    ["GET", "/BLOG/RSS.XML", false],
    ["GET", "/admin/logout", false],
    ["GET", "/__manifest", false],
    ["GET", "/admin/dashboard", false],
    ["GET", "/admin/dashboard/quotes.data", false],
    ["GET", "/Admin/Dashboard/no-such-page", false],
  ])("%s %s counts: %s", (method, path, counted) => {
    expect(counts(method, path)).toBe(counted);
  });

  it("answers by method and path alike when asked again, after more paths than it keeps", () => {
    const asked: [string, string, boolean][] = [
      ["GET", "/", true],
      ["POST", "/", false],
      ["GET", "/api/faqs", false],
      ["GET", "/about", true],
      ["GET", "/admin/dashboard", false],
      ["GET", "/__manifest", false],
    ];
    for (const [method, path, counted] of asked) expect(counts(method, path)).toBe(counted);
    for (let i = 0; i < 2 * RENDER_PATHS_KEPT; i += 1) {
      expect(counts("GET", `/api/x${i}`)).toBe(false);
      expect(counts("GET", `/no-such-page-${i}`)).toBe(true);
    }
    for (const [method, path, counted] of asked) expect(counts(method, path)).toBe(counted);
    expect(counts("HEAD", "/api/faqs")).toBe(false);
    expect(counts("HEAD", "/")).toBe(true);
  });
});
