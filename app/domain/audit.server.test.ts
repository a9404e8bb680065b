// The audit log: an entry for every kind of change, written by the same domain functions the
// admin pages and the JSON API call (so neither can forget it), sign-ins of both doors, the
// throttled refusals folded into one entry, and a failed audit write that leaves the change
// done. The page's loader is tested in routes/admin/audit.test.ts.
import { Collection, ObjectId } from "mongodb";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { AUDIT_RETENTION_SECONDS, INDEXES } from "#db/collections";
import { heroStore } from "~/content/documents.server";
import { faqStore, highlightStore } from "~/content/stores.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { emptyCollections } from "../../tests/support/collections";
import {
  changePassword,
  createAdmin,
  ensureBootstrapAdmin,
  registerAdmin,
  removeAdmin,
} from "./admin.server";
import { signInForToken } from "./api-auth.server";
import { revokeApiToken } from "./api-token.server";
import { type Actor, AUDIT_RETENTION_DAYS, OPERATOR_CLI, VISITOR } from "./audit";
import { auditQuery, listAudit, recordAudit } from "./audit.server";
import { actorOf, beginPasswordCheck, signIn, signOut } from "./auth.server";
import { setContactStatus } from "./contact-message.server";
import { toggleInternshipActive } from "./internship.server";
import { deleteSubscriber } from "./newsletter.server";
import { addQuoteNote, deleteQuote, setQuoteStatus } from "./quote.server";
import { createSession } from "./session.server";

afterAll(closeDatabase);

const PASSWORD = "a long and unusual passphrase";
const EDITOR: Actor = { email: "ana@bureau.test", via: "admin", ip: "203.0.113.5" };
const API: Actor = { email: "bo@bureau.test", via: "api", ip: "198.51.100.7" };

beforeEach(() =>
  emptyCollections(
    "auditLog",
    "admins",
    "sessions",
    "apiTokens",
    "loginAttempts",
    "settings",
    "faqs",
    "highlights",
    "internships",
    "quotes",
    "contacts",
    "subscribers",
  ),
);

afterEach(() => vi.restoreAllMocks());

/** Every entry, oldest first, without ids and times. */
async function entries() {
  const { auditLog } = await getCollections();
  const docs = await auditLog.find({}).sort({ at: 1, _id: 1 }).toArray();
  return docs.map(({ _id, at, ...rest }) => rest);
}

describe("content changes", () => {
  it("records create, update, delete (to the trash), restore and purge of a FAQ with who, the door and the address", async () => {
    const faq = await faqStore.create({ question: "Do you build apps?", answer: "Yes." }, EDITOR);
    expect(await faqStore.update(faq._id, { question: "Apps too?", answer: "Yes." }, API)).toBe(
      true,
    );
    expect(await faqStore.remove(faq._id, EDITOR)).toBe(true);
    // Nothing for a change that did not happen.
    expect(await faqStore.remove(faq._id, EDITOR)).toBe(false);
    expect(await faqStore.restore(faq._id, API)).toBe(true);
    expect(await faqStore.remove(faq._id, EDITOR)).toBe(true);
    expect(await faqStore.purge(faq._id, EDITOR)).toBe(true);
    expect(await faqStore.purge(faq._id, EDITOR)).toBe(false);
    expect(await entries()).toEqual([
      {
        actor: "ana@bureau.test",
        action: "create",
        entity: "faq",
        entityId: faq._id,
        summary: "Do you build apps?",
        via: "admin",
        ip: "203.0.113.5",
      },
      {
        actor: "bo@bureau.test",
        action: "update",
        entity: "faq",
        entityId: faq._id,
        summary: "Apps too?",
        via: "api",
        ip: "198.51.100.7",
      },
      expect.objectContaining({ action: "trash", entityId: faq._id, summary: "Apps too?" }),
      expect.objectContaining({ action: "restore", via: "api", summary: "Apps too?" }),
      expect.objectContaining({ action: "trash", entityId: faq._id, summary: "Apps too?" }),
      expect.objectContaining({ action: "purge", entityId: faq._id, summary: "Apps too?" }),
    ]);
  });

  it("records a highlight's move, an internship's toggle and a single page's save", async () => {
    const { internships } = await getCollections();
    const { _id: first } = await highlightStore.create(
      { title: "Fast", label: "", description: "", position: 1 },
      EDITOR,
    );
    await highlightStore.create({ title: "Kind", label: "", description: "", position: 2 }, EDITOR);
    expect(await highlightStore.move(first, 2, EDITOR)).toBe(true);
    const _id = new ObjectId();
    await internships.insertOne({
      _id,
      title: "Design Intern",
      isActive: true,
      deadline: new Date("2027-01-01T00:00:00Z"),
      createdAt: new Date(),
      updatedAt: new Date(),
    } as never);
    await toggleInternshipActive(_id.toHexString(), API);
    await heroStore.save(
      {
        title: "We build",
        subtitle: "",
        image: "",
        ctaText: "",
        ctaLink: "",
        imageAlt: "",
        imageDecorative: false,
      },
      EDITOR,
    );
    const log = await entries();
    expect(log.map((e) => `${e.action} ${e.entity}: ${e.summary}`)).toEqual([
      "create highlight: Fast",
      "create highlight: Kind",
      "move highlight: Fast: to position 2",
      "toggle internship: Design Intern: inactive",
      "update hero: We build",
    ]);
  });
});

describe("lead changes", () => {
  async function addLead(kind: "quotes" | "contacts") {
    const c = await getCollections();
    const _id = new ObjectId();
    await c[kind].insertOne({
      _id,
      name: "Greta Schulz",
      email: "greta@example.com",
      phone: "",
      service: "SEO",
      message: "A long private message about our plans",
      status: kind === "quotes" ? "pending" : "new",
      createdAt: new Date("2026-11-02T10:00:00Z"),
      updatedAt: new Date("2026-11-02T10:00:00Z"),
    } as never);
    return _id.toHexString();
  }

  it("records status, note and delete by id, without the visitor's name, address or words", async () => {
    const quote = await addLead("quotes");
    const contact = await addLead("contacts");
    await setQuoteStatus(quote, "completed", EDITOR);
    await addQuoteNote(quote, "Called back, all good", EDITOR);
    await setContactStatus(contact, "read", API);
    await deleteQuote(quote, EDITOR);
    const log = await entries();
    expect(log.map((e) => [e.action, e.entity, e.entityId, e.summary])).toEqual([
      ["status", "quote", quote, "pending → completed"],
      ["note", "quote", quote, "Note added (21 characters)"],
      ["status", "contact", contact, "new → read"],
      ["delete", "quote", quote, "Received 2026-11-02, completed"],
    ]);
    const text = JSON.stringify(log);
    for (const secret of ["Greta", "greta@example.com", "private message", "Called back"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("records a subscriber's removal without the address", async () => {
    const { subscribers } = await getCollections();
    const _id = new ObjectId();
    await subscribers.insertOne({
      _id,
      email: "reader@example.com",
      createdAt: new Date("2026-10-01T00:00:00Z"),
    });
    expect(await deleteSubscriber(_id.toHexString(), EDITOR)).toBe(true);
    expect(await entries()).toEqual([
      expect.objectContaining({
        action: "delete",
        entity: "subscriber",
        summary: "Signed up 2026-10-01",
      }),
    ]);
    expect(JSON.stringify(await entries())).not.toContain("reader@example.com");
  });
});

describe("admin accounts", () => {
  it("records admins added (CLI, page, first API registration), removed and passwords changed", async () => {
    const first = await registerAdmin(
      { email: "first@bureau.test", password: PASSWORD },
      { email: VISITOR, via: "api", ip: "192.0.2.1" },
      () => Promise.reject(new Error("the first admin needs no password check")),
    );
    if (!first.ok) throw new Error(first.message);
    const cli = await createAdmin({ email: "cli@bureau.test", password: PASSWORD }, OPERATOR_CLI);
    if (!cli.ok) throw new Error(cli.message);
    const byFirst: Actor = { ...EDITOR, email: "first@bureau.test", adminId: first.admin._id };
    await registerAdmin(
      { email: "third@bureau.test", password: PASSWORD, currentPassword: PASSWORD },
      byFirst,
      () =>
        beginPasswordCheck(new Request("http://localhost/"), { email: byFirst.email, ip: "::1" }),
    );
    await removeAdmin(cli.admin._id, byFirst);
    const session = await createSession(first.admin._id);
    await changePassword({
      adminId: first.admin._id,
      sessionId: session.id,
      currentPassword: PASSWORD,
      newPassword: "another long passphrase",
      actor: byFirst,
    });
    const log = await entries();
    expect(log.map((e) => [e.actor, e.action, e.via, e.summary])).toEqual([
      ["visitor", "admin-created", "api", "first@bureau.test"],
      ["operator", "admin-created", "cli", "cli@bureau.test"],
      ["first@bureau.test", "admin-created", "admin", "third@bureau.test"],
      ["first@bureau.test", "admin-removed", "admin", "cli@bureau.test"],
      [
        "first@bureau.test",
        "password-changed",
        "admin",
        "first@bureau.test: 0 other sessions ended",
      ],
    ]);
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
    expect(JSON.stringify(log)).not.toContain("another long passphrase");
  });

  it("records the admin created and the password reset at start-up", async () => {
    const db = await getDb();
    await ensureBootstrapAdmin(db, { email: "boss@bureau.test", password: PASSWORD });
    await ensureBootstrapAdmin(db, { email: "boss@bureau.test", password: PASSWORD });
    await ensureBootstrapAdmin(db, { email: "boss@bureau.test", password: "a reset passphrase!" });
    expect((await entries()).map((e) => [e.actor, e.action, e.via, e.summary])).toEqual([
      ["operator", "admin-created", "startup", "boss@bureau.test (ADMIN_EMAIL)"],
      ["operator", "password-changed", "startup", "boss@bureau.test: reset by ADMIN_PASSWORD"],
    ]);
  });
});

describe("sign-ins", () => {
  function loginRequest(email: string, password: string) {
    return new Request("http://localhost/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }),
    });
  }

  it("records the sign-in page's success, failures (known or unknown e-mail) and sign-out", async () => {
    const created = await createAdmin(
      { email: "ana@bureau.test", password: PASSWORD },
      OPERATOR_CLI,
    );
    if (!created.ok) throw new Error(created.message);
    const ip = "203.0.113.9";
    await signIn(loginRequest("ana@bureau.test", "wrong password"), {
      email: "ana@bureau.test",
      ip,
    });
    await signIn(loginRequest("Nobody@Bureau.test", PASSWORD), { email: "Nobody@Bureau.test", ip });
    const ok = await signIn(loginRequest("ana@bureau.test", PASSWORD), {
      email: "ana@bureau.test",
      ip,
    });
    if (ok.kind !== "signed-in") throw new Error(ok.kind);
    const cookie = ok.setCookie.split(";")[0] as string;
    await signOut(new Request("http://localhost/admin/logout", { headers: { Cookie: cookie } }), {
      ip,
    });
    const log = (await entries()).slice(1);
    expect(log.map((e) => [e.actor, e.action, e.entityId ?? null, e.summary, e.ip])).toEqual([
      ["ana@bureau.test", "sign-in-failed", created.admin._id, "Wrong password", ip],
      ["nobody@bureau.test", "sign-in-failed", null, "No admin with this e-mail", ip],
      ["ana@bureau.test", "sign-in", created.admin._id, "", ip],
      ["ana@bureau.test", "sign-out", created.admin._id, "", ip],
    ]);
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
  });

  it("records the API's sign-in and logout, and folds throttled refusals into one entry", async () => {
    await createAdmin({ email: "bo@bureau.test", password: PASSWORD }, OPERATOR_CLI);
    const ip = "198.51.100.7";
    const ok = await signInForToken({ email: "bo@bureau.test", password: PASSWORD, ip });
    if (ok.kind !== "signed-in") throw new Error(ok.kind);
    await revokeApiToken(ok.token.token, { ...API, adminId: ok.admin._id });
    // 5 failures for one account, then the throttle refuses; its refusals are one entry.
    for (let i = 0; i < 8; i++) {
      await signInForToken({ email: "bo@bureau.test", password: "wrong", ip });
    }
    const log = (await entries()).slice(1);
    expect(log.map((e) => [e.action, e.via, e.count ?? 1])).toEqual([
      ["sign-in", "api", 1],
      ["sign-out", "api", 1],
      ...Array.from({ length: 5 }, () => ["sign-in-failed", "api", 1]),
      ["sign-in-throttled", "api", 3],
    ]);
    expect((await listAudit({ ...NO_FILTER, action: "sign-in-throttled" })).items[0]).toMatchObject(
      { actor: "bo@bureau.test", count: 3, ip },
    );
  });
});

const NO_FILTER = { who: "", action: "", entity: "", from: "", to: "", page: 1 } as const;

describe("a failed audit write", () => {
  it("is logged, and the change it describes stands", async () => {
    const original = Collection.prototype.insertOne;
    vi.spyOn(Collection.prototype, "insertOne").mockImplementation(function (
      this: Collection,
      ...args: Parameters<Collection["insertOne"]>
    ) {
      if (this.collectionName === "auditLog") return Promise.reject(new Error("disk full"));
      return original.apply(this, args);
    } as never);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const faq = await faqStore.create({ question: "Still saved?", answer: "Yes." }, EDITOR);
    expect(await faqStore.remove(faq._id, EDITOR)).toBe(true);
    expect(await faqStore.purge(faq._id, EDITOR)).toBe(true);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("[audit] could not record create faq"),
      expect.any(Error),
    );
    vi.restoreAllMocks();
    expect(await entries()).toEqual([]);
    const { faqs } = await getCollections();
    expect(await faqs.countDocuments({})).toBe(0);
  });
});

describe("the log's query", () => {
  it("filters by who (start of the e-mail, any case), action, record and UTC days", async () => {
    const at = (iso: string) => ({ now: new Date(iso) });
    await recordAudit(EDITOR, { action: "create", entity: "faq" }, at("2026-11-01T23:59:59Z"));
    await recordAudit(API, { action: "update", entity: "blog" }, at("2026-11-02T00:00:00Z"));
    await recordAudit(EDITOR, { action: "delete", entity: "blog" }, at("2026-11-03T12:00:00Z"));
    const who = (filter: Partial<typeof NO_FILTER> | Record<string, string>) =>
      listAudit({ ...NO_FILTER, ...filter } as never).then((p) => p.items.map((e) => e.action));
    expect(await who({})).toEqual(["delete", "update", "create"]);
    expect(await who({ who: "ANA" })).toEqual(["delete", "create"]);
    expect(await who({ who: "a.*" })).toEqual([]);
    expect(await who({ entity: "blog" })).toEqual(["delete", "update"]);
    expect(await who({ action: "update" })).toEqual(["update"]);
    expect(await who({ from: "2026-11-02", to: "2026-11-02" })).toEqual(["update"]);
    expect(await who({ to: "2026-11-01" })).toEqual(["create"]);
  });

  it("keeps regular expressions out of the who filter", () => {
    expect(auditQuery({ ...NO_FILTER, who: "a+b(" })).toEqual({ actor: { $regex: "^a\\+b\\(" } });
  });

  it("is indexed for its queries and kept AUDIT_RETENTION_DAYS", () => {
    const specs = INDEXES.auditLog ?? [];
    expect(specs.map((s) => s.key)).toEqual(
      expect.arrayContaining([{ at: 1 }, { actor: 1, at: -1 }, { action: 1, at: -1 }]),
    );
    expect(specs.find((s) => s.name === "at_ttl")?.expireAfterSeconds).toBe(
      AUDIT_RETENTION_DAYS * 24 * 60 * 60,
    );
    expect(AUDIT_RETENTION_SECONDS).toBe(AUDIT_RETENTION_DAYS * 86_400);
  });
});

describe("actorOf", () => {
  it("names the admin, the door and the address; a caller without a session is a visitor", () => {
    const context = new RouterContextProvider();
    context.set(clientIpContext, "203.0.113.9");
    expect(actorOf({ _id: "a1", email: "ana@bureau.test" }, context)).toEqual({
      email: "ana@bureau.test",
      via: "admin",
      ip: "203.0.113.9",
      adminId: "a1",
    });
    expect(actorOf(null, new RouterContextProvider(), "api")).toEqual({
      email: "visitor",
      via: "api",
      ip: undefined,
    });
  });
});
