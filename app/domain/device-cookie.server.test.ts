// Device cookies against the lock-out attack: anyone may fail 5 times per window for the
// admin's e-mail, forever; the admin's own browser must still get in, others must not.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { setMailTransport } from "~/lib/mailer.server";
import { createAdmin } from "./admin.server";
import { OPERATOR_CLI } from "./audit";
import { signIn } from "./auth.server";
import { deviceCookieName, readDeviceEntries, trustedDeviceFor } from "./device-cookie.server";
import { LOGIN_PAIR_LIMIT, LOGIN_WINDOW_MS } from "./login-throttle.server";

afterAll(closeDatabase);
// The sign-in codes' e-mails (no SMTP_URL in tests) are logged; not here.
setMailTransport(null, () => {});

const EMAIL = "admin@bureau.local";
const PASSWORD = "a long and unusual passphrase";
const T0 = new Date("2026-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeEach(async () => {
  const { admins, sessions, loginAttempts } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({}), loginAttempts.deleteMany({})]);
  await createAdmin({ email: EMAIL, password: PASSWORD }, OPERATOR_CLI);
});

function post(fields: { email: string; password: string }, cookie?: string): Request {
  return new Request("http://localhost/admin/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

const attempt = (
  fields: { email: string; password: string },
  options: { ip: string; now: Date; cookie?: string },
) =>
  signIn(post(fields, options.cookie), { email: fields.email, ip: options.ip, now: options.now });

/** The admin signs in once, from their laptop: the device cookie it gets. */
async function trustedCookie(now = T0): Promise<string> {
  const first = await attempt({ email: EMAIL, password: PASSWORD }, { ip: "198.51.100.7", now });
  if (first.kind !== "signed-in") throw new Error(first.kind);
  return first.deviceCookie.split(";")[0] as string;
}

/** An attacker fills the account's limit, from a new address each time. */
async function attackerFailures(now: Date, round: number) {
  for (let i = 0; i < LOGIN_PAIR_LIMIT; i++) {
    const result = await attempt(
      { email: EMAIL, password: `guess ${round}-${i}` },
      { ip: `203.0.113.${(round * LOGIN_PAIR_LIMIT + i) % 250}`, now },
    );
    // Once the attack was noticed (end of round 0), the guesser only ever sees the code step.
    expect(result.kind).toBe(round === 0 ? "invalid" : "code-step");
  }
}

describe("device cookies", () => {
  it("a sustained attacker cannot keep the admin with a device cookie out; others need a code", async () => {
    const cookie = await trustedCookie();
    // Hours of attack: 5 failures every window, each new window as soon as the last one ends.
    for (let round = 0; round < 8; round++) {
      const now = at(60_000 + round * LOGIN_WINDOW_MS);
      await attackerFailures(now, round);
      // An untrusted client with the RIGHT password is not signed in, nor refused: it gets the
      // code step (sign-in-code.server.test.ts follows it through).
      const untrusted = await attempt(
        { email: EMAIL, password: PASSWORD },
        { ip: "192.0.2.50", now: at(60_000 + round * LOGIN_WINDOW_MS + 1000) },
      );
      expect(untrusted.kind).toBe("code-step");
    }
    // The admin, on their own browser, in the middle of the attack: straight in.
    const now = at(60_000 + 8 * LOGIN_WINDOW_MS);
    await attackerFailures(now, 8);
    const admin = await attempt(
      { email: EMAIL, password: PASSWORD },
      { ip: "198.51.100.7", now: at(60_000 + 8 * LOGIN_WINDOW_MS + 1000), cookie },
    );
    expect(admin.kind).toBe("signed-in");
  });

  it("the trusted browser has its own budget of failures", async () => {
    const cookie = await trustedCookie();
    for (let i = 0; i < LOGIN_PAIR_LIMIT; i++) {
      const wrong = await attempt(
        { email: EMAIL, password: `typo ${i}` },
        { ip: "198.51.100.7", now: at(1000 + i), cookie },
      );
      expect(wrong.kind).toBe("invalid");
    }
    const refused = await attempt(
      { email: EMAIL, password: PASSWORD },
      { ip: "198.51.100.7", now: at(2000), cookie },
    );
    expect(refused.kind).toBe("throttled");
    // Those failures were not the account's: an untrusted client is not locked by them.
    const elsewhere = await attempt(
      { email: EMAIL, password: PASSWORD },
      { ip: "192.0.2.50", now: at(3000) },
    );
    expect(elsewhere.kind).toBe("signed-in");
  });

  it("only a cookie we signed, for this account, is trusted", async () => {
    const cookie = await trustedCookie();
    await createAdmin({ email: "other@bureau.test", password: PASSWORD }, OPERATOR_CLI);
    const request = (c: string) => new Request("http://localhost/", { headers: { Cookie: c } });
    expect(await trustedDeviceFor(request(cookie), EMAIL)).toMatch(/^[0-9a-f]{32}$/);
    // Another account's lock is not lifted by it.
    expect(await trustedDeviceFor(request(cookie), "other@bureau.test")).toBeNull();
    // A forged value (our format, no valid signature) is nothing.
    const [name, value] = cookie.split("=") as [string, string];
    const forgedPayload = btoa(JSON.stringify([{ email: EMAIL, nonce: "0".repeat(32) }]));
    expect(await trustedDeviceFor(request(`${name}=${forgedPayload}.AAAA`), EMAIL)).toBeNull();
    expect(await trustedDeviceFor(request(`${name}=${value}x`), EMAIL)).toBeNull();
  });

  it("is renewed at each sign-in and keeps the browser's other accounts", async () => {
    const cookie = await trustedCookie();
    await createAdmin({ email: "other@bureau.test", password: PASSWORD }, OPERATOR_CLI);
    const second = await attempt(
      { email: "other@bureau.test", password: PASSWORD },
      { ip: "198.51.100.7", now: at(1000), cookie },
    );
    if (second.kind !== "signed-in") throw new Error(second.kind);
    const both = second.deviceCookie.split(";")[0] as string;
    const entries = await readDeviceEntries(
      new Request("http://localhost/", { headers: { Cookie: both } }),
    );
    expect(entries.map((e) => e.email).sort()).toEqual([EMAIL, "other@bureau.test"]);
  });

  it("uses a __Host- name in production, like the session cookie", () => {
    expect(deviceCookieName(true)).toBe("__Host-bureau_device");
    expect(deviceCookieName(false)).toBe("bureau_device");
  });
});
