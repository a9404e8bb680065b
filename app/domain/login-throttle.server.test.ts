import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { INDEXES } from "#db/collections";
import { addressBucket } from "~/lib/client-ip.server";
import {
  ATTACK_GUARD_MS,
  ATTACK_THRESHOLD,
  accountKey,
  addressKey,
  attemptSucceeded,
  beginCodeMail,
  beginLoginAttempt,
  CODE_MAILS_PER_WINDOW,
  endAttack,
  LOGIN_PAIR_LIMIT,
  LOGIN_WINDOW_MS,
  pairKey,
  throttledMessage,
} from "./login-throttle.server";

afterAll(closeDatabase);
beforeEach(async () => {
  const { loginAttempts } = await getCollections();
  await loginAttempts.deleteMany({});
});

const MINUTE = 60_000;
const T0 = new Date("2026-03-01T08:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** `n` failed attempts, one a minute from `start`. */
async function fail(n: number, input: { email: string; ip: string; ipLimit?: number }, start = 0) {
  for (let i = 0; i < n; i++) {
    const attempt = await beginLoginAttempt({ ...input, now: at(start + i * MINUTE) });
    expect(attempt.allowed, `attempt ${i + 1}`).toBe(true);
  }
}

describe("sign-in throttling", () => {
  it("stores attempts in a TTL collection", () => {
    expect(INDEXES.loginAttempts).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
  });

  it("refuses the 6th attempt on one account from one address within 15 minutes, and says how long to wait", async () => {
    const who = { email: "target@bureau.test", ip: "198.51.100.1" };
    await fail(LOGIN_PAIR_LIMIT, who);
    const refused = await beginLoginAttempt({ ...who, now: at(5 * MINUTE) });
    expect(refused).toEqual({ allowed: false, retryAfterMs: 10 * MINUTE });
    if (refused.allowed) return;
    expect(throttledMessage(refused.retryAfterMs)).toBe(
      "Too many sign-in attempts. Please wait 10 minutes and try again.",
    );
    expect(throttledMessage(30_000)).toBe(
      "Too many sign-in attempts. Please wait 1 minute and try again.",
    );
    // Issue 20 finding 4: the account is no limit, so the owner at another address is not
    // refused; the account is under attack there, so a right password will need a code.
    const owner = await beginLoginAttempt({ ...who, ip: "198.51.100.2", now: at(5 * MINUTE) });
    expect(owner).toMatchObject({ allowed: true, underAttack: true });
  });

  it("under attack: ATTACK_THRESHOLD failures in the window from addresses other than this one", async () => {
    const email = "target@bureau.test";
    const owner = { email, ip: "192.0.2.10" };
    const check = async (
      now: Date,
      input: Partial<Parameters<typeof beginLoginAttempt>[0]> = {},
    ) => {
      const attempt = await beginLoginAttempt({ ...owner, ...input, now });
      if (!attempt.allowed) throw new Error("should be allowed");
      // Not a failure: forgotten, so it does not count for the next check.
      await attemptSucceeded(attempt);
      return attempt.underAttack;
    };
    // The owner's own typos, however many, from the owner's address: no attack.
    await fail(LOGIN_PAIR_LIMIT - 1, owner);
    expect(await check(at(4 * MINUTE))).toBe(false);
    // One short of the threshold from another address: not yet, for the owner nor for that
    // address (which sees the owner's 4).
    await fail(ATTACK_THRESHOLD - 1, { email, ip: "203.0.113.9" }, 5 * MINUTE);
    expect(await check(at(8 * MINUTE + 30_000))).toBe(false);
    // Any attempt that finds the evidence makes the whole account under attack: here the next
    // failure's own, from yet another address (it sees 8 from elsewhere).
    await fail(1, { email, ip: "2001:db8:1:2::1" }, 9 * MINUTE);
    expect(await check(at(10 * MINUTE))).toBe(true);
    expect(await check(at(10 * MINUTE), { ip: "203.0.113.9" })).toBe(true);
    // From inside the attacker's own /64 the other failures count, its own do not.
    expect(await check(at(10 * MINUTE), { ip: "2001:db8:1:2::99" })).toBe(true);
    // Another account is not under attack; a trusted browser never needs a code.
    expect(await check(at(10 * MINUTE), { email: "other@bureau.test" })).toBe(false);
    expect(await check(at(10 * MINUTE), { device: "0123456789abcdef0123456789abcdef" })).toBe(
      false,
    );
    // The owner's sign-in does not end the attack: the evidence stays for its window...
    const { loginAttempts } = await getCollections();
    expect(await loginAttempts.countDocuments({ key: accountKey(email) })).toBe(
      LOGIN_PAIR_LIMIT - 1 + ATTACK_THRESHOLD,
    );
    // ...nor does the window's end (the attacker would only have to wait 15 minutes): the
    // account stays under attack ATTACK_GUARD_MS after the last check that found the evidence.
    expect(await check(at(10 * MINUTE + LOGIN_WINDOW_MS))).toBe(true);
    expect(await check(at(10 * MINUTE + ATTACK_GUARD_MS - 1))).toBe(true);
    expect(await check(at(10 * MINUTE + ATTACK_GUARD_MS))).toBe(false);
  });

  it("a password change ends the attack, its guard and its evidence", async () => {
    const email = "target@bureau.test";
    for (let i = 0; i < ATTACK_THRESHOLD; i++) {
      await fail(1, { email, ip: `203.0.113.${i}` }, i * 1000);
    }
    const seen = await beginLoginAttempt({ email, ip: "192.0.2.10", now: at(MINUTE) });
    expect(seen).toMatchObject({ allowed: true, underAttack: true });
    await endAttack(email);
    const after = await beginLoginAttempt({ email, ip: "192.0.2.11", now: at(2 * MINUTE) });
    expect(after).toMatchObject({ allowed: true, underAttack: false });
    const later = await beginLoginAttempt({ email, ip: "192.0.2.12", now: at(LOGIN_WINDOW_MS) });
    expect(later).toMatchObject({ allowed: true, underAttack: false });
  });

  it("sends at most CODE_MAILS_PER_WINDOW code e-mails per account per window", async () => {
    for (let i = 0; i < CODE_MAILS_PER_WINDOW; i++) {
      expect(await beginCodeMail("target@bureau.test", at(i * MINUTE))).toEqual({ allowed: true });
    }
    expect(await beginCodeMail("target@bureau.test", at(10 * MINUTE))).toEqual({
      allowed: false,
      retryAfterMs: 5 * MINUTE,
    });
    expect((await beginCodeMail("other@bureau.test", at(10 * MINUTE))).allowed).toBe(true);
    expect((await beginCodeMail("target@bureau.test", at(LOGIN_WINDOW_MS + 1))).allowed).toBe(true);
  });

  it("lets the account try again once the oldest failure leaves the window", async () => {
    const who = { email: "target@bureau.test", ip: "198.51.100.1" };
    await fail(LOGIN_PAIR_LIMIT, who);
    expect((await beginLoginAttempt({ ...who, now: at(LOGIN_WINDOW_MS - 1) })).allowed).toBe(false);
    // Refused attempts did not count: the wait did not grow.
    const again = await beginLoginAttempt({ ...who, now: at(LOGIN_WINDOW_MS + 1) });
    expect(again.allowed).toBe(true);
    // That attempt failed too: five in the window again (minutes 1-4 and 15).
    expect((await beginLoginAttempt({ ...who, now: at(LOGIN_WINDOW_MS + 2) })).allowed).toBe(false);
  });

  it("a successful sign-in clears its own pair's counter, not the account's evidence", async () => {
    const who = { email: "target@bureau.test", ip: "198.51.100.1" };
    await fail(LOGIN_PAIR_LIMIT - 1, who);
    const good = await beginLoginAttempt({ ...who, now: at(5 * MINUTE) });
    if (!good.allowed) throw new Error("should be allowed");
    await attemptSucceeded(good);
    const { loginAttempts } = await getCollections();
    expect(await loginAttempts.countDocuments({ key: pairKey(who.email, who.ip) })).toBe(0);
    expect(await loginAttempts.countDocuments({ key: accountKey(who.email) })).toBe(
      LOGIN_PAIR_LIMIT - 1,
    );
    await fail(LOGIN_PAIR_LIMIT, who, 6 * MINUTE);
  });

  it("counts failures per address across accounts, up to LOGIN_IP_LIMIT", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 20; i++) {
      const attempt = await beginLoginAttempt({
        email: `u${i}@bureau.test`,
        ip,
        now: at(i * 1000),
      });
      expect(attempt.allowed).toBe(true);
    }
    const refused = await beginLoginAttempt({ email: "new@bureau.test", ip, now: at(MINUTE) });
    expect(refused.allowed).toBe(false);
    // Another address is not affected; a higher limit (the e2e server's) lets it through.
    expect(
      (await beginLoginAttempt({ email: "x@bureau.test", ip: "198.51.100.8", now: at(MINUTE) }))
        .allowed,
    ).toBe(true);
    expect(
      (await beginLoginAttempt({ email: "y@bureau.test", ip, now: at(MINUTE), ipLimit: 100 }))
        .allowed,
    ).toBe(true);
  });

  it("does not let a burst of parallel attempts past the limit", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        beginLoginAttempt({ email: "burst@bureau.test", ip: "198.51.100.9", now: T0 }),
      ),
    );
    expect(results.filter((r) => r.allowed).length).toBeLessThanOrEqual(LOGIN_PAIR_LIMIT);
    expect(results.filter((r) => r.allowed).length).toBeGreaterThan(0);
  });
});

describe("addressBucket", () => {
  it("counts IPv6 per /64 (one subscriber's whole block) and IPv4 per address", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:DB8:1:2:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:1:2::9")).toBe(addressKey("2001:db8:1:2:3:4:5:6"));
    expect(addressKey("2001:db8:1:3::9")).not.toBe(addressKey("2001:db8:1:2::9"));
  });
});
