// Issue 9, suite 8: admin sessions over HTTP, on the production server of fixtures.ts
// (NODE_ENV=production). The cookie's flags, a new session id at every sign-in, a signed-out
// cookie that no longer opens anything, and sign-in throttling on the page and the JSON API.
// Idle and absolute expiry are proven with a clock, not by waiting: app/domain/session.server.test.ts
// (the server ends a session after its idle limit and at its absolute limit, whatever the cookie).
import { E2E_ADMIN } from "../support/constants";
import { expect, type Robust, test } from "./fixtures";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

async function signIn(robust: Robust, cookie?: string) {
  const answer = await robust.send("/admin/login", {
    method: "POST",
    headers: { ...FORM, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(E2E_ADMIN).toString(),
  });
  expect(answer.status, answer.body).toBe(302);
  const setCookie = ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("__Host-bureau_session="));
  expect(setCookie).toBeTruthy();
  return { setCookie: setCookie as string, cookie: (setCookie as string).split(";")[0] as string };
}

const dashboard = (robust: Robust, cookie: string) =>
  robust.send("/admin/dashboard", { headers: { Cookie: cookie } });

test("the session cookie: __Host-, HttpOnly, SameSite=Lax, Secure, Path=/, no Domain", async ({
  robust,
}) => {
  const { setCookie } = await signIn(robust);
  const attributes = setCookie.split(";").map((a) => a.trim().toLowerCase());
  expect(attributes).toContain("httponly");
  expect(attributes).toContain("samesite=lax");
  expect(attributes).toContain("secure");
  expect(attributes).toContain("path=/");
  expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
});

test("signing in gives a new session id; the cookie sent with the sign-in is not reused", async ({
  robust,
}) => {
  const before = await signIn(robust);
  const after = await signIn(robust, before.cookie);
  expect(after.cookie).not.toBe(before.cookie);
  expect((await dashboard(robust, after.cookie)).status).toBe(200);
  // The session the browser had before signing in again is gone, not merely replaced.
  expect((await dashboard(robust, before.cookie)).status).toBe(302);
});

test("after sign-out the old cookie, replayed, gets the sign-in redirect", async ({ robust }) => {
  const { cookie } = await signIn(robust);
  expect((await dashboard(robust, cookie)).status).toBe(200);
  const out = await robust.send("/admin/logout", {
    method: "POST",
    headers: { ...FORM, Cookie: cookie },
    body: "",
  });
  expect(out.status).toBe(302);
  expect(out.headers.location).toBe("/admin/login");
  const replay = await dashboard(robust, cookie);
  expect(replay.status).toBe(302);
  expect(replay.headers.location).toMatch(/^\/admin\/login\?redirectTo=/);
});

test("repeated failed sign-ins: 429 with Retry-After, on the page and on POST /api/auth/login", async ({
  robust,
}) => {
  // Unknown accounts of their own: throttling counts them like any other, and the e2e admin
  // stays usable for the other suites.
  const page = (password: string) =>
    robust.send("/admin/login", {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ email: "throttle-page@bureau.test", password }).toString(),
    });
  const api = (password: string) =>
    robust.send("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "throttle-api@bureau.test", password }),
    });
  for (let i = 1; i <= 5; i++) {
    expect((await page(`wrong password ${i}`)).status, `page attempt ${i}`).toBe(400);
    expect((await api(`wrong password ${i}`)).status, `API attempt ${i}`).toBe(401);
  }
  for (const refused of [await page("yet another"), await api("yet another")]) {
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  }
});
