import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { setMailTransport } from "~/lib/mailer.server";
import {
  APPLIED_ADMIN_PASSWORD,
  changePassword,
  createAdmin,
  DEFAULT_ADMIN_EMAIL,
  ensureBootstrapAdmin,
  generatePassword,
  listAdmins,
  registerAdmin,
  removeAdmin,
  verifyCredentials,
} from "./admin.server";
import { settleAdminNotices } from "./admin-notice.server";
import { verifyApiToken } from "./api-auth.server";
import { issueApiToken } from "./api-token.server";
import { type Actor, OPERATOR_CLI } from "./audit";
import { beginPasswordCheck } from "./auth.server";
import { hashPassword, verifyPassword } from "./password.server";
import { createSession, loadSession } from "./session.server";

/** The hashes every password check compared against (the real check still runs). */
const checked = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock("./password.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./password.server")>();
  return {
    ...actual,
    verifyPassword: (hash: string, password: string) => {
      checked.hashes.push(hash);
      return actual.verifyPassword(hash, password);
    },
  };
});

afterAll(closeDatabase);
beforeEach(async () => {
  const { admins, sessions, settings } = await getCollections();
  await Promise.all([
    admins.deleteMany({}),
    sessions.deleteMany({}),
    settings.deleteMany({ _id: { $in: ["firstAdminClaim", APPLIED_ADMIN_PASSWORD] } }),
  ]);
});

const GOOD = "a long and unusual passphrase";

async function admin(email: string, password = GOOD) {
  const created = await createAdmin({ email, password }, OPERATOR_CLI);
  if (!created.ok) throw new Error(created.message);
  return created.admin;
}

describe("bootstrap admin", () => {
  it("creates one admin with a generated password when none exists, and only once", async () => {
    const db = await getDb();
    const first = await ensureBootstrapAdmin(db, {});
    expect(first.kind).toBe("generated");
    if (first.kind !== "generated") return;
    expect(first.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(first.password).toHaveLength(24);

    const { admins } = await getCollections();
    const stored = await admins.findOne({ email: DEFAULT_ADMIN_EMAIL });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored?.passwordHash ?? "", first.password)).toBe(true);

    expect((await ensureBootstrapAdmin(db, {})).kind).toBe("existing");
    expect(await admins.countDocuments()).toBe(1);
  });

  it("two instances starting together create a single admin", async () => {
    const db = await getDb();
    const results = await Promise.all([ensureBootstrapAdmin(db, {}), ensureBootstrapAdmin(db, {})]);
    const { admins } = await getCollections();
    expect(await admins.countDocuments()).toBe(1);
    // Exactly one of them prints the password; the other finds the admin already there.
    expect(results.filter((r) => r.kind === "generated")).toHaveLength(1);
  });

  it("creates the configured admin; a restart with the same ADMIN_PASSWORD changes nothing", async () => {
    const db = await getDb();
    const created = await ensureBootstrapAdmin(db, {
      email: " Owner@Bureau.Test ",
      password: "first long password",
    });
    expect(created).toEqual({
      kind: "configured",
      email: "owner@bureau.test",
      created: true,
      reset: false,
    });
    // The admin changes the password in the UI and signs in somewhere.
    const { admins, sessions, settings } = await getCollections();
    const admin = await admins.findOne({ email: "owner@bureau.test" });
    if (!admin) throw new Error("no admin");
    await admins.updateOne(
      { _id: admin._id },
      { $set: { passwordHash: await hashPassword("changed in the UI") } },
    );
    const session = await createSession(admin._id);
    // Restart, same configuration: the UI password stays, the session too.
    const again = await ensureBootstrapAdmin(db, {
      email: "owner@bureau.test",
      password: "first long password",
    });
    expect(again).toMatchObject({ created: false, reset: false });
    const stored = await admins.findOne({ email: "owner@bureau.test" });
    expect(await verifyPassword(stored?.passwordHash ?? "", "changed in the UI")).toBe(true);
    expect(await sessions.countDocuments({ _id: session.id })).toBe(1);
    // Only a hash of the configured value is kept, never the value.
    const applied = await settings.findOne({ _id: APPLIED_ADMIN_PASSWORD });
    expect(applied?.value).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(applied)).not.toContain("first long password");
  });

  it("a new ADMIN_PASSWORD resets that admin's password once and ends its sessions and API tokens", async () => {
    const db = await getDb();
    await ensureBootstrapAdmin(db, { email: "owner@bureau.test", password: "first long password" });
    const { admins, sessions } = await getCollections();
    const admin = await admins.findOne({ email: "owner@bureau.test" });
    if (!admin) throw new Error("no admin");
    await createSession(admin._id);
    const { token } = await issueApiToken(admin._id);
    const changed = await ensureBootstrapAdmin(db, {
      email: "owner@bureau.test",
      password: "second long password",
    });
    expect(changed).toMatchObject({ created: false, reset: true });
    const stored = await admins.findOne({ email: "owner@bureau.test" });
    expect(await verifyPassword(stored?.passwordHash ?? "", "second long password")).toBe(true);
    expect(await verifyPassword(stored?.passwordHash ?? "", "first long password")).toBe(false);
    expect(await sessions.countDocuments({ adminId: admin._id })).toBe(0);
    expect(await verifyApiToken(token)).toBeNull();
    expect(await admins.countDocuments()).toBe(1);
    // Applied: the next start leaves it alone.
    expect(
      await ensureBootstrapAdmin(db, {
        email: "owner@bureau.test",
        password: "second long password",
      }),
    ).toMatchObject({ reset: false });
  });

  it("re-creates the configured admin when the account does not exist", async () => {
    const db = await getDb();
    await ensureBootstrapAdmin(db, { email: "owner@bureau.test", password: "first long password" });
    const { admins } = await getCollections();
    await admins.deleteMany({});
    expect(
      await ensureBootstrapAdmin(db, {
        email: "owner@bureau.test",
        password: "first long password",
      }),
    ).toMatchObject({ created: true });
  });
});

describe("generatePassword", () => {
  it("gives distinct passwords of the asked length", () => {
    const set = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(set.size).toBe(50);
    for (const p of set) expect(p).toMatch(/^[A-Za-z2-9]{24}$/);
  });
});

describe("credentials", () => {
  it("accepts the right password, whatever the e-mail's case and spacing", async () => {
    await admin("owner@bureau.test");
    expect(await verifyCredentials(" Owner@Bureau.TEST ", GOOD)).toMatchObject({
      email: "owner@bureau.test",
    });
  });

  it("refuses a wrong password and an unknown e-mail alike", async () => {
    await admin("owner@bureau.test");
    expect(await verifyCredentials("owner@bureau.test", "not the password")).toBeNull();
    expect(await verifyCredentials("nobody@bureau.test", GOOD)).toBeNull();
  });

  it("checks a password against a hash of the same cost for an unknown e-mail as for a known one", async () => {
    // Timing would flake on a loaded machine; what makes the two cases take as long is that
    // both run one argon2id check with the same parameters (memory, passes, lanes).
    await admin("owner@bureau.test");
    const cost = (hash: string) => hash.split("$").slice(1, 4).join("$");
    checked.hashes.length = 0;
    expect(await verifyCredentials("owner@bureau.test", "not the password")).toBeNull();
    const [stored] = checked.hashes;
    checked.hashes.length = 0;
    expect(await verifyCredentials("nobody@bureau.test", "not the password")).toBeNull();
    const [dummy] = checked.hashes;
    expect(checked.hashes).toHaveLength(1);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(cost(dummy as string)).toBe(cost(stored as string));
    expect(dummy).not.toBe(stored);
  });
});

/** An anonymous API caller, and a signed-in admin on the Admins page. */
const ANONYMOUS: Actor = { email: "visitor", via: "api", ip: "203.0.113.7" };
const as = (a: { _id: string; email: string }): Actor => ({
  email: a.email,
  via: "admin",
  ip: "203.0.113.7",
  adminId: a._id,
});

/** The sign-in throttle for `email`, as the routes start it. */
const reauth = (email: string) => () =>
  beginPasswordCheck(new Request("http://localhost/"), { email, ip: "203.0.113.7" });
/** An anonymous registration never asks for anyone's own password. */
const NO_CHECK = () => Promise.reject(new Error("no password check expected"));

describe("registration (SPEC's register call)", () => {
  it("lets anyone create the first admin while none exists", async () => {
    const result = await registerAdmin(
      { email: "First@Bureau.test", password: GOOD },
      ANONYMOUS,
      NO_CHECK,
    );
    expect(result).toMatchObject({ ok: true, admin: { email: "first@bureau.test" } });
  });

  it("lets a later first registration through once an abandoned claim is a minute old", async () => {
    // A registration that claimed the first place, then failed before creating the admin.
    const { settings } = await getCollections();
    await settings.insertOne({ _id: "firstAdminClaim", value: "x", createdAt: new Date() });
    const soon = await registerAdmin(
      { email: "a@bureau.test", password: GOOD },
      ANONYMOUS,
      NO_CHECK,
    );
    expect(soon).toMatchObject({ ok: false, code: "forbidden" });
    const later = await registerAdmin(
      { email: "a@bureau.test", password: GOOD, now: new Date(Date.now() + 61_000) },
      ANONYMOUS,
      NO_CHECK,
    );
    expect(later).toMatchObject({ ok: true });
  });

  it("refuses an anonymous registration once an admin exists", async () => {
    await admin("owner@bureau.test");
    const result = await registerAdmin(
      { email: "intruder@bureau.test", password: GOOD, currentPassword: GOOD },
      ANONYMOUS,
      NO_CHECK,
    );
    expect(result).toMatchObject({ ok: false, code: "forbidden" });
    expect((await listAdmins()).map((a) => a.email)).toEqual(["owner@bureau.test"]);
  });

  it("lets a signed-in admin add another admin with their own current password", async () => {
    const owner = await admin("owner@bureau.test");
    const result = await registerAdmin(
      { email: "second@bureau.test", password: GOOD, currentPassword: GOOD },
      as(owner),
      reauth(owner.email),
    );
    expect(result).toMatchObject({ ok: true });
    expect((await listAdmins()).map((a) => a.email)).toEqual([
      "owner@bureau.test",
      "second@bureau.test",
    ]);
  });

  // Issue 20 finding 3: a session or a bearer token alone made a lasting admin.
  it("refuses a signed-in admin without their current password, or with a wrong one", async () => {
    const owner = await admin("owner@bureau.test");
    const input = { email: "second@bureau.test", password: GOOD };
    expect(await registerAdmin(input, as(owner), reauth(owner.email))).toEqual({
      ok: false,
      code: "reauth",
      field: "currentPassword",
      message: "Enter your current password to add an admin.",
    });
    expect(
      await registerAdmin(
        { ...input, currentPassword: "not my password at all" },
        as(owner),
        reauth(owner.email),
      ),
    ).toEqual({
      ok: false,
      code: "reauth",
      field: "currentPassword",
      message: "Your current password is not correct.",
    });
    expect(await listAdmins()).toHaveLength(1);
  });

  it("counts wrong current passwords toward the sign-in throttle, then refuses even the right one", async () => {
    const owner = await admin("owner@bureau.test");
    const { loginAttempts } = await getCollections();
    await loginAttempts.deleteMany({});
    const add = (currentPassword: string) =>
      registerAdmin(
        { email: "second@bureau.test", password: GOOD, currentPassword },
        as(owner),
        reauth(owner.email),
      );
    for (let i = 0; i < 5; i++) expect(await add(`wrong ${i}`)).toMatchObject({ code: "reauth" });
    const throttled = await add(GOOD);
    expect(throttled).toMatchObject({ ok: false, code: "throttled" });
    expect(throttled.ok ? 0 : throttled.retryAfterMs).toBeGreaterThan(0);
    expect(await listAdmins()).toHaveLength(1);
    await loginAttempts.deleteMany({});
  });

  it("does not trust an actor that is not an admin (any more)", async () => {
    await admin("owner@bureau.test");
    const ghost = as({ _id: "0123456789abcdef01234567", email: "ghost@bureau.test" });
    expect(
      await registerAdmin(
        { email: "x@bureau.test", password: GOOD, currentPassword: GOOD },
        ghost,
        NO_CHECK,
      ),
    ).toMatchObject({ ok: false, code: "forbidden" });
  });

  it("refuses a duplicate e-mail, a bad e-mail and a password the policy refuses", async () => {
    const owner = await admin("owner@bureau.test");
    const add = (email: string, password: string) =>
      registerAdmin({ email, password, currentPassword: GOOD }, as(owner), reauth(owner.email));
    expect(await add("OWNER@bureau.test", GOOD)).toMatchObject({
      ok: false,
      code: "conflict",
      field: "email",
    });
    expect(await add("not-an-email", GOOD)).toMatchObject({ ok: false, field: "email" });
    for (const password of ["short", "qwertyuiop12", "Summer2026!!", "x".repeat(129)]) {
      expect(await add("new@bureau.test", password)).toMatchObject({
        ok: false,
        code: "invalid",
        field: "password",
      });
    }
    // The site's brand (the site settings' brand name) is a guesser's first word.
    const { siteSettings } = await getCollections();
    const saved = await siteSettings.findOne({ _id: SINGLETON_ID });
    await siteSettings.updateOne(
      { _id: SINGLETON_ID },
      { $set: { brandName: "Northwind Studio" } },
      { upsert: true },
    );
    try {
      expect(await add("new@bureau.test", "Northwind2026!")).toMatchObject({
        field: "password",
      });
    } finally {
      if (saved) await siteSettings.replaceOne({ _id: SINGLETON_ID }, saved);
      else await siteSettings.deleteOne({ _id: SINGLETON_ID });
    }
    expect(await listAdmins()).toHaveLength(1);
  });

  it("e-mails every other admin after the new one is stored, never the new one", async () => {
    const owner = await admin("owner@bureau.test");
    await admin("colleague@bureau.test");
    const sent: { to: string; subject: string; text: string }[] = [];
    setMailTransport({
      sendMail: async (m: { to: string; subject: string; text: string }) => sent.push(m),
    } as never);
    try {
      await settleAdminNotices();
      sent.length = 0;
      const result = await registerAdmin(
        { email: "third@bureau.test", password: GOOD, currentPassword: GOOD },
        { ...as(owner), via: "api" },
        reauth(owner.email),
      );
      expect(result.ok).toBe(true);
      await settleAdminNotices();
    } finally {
      setMailTransport(undefined);
    }
    expect(sent.map((m) => m.to).sort()).toEqual(["colleague@bureau.test", "owner@bureau.test"]);
    expect(sent[0]?.subject).toBe("New admin: third@bureau.test");
    expect(sent[0]?.text).toMatch(
      /third@bureau\.test was added as an admin of .* by owner@bureau\.test through the JSON API/,
    );
    expect(sent[0]?.text).toMatch(/from 203\.0\.113\.7\./);
    expect(sent[0]?.text).toContain("/admin/dashboard/admins");
  });

  it("two anonymous registrations racing on an empty database leave one admin", async () => {
    const results = await Promise.all([
      registerAdmin({ email: "a@bureau.test", password: GOOD }, ANONYMOUS, NO_CHECK),
      registerAdmin({ email: "b@bureau.test", password: GOOD }, ANONYMOUS, NO_CHECK),
    ]);
    expect(await listAdmins()).toHaveLength(1);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("removing an admin", () => {
  it("never removes the last admin", async () => {
    const owner = await admin("owner@bureau.test");
    expect(await removeAdmin(owner._id, OPERATOR_CLI)).toMatchObject({
      ok: false,
      code: "conflict",
    });
    expect(await listAdmins()).toHaveLength(1);
  });

  it("removes another admin and ends their sessions", async () => {
    await admin("owner@bureau.test");
    const other = await admin("other@bureau.test");
    const session = await createSession(other._id);
    expect(await removeAdmin(other._id, OPERATOR_CLI)).toEqual({
      ok: true,
      email: "other@bureau.test",
    });
    expect(await loadSession(session.id)).toBeNull();
    expect((await listAdmins()).map((a) => a.email)).toEqual(["owner@bureau.test"]);
  });

  it("answers not-found for an unknown id", async () => {
    await admin("owner@bureau.test");
    expect(await removeAdmin("0123456789abcdef01234567", OPERATOR_CLI)).toMatchObject({
      code: "not-found",
    });
    expect(await removeAdmin("nonsense", OPERATOR_CLI)).toMatchObject({ code: "not-found" });
  });

  it("two admins removing each other at once never leave nobody", async () => {
    const a = await admin("a@bureau.test");
    const b = await admin("b@bureau.test");
    const results = await Promise.all([
      removeAdmin(a._id, OPERATOR_CLI),
      removeAdmin(b._id, OPERATOR_CLI),
    ]);
    const left = (await listAdmins()).map((x) => x.email);
    expect(left.length).toBeGreaterThanOrEqual(1);
    // Each answer tells the truth: a removal reported done is done, a refused one is not.
    expect(results[0].ok).toBe(!left.includes("a@bureau.test"));
    expect(results[1].ok).toBe(!left.includes("b@bureau.test"));
  });
});

describe("changing a password", () => {
  it("needs the current password and a new one that passes the policy", async () => {
    const owner = await admin("owner@bureau.test");
    const { id } = await createSession(owner._id);
    const base = { adminId: owner._id, sessionId: id, actor: as(owner) };
    expect(
      await changePassword({
        ...base,
        currentPassword: "wrong password!",
        newPassword: "another long passphrase",
      }),
    ).toMatchObject({ ok: false, field: "currentPassword" });
    expect(
      await changePassword({ ...base, currentPassword: GOOD, newPassword: GOOD }),
    ).toMatchObject({
      ok: false,
      field: "newPassword",
    });
    expect(
      await changePassword({ ...base, currentPassword: GOOD, newPassword: "owner@bureau.test" }),
    ).toMatchObject({ ok: false, field: "newPassword" });
    expect(await verifyCredentials("owner@bureau.test", GOOD)).not.toBeNull();
  });

  it("ends the admin's other sessions and gives the current one a new id", async () => {
    const owner = await admin("owner@bureau.test");
    const current = await createSession(owner._id);
    const laptop = await createSession(owner._id);
    const phone = await createSession(owner._id);
    const result = await changePassword({
      adminId: owner._id,
      sessionId: current.id,
      actor: as(owner),
      currentPassword: GOOD,
      newPassword: "a brand new passphrase",
    });
    expect(result).toMatchObject({ ok: true, endedSessions: 2 });
    if (!result.ok) return;
    expect(await loadSession(laptop.id)).toBeNull();
    expect(await loadSession(phone.id)).toBeNull();
    expect(await loadSession(current.id)).toBeNull();
    const newId = /=([^;]+)/.exec(result.setCookie ?? "")?.[1];
    expect(newId).toBeTruthy();
    const { sessions } = await getCollections();
    expect(await sessions.countDocuments({ adminId: new ObjectId(owner._id) })).toBe(1);
    expect(await verifyCredentials("owner@bureau.test", "a brand new passphrase")).not.toBeNull();
    expect(await verifyCredentials("owner@bureau.test", GOOD)).toBeNull();
  });
});
