// The sign-in and logout routes, called as React Router calls them, with a real database.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { createAdmin } from "~/domain/admin.server";
import { OPERATOR_CLI } from "~/domain/audit";
import { clientIpContext } from "~/lib/client-ip.server";
import { setMailTransport } from "~/lib/mailer.server";
import { action, headers, INVALID_CREDENTIALS, loader } from "./login";
import { action as logoutAction, loader as logoutLoader, SIGNED_OUT_MESSAGE } from "./logout";

afterAll(closeDatabase);
// Sign-in codes are e-mailed (logged: no SMTP_URL in tests); not wanted in this output.
setMailTransport(null, () => {});

const EMAIL = "owner@bureau.test";
const PASSWORD = "a long and unusual passphrase";

beforeEach(async () => {
  const { admins, sessions, loginAttempts } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({}), loginAttempts.deleteMany({})]);
  await createAdmin({ email: EMAIL, password: PASSWORD }, OPERATOR_CLI);
});

function context(ip = "203.0.113.1") {
  const ctx = new RouterContextProvider();
  ctx.set(clientIpContext, ip);
  return ctx;
}

async function signIn(
  fields: Record<string, string>,
  options: { cookie?: string; ip?: string } = {},
) {
  const request = new Request("http://localhost/admin/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
  const result = await action({ request, params: {}, context: context(options.ip) } as never);
  if (result instanceof Response) return { response: result, status: result.status, body: null };
  const { data, init } = result as unknown as {
    data: { result: { error?: Record<string, string[]> } };
    init?: ResponseInit;
  };
  return {
    response: null,
    status: init?.status ?? 200,
    body: data,
    headers: new Headers(init?.headers),
  };
}

const cookieOf = (response: Response | null) =>
  (response?.headers.get("Set-Cookie") ?? "").split(";")[0] as string;

async function loaderOutcome(url: string, cookie?: string) {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return await loader({ request, params: {}, context: context() } as never);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("sign-in action", () => {
  it("signs in and goes to the dashboard with a session cookie", async () => {
    const { response } = await signIn({ email: ` ${EMAIL.toUpperCase()} `, password: PASSWORD });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/admin/dashboard");
    const cookies = response?.headers.getSetCookie() ?? [];
    expect(cookies.find((c) => c.startsWith("bureau_session="))).toMatch(
      /^bureau_session=.+; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    // And the device cookie that keeps this browser trusted for the account (a long life).
    expect(cookies.find((c) => c.startsWith("bureau_device="))).toMatch(
      /^bureau_device=.+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it("goes back to the admin page that sent the visitor, and only to an admin page", async () => {
    const back = await signIn({
      email: EMAIL,
      password: PASSWORD,
      redirectTo: "/admin/dashboard/admins?x=1",
    });
    expect(back.response?.headers.get("Location")).toBe("/admin/dashboard/admins?x=1");
    for (const evil of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/admin/dashboard",
      "/blog",
    ]) {
      const { response } = await signIn({ email: EMAIL, password: PASSWORD, redirectTo: evil });
      expect(response?.headers.get("Location")).toBe("/admin/dashboard");
    }
  });

  it("gives one generic message for an unknown e-mail and a wrong password", async () => {
    const unknown = await signIn({ email: "nobody@bureau.test", password: PASSWORD });
    const wrong = await signIn({ email: EMAIL, password: "not the right password" });
    for (const attempt of [unknown, wrong]) {
      expect(attempt.status).toBe(400);
      expect(attempt.body?.result.error?.[""]).toEqual([INVALID_CREDENTIALS]);
    }
  });

  it("wants both fields, with a message for each", async () => {
    const empty = await signIn({ email: "", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.body?.result.error?.email).toEqual(["E-mail is required."]);
    expect(empty.body?.result.error?.password).toEqual(["Password is required."]);
    const bad = await signIn({ email: "not-an-email", password: "x" });
    expect(bad.body?.result.error?.email).toEqual(["Enter a valid e-mail address."]);
  });

  it("answers 429 with a clear message after 5 failures, even with the right password", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signIn({ email: EMAIL, password: `wrong password ${i}` })).status).toBe(400);
    }
    const throttled = await signIn({ email: EMAIL, password: PASSWORD });
    expect(throttled.status).toBe(429);
    expect(throttled.body?.result.error?.[""]).toEqual([
      "Too many sign-in attempts. Please wait 15 minutes and try again.",
    ]);
    expect(Number(throttled.headers?.get("Retry-After"))).toBeGreaterThan(14 * 60);
    // The page's headers export keeps the action's Retry-After, with no-store on top.
    const sent = new Headers(
      headers({
        actionHeaders: throttled.headers ?? new Headers(),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(sent.get("Retry-After")).toBe(throttled.headers?.get("Retry-After"));
    expect(sent.get("Cache-Control")).toBe("no-store");
    // Another account from another address is not affected.
    await createAdmin({ email: "other@bureau.test", password: PASSWORD }, OPERATOR_CLI);
    const other = await signIn(
      { email: "other@bureau.test", password: PASSWORD },
      { ip: "203.0.113.2" },
    );
    expect(other.status).toBe(302);
  });

  it("replaces the session the browser already had (a new id at every sign-in)", async () => {
    const first = await signIn({ email: EMAIL, password: PASSWORD });
    const second = await signIn(
      { email: EMAIL, password: PASSWORD },
      { cookie: cookieOf(first.response) },
    );
    expect(cookieOf(second.response)).not.toBe(cookieOf(first.response));
    const { sessions } = await getCollections();
    expect(await sessions.countDocuments({})).toBe(1);
  });

  it("under attack, a right and a wrong password get the same answer (issue 20 finding 4)", async () => {
    for (let i = 0; i < 5; i++) {
      const guess = await signIn({ email: EMAIL, password: `guess ${i}` }, { ip: "198.51.100.66" });
      expect(guess.status).toBe(400);
    }
    const right = await signIn({ email: EMAIL, password: PASSWORD }, { ip: "203.0.113.10" });
    const wrong = await signIn(
      { email: EMAIL, password: "not the password" },
      { ip: "203.0.113.11" },
    );
    // Everything the browser gets, with the one random part (the challenge) masked.
    const seen = (answer: typeof right) => ({
      status: answer.status,
      headers: [...(answer.headers ?? [])],
      body: JSON.stringify(answer.body).replace(
        /"challenge":"[A-Za-z0-9_-]{43}"/,
        '"challenge":"*"',
      ),
    });
    expect(seen(wrong)).toEqual(seen(right));
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ step: { email: EMAIL, redirectTo: null } });
    expect(seen(right).body).toContain('"challenge":"*"');
  });

  it("the code step: bad or stale input is a 400 with the message beside the code field", async () => {
    const step = { intent: "code", email: EMAIL, challenge: "A".repeat(43) };
    for (const [code, message] of [
      ["12ab56", "Enter the 6-digit code from the e-mail."],
      ["", "Code is required."],
      // Well formed, but no code was ever sent for this challenge.
      ["123 456", "This code has expired or was already used. Sign in again to get a new one."],
    ] as const) {
      const answer = await signIn({ ...step, code });
      expect(answer.status, code).toBe(400);
      expect(answer.body?.result.error?.code, code).toEqual([message]);
      // The form comes back as posted, to try again.
      expect((answer.body as unknown as { step: unknown }).step).toEqual({
        ...step,
        intent: undefined,
        redirectTo: null,
      });
    }
    // Without its hidden fields: still a 400 naming them, never a 500.
    const bare = await signIn({ intent: "code", code: "123456" });
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body?.result.error ?? {}).sort()).toEqual(["challenge", "email"]);
  });

  it("answers 400, not 500, to a body that is not a form", async () => {
    const request = new Request("http://localhost/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const result = (await action({
      request,
      params: {},
      context: context(),
    } as never)) as unknown as {
      init?: ResponseInit;
    };
    expect(result.init?.status).toBe(400);
  });
});

describe("sign-in page loader", () => {
  it("offers the form, remembering only a safe redirectTo", async () => {
    expect(
      await loaderOutcome("http://localhost/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fadmins"),
    ).toMatchObject({
      data: { redirectTo: "/admin/dashboard/admins", flash: null },
    });
    expect(
      await loaderOutcome("http://localhost/admin/login?redirectTo=%2F%2Fevil.example"),
    ).toMatchObject({
      data: { redirectTo: null },
    });
  });

  it("sends a signed-in admin on to the dashboard (or the requested page)", async () => {
    const { response } = await signIn({ email: EMAIL, password: PASSWORD });
    const plain = (await loaderOutcome(
      "http://localhost/admin/login",
      cookieOf(response),
    )) as Response;
    expect(plain.headers.get("Location")).toBe("/admin/dashboard");
    const back = (await loaderOutcome(
      "http://localhost/admin/login?redirectTo=%2Fadmin%2Fdashboard%2Fadmins",
      cookieOf(response),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/admin/dashboard/admins");
  });
});

describe("logout", () => {
  it("POST deletes the session, clears the cookie and says so once on the sign-in page", async () => {
    const { response } = await signIn({ email: EMAIL, password: PASSWORD });
    const cookie = cookieOf(response);
    const out = await logoutAction({
      request: new Request("http://localhost/admin/logout", {
        method: "POST",
        headers: { Cookie: cookie },
      }),
      params: {},
      context: context(),
    } as never);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/admin/login");
    const setCookies = out.headers.getSetCookie();
    expect(setCookies.some((c) => /^bureau_session=; Max-Age=0/.test(c))).toBe(true);
    const flash = setCookies.find((c) => c.startsWith("bureau_flash="))?.split(";")[0] ?? "";
    const { sessions } = await getCollections();
    expect(await sessions.countDocuments({})).toBe(0);
    // The sign-in page shows the message (and the replayed session cookie signs nobody in).
    const page = await loaderOutcome("http://localhost/admin/login", `${cookie}; ${flash}`);
    expect(page).toMatchObject({ data: { flash: SIGNED_OUT_MESSAGE } });
  });

  it("GET signs nobody out: it only leads to the sign-in page", async () => {
    const { response } = await signIn({ email: EMAIL, password: PASSWORD });
    // The GET carries the valid session cookie, as a link or a prefetch from the browser would.
    const out = logoutLoader({
      request: new Request("http://localhost/admin/logout", {
        headers: { Cookie: cookieOf(response) },
      }),
      params: {},
      context: context(),
    } as never);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/admin/login");
    expect(out.headers.get("Set-Cookie")).toBeNull();
    const { sessions } = await getCollections();
    expect(await sessions.countDocuments({})).toBe(1);
    // And the session still signs the browser in.
    expect(await loaderOutcome("http://localhost/admin/login", cookieOf(response))).toMatchObject({
      status: 302,
    });
  });
});
