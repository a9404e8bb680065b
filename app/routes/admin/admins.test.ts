// The Admins and Change password pages' actions, as React Router calls them, signed in.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { WRONG_OWN_PASSWORD } from "~/domain/admin";
import { createAdmin, listAdmins } from "~/domain/admin.server";
import { OPERATOR_CLI } from "~/domain/audit";
import { LOGIN_PAIR_LIMIT, throttledMessage } from "~/domain/login-throttle.server";
import { createSession, loadSession } from "~/domain/session.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { action as adminsAction, headers as adminsHeaders, loader as adminsLoader } from "./admins";
import {
  action as changePasswordAction,
  headers as changePasswordHeaders,
} from "./change-password";

afterAll(closeDatabase);

const PASSWORD = "a long and unusual passphrase";
let me: { _id: string; email: string };
let cookie: string;
let sessionId: string;

beforeEach(async () => {
  const { admins, sessions, loginAttempts } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({}), loginAttempts.deleteMany({})]);
  const created = await createAdmin({ email: "me@bureau.test", password: PASSWORD }, OPERATOR_CLI);
  if (!created.ok) throw new Error(created.message);
  me = created.admin;
  const session = await createSession(me._id);
  sessionId = session.id;
  cookie = session.setCookie.split(";")[0] as string;
});

function call<T extends (args: never) => unknown>(
  fn: T,
  path: string,
  fields?: Record<string, string>,
) {
  const request = new Request(`http://localhost${path}`, {
    method: fields ? "POST" : "GET",
    headers: {
      Cookie: cookie,
      ...(fields ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: fields ? new URLSearchParams(fields) : undefined,
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.9");
  return fn({ request, params: {}, context } as never) as Promise<
    // biome-ignore lint/suspicious/noExplicitAny: data() or a Response, depending on the branch.
    any
  >;
}

const ADMINS = "/admin/dashboard/admins";

describe("Admins page", () => {
  it("lists admins with their creation date and marks the current one", async () => {
    const data = await call(adminsLoader, ADMINS);
    expect(data).toEqual({
      admins: [{ _id: me._id, email: "me@bureau.test", createdAt: expect.any(String) }],
      currentAdminId: me._id,
    });
  });

  it("adds an admin (registration by a signed-in admin) with a flash message", async () => {
    const response = await call(adminsAction, ADMINS, {
      intent: "add",
      email: "New@Bureau.test",
      password: "another long passphrase",
      currentPassword: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(ADMINS);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    expect((await listAdmins()).map((a) => a.email)).toEqual(["me@bureau.test", "new@bureau.test"]);
  });

  it("answers a field error for a refused password or a duplicate e-mail", async () => {
    const common = await call(adminsAction, ADMINS, {
      intent: "add",
      email: "new@bureau.test",
      password: "qwertyuiop12",
      currentPassword: PASSWORD,
    });
    expect(common.init.status).toBe(400);
    expect(common.data.result.error.password[0]).toMatch(
      /^This password is too easy to guess\. .*commonly used/,
    );
    expect(common.data.result.initialValue.password).toBeUndefined();
    const dup = await call(adminsAction, ADMINS, {
      intent: "add",
      email: "ME@bureau.test",
      password: PASSWORD,
      currentPassword: PASSWORD,
    });
    expect(dup.init.status).toBe(409);
    expect(dup.data.result.error.email).toEqual([
      "An admin with this e-mail address already exists.",
    ]);
  });

  it("never removes the last admin", async () => {
    const result = await call(adminsAction, ADMINS, {
      intent: "remove",
      id: me._id,
      currentPassword: PASSWORD,
    });
    expect(result.init.status).toBe(409);
    expect(result.data.removeError).toMatch(/last admin/);
    expect(await listAdmins()).toHaveLength(1);
  });

  it("removing yourself signs you out", async () => {
    await createAdmin({ email: "other@bureau.test", password: PASSWORD }, OPERATOR_CLI);
    const response = await call(adminsAction, ADMINS, {
      intent: "remove",
      id: me._id,
      currentPassword: PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(
      response.headers.getSetCookie().some((c: string) => /^bureau_session=; Max-Age=0/.test(c)),
    ).toBe(true);
    expect(await loadSession(sessionId)).toBeNull();
  });

  it("adding asks for the acting admin's own password: a stolen session alone adds nobody", async () => {
    const missing = await call(adminsAction, ADMINS, {
      intent: "add",
      email: "thief@bureau.test",
      password: "another long passphrase",
    });
    expect(missing.init.status).toBe(400);
    expect(missing.data.result.error.currentPassword).toEqual([
      "Your current password is required.",
    ]);
    const wrong = await call(adminsAction, ADMINS, {
      intent: "add",
      email: "thief@bureau.test",
      password: "another long passphrase",
      currentPassword: "a guess at the password",
    });
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.result.error.currentPassword).toEqual([WRONG_OWN_PASSWORD]);
    expect(wrong.data.result.initialValue.currentPassword).toBeUndefined();
    expect((await listAdmins()).map((a) => a.email)).toEqual(["me@bureau.test"]);
  });

  it("removing asks for the acting admin's own password", async () => {
    const other = await createAdmin(
      { email: "other@bureau.test", password: PASSWORD },
      OPERATOR_CLI,
    );
    if (!other.ok) throw new Error(other.message);
    const missing = await call(adminsAction, ADMINS, { intent: "remove", id: other.admin._id });
    expect(missing.init.status).toBe(400);
    const wrong = await call(adminsAction, ADMINS, {
      intent: "remove",
      id: other.admin._id,
      currentPassword: "a guess at the password",
    });
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.removeError).toBe(WRONG_OWN_PASSWORD);
    expect(await listAdmins()).toHaveLength(2);
  });

  it("wrong own passwords are throttled like sign-in: 429 with Retry-After, even when right", async () => {
    const other = await createAdmin(
      { email: "other@bureau.test", password: PASSWORD },
      OPERATOR_CLI,
    );
    if (!other.ok) throw new Error(other.message);
    for (let i = 0; i < LOGIN_PAIR_LIMIT; i++) {
      const wrong = await call(adminsAction, ADMINS, {
        intent: "remove",
        id: other.admin._id,
        currentPassword: `guess number ${i}`,
      });
      expect(wrong.init.status).toBe(400);
    }
    const refused = await call(adminsAction, ADMINS, {
      intent: "add",
      email: "new@bureau.test",
      password: "another long passphrase",
      currentPassword: PASSWORD,
    });
    expect(refused.init.status).toBe(429);
    expect(refused.data.result.error[""]).toEqual([throttledMessage(15 * 60_000)]);
    const retryAfter = Number(new Headers(refused.init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(800);
    // The page's headers keep it (and add no-store).
    const sent = new Headers(
      adminsHeaders({
        actionHeaders: new Headers(refused.init.headers),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(sent.get("Retry-After")).toBe(String(retryAfter));
    expect(sent.get("Cache-Control")).toBe("no-store");
    const removeRefused = await call(adminsAction, ADMINS, {
      intent: "remove",
      id: other.admin._id,
      currentPassword: PASSWORD,
    });
    expect(removeRefused.init.status).toBe(429);
    expect(await listAdmins()).toHaveLength(2);
  });

  it("answers 400 to an unknown intent", async () => {
    const result = await call(adminsAction, ADMINS, { intent: "promote" });
    expect(result.init.status).toBe(400);
  });
});

describe("Change password page", () => {
  const PAGE = "/admin/dashboard/change-password";

  it("checks the confirmation and the current password", async () => {
    const mismatch = await call(changePasswordAction, PAGE, {
      currentPassword: PASSWORD,
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase!",
    });
    expect(mismatch.init.status).toBe(400);
    expect(mismatch.data.result.error.confirmPassword).toEqual([
      "The two new passwords do not match.",
    ]);
    const wrong = await call(changePasswordAction, PAGE, {
      currentPassword: "not my password",
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    });
    expect(wrong.data.result.error.currentPassword).toEqual([
      "The current password is not correct.",
    ]);
  });

  it("wrong current passwords are throttled: 429 after the account's limit, with Retry-After", async () => {
    for (let i = 0; i < LOGIN_PAIR_LIMIT; i++) {
      const wrong = await call(changePasswordAction, PAGE, {
        currentPassword: `guess number ${i}`,
        newPassword: "a brand new passphrase",
        confirmPassword: "a brand new passphrase",
      });
      expect(wrong.init.status).toBe(400);
    }
    const refused = await call(changePasswordAction, PAGE, {
      currentPassword: PASSWORD,
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    });
    expect(refused.init.status).toBe(429);
    expect(refused.data.result.error[""]).toEqual([throttledMessage(15 * 60_000)]);
    const sent = new Headers(
      changePasswordHeaders({
        actionHeaders: new Headers(refused.init.headers),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(Number(sent.get("Retry-After"))).toBeGreaterThan(800);
    // The password did not change.
    const { verifyCredentials } = await import("~/domain/admin.server");
    expect(await verifyCredentials("me@bureau.test", PASSWORD)).not.toBeNull();
  });

  it("changes it, ends the other sessions and rotates this one", async () => {
    const other = await createSession(me._id);
    const response = await call(changePasswordAction, PAGE, {
      currentPassword: PASSWORD,
      newPassword: "a brand new passphrase",
      confirmPassword: "a brand new passphrase",
    });
    expect(response.status).toBe(302);
    const cookies: string[] = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("bureau_flash="))).toBe(true);
    const rotated = cookies.find((c) => c.startsWith("bureau_session="));
    expect(rotated).toBeDefined();
    expect(rotated?.split(";")[0]).not.toBe(cookie);
    expect(await loadSession(other.id)).toBeNull();
    expect(await loadSession(sessionId)).toBeNull();
  });
});
