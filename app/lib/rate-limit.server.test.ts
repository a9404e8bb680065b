import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { hitRateLimit, retryAfterText } from "./rate-limit.server";

afterAll(closeDatabase);
beforeEach(async () => {
  await (await getCollections()).rateLimits.deleteMany({});
});

const HOUR = 60 * 60_000;
const at = (iso: string) => new Date(iso);

describe("form rate limit", () => {
  it("allows `limit` posts per address and window, then refuses until the window ends", async () => {
    const hit = (ip: string, now: Date) =>
      hitRateLimit({ scope: "quote", ip, limit: 3, windowMs: HOUR, now });
    for (let i = 0; i < 3; i++) {
      expect((await hit("192.0.2.1", at("2026-11-22T10:15:00Z"))).allowed).toBe(true);
    }
    const refused = await hit("192.0.2.1", at("2026-11-22T10:45:00Z"));
    expect(refused).toEqual({ allowed: false, count: 4, retryAfterMs: 15 * 60_000 });
    expect((await hit("192.0.2.2", at("2026-11-22T10:45:00Z"))).allowed).toBe(true);
    expect((await hit("192.0.2.1", at("2026-11-22T11:00:00Z"))).allowed).toBe(true);
  });

  it("counts each form separately and IPv6 addresses per /64", async () => {
    const now = at("2026-11-22T10:00:00Z");
    const hit = (scope: string, ip: string) =>
      hitRateLimit({ scope, ip, limit: 1, windowMs: HOUR, now });
    expect((await hit("quote", "2001:db8:1:2::1")).allowed).toBe(true);
    expect((await hit("quote", "2001:db8:1:2:ffff::9")).allowed).toBe(false);
    expect((await hit("contact", "2001:db8:1:2::1")).allowed).toBe(true);
    expect((await hit("quote", "2001:db8:1:3::1")).allowed).toBe(true);
  });

  it("lets exactly `limit` of 60 simultaneous posts through", async () => {
    const now = at("2026-11-22T10:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        hitRateLimit({ scope: "newsletter", ip: "192.0.2.9", limit: 10, windowMs: HOUR, now }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
  });

  it("stores counters that expire with their window", async () => {
    await hitRateLimit({
      scope: "quote",
      ip: "192.0.2.1",
      limit: 1,
      windowMs: HOUR,
      now: at("2026-11-22T10:20:00Z"),
    });
    const [doc] = await (await getCollections()).rateLimits.find({}).toArray();
    expect(doc?.expiresAt).toEqual(at("2026-11-22T11:00:00Z"));
  });

  it("tells the wait in whole minutes", () => {
    expect(retryAfterText(1)).toBe("Please try again in 1 minute.");
    expect(retryAfterText(15 * 60_000)).toBe("Please try again in 15 minutes.");
  });
});
