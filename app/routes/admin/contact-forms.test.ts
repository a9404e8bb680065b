// Contact Form Submissions and the lead inbox beyond it: pages of 10
// through 25 messages, the status and search filters and received days in the URL, status
// changes (checked against new / read / replied; 'Failed to update status. Please try again.'),
// a message's own page (opening it leaves 'new' alone), notes, deletion, 404 for unknown or
// malformed ids, the CSV export of the filter, and nothing without a session.
import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { ContactDoc } from "#db/collections";
import { CONTACT_NOT_FOUND, CONTACTS_LOAD_FAILED } from "~/domain/contact-message";
import { NOTE_REQUIRED, STATUS_FAILED } from "~/domain/lead-inbox";
import {
  callRoute,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { alertTexts, renderPage } from "../../../tests/support/render-route";
import { action as detailAction, loader as detailLoader } from "./contact-form-detail";
import ManageContacts, { action, loader, PAGE } from "./contact-forms";
import { loader as exportLoader } from "./contact-forms-export";

const failures = vi.hoisted(() => ({ list: false, status: false }));
vi.mock("~/domain/contact-message.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/domain/contact-message.server")>();
  return {
    ...original,
    listContactMessages: (...args: Parameters<typeof original.listContactMessages>) =>
      failures.list
        ? Promise.reject(new Error("secret driver detail"))
        : original.listContactMessages(...args),
    contactInbox: {
      ...original.contactInbox,
      setStatus: (...args: Parameters<typeof original.setContactStatus>) =>
        failures.status
          ? Promise.reject(new Error("secret driver detail"))
          : original.setContactStatus(...args),
    },
  };
});

afterAll(closeDatabase);

let me: SignedIn;
beforeEach(async () => {
  failures.list = false;
  failures.status = false;
  const { contacts } = await getCollections();
  await contacts.deleteMany({});
  me = await signInFresh();
});

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string>, path = PAGE) =>
  callRoute(action, path, { cookie: me.cookie, fields });
const withId = (fn: typeof detailLoader | typeof detailAction, id: string) =>
  ((args: { request: Request; context: unknown }) => fn({ ...args, params: { id } } as never)) as (
    args: never,
  ) => unknown;
const getDetail = (id: string, query = "") =>
  callRoute(withId(detailLoader, id), `${PAGE}/${id}${query}`, { cookie: me.cookie });
const postDetail = (id: string, fields: Record<string, string>, query = "") =>
  callRoute(withId(detailAction, id), `${PAGE}/${id}${query}`, { cookie: me.cookie, fields });

const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 2, n, hour));
const MISSING = "0123456789abcdef01234567";

async function addMessage(values: Partial<ContactDoc> & { name: string }): Promise<string> {
  const { contacts } = await getCollections();
  const _id = new ObjectId();
  const createdAt = values.createdAt ?? day(1);
  await contacts.insertOne({
    _id,
    email: `${values.name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
    message: `Hello from ${values.name}`,
    status: "new",
    updatedAt: createdAt,
    ...values,
    createdAt,
  });
  return _id.toHexString();
}

const names = (outcome: { items: { name: string }[] }) => outcome.items.map((c) => c.name);

async function stored(id: string) {
  const { contacts } = await getCollections();
  return contacts.findOne({ _id: new ObjectId(id) });
}

describe("the contact message list", () => {
  it("pages through 25 messages by 10, newest first", async () => {
    for (let i = 1; i <= 25; i++) {
      await addMessage({ name: `Writer ${String(i).padStart(2, "0")}`, createdAt: day(1, i - 1) });
    }
    // Same day, later hours: 25 is the newest.
    const first = await get(PAGE);
    expect(first).toMatchObject({ total: 25, pages: 3, filter: { page: 1 } });
    expect(names(first)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Writer ${String(25 - i).padStart(2, "0")}`),
    );
    const second = await get(`${PAGE}?page=2`);
    expect(second.filter.page).toBe(2);
    expect(names(second)[0]).toBe("Writer 15");
    const third = await get(`${PAGE}?page=3`);
    expect(names(third)).toEqual(["Writer 05", "Writer 04", "Writer 03", "Writer 02", "Writer 01"]);
    // Past the end: the last page; nonsense: the first.
    expect((await get(`${PAGE}?page=99`)).filter.page).toBe(3);
    expect((await get(`${PAGE}?page=-1`)).filter.page).toBe(1);
    expect((await get(`${PAGE}?page=abc`)).filter.page).toBe(1);
  });

  it("filters by status and search together, and pages the filtered list", async () => {
    for (let i = 1; i <= 12; i++) {
      await addMessage({ name: `Read ${i}`, createdAt: day(i), status: "read" });
    }
    await addMessage({ name: "New one", createdAt: day(20), message: "About SEO (urgent)" });
    await addMessage({ name: "Replied one", createdAt: day(21), status: "replied" });
    const read = await get(`${PAGE}?status=read`);
    expect(read).toMatchObject({ total: 12, pages: 2 });
    expect(names(await get(`${PAGE}?status=read&page=2`))).toEqual(["Read 2", "Read 1"]);
    expect(names(await get(`${PAGE}?q=(urgent)`))).toEqual(["New one"]);
    expect(names(await get(`${PAGE}?q=replied.one@EXAMPLE`))).toEqual(["Replied one"]);
    expect(names(await get(`${PAGE}?status=read&q=read 1`))).toEqual([
      "Read 12",
      "Read 11",
      "Read 10",
      "Read 1",
    ]);
    expect(names(await get(`${PAGE}?from=2026-03-12&to=2026-03-20`))).toEqual([
      "New one",
      "Read 12",
    ]);
    expect((await get(`${PAGE}?status=replied&q=nobody`)).items).toEqual([]);
  });

  it("says the SPEC's error when the read fails, without the driver's words", async () => {
    failures.list = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await get(PAGE);
    spy.mockRestore();
    expect(data.loadError).toBe(CONTACTS_LOAD_FAILED);
    expect(data.loadError).toBe("Error: Failed to fetch contacts");
    expect(JSON.stringify(data)).not.toContain("secret");
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(loader, PAGE);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("changing a message's status", () => {
  it("with JavaScript: answers data and stores it with the admin", async () => {
    const id = await addMessage({ name: "Ana" });
    const outcome = await post({ intent: "status", id, status: "replied", _enhanced: "1" });
    expect(statusOf(outcome)).toBe(200);
    expect(await stored(id)).toMatchObject({ status: "replied", updatedBy: "editor@bureau.test" });
  });

  it("without JavaScript: back to the same page of the same filter", async () => {
    const id = await addMessage({ name: "Ana" });
    const response = await post(
      { intent: "status", id, status: "read" },
      `${PAGE}?status=new&page=3`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?status=new&page=3`);
    expect((await stored(id))?.status).toBe("read");
  });

  it.each(["pending", "archived", ""])("refuses %j with 400 and a message", async (status) => {
    const id = await addMessage({ name: "Ana" });
    const outcome = await post({ intent: "status", id, status, _enhanced: "1" });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.statusError.message).toMatch(/Choose one of: new, read, replied\.$/);
    expect((await stored(id))?.status).toBe("new");
  });

  it("says 'Failed to update status. Please try again.' when the write fails", async () => {
    const id = await addMessage({ name: "Ana" });
    failures.status = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ intent: "status", id, status: "read", _enhanced: "1" });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.statusError).toEqual({ id, message: STATUS_FAILED });
    expect(STATUS_FAILED).toBe("Failed to update status. Please try again.");
    expect((await stored(id))?.status).toBe("new");
    // Without JavaScript the page comes back with it above the table, as rendered.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const plain = await post({ intent: "status", id, status: "read" });
    quiet.mockRestore();
    expect(statusOf(plain)).toBe(500);
    const html = renderPage(ManageContacts, PAGE, await get(PAGE), plain.data);
    expect(alertTexts(html)).toEqual(["Failed to update status. Please try again."]);
  });

  it("answers 404 for a malformed or unknown id", async () => {
    for (const id of ["nope", MISSING]) {
      const outcome = await post({ intent: "status", id, status: "read", _enhanced: "1" });
      expect(statusOf(outcome)).toBe(404);
    }
  });

  it("is refused without a session", async () => {
    const id = await addMessage({ name: "Ana" });
    const outcome = await callRoute(action, PAGE, {
      fields: { intent: "status", id, status: "read" },
    });
    expect(outcome.status).toBe(302);
    expect((await stored(id))?.status).toBe("new");
  });
});

describe("a message's own page", () => {
  it("shows everything stored, and opening it leaves 'new' alone", async () => {
    const id = await addMessage({
      name: "Chloé",
      message: "Line 1\nLine 2",
      source: { page: "/contact", utm: { medium: "email" } },
      notification: { status: "sent", at: day(1, 13) },
    });
    const data = await getDetail(id, "?q=chl&page=2");
    expect(data.contact).toMatchObject({
      _id: id,
      name: "Chloé",
      message: "Line 1\nLine 2",
      status: "new",
      source: { page: "/contact", utm: { medium: "email" } },
      notification: { status: "sent", at: day(1, 13).toISOString(), detail: null },
      notes: [],
    });
    expect(data.listSearch).toBe("?q=chl&page=2");
    expect(await stored(id)).toMatchObject({ status: "new", updatedAt: day(1) });
  });

  it("answers 404 for a malformed or unknown id", async () => {
    for (const id of ["nope", MISSING]) {
      const outcome = await getDetail(id);
      expect(statusOf(outcome)).toBe(404);
      expect(outcome.data).toBe(CONTACT_NOT_FOUND);
    }
  });

  it("adds notes (newest last) and refuses a blank one", async () => {
    const id = await addMessage({ name: "Ana" });
    expect((await postDetail(id, { intent: "note", text: "First" })).status).toBe(302);
    const response = await postDetail(id, { intent: "note", text: "Second" }, "?status=new");
    expect(response.headers.get("Location")).toBe(`${PAGE}/${id}?status=new#notes`);
    expect((await stored(id))?.notes?.map((n) => [n.text, n.author])).toEqual([
      ["First", "editor@bureau.test"],
      ["Second", "editor@bureau.test"],
    ]);
    const blank = await postDetail(id, { intent: "note", text: " \n " });
    expect(statusOf(blank)).toBe(400);
    expect(blank.data.noteResult.error).toEqual({ text: [NOTE_REQUIRED] });
    expect(statusOf(await postDetail(MISSING, { intent: "note", text: "x" }))).toBe(404);
  });

  it("deletes the message and returns to the list it came from", async () => {
    const id = await addMessage({ name: "Doomed" });
    const keep = await addMessage({ name: "Kept" });
    const response = await postDetail(id, { intent: "delete" }, "?status=new&page=2&delete");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?status=new&page=2`);
    expect(await stored(id)).toBeNull();
    expect(await stored(keep)).not.toBeNull();
    expect(statusOf(await postDetail(id, { intent: "delete" }))).toBe(404);
  });

  it("is refused without a session: nothing read, nothing written", async () => {
    const id = await addMessage({ name: "Ana" });
    expect((await callRoute(withId(detailLoader, id), `${PAGE}/${id}`)).status).toBe(302);
    const outcome = await callRoute(withId(detailAction, id), `${PAGE}/${id}`, {
      fields: { intent: "delete" },
    });
    expect(outcome.status).toBe(302);
    expect(await stored(id)).not.toBeNull();
  });
});

describe("the CSV export", () => {
  it("holds every message of the filter (all pages), formulas neutralised", async () => {
    for (let i = 1; i <= 11; i++) {
      await addMessage({ name: `Read ${i}`, createdAt: day(i), status: "read" });
    }
    await addMessage({
      name: "@Mallory",
      email: "mallory@example.com",
      createdAt: day(15),
      status: "read",
      message: '-1+2, "quoted"\nnext line',
      source: { referrer: "https://ads.example/x" },
      notes: [
        { text: "a", author: "x@b.test", createdAt: day(16) },
        { text: "b", author: "x@b.test", createdAt: day(16) },
      ],
    });
    await addMessage({ name: "Unread", createdAt: day(20) });
    const response: Response = await callRoute(exportLoader, `${PAGE}/export?status=read&page=2`, {
      cookie: me.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    expect(
      text.startsWith('"Received (UTC)","Name","Email","Message","Status","Source page"'),
    ).toBe(true);
    expect(text).not.toContain("Unread");
    // 12 rows + header; the message with a line break stays one quoted cell.
    expect(text.trimEnd().split("\r\n")).toHaveLength(13);
    expect(text).toContain(
      `"${day(15).toISOString()}","'@Mallory","mallory@example.com","'-1+2, ""quoted""\nnext line","read","","https://ads.example/x"`,
    );
    expect(text).toMatch(/,2\r\n/);
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(exportLoader, `${PAGE}/export`);
    expect(outcome.status).toBe(302);
  });
});
