import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { DEFAULT_ADMIN_EMAIL, ensureBootstrapAdmin, generatePassword } from "./admin.server";
import { verifyPassword } from "./password.server";

afterAll(closeDatabase);
beforeEach(async () => {
  const { admins } = await getCollections();
  await admins.deleteMany({});
});

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

  it("makes the configured admin exist with the configured password, every start", async () => {
    const db = await getDb();
    const created = await ensureBootstrapAdmin(db, {
      email: " Owner@Bureau.Test ",
      password: "first long password",
    });
    expect(created).toEqual({ kind: "configured", email: "owner@bureau.test", created: true });
    const changed = await ensureBootstrapAdmin(db, {
      email: "owner@bureau.test",
      password: "second long password",
    });
    expect(changed).toMatchObject({ created: false });
    const { admins } = await getCollections();
    const stored = await admins.findOne({ email: "owner@bureau.test" });
    expect(await verifyPassword(stored?.passwordHash ?? "", "second long password")).toBe(true);
    expect(await verifyPassword(stored?.passwordHash ?? "", "first long password")).toBe(false);
    expect(await admins.countDocuments()).toBe(1);
  });
});

describe("generatePassword", () => {
  it("gives distinct passwords of the asked length", () => {
    const set = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(set.size).toBe(50);
    for (const p of set) expect(p).toMatch(/^[A-Za-z2-9]{24}$/);
  });
});
