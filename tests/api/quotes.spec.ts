// /api/quotes and /api/quotes/{id} (the original client's: POST {name, email, phone, service,
// message} with no auth header; GET with a token answering success, data (list) and message; PUT
// {status} answering success; DELETE). The post has the quote form's protection (its schema and
// messages, the honeypot, the per-address limit shared with the form, the new-lead e-mail).
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

const SUCCESS = "Quote submitted successfully!";
const NOT_FOUND = "This quote request does not exist (it may have been deleted).";
const SPAM =
  "Your submission looks automated and was not sent. If you are a person, please reload the page and try again.";
const FIELDS = ["name", "email", "phone", "service", "message", "website"] as const;

let counter = 0;
function marker(label: string): string {
  counter += 1;
  return `${label}${process.pid}x${Date.now()}x${counter}`;
}

function quote(mark: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Grace ${mark}`,
    email: `${mark}@example.com`,
    phone: "+44 20 7946 0958",
    service: "App Development",
    message: "We need an app.",
    ...extra,
  };
}

async function list(request: APIRequestContext, auth: Record<string, string>, query = "") {
  const response = await request.get(`/api/quotes?${query}`, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

const found = async (request: APIRequestContext, auth: Record<string, string>, mark: string) =>
  (await list(request, auth, `search=${mark}`)).data as { _id: string; status: string }[];

test("POST without a token: 201 with the stored request and the SPEC's success text", async ({
  request,
  auth,
}) => {
  const mark = marker("post");
  const response = await request.post("/api/quotes", {
    data: quote(mark, { name: ` Grace ${mark} `, phone: " (020) 7946-0958 " }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  expect(body).toEqual({
    success: true,
    message: SUCCESS,
    data: {
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: `Grace ${mark}`,
      email: `${mark}@example.com`,
      phone: "(020) 7946-0958",
      service: "App Development",
      message: "We need an app.",
      status: "pending",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    },
  });
  // The admin's list also says who last handled it (nobody yet); the visitor's answer does not.
  expect(await found(request, auth, mark)).toEqual([{ ...body.data, updatedBy: null }]);
});

test("an Idempotency-Key makes a retry safe: stored once, the same record answered", async ({
  request,
  auth,
}) => {
  const mark = marker("retry");
  const headers = { "Idempotency-Key": `order-${mark}` };
  const first = await request.post("/api/quotes", { headers, data: quote(mark) });
  const again = await request.post("/api/quotes", { headers, data: quote(mark) });
  expect(first.status()).toBe(201);
  expect(again.status()).toBe(201);
  const stored = (await first.json()).data;
  expect((await again.json()).data).toEqual(stored);
  expect(await found(request, auth, mark)).toEqual([{ ...stored, updatedBy: null }]);

  // The same key with another body is another submission: it never answers with the first one
  // (a reused or guessed key must not show someone else's request).
  const otherBody = await request.post("/api/quotes", {
    headers,
    data: quote(mark, { message: "Someone else entirely." }),
  });
  expect(otherBody.status()).toBe(201);
  const second = (await otherBody.json()).data;
  expect(second._id).not.toBe(stored._id);
  expect(second.message).toBe("Someone else entirely.");
  expect(await found(request, auth, mark)).toHaveLength(2);

  // Another key (or none) is another request.
  const other = await request.post("/api/quotes", {
    headers: { "Idempotency-Key": `other-${mark}` },
    data: quote(mark),
  });
  expect((await other.json()).data._id).not.toBe(stored._id);
  await request.post("/api/quotes", { data: quote(mark) });
  expect(await found(request, auth, mark)).toHaveLength(4);

  const bad = await request.post("/api/quotes", {
    headers: { "Idempotency-Key": "x".repeat(256) },
    data: quote(mark),
  });
  await expectRefusal(bad, 400);
  expect(await found(request, auth, mark)).toHaveLength(4);
});

test("a post records that it came through the API and announces the lead by e-mail", async ({
  request,
  auth,
}) => {
  const mark = marker("source");
  const created = await request.post("/api/quotes", { data: quote(mark) });
  const { _id } = (await created.json()).data;
  await expect
    .poll(async () => {
      const one = await request.get(`/api/quotes/${_id}`, { headers: auth });
      return (await one.json()).data.notification?.status ?? null;
    })
    .toMatch(/^(sent|skipped|failed)$/);
  const one = await (await request.get(`/api/quotes/${_id}`, { headers: auth })).json();
  expect(one.data).toMatchObject({ _id, source: { page: "/api/quotes" }, notes: [] });
});

test("missing or invalid fields: 400 naming each with the form's messages; nothing stored", async ({
  request,
  auth,
}) => {
  const empty = await expectRefusal(await request.post("/api/quotes", { data: {} }), 400);
  expect(empty.errors).toEqual([
    { path: "name", msg: "Name is required." },
    { path: "email", msg: "Email is required." },
    { path: "phone", msg: "Phone is required." },
    { path: "service", msg: "Please select a service." },
    { path: "message", msg: "Message is required." },
  ]);

  const mark = marker("invalid");
  const bad = [
    [{ email: "grace@" }, "email", "Please enter a valid email address."],
    [
      { phone: "call me" },
      "phone",
      "Please enter a valid phone number (digits, spaces and + ( ) - .).",
    ],
    [{ phone: "12345" }, "phone", "Please enter a valid phone number (6 to 20 digits)."],
    [{ service: "Select a Service" }, "service", "Please select a service."],
    [{ service: "web development" }, "service", "Please select a service."],
    [{ message: "   " }, "message", "Message is required."],
  ] as const;
  for (const [change, path, msg] of bad) {
    const response = await request.post("/api/quotes", { data: quote(mark, change) });
    expect(await expectFieldError(response, path)).toBe(msg);
  }
  expect(await found(request, auth, mark)).toEqual([]);
});

test("operators, objects and arrays in any field: 400, nothing stored", async ({
  request,
  auth,
}) => {
  const mark = marker("inject");
  for (const value of [...INJECTIONS, 42, true]) {
    for (const field of FIELDS) {
      const response = await request.post("/api/quotes", { data: quote(mark, { [field]: value }) });
      await expectFieldError(response, field);
    }
  }
  expect(await found(request, auth, mark)).toEqual([]);
});

test("the honeypot filled in: refused as the form refuses it, nothing stored", async ({
  request,
  auth,
}) => {
  const mark = marker("honeypot");
  const refused = await expectRefusal(
    await request.post("/api/quotes", { data: quote(mark, { website: "spam.example" }) }),
    400,
  );
  expect(refused.message).toBe(SPAM);
  expect(await found(request, auth, mark)).toEqual([]);
});

test("GET: a token needed; the list in data, newest first, with success and message", async ({
  request,
  auth,
}) => {
  await expectRefusal(await request.get("/api/quotes"), 401);
  await expectRefusal(
    await request.get("/api/quotes", { headers: { Authorization: "Bearer nope" } }),
    401,
  );

  const mark = marker("list");
  const ids: string[] = [];
  for (const service of ["SEO", "Marketing"]) {
    const created = await request.post("/api/quotes", { data: quote(mark, { service }) });
    ids.push((await created.json()).data._id);
  }
  const all = await list(request, auth);
  expect(all).toMatchObject({ success: true, message: expect.any(String) });
  expect(Array.isArray(all.data)).toBe(true);
  // The SPEC's screen shows every request without pages: one page holds up to 1,000.
  expect(all.pagination).toMatchObject({ page: 1, limit: 1000 });
  expect(all.data.length).toBe(Math.min(1000, all.pagination.total));
  expect(all.data[0]._id).toBe(ids[1]);
  expect(all.data[1]._id).toBe(ids[0]);
  for (const row of all.data) {
    expect(Object.keys(row).sort()).toEqual(
      [
        "_id",
        "createdAt",
        "email",
        "message",
        "name",
        "phone",
        "service",
        "status",
        "updatedAt",
        "updatedBy",
      ].sort(),
    );
  }

  const page = await list(request, auth, `search=${mark}&limit=1&page=2`);
  expect(page.pagination).toEqual({ page: 2, pages: 2, limit: 1, total: 2 });
  expect(page.data.map((q: { _id: string }) => q._id)).toEqual([ids[0]]);

  for (const [query, path] of [
    ["page=abc", "page"],
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["status=done", "status"],
  ] as const) {
    await expectFieldError(await request.get(`/api/quotes?${query}`, { headers: auth }), path);
  }
  const bracket = await list(request, auth, "limit[$gt]=0&status[$ne]=pending");
  expect(bracket.pagination.total).toBe(all.pagination.total);
  expect((await list(request, auth, "search=.*")).data).toEqual([]);
});

test("PUT status: any of the four, answered with the record; refused without a token or with a bad status", async ({
  request,
  auth,
}) => {
  const mark = marker("status");
  const { data: created } = await (await request.post("/api/quotes", { data: quote(mark) })).json();
  const url = `/api/quotes/${created._id}`;

  await expectRefusal(await request.put(url, { data: { status: "completed" } }), 401);
  await expectRefusal(
    await request.put(url, {
      data: { status: "completed" },
      headers: { Authorization: "Bearer x" },
    }),
    401,
  );
  // Operator objects get their own message (lib/api.server.ts); every other value this one.
  const plain = INJECTIONS.filter((v) => !(v && typeof v === "object" && !Array.isArray(v)));
  for (const status of ["done", "Pending", "", ...plain, 3, false]) {
    const msg = await expectFieldError(
      await request.put(url, { headers: auth, data: { status } }),
      "status",
    );
    expect(msg).toMatch(
      /^Unknown status .*Choose one of: pending, in-progress, completed, rejected\.$/,
    );
  }
  expect((await found(request, auth, mark))[0]?.status).toBe("pending");

  for (const status of ["in-progress", "completed", "rejected", "pending"]) {
    const response = await request.put(url, { headers: auth, data: { status } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      message: `Status set to ${status}.`,
      data: { ...created, status, updatedAt: expect.any(String), updatedBy: E2E_ADMIN.email },
    });
    expect((await found(request, auth, mark))[0]?.status).toBe(status);
  }
});

test("GET one and DELETE: a token needed; deleted once, then 404", async ({ request, auth }) => {
  const mark = marker("delete");
  const { data: created } = await (await request.post("/api/quotes", { data: quote(mark) })).json();
  const url = `/api/quotes/${created._id}`;

  await expectRefusal(await request.get(url), 401);
  await expectRefusal(await request.delete(url), 401);
  expect(await found(request, auth, mark)).toHaveLength(1);

  expect((await (await request.get(url, { headers: auth })).json()).data).toMatchObject(created);
  const deleted = await request.delete(url, { headers: auth });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ success: true, message: "Quote request deleted." });
  expect(await found(request, auth, mark)).toEqual([]);
  expect((await expectRefusal(await request.delete(url, { headers: auth }), 404)).message).toBe(
    NOT_FOUND,
  );
});

test("unknown and malformed ids: 404 for every method", async ({ request, auth }) => {
  for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
    const refused = await expectRefusal(
      await request.put(`/api/quotes/${id}`, { headers: auth, data: { status: "completed" } }),
      404,
    );
    expect(refused.message).toBe(NOT_FOUND);
    await expectRefusal(await request.get(`/api/quotes/${id}`, { headers: auth }), 404);
    await expectRefusal(await request.delete(`/api/quotes/${id}`, { headers: auth }), 404);
  }
});

test.describe("rate limit", () => {
  test.describe.configure({ timeout: 120_000 });

  test("FORM_IP_LIMIT=2: the third post from one address is a 429 with Retry-After, not stored", async ({
    playwright,
  }) => {
    const { url, app } = await startApiServer({ FORM_IP_LIMIT: "2" });
    const request = await playwright.request.newContext({ baseURL: url });
    try {
      const mark = marker("limit");
      for (const n of [1, 2]) {
        const response = await request.post("/api/quotes", {
          data: quote(mark, { name: `Grace ${n} ${mark}` }),
        });
        expect(response.status()).toBe(201);
      }
      // The new-lead e-mail went out (logged: the test server has no SMTP_URL) as for the form.
      await app.waitFor(new RegExp(`\\[mail\\][^\\n]*Grace 2 ${mark}`));

      const refused = await request.post("/api/quotes", {
        data: quote(mark, { name: `Grace 3 ${mark}` }),
      });
      const body = await expectRefusal(refused, 429);
      expect(body.message).toMatch(/^Too many submissions from your network\. Please try again/);
      expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

      // Another kind of post has a bucket of its own.
      const subscribed = await request.post("/api/subscribe", {
        data: { email: `${mark}@example.com` },
      });
      expect(subscribed.status()).toBe(201);

      const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
      const { token } = await login.json();
      const stored = await request.get(`/api/quotes?search=${mark}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const names = (await stored.json()).data.map((q: { name: string }) => q.name).sort();
      expect(names).toEqual([`Grace 1 ${mark}`, `Grace 2 ${mark}`]);
    } finally {
      await request.dispose();
      await app.stop("SIGTERM");
    }
  });
});
