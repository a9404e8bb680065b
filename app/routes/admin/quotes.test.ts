// Manage Quote Requests and the lead inbox beyond it: the list (newest first,
// filters, pages of 10, 'Failed to load quotes.'), status changes (checked against the four
// statuses, data for the fetcher, a redirect without JavaScript), deletion, a request's own
// page with its notes, 404 for unknown or malformed ids, the CSV export of the filter, and
// nothing without a session.
import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { QuoteDoc } from "#db/collections";
import { NOTE_MAX, NOTE_REQUIRED, NOTES_PER_LEAD_MAX, STATUS_FAILED } from "~/domain/lead-inbox";
import { QUOTE_NOT_FOUND, QUOTES_LOAD_FAILED } from "~/domain/quote";
import {
  callRoute,
  flashCarried,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { type BulkPost, postBulk } from "../../../tests/support/bulk-post";
import { alertTexts, renderPage } from "../../../tests/support/render-route";
import { action as detailAction, loader as detailLoader } from "./quote-detail";
import ManageQuotes, { action, loader, PAGE } from "./quotes";
import { loader as exportLoader } from "./quotes-export";

const failures = vi.hoisted(() => ({ list: false, status: false, remove: false }));
vi.mock("~/domain/quote.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/domain/quote.server")>();
  return {
    ...original,
    listQuotes: (...args: Parameters<typeof original.listQuotes>) =>
      failures.list
        ? Promise.reject(new Error("secret driver detail"))
        : original.listQuotes(...args),
    quoteInbox: {
      ...original.quoteInbox,
      setStatus: (...args: Parameters<typeof original.setQuoteStatus>) =>
        failures.status
          ? Promise.reject(new Error("secret driver detail"))
          : original.setQuoteStatus(...args),
      remove: (...args: Parameters<typeof original.quoteInbox.remove>) =>
        failures.remove
          ? Promise.reject(new Error("secret driver detail"))
          : original.quoteInbox.remove(...args),
    },
  };
});

afterAll(closeDatabase);

let me: SignedIn;
beforeEach(async () => {
  failures.list = false;
  failures.remove = false;
  failures.status = false;
  const { quotes } = await getCollections();
  await quotes.deleteMany({});
  me = await signInFresh();
});

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string>, path = PAGE) =>
  callRoute(action, path, { cookie: me.cookie, fields });
const detailArgs = (fn: typeof detailLoader | typeof detailAction, id: string) =>
  ((args: { request: Request; context: unknown }) => fn({ ...args, params: { id } } as never)) as (
    args: never,
  ) => unknown;
const getDetail = (id: string, query = "") =>
  callRoute(detailArgs(detailLoader, id), `${PAGE}/${id}${query}`, { cookie: me.cookie });
const postDetail = (id: string, fields: Record<string, string>, query = "") =>
  callRoute(detailArgs(detailAction, id), `${PAGE}/${id}${query}`, { cookie: me.cookie, fields });

const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 0, n, hour));
const MISSING = "0123456789abcdef01234567";

async function addQuote(values: Partial<QuoteDoc> & { name: string }): Promise<string> {
  const { quotes } = await getCollections();
  const _id = new ObjectId();
  const createdAt = values.createdAt ?? day(1);
  await quotes.insertOne({
    _id,
    email: `${values.name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
    phone: "+44 20 7946 0958",
    service: "SEO",
    message: `A message from ${values.name}`,
    status: "pending",
    updatedAt: createdAt,
    ...values,
    createdAt,
  });
  return _id.toHexString();
}

const names = (outcome: { items: { name: string }[] }) => outcome.items.map((q) => q.name);

async function stored(id: string) {
  const { quotes } = await getCollections();
  return quotes.findOne({ _id: new ObjectId(id) });
}

describe("the quote request list", () => {
  it("shows the newest first with the SPEC's fields, nothing internal", async () => {
    await addQuote({ name: "Old", createdAt: day(1) });
    await addQuote({ name: "New", createdAt: day(3), submissionKey: "k" });
    await addQuote({ name: "Middle", createdAt: day(2) });
    const data = await get(PAGE);
    expect(names(data)).toEqual(["New", "Middle", "Old"]);
    expect(data).toMatchObject({ total: 3, page: 1, pages: 1, loadError: null, deleting: null });
    expect(data.items[0]).toMatchObject({
      name: "New",
      email: "new@example.com",
      phone: "+44 20 7946 0958",
      service: "SEO",
      message: "A message from New",
      status: "pending",
      createdAt: day(3).toISOString(),
    });
    expect(data.items[0]).not.toHaveProperty("submissionKey");
    expect(data.items[0]).not.toHaveProperty("notes");
  });

  it("is empty on an empty collection", async () => {
    expect(await get(PAGE)).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });
  });

  it("filters by status, by received days (UTC, inclusive) and by name, e-mail or text", async () => {
    await addQuote({ name: "Ana Pending", createdAt: day(1, 0), status: "pending" });
    await addQuote({ name: "Ben Done", createdAt: day(2, 23), status: "completed" });
    await addQuote({
      name: "Cleo",
      createdAt: day(3, 0),
      status: "completed",
      email: "cleo@shop.example",
      message: "Price (roughly)?",
    });
    await addQuote({ name: "Dan", createdAt: day(4), status: "rejected" });
    expect(names(await get(`${PAGE}?status=completed`))).toEqual(["Cleo", "Ben Done"]);
    expect(names(await get(`${PAGE}?from=2026-01-02&to=2026-01-03`))).toEqual(["Cleo", "Ben Done"]);
    expect(names(await get(`${PAGE}?from=2026-01-03`))).toEqual(["Dan", "Cleo"]);
    expect(names(await get(`${PAGE}?to=2026-01-01`))).toEqual(["Ana Pending"]);
    expect(names(await get(`${PAGE}?q=SHOP.example`))).toEqual(["Cleo"]);
    expect(names(await get(`${PAGE}?q=(roughly)`))).toEqual(["Cleo"]);
    expect(names(await get(`${PAGE}?q=ana`))).toEqual(["Ana Pending"]);
    // Metacharacters are literal: ".*" matches nothing.
    expect((await get(`${PAGE}?q=.*`)).total).toBe(0);
    expect(names(await get(`${PAGE}?status=completed&q=ben&from=2026-01-02`))).toEqual([
      "Ben Done",
    ]);
    // Nonsense is ignored, not an error: the filter shows what is applied.
    const loose = await get(`${PAGE}?status=lost&from=2026-02-30&to=yesterday`);
    expect(loose.total).toBe(4);
    expect(loose.filter).toMatchObject({ status: "", from: "", to: "" });
  });

  it("pages by ten; a page past the end shows the last", async () => {
    for (let i = 1; i <= 12; i++) await addQuote({ name: `Lead ${i}`, createdAt: day(i) });
    const first = await get(PAGE);
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ total: 12, page: 1, pages: 2 });
    const last = await get(`${PAGE}?page=7`);
    expect(last.filter.page).toBe(2);
    expect(names(last)).toEqual(["Lead 2", "Lead 1"]);
  });

  it("sorts by a column (any case, both ways, ties by arrival), and ignores one that does not sort", async () => {
    await addQuote({ name: "bea", createdAt: day(1), status: "completed" });
    await addQuote({ name: "Ana", createdAt: day(2), status: "pending" });
    await addQuote({ name: "Cleo", createdAt: day(3), status: "completed" });
    expect(names(await get(`${PAGE}?sort=name&dir=asc`))).toEqual(["Ana", "bea", "Cleo"]);
    expect(names(await get(`${PAGE}?sort=name&dir=desc`))).toEqual(["Cleo", "bea", "Ana"]);
    // Two completed: the later arrival breaks the tie, the same way as the column.
    expect(names(await get(`${PAGE}?sort=status&dir=asc`))).toEqual(["bea", "Cleo", "Ana"]);
    expect((await get(`${PAGE}?sort=name&dir=desc`)).filter.sort).toEqual({
      field: "name",
      dir: "desc",
    });
    // The message is not a column that sorts, nor is anything else: newest first, no sort kept.
    for (const field of ["message", "createdAt", "submissionKey", "$where"]) {
      const data = await get(`${PAGE}?sort=${encodeURIComponent(field)}&dir=asc`);
      expect(names(data), field).toEqual(["Cleo", "Ana", "bea"]);
      expect(data.filter.sort, field).toBeUndefined();
    }
    // With the filter: the completed ones, Z to A.
    expect(names(await get(`${PAGE}?status=completed&sort=name&dir=desc`))).toEqual([
      "Cleo",
      "bea",
    ]);
  });

  it("keeps the order through a status change, a lead's own page and its way back", async () => {
    const id = await addQuote({ name: "Ana" });
    const sorted = "?q=ana&sort=service&dir=desc&page=2";
    const response = await post({ intent: "status", id, status: "completed" }, `${PAGE}${sorted}`);
    expect(response.headers.get("Location")).toBe(`${PAGE}${sorted}`);
    expect((await getDetail(id, sorted)).listSearch).toBe(sorted);
    const deleted = await postDetail(id, { intent: "delete", id }, `${sorted}&delete`);
    expect(deleted.headers.get("Location")).toBe(`${PAGE}${sorted}`);
  });

  it("says 'Failed to load quotes.' when the read fails, without the driver's words", async () => {
    failures.list = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await get(PAGE);
    spy.mockRestore();
    expect(data.loadError).toBe(QUOTES_LOAD_FAILED);
    expect(data.items).toEqual([]);
    expect(JSON.stringify(data)).not.toContain("secret");
    // Rendered in place of the table.
    const html = renderPage(ManageQuotes, PAGE, data);
    expect(alertTexts(html)).toEqual(["Failed to load quotes."]);
    expect(html).not.toContain("<table");
  });

  it("opens the delete step for a request (?delete=<id>); 404 for an unknown one", async () => {
    const id = await addQuote({ name: "Doomed" });
    expect((await get(`${PAGE}?delete=${id}`)).deleting).toEqual({ _id: id, name: "Doomed" });
    for (const bad of ["nope", MISSING]) {
      const outcome = await get(`${PAGE}?delete=${bad}`);
      expect(statusOf(outcome)).toBe(404);
      expect(outcome.data).toBe(QUOTE_NOT_FOUND);
    }
  });
});

describe("changing a status", () => {
  it("with JavaScript: answers data, stores the status and who set it", async () => {
    const id = await addQuote({ name: "Ana" });
    const outcome = await post({ intent: "status", id, status: "in-progress", _enhanced: "1" });
    expect(statusOf(outcome)).toBe(200);
    expect(outcome.data).toMatchObject({ statusError: null, listError: null });
    expect(await stored(id)).toMatchObject({
      status: "in-progress",
      updatedBy: "editor@bureau.test",
    });
    expect((await stored(id))?.updatedAt.getTime()).toBeGreaterThan(day(1).getTime());
  });

  it("without JavaScript: redirects to the same list page and filter, with a flash", async () => {
    const id = await addQuote({ name: "Ana" });
    const response = await post(
      { intent: "status", id, status: "completed" },
      `${PAGE}?status=pending&q=ana&page=2`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?status=pending&q=ana&page=2`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    expect((await stored(id))?.status).toBe("completed");
  });

  it.each(["done", "", "PENDING", "new"])(
    "refuses status %j with 400 and a message",
    async (status) => {
      const id = await addQuote({ name: "Ana" });
      const outcome = await post({ intent: "status", id, status, _enhanced: "1" });
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.statusError.message).toMatch(
        /^Unknown status .*Choose one of: pending, in-progress, completed, rejected\.$/,
      );
      expect(await stored(id)).toMatchObject({ status: "pending" });
      expect((await stored(id))?.updatedBy).toBeUndefined();
    },
  );

  it("answers 404 for a malformed or unknown id", async () => {
    for (const id of ["nope", MISSING, ""]) {
      const outcome = await post({ intent: "status", id, status: "completed", _enhanced: "1" });
      expect(statusOf(outcome), id).toBe(404);
      expect(outcome.data.statusError.message).toBe(QUOTE_NOT_FOUND);
    }
  });

  it("says the SPEC's failure text when the write fails, and changes nothing", async () => {
    const id = await addQuote({ name: "Ana" });
    failures.status = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ intent: "status", id, status: "completed", _enhanced: "1" });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.statusError).toEqual({ id, message: STATUS_FAILED });
    expect(JSON.stringify(outcome.data)).not.toContain("secret");
    expect((await stored(id))?.status).toBe("pending");
  });

  it("is refused without a session, and nothing changes", async () => {
    const id = await addQuote({ name: "Ana" });
    const outcome = await callRoute(action, PAGE, {
      fields: { intent: "status", id, status: "completed" },
    });
    expect(outcome.status).toBe(302);
    expect((await stored(id))?.status).toBe("pending");
  });
});

describe("deleting a quote request", () => {
  it("removes it and returns to the same list page", async () => {
    const id = await addQuote({ name: "Doomed" });
    const keep = await addQuote({ name: "Kept" });
    const response = await post({ intent: "delete", id }, `${PAGE}?q=o&delete=${id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=o`);
    const { quotes } = await getCollections();
    expect((await quotes.find({}).toArray()).map((q) => q._id.toHexString())).toEqual([keep]);
  });

  it("answers 404 for a malformed, unknown or missing id", async () => {
    await addQuote({ name: "Stays" });
    for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
      expect(statusOf(await post({ intent: "delete", ...fields }))).toBe(404);
    }
    const { quotes } = await getCollections();
    expect(await quotes.countDocuments({})).toBe(1);
  });

  it("from its own page, returns to the list it came from", async () => {
    const id = await addQuote({ name: "Doomed" });
    const response = await postDetail(id, { intent: "delete", id }, "?status=pending&delete");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?status=pending`);
    expect(await stored(id)).toBeNull();
  });

  it("a failed delete from its own page without JavaScript returns there with an error flash", async () => {
    const id = await addQuote({ name: "Stays" });
    failures.remove = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const native = await postDetail(id, { intent: "delete", id }, "?status=pending&delete");
    const enhanced = await postDetail(id, { intent: "delete", id, _enhanced: "1" });
    spy.mockRestore();
    expect(native.status).toBe(302);
    expect(native.headers.get("Location")).toBe(`${PAGE}/${id}?status=pending`);
    expect(await flashCarried(native)).toEqual({
      message: "Unexpected error: the change could not be saved. Please try again.",
      tone: "error",
    });
    expect(statusOf(enhanced)).toBe(500);
    expect(enhanced.data.listError).toMatch(/^Unexpected error: /);
    expect(await stored(id)).not.toBeNull();
  });

  it("refuses an unknown intent with 400", async () => {
    const outcome = await post({ intent: "explode" });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.listError).toBe("Unknown action.");
  });
});

describe("a quote request's own page", () => {
  it("shows everything stored: fields, dates, source, notification and notes", async () => {
    const id = await addQuote({
      name: "Greta",
      createdAt: day(5),
      source: {
        page: "/services?x=1",
        referrer: "https://search.example/?q=agency",
        utm: { source: "newsletter", campaign: "spring" },
      },
      notification: { status: "failed", at: day(5, 13), detail: "SMTP refused" },
      notes: [{ text: "Called back.", author: "ana@bureau.test", createdAt: day(6) }],
      submissionKey: "secret-key",
    });
    const data = await getDetail(id, "?status=pending&page=2");
    expect(data.quote).toMatchObject({
      _id: id,
      name: "Greta",
      email: "greta@example.com",
      phone: "+44 20 7946 0958",
      service: "SEO",
      message: "A message from Greta",
      status: "pending",
      createdAt: day(5).toISOString(),
      source: {
        page: "/services?x=1",
        referrer: "https://search.example/?q=agency",
        utm: { source: "newsletter", campaign: "spring" },
      },
      notification: { status: "failed", at: day(5, 13).toISOString(), detail: "SMTP refused" },
      notes: [{ text: "Called back.", author: "ana@bureau.test", createdAt: day(6).toISOString() }],
    });
    expect(JSON.stringify(data)).not.toContain("secret-key");
    expect(data.listSearch).toBe("?status=pending&page=2");
  });

  it("answers 404 for a malformed or unknown id", async () => {
    for (const id of ["nope", MISSING, "0123456789abcdef0123456z"]) {
      const outcome = await getDetail(id);
      expect(statusOf(outcome), id).toBe(404);
      expect(outcome.data).toBe(QUOTE_NOT_FOUND);
    }
  });

  it("is only for signed-in admins", async () => {
    const id = await addQuote({ name: "Ana" });
    const outcome = await callRoute(detailArgs(detailLoader, id), `${PAGE}/${id}`);
    expect(outcome.status).toBe(302);
  });

  it("changes the status of its request (the id is the URL's)", async () => {
    const id = await addQuote({ name: "Ana" });
    const response = await postDetail(id, { intent: "status", status: "rejected" }, "?q=an");
    expect(response.headers.get("Location")).toBe(`${PAGE}/${id}?q=an`);
    expect((await stored(id))?.status).toBe("rejected");
  });
});

describe("internal notes", () => {
  it("adds a note at the end, trimmed, with the admin and the time", async () => {
    const id = await addQuote({
      name: "Ana",
      notes: [{ text: "First.", author: "bo@bureau.test", createdAt: day(2) }],
    });
    const response = await postDetail(
      id,
      { intent: "note", text: "  Sent a proposal.\n " },
      "?q=a",
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}/${id}?q=a#notes`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    const notes = (await stored(id))?.notes ?? [];
    expect(notes.map((n) => [n.text, n.author])).toEqual([
      ["First.", "bo@bureau.test"],
      ["Sent a proposal.", "editor@bureau.test"],
    ]);
    expect(notes[1]?.createdAt).toBeInstanceOf(Date);
  });

  it.each([
    ["blank", { text: "   " }, NOTE_REQUIRED],
    ["missing", {}, NOTE_REQUIRED],
    [
      "too long",
      { text: "x".repeat(NOTE_MAX + 1) },
      "A note can be at most 2,000 characters long.",
    ],
  ])("refuses a %s note with 400 beside the field", async (_what, fields, message) => {
    const id = await addQuote({ name: "Ana" });
    const outcome = await postDetail(id, { intent: "note", ...fields });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.noteResult.error).toEqual({ text: [message] });
    expect((await stored(id))?.notes).toBeUndefined();
  });

  it("keeps a note of exactly the longest length", async () => {
    const id = await addQuote({ name: "Ana" });
    expect((await postDetail(id, { intent: "note", text: "n".repeat(NOTE_MAX) })).status).toBe(302);
  });

  it("refuses a note past the limit per record", async () => {
    const notes = Array.from({ length: NOTES_PER_LEAD_MAX }, (_, i) => ({
      text: `Note ${i}`,
      author: "bo@bureau.test",
      createdAt: day(2),
    }));
    const id = await addQuote({ name: "Ana", notes });
    const outcome = await postDetail(id, { intent: "note", text: "One more" });
    expect(statusOf(outcome)).toBe(409);
    expect(outcome.data.noteResult.error[""][0]).toMatch(/already has 100 notes/);
    expect((await stored(id))?.notes).toHaveLength(NOTES_PER_LEAD_MAX);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["nope", MISSING]) {
      expect(statusOf(await postDetail(id, { intent: "note", text: "Hi" }))).toBe(404);
    }
  });

  it("is refused without a session", async () => {
    const id = await addQuote({ name: "Ana" });
    const outcome = await callRoute(detailArgs(detailAction, id), `${PAGE}/${id}`, {
      fields: { intent: "note", text: "Sneaky" },
    });
    expect(outcome.status).toBe(302);
    expect((await stored(id))?.notes).toBeUndefined();
  });
});

describe("the CSV export", () => {
  const exportOf = (query = "", cookie = me.cookie) =>
    callRoute(exportLoader, `${PAGE}/export${query}`, { cookie });

  it("downloads the filtered requests (all pages), newest first, with every useful field", async () => {
    await addQuote({
      name: "Mallory",
      createdAt: day(3),
      status: "completed",
      message: '=HYPERLINK("http://evil.example","Click")',
      source: { page: "/services", utm: { source: "ads", campaign: "q1" } },
      notification: { status: "sent", at: day(3) },
      notes: [{ text: "n", author: "a@b.test", createdAt: day(4) }],
      updatedBy: "a@b.test",
    });
    for (let i = 1; i <= 11; i++) {
      await addQuote({ name: `Done ${i}`, createdAt: day(1, i), status: "completed" });
    }
    await addQuote({ name: "Other", createdAt: day(5), status: "pending" });

    const response: Response = await exportOf("?status=completed&page=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="quote-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      [
        "Received (UTC)",
        "Name",
        "Email",
        "Phone",
        "Service",
        "Message",
        "Status",
        "Source page",
        "Referrer",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        "utm_term",
        "utm_content",
        "Notification",
        "Status changed by",
        "Last updated (UTC)",
        "Notes",
      ]
        .map((h) => `"${h}"`)
        .join(","),
    );
    // Every completed one (12: not just the page), not the pending one.
    expect(lines).toHaveLength(13);
    expect(text).not.toContain("Other");
    expect(lines[1]).toBe(
      [
        `"${day(3).toISOString()}"`,
        '"Mallory"',
        '"mallory@example.com"',
        `"'+44 20 7946 0958"`,
        '"SEO"',
        `"'=HYPERLINK(""http://evil.example"",""Click"")"`,
        '"completed"',
        '"/services"',
        '""',
        '"ads"',
        '""',
        '"q1"',
        '""',
        '""',
        '"sent"',
        '"a@b.test"',
        `"${day(3).toISOString()}"`,
        "1",
      ].join(","),
    );
    expect(lines[2]).toContain('"Done 11"');
  });

  it("keeps the list's order", async () => {
    await addQuote({ name: "bea", createdAt: day(1) });
    await addQuote({ name: "Ana", createdAt: day(2) });
    await addQuote({ name: "Cleo", createdAt: day(3) });
    const rows = async (query: string) =>
      ((await (await exportOf(query)).text()) as string)
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(",")[1]);
    expect(await rows("")).toEqual(['"Cleo"', '"Ana"', '"bea"']);
    expect(await rows("?sort=name&dir=asc")).toEqual(['"Ana"', '"bea"', '"Cleo"']);
    expect(await rows("?sort=message&dir=asc"), "not a column that sorts").toEqual([
      '"Cleo"',
      '"Ana"',
      '"bea"',
    ]);
  });

  it("applies the search and the dates like the list", async () => {
    await addQuote({ name: "Ana", createdAt: day(1) });
    await addQuote({ name: "Anabel", createdAt: day(9) });
    await addQuote({ name: "Bo", createdAt: day(9) });
    const text = await (await exportOf("?q=ana&from=2026-01-05")).text();
    expect(text).toContain('"Anabel"');
    expect(text).not.toContain('"Ana"');
    expect(text).not.toContain('"Bo"');
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(exportLoader, `${PAGE}/export`);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("the ticked rows' status or deletion at once", () => {
  const bulk = (post: BulkPost, path = PAGE) => postBulk(action, path, me.cookie, post);
  const audited = async () =>
    (await getCollections()).auditLog.find({ entity: "quote" }, { sort: { at: 1 } }).toArray();
  beforeEach(async () => {
    await (await getCollections()).auditLog.deleteMany({});
  });

  it("asks once naming the requests, then sets each status, audited, back to the same filter", async () => {
    const ana = await addQuote({ name: "Ana" });
    const ben = await addQuote({ name: "Ben" });
    const cy = await addQuote({ name: "Cy" });
    const step = await bulk({ action: "status", to: "completed", ids: [ana, cy] });
    expect(statusOf(step)).toBe(200);
    expect(step.data.bulk.confirm).toEqual({
      action: "status",
      to: "completed",
      ids: [ana, cy],
      subjects: ["quote request from Ana", "quote request from Cy"],
    });
    expect((await stored(ana))?.status).toBe("pending");

    const back = `${PAGE}?status=pending&q=a`;
    const response = await bulk(
      { action: "status", to: "completed", ids: [ana, cy], confirmed: true },
      back,
    );
    expect(response.headers.get("Location")).toBe(back);
    expect(await flashCarried(response)).toEqual({
      message: "Status set to completed for 2 quote requests.",
      tone: "success",
    });
    expect([
      (await stored(ana))?.status,
      (await stored(ben))?.status,
      (await stored(cy))?.status,
    ]).toEqual(["completed", "pending", "completed"]);
    expect((await audited()).map((e) => [e.action, e.entityId, e.summary, e.actor])).toEqual([
      ["status", ana, "pending → completed", me.email],
      ["status", cy, "pending → completed", me.email],
    ]);
  });

  it("refuses a status the list does not have, changing nothing", async () => {
    const ana = await addQuote({ name: "Ana" });
    const outcome = await bulk({ action: "status", to: "archived", ids: [ana], confirmed: true });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.bulk.error).toBe(
      "Change status to: choose one of pending, in-progress, completed, rejected.",
    );
    expect((await stored(ana))?.status).toBe("pending");
  });

  it("deletes the ticked requests (one confirmation) and only from the list, not a request's page", async () => {
    const ana = await addQuote({ name: "Ana" });
    const ben = await addQuote({ name: "Ben" });
    const response = await bulk({ action: "delete", ids: [ana, ben], confirmed: true });
    expect(await flashCarried(response)).toEqual({
      message: "2 quote requests deleted.",
      tone: "success",
    });
    const { quotes } = await getCollections();
    expect(await quotes.countDocuments({})).toBe(0);
    const cy = await addQuote({ name: "Cy" });
    const body = new URLSearchParams({ intent: "bulk", bulk: "delete", ids: cy, confirmed: "1" });
    const outcome = await postDetail(cy, Object.fromEntries(body));
    expect(statusOf(outcome)).toBe(400);
    expect(await quotes.countDocuments({})).toBe(1);
  });
});
