// API bearer tokens: only a hash is stored, they expire, and they end at logout, when their
// admin is removed and when their admin's password changes.
import { createHash } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { changePassword, createAdmin, removeAdmin } from "./admin.server";
import { verifyApiToken } from "./api-auth.server";
import {
  API_TOKEN_TTL_MS,
  issueApiToken,
  revokeAdminTokens,
  revokeApiToken,
} from "./api-token.server";
import { OPERATOR_CLI } from "./audit";
import { createSession } from "./session.server";

afterAll(closeDatabase);

const PASSWORD = "a long and unusual passphrase 42";
let owner: { _id: string; email: string };
let other: { _id: string; email: string };

beforeEach(async () => {
  const { admins, apiTokens, sessions } = await getCollections();
  await Promise.all([admins.deleteMany({}), apiTokens.deleteMany({}), sessions.deleteMany({})]);
  const a = await createAdmin({ email: "owner@bureau.test", password: PASSWORD }, OPERATOR_CLI);
  const b = await createAdmin({ email: "other@bureau.test", password: PASSWORD }, OPERATOR_CLI);
  if (!a.ok || !b.ok) throw new Error("admins not created");
  owner = { _id: a.admin._id, email: a.admin.email };
  other = { _id: b.admin._id, email: b.admin.email };
});

describe("issueApiToken", () => {
  it("gives a random 43-character token and stores only its SHA-256", async () => {
    const { token } = await issueApiToken(owner._id);
    const again = await issueApiToken(owner._id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again.token).not.toBe(token);
    const { apiTokens } = await getCollections();
    const docs = await apiTokens.find({}).toArray();
    expect(docs.map((d) => d._id)).toContain(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(docs)).not.toContain(token);
  });

  it("works until it expires", async () => {
    const now = new Date("2026-05-01T10:00:00Z");
    const { token, expiresAt } = await issueApiToken(owner._id, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(API_TOKEN_TTL_MS);
    expect(await verifyApiToken(token, new Date(expiresAt.getTime() - 1))).toEqual(owner);
    expect(await verifyApiToken(token, expiresAt)).toBeNull();
  });
});

describe("verifyApiToken", () => {
  it("refuses what is not a token of ours", async () => {
    for (const bad of ["", "x", "a".repeat(43), `${"a".repeat(42)}$`, "a".repeat(200)]) {
      expect(await verifyApiToken(bad)).toBeNull();
    }
  });
});

describe("ending tokens", () => {
  it("logout ends that token only", async () => {
    const first = await issueApiToken(owner._id);
    const second = await issueApiToken(owner._id);
    expect(await revokeApiToken(first.token, OPERATOR_CLI)).toBe(true);
    expect(await verifyApiToken(first.token)).toBeNull();
    expect(await verifyApiToken(second.token)).toEqual(owner);
    expect(await revokeApiToken(first.token, OPERATOR_CLI)).toBe(false);
  });

  it("removing an admin ends every token of theirs, not the others'", async () => {
    const theirs = await issueApiToken(other._id);
    const mine = await issueApiToken(owner._id);
    const removed = await removeAdmin(other._id, OPERATOR_CLI);
    expect(removed.ok).toBe(true);
    expect(await verifyApiToken(theirs.token)).toBeNull();
    expect(await verifyApiToken(mine.token)).toEqual(owner);
  });

  it("an admin deleted behind the application's back has no working token", async () => {
    const theirs = await issueApiToken(other._id);
    const { admins, apiTokens } = await getCollections();
    await admins.deleteOne({ email: other.email });
    expect(await verifyApiToken(theirs.token)).toBeNull();
    expect(await apiTokens.countDocuments({})).toBe(0);
  });

  it("changing the password ends the admin's tokens", async () => {
    const token = await issueApiToken(owner._id);
    const session = await createSession(owner._id);
    const changed = await changePassword({
      adminId: owner._id,
      sessionId: session.id,
      actor: OPERATOR_CLI,
      currentPassword: PASSWORD,
      newPassword: "another long unusual passphrase 7",
    });
    expect(changed.ok).toBe(true);
    expect(await verifyApiToken(token.token)).toBeNull();
  });

  it("revokeAdminTokens counts what it ended", async () => {
    await issueApiToken(owner._id);
    await issueApiToken(owner._id);
    expect(await revokeAdminTokens(owner._id)).toBe(2);
  });
});
