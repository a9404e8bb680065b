// /api/contact, /api/contact/{id} and /api/contact/{id}/status (the original client's: POST {name,
// email, message} answering data and message; GET ?page&limit&status&search answering success,
// data, pagination {page, pages, limit} and message; PATCH {status}). The post needs no token and
// has the contact form's protection (its schema and messages, the honeypot, the per-address limit
// shared with the form, the new-lead e-mail); everything else needs one.
import type { APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../support/constants";
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  MALFORMED_IDS,
  startApiServer,
  test,
  UNKNOWN_ID,
} from "./fixtures";

const SUCCESS = "Message sent successfully! We will get back to you soon.";
const SPAM =
  "Your submission looks automated and was not sent. If you are a person, please reload the page and try again.";

let counter = 0;
/** A word no other test's records contain, to find this test's records by search. */
function marker(label: string): string {
  counter += 1;
  return `${label}${process.pid}x${Date.now()}x${counter}`;
}

function message(mark: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Ada ${mark}`,
    email: `${mark}@example.com`,
    message: "Hello from the API.",
    ...extra,
  };
}

async function search(request: APIRequestContext, auth: Record<string, string>, query: string) {
  const response = await request.get(`/api/contact?${query}`, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

const found = async (request: APIRequestContext, auth: Record<string, string>, mark: string) =>
  (await search(request, auth, `search=${mark}`)).pagination.total as number;

test("POST without a token: 201 with the stored message and the SPEC's success text", async ({
  request,
  auth,
}) => {
  const mark = marker("post");
  const response = await request.post("/api/contact", {
    data: { name: `  Ada ${mark} `, email: ` ${mark}@example.com `, message: " Hi there. " },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  expect(body).toEqual({
    success: true,
    message: SUCCESS,
    data: {
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: `Ada ${mark}`,
      email: `${mark}@example.com`,
      message: "Hi there.",
      status: "new",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    },
  });
  expect(new Date(body.data.createdAt).toISOString()).toBe(body.data.createdAt);

  // The inbox has it, newest first, with who last handled it (nobody yet).
  const list = await search(request, auth, `search=${mark}`);
  expect(list.data).toEqual([{ ...body.data, updatedBy: null }]);
});

test("a post records that it came through the API and announces the lead by e-mail", async ({
  request,
  auth,
}) => {
  const mark = marker("source");
  const created = await request.post("/api/contact", {
    data: message(mark),
    headers: { Referer: "https://app.example.com/contact-us" },
  });
  expect(created.status()).toBe(201);
  const { _id } = (await created.json()).data;

  // The notification is sent after the answer; its outcome lands on the lead.
  await expect
    .poll(async () => {
      const one = await request.get(`/api/contact/${_id}`, { headers: auth });
      return (await one.json()).data.notification?.status ?? null;
    })
    .toMatch(/^(sent|skipped|failed)$/);
  const one = await (await request.get(`/api/contact/${_id}`, { headers: auth })).json();
  expect(one.success).toBe(true);
  expect(one.data.source).toEqual({
    page: "/api/contact",
    referrer: "https://app.example.com/contact-us",
  });
  expect(one.data.notes).toEqual([]);
});

test("missing or invalid fields: 400 naming each with the form's messages; nothing stored", async ({
  request,
  auth,
}) => {
  const empty = await expectRefusal(await request.post("/api/contact", { data: {} }), 400);
  expect(empty.errors).toEqual([
    { path: "name", msg: "Name is required." },
    { path: "email", msg: "Email is required." },
    { path: "message", msg: "Message is required." },
  ]);

  const mark = marker("invalid");
  const bad = [
    [{ name: "   " }, "name", "Name is required."],
    [{ name: "Ada\nBcc: x@example.com" }, "name", "Name must fit on one line."],
    [{ email: "not-an-address" }, "email", "Please enter a valid email address."],
    [{ message: " \n " }, "message", "Message is required."],
    [{ message: "x".repeat(5001) }, "message", "Message must be at most 5,000 characters."],
  ] as const;
  for (const [change, path, msg] of bad) {
    const response = await request.post("/api/contact", { data: message(mark, change) });
    expect(await expectFieldError(response, path)).toBe(msg);
  }
  expect(await found(request, auth, mark)).toBe(0);
});

test("operators, objects and arrays in any field: 400, nothing stored", async ({
  request,
  auth,
}) => {
  const mark = marker("inject");
  for (const value of [...INJECTIONS, 42, true]) {
    for (const field of ["name", "email", "message", "website"]) {
      const response = await request.post("/api/contact", {
        data: message(mark, { [field]: value }),
      });
      await expectFieldError(response, field);
    }
  }
  expect(await found(request, auth, mark)).toBe(0);
});

test("the honeypot filled in: refused as the form refuses it, nothing stored", async ({
  request,
  auth,
}) => {
  const mark = marker("honeypot");
  const refused = await expectRefusal(
    await request.post("/api/contact", {
      data: message(mark, { website: "https://spam.example" }),
    }),
    400,
  );
  expect(refused.message).toBe(SPAM);
  expect(await found(request, auth, mark)).toBe(0);

  // Left empty, as a person's client would: accepted.
  const accepted = await request.post("/api/contact", { data: message(mark, { website: "" }) });
  expect(accepted.status()).toBe(201);
  expect(await found(request, auth, mark)).toBe(1);
});

test("not JSON: 415, nothing stored", async ({ request, auth }) => {
  const mark = marker("form");
  await expectRefusal(await request.post("/api/contact", { form: message(mark) }), 415);
  expect(await found(request, auth, mark)).toBe(0);
});

test("GET: 401 without a token or with a bad one", async ({ request }) => {
  await expectRefusal(await request.get("/api/contact"), 401);
  await expectRefusal(
    await request.get("/api/contact", { headers: { Authorization: "Bearer not-a-token" } }),
    401,
  );
});

test("GET: pages of `limit` (default 10), filtered by status and search", async ({
  request,
  auth,
}) => {
  const all = await search(request, auth, "");
  expect(all).toMatchObject({ success: true, message: expect.any(String) });
  expect(all.pagination).toEqual({
    page: 1,
    pages: Math.max(1, Math.ceil(all.pagination.total / 10)),
    limit: 10,
    total: expect.any(Number),
  });
  expect(all.data.length).toBe(Math.min(10, all.pagination.total));

  const mark = marker("pages");
  const ids: string[] = [];
  for (const n of [1, 2, 3]) {
    const response = await request.post("/api/contact", {
      data: message(mark, { name: `Person ${n} ${mark}` }),
    });
    ids.push((await response.json()).data._id);
  }
  const first = await search(request, auth, `search=${mark}&limit=2`);
  expect(first.pagination).toEqual({ page: 1, pages: 2, limit: 2, total: 3 });
  // Newest first.
  expect(first.data.map((c: { _id: string }) => c._id)).toEqual([ids[2], ids[1]]);
  const second = await search(request, auth, `search=${mark}&limit=2&page=2`);
  expect(second.data.map((c: { _id: string }) => c._id)).toEqual([ids[0]]);
  // A page past the end shows the last one.
  const past = await search(request, auth, `search=${mark}&limit=2&page=9`);
  expect(past.pagination.page).toBe(2);

  const patched = await request.patch(`/api/contact/${ids[1]}/status`, {
    headers: auth,
    data: { status: "read" },
  });
  expect(patched.status()).toBe(200);
  const read = await search(request, auth, `search=${mark}&status=read`);
  expect(read.data.map((c: { _id: string }) => c._id)).toEqual([ids[1]]);
  const fresh = await search(request, auth, `search=${mark}&status=new&limit=100`);
  expect(fresh.pagination.total).toBe(2);
  // The original client sends an empty status and search by default, meaning everything.
  const unfiltered = await search(request, auth, "page=1&limit=10&status=&search=");
  expect(unfiltered.pagination.total).toBe(all.pagination.total + 3);
});

test("GET: query values that mean nothing are 400s naming the parameter", async ({
  request,
  auth,
}) => {
  const cases = [
    ["page=abc", "page"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["limit=ten", "limit"],
    ["status=archived", "status"],
    ["status=NEW", "status"],
  ] as const;
  for (const [query, path] of cases) {
    await expectFieldError(await request.get(`/api/contact?${query}`, { headers: auth }), path);
  }
  const status = await request.get("/api/contact?status=archived", { headers: auth });
  expect((await status.json()).message).toBe(
    "Unknown status “archived”. Choose one of: new, read, replied.",
  );
});

test("GET: operator-looking query values are plain text, never operators", async ({
  request,
  auth,
}) => {
  // A bracketed name is just another (unknown, ignored) parameter: the default page applies.
  const bracket = await search(request, auth, "limit[$gt]=0&page[$ne]=1&status[$ne]=new");
  expect(bracket.pagination).toMatchObject({ page: 1, limit: 10 });
  // A search is matched literally: no message contains these.
  for (const text of [".*", '{"$ne":""}', "[a-z]+", "$where"]) {
    const result = await search(request, auth, `search=${encodeURIComponent(text)}`);
    expect(result.pagination.total, text).toBe(0);
  }
});

test("PATCH status: 200 with the updated record; refused without a token or with a bad status", async ({
  request,
  auth,
}) => {
  const mark = marker("status");
  const { data: created } = await (
    await request.post("/api/contact", { data: message(mark) })
  ).json();
  const url = `/api/contact/${created._id}/status`;

  await expectRefusal(await request.patch(url, { data: { status: "replied" } }), 401);
  await expectRefusal(
    await request.patch(url, {
      data: { status: "replied" },
      headers: { Authorization: "Bearer nope" },
    }),
    401,
  );
  for (const status of ["archived", "", ...INJECTIONS, 1, true]) {
    await expectFieldError(await request.patch(url, { headers: auth, data: { status } }), "status");
  }
  await expectFieldError(await request.patch(url, { headers: auth, data: {} }), "status");
  expect((await search(request, auth, `search=${mark}`)).data[0].status).toBe("new");

  const response = await request.patch(url, { headers: auth, data: { status: "replied" } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toEqual({
    success: true,
    message: "Status set to replied.",
    data: {
      ...created,
      status: "replied",
      updatedAt: expect.any(String),
      updatedBy: expect.any(String),
    },
  });
  expect(body.data.updatedBy).toMatch(/@/);
  expect((await search(request, auth, `search=${mark}`)).data[0].status).toBe("replied");
});

test("unknown and malformed ids: 404 for every method", async ({ request, auth }) => {
  for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
    const notFound = await expectRefusal(
      await request.patch(`/api/contact/${id}/status`, { headers: auth, data: { status: "read" } }),
      404,
    );
    expect(notFound.message).toBe(
      "This contact message does not exist (it may have been deleted).",
    );
    await expectRefusal(await request.get(`/api/contact/${id}`, { headers: auth }), 404);
    await expectRefusal(await request.delete(`/api/contact/${id}`, { headers: auth }), 404);
  }
});

test("GET one and DELETE: a token needed; deleted once, then 404", async ({ request, auth }) => {
  const mark = marker("delete");
  const { data: created } = await (
    await request.post("/api/contact", { data: message(mark) })
  ).json();
  const url = `/api/contact/${created._id}`;

  await expectRefusal(await request.get(url), 401);
  await expectRefusal(await request.delete(url), 401);
  await expectRefusal(await request.delete(url, { headers: { Authorization: "Bearer x" } }), 401);
  expect(await found(request, auth, mark)).toBe(1);

  const one = await request.get(url, { headers: auth });
  expect((await one.json()).data).toMatchObject(created);

  const deleted = await request.delete(url, { headers: auth });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ success: true, message: "Contact message deleted." });
  expect(await found(request, auth, mark)).toBe(0);
  await expectRefusal(await request.delete(url, { headers: auth }), 404);
  await expectRefusal(await request.get(url, { headers: auth }), 404);
});

test.describe("rate limit", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the form's per-address limit: the form and the API share it; the third post is a 429", async ({
    playwright,
  }) => {
    const { url, app } = await startApiServer({ FORM_IP_LIMIT: "2" });
    const request = await playwright.request.newContext({ baseURL: url });
    try {
      const mark = marker("limit");
      // One post through the form on /contact (its token from the page), one through the API.
      const page = await (await request.get("/contact")).text();
      const token = /name="formToken"[^>]*value="([^"]+)"/.exec(page)?.[1];
      expect(token, "the contact page carries a form token").toBeTruthy();
      const form = await request.post("/contact", {
        form: { ...message(mark, { name: `Form ${mark}` }), formToken: token ?? "" },
        maxRedirects: 0,
      });
      expect(form.status()).toBe(303);
      const api = await request.post("/api/contact", { data: message(mark) });
      expect(api.status()).toBe(201);
      await app.waitFor(
        new RegExp(`\\[mail\\][^\\n]*(Ada ${mark}|contact ${(await api.json()).data._id})`),
      );

      const refused = await request.post("/api/contact", {
        data: message(mark, { name: `Third ${mark}` }),
      });
      const body = await expectRefusal(refused, 429);
      expect(body.message).toMatch(
        /^Too many submissions from your network\. Please try again in \d+ minutes?\.$/,
      );
      const retryAfter = Number(refused.headers()["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);

      const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
      const { token: bearer } = await login.json();
      const list = await request.get(`/api/contact?search=${mark}`, {
        headers: { Authorization: `Bearer ${bearer}` },
      });
      const names = (await list.json()).data.map((c: { name: string }) => c.name).sort();
      expect(names).toEqual([`Ada ${mark}`, `Form ${mark}`]);
    } finally {
      await request.dispose();
      await app.stop("SIGTERM");
    }
  });
});
