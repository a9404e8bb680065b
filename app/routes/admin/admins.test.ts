// The Admins and Change password pages' actions, as React Router calls them, signed in.
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { createAdmin, listAdmins } from "~/domain/admin.server";
import { createSession, loadSession } from "~/domain/session.server";
import { action as adminsAction, loader as adminsLoader } from "./admins";
import { action as changePasswordAction } from "./change-password";

afterAll(closeDatabase);

const PASSWORD = "a long and unusual passphrase";
let me: { _id: string; email: string };
let cookie: string;
let sessionId: string;

beforeEach(async () => {
  const { admins, sessions } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({})]);
  const created = await createAdmin({ email: "me@bureau.test", password: PASSWORD });
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
  return fn({ request, params: {}, context: new RouterContextProvider() } as never) as Promise<
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
    });
    expect(common.init.status).toBe(400);
    expect(common.data.result.error.password[0]).toMatch(/commonly used/);
    expect(common.data.result.initialValue.password).toBeUndefined();
    const dup = await call(adminsAction, ADMINS, {
      intent: "add",
      email: "ME@bureau.test",
      password: PASSWORD,
    });
    expect(dup.init.status).toBe(409);
    expect(dup.data.result.error.email).toEqual([
      "An admin with this e-mail address already exists.",
    ]);
  });

  it("never removes the last admin", async () => {
    const result = await call(adminsAction, ADMINS, { intent: "remove", id: me._id });
    expect(result.init.status).toBe(409);
    expect(result.data.removeError).toMatch(/last admin/);
    expect(await listAdmins()).toHaveLength(1);
  });

  it("removing yourself signs you out", async () => {
    await createAdmin({ email: "other@bureau.test", password: PASSWORD });
    const response = await call(adminsAction, ADMINS, { intent: "remove", id: me._id });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(
      response.headers.getSetCookie().some((c: string) => /^bureau_session=; Max-Age=0/.test(c)),
    ).toBe(true);
    expect(await loadSession(sessionId)).toBeNull();
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
