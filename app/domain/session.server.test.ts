import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { getAdmin, requireAdmin, signOut } from "./auth.server";
import {
  clearSessionCookie,
  createSession,
  destroyAdminSessions,
  loadSession,
  readSessionId,
  rotateSession,
  SESSION_TOUCH_INTERVAL_MS,
  sessionCookie,
} from "./session.server";

afterAll(closeDatabase);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = new Date("2026-03-01T08:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let adminId: ObjectId;
beforeEach(async () => {
  const { admins, sessions } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({})]);
  adminId = new ObjectId();
  await admins.insertOne({
    _id: adminId,
    email: "owner@bureau.test",
    passwordHash: "unused here",
    createdAt: T0,
    updatedAt: T0,
  });
});

/** The Cookie header a browser sends back for a Set-Cookie value. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0] as string;
/** Requests every 30 minutes from just after T0 up to `until` (ms after T0). */
async function keepAlive(id: string, until: number) {
  for (let t = 30 * MINUTE; t <= until; t += 30 * MINUTE) await loadSession(id, at(t));
}
const request = (cookie?: string) =>
  new Request("http://localhost/admin/dashboard", { headers: cookie ? { Cookie: cookie } : {} });

describe("session cookie", () => {
  it("is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/ in production", async () => {
    const cookie = await sessionCookie({ isProduction: true, secret: "s".repeat(32) });
    const header = await cookie.serialize("0123456789abcdef0123456789abcdef", { maxAge: 60 });
    expect(header).toMatch(/^__Host-bureau_session=/);
    expect(header).toContain("; Secure");
    expect(header).toContain("; HttpOnly");
    expect(header).toContain("; SameSite=Lax");
    expect(header).toContain("; Path=/");
    expect(header).not.toContain("Domain=");
  });

  it("drops the prefix and Secure outside production (plain http://localhost)", async () => {
    const cookie = await sessionCookie({ isProduction: false, secret: "s".repeat(32) });
    const header = await cookie.serialize("0123456789abcdef0123456789abcdef");
    expect(header).toMatch(/^bureau_session=/);
    expect(header).not.toContain("Secure");
    expect(header).toContain("; HttpOnly");
    expect(header).toContain("; SameSite=Lax");
  });

  it("carries only a signed random 128-bit id", async () => {
    const { id, setCookie } = await createSession(adminId, { now: T0 });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await readSessionId(request(cookieOf(setCookie)))).toBe(id);
    // The value is the id and an HMAC, nothing about the admin.
    const value = decodeURIComponent(cookieOf(setCookie).split("=").slice(1).join("="));
    expect(value).not.toContain("owner");
    expect(value).not.toContain(adminId.toHexString());
    // Max-Age: until the absolute limit (12 h by default).
    expect(setCookie).toContain(`Max-Age=${12 * 3600}`);
  });

  it("refuses an id whose signature is not ours", async () => {
    const { setCookie } = await createSession(adminId, { now: T0 });
    const [name, value] = cookieOf(setCookie).split("=") as [string, string];
    const [payload] = decodeURIComponent(value).split(".");
    const forged = `${name}=${encodeURIComponent(`${payload}.AAAA`)}`;
    expect(await readSessionId(request(forged))).toBeNull();
    const otherSecret = await (await sessionCookie({ secret: "x".repeat(32) })).serialize(
      "0123456789abcdef0123456789abcdef",
    );
    expect(await readSessionId(request(cookieOf(otherSecret)))).toBeNull();
  });

  it("is cleared with an expired, empty cookie", async () => {
    const header = await clearSessionCookie();
    expect(header).toMatch(/^bureau_session=;/);
    expect(header).toContain("Max-Age=0");
  });
});

describe("session rotation", () => {
  it("a new sign-in gets a new id and deletes the session the browser had", async () => {
    const first = await createSession(adminId, { now: T0 });
    const second = await createSession(adminId, { now: at(MINUTE), replacing: first.id });
    expect(second.id).not.toBe(first.id);
    const { sessions } = await getCollections();
    expect(await sessions.findOne({ _id: first.id })).toBeNull();
    expect(await getAdmin(request(cookieOf(first.setCookie)), { now: at(2 * MINUTE) })).toBeNull();
    expect(
      (await getAdmin(request(cookieOf(second.setCookie)), { now: at(2 * MINUTE) }))?.sessionId,
    ).toBe(second.id);
  });

  it("rotateSession keeps the sign-in time, so the absolute limit is not extended", async () => {
    const first = await createSession(adminId, { now: T0 });
    await keepAlive(first.id, 11 * HOUR);
    const rotated = await rotateSession(first.id, at(11 * HOUR));
    expect(rotated?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(await loadSession(first.id, at(11 * HOUR))).toBeNull();
    // The cookie lives one more hour, the session too.
    expect(rotated?.setCookie).toContain(`Max-Age=${3600}`);
    const id = rotated?.id ?? "";
    expect(await loadSession(id, at(11 * HOUR + 30 * MINUTE))).not.toBeNull();
    expect(await loadSession(id, at(12 * HOUR))).toBeNull();
  });
});

describe("session expiry", () => {
  it("ends after 60 minutes without a request", async () => {
    const { id } = await createSession(adminId, { now: T0 });
    expect(await loadSession(id, at(59 * MINUTE))).not.toBeNull();
    // That request pushed the idle limit to 59 + 60 minutes.
    expect(await loadSession(id, at(118 * MINUTE))).not.toBeNull();
    expect(await loadSession(id, at(178 * MINUTE + 1))).toBeNull();
    // And it is gone from the database, not only refused.
    const { sessions } = await getCollections();
    expect(await sessions.findOne({ _id: id })).toBeNull();
  });

  it("ends 12 hours after signing in, however active the admin is", async () => {
    const { id } = await createSession(adminId, { now: T0 });
    for (let t = 30 * MINUTE; t < 12 * HOUR; t += 30 * MINUTE) {
      expect(await loadSession(id, at(t)), `at ${t / MINUTE} min`).not.toBeNull();
    }
    expect(await loadSession(id, at(12 * HOUR))).toBeNull();
  });

  it("keeps expiresAt (the TTL index's field) at the earlier of the two limits", async () => {
    const { id } = await createSession(adminId, { now: T0 });
    const { sessions } = await getCollections();
    expect((await sessions.findOne({ _id: id }))?.expiresAt).toEqual(at(60 * MINUTE));
    await keepAlive(id, 11 * HOUR + 30 * MINUTE);
    // Idle would be 12:30; the absolute limit, 12:00, comes first.
    expect((await sessions.findOne({ _id: id }))?.expiresAt).toEqual(at(12 * HOUR));
  });

  it("writes lastSeenAt at most once a minute", async () => {
    const { id } = await createSession(adminId, { now: T0 });
    const { sessions } = await getCollections();
    await loadSession(id, at(SESSION_TOUCH_INTERVAL_MS - 1));
    expect((await sessions.findOne({ _id: id }))?.lastSeenAt).toEqual(T0);
    await loadSession(id, at(SESSION_TOUCH_INTERVAL_MS));
    expect((await sessions.findOne({ _id: id }))?.lastSeenAt).toEqual(
      at(SESSION_TOUCH_INTERVAL_MS),
    );
  });

  it("requireAdmin redirects an expired session to sign-in and drops the cookie", async () => {
    const { setCookie } = await createSession(adminId, { now: T0 });
    const req = new Request("http://localhost/admin/dashboard/admins", {
      headers: { Cookie: cookieOf(setCookie) },
    });
    await expect(requireAdmin(req, { now: at(30 * MINUTE) })).resolves.toMatchObject({
      admin: { email: "owner@bureau.test" },
    });
    const thrown = await requireAdmin(req, { now: at(200 * MINUTE) }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("Location")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fadmins",
    );
    expect(response.headers.get("Set-Cookie")).toContain("Max-Age=0");
  });
});

describe("revoked sessions", () => {
  it("a signed-out cookie replayed later gets nothing", async () => {
    const { setCookie } = await createSession(adminId);
    const cookie = cookieOf(setCookie);
    expect(await getAdmin(request(cookie), { now: new Date() })).not.toBeNull();
    const cleared = await signOut(request(cookie));
    expect(cleared).toContain("Max-Age=0");
    // The attacker kept a copy of the cookie: it still has a valid signature, and is useless.
    expect(await readSessionId(request(cookie))).not.toBeNull();
    expect(await getAdmin(request(cookie), { now: new Date() })).toBeNull();
    await expect(requireAdmin(request(cookie))).rejects.toBeInstanceOf(Response);
  });

  it("ending an admin's sessions can spare the current one", async () => {
    const mine = await createSession(adminId);
    const other = await createSession(adminId);
    expect(await destroyAdminSessions(adminId, { except: mine.id })).toBe(1);
    expect(await loadSession(mine.id)).not.toBeNull();
    expect(await loadSession(other.id)).toBeNull();
  });

  it("a session whose admin was deleted gets nothing", async () => {
    const { setCookie } = await createSession(adminId);
    const { admins } = await getCollections();
    await admins.deleteOne({ _id: adminId });
    expect(await getAdmin(request(cookieOf(setCookie)), { now: new Date() })).toBeNull();
  });
});
