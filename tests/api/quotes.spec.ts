// /api/quotes and /api/quotes/{id} (the original client's: POST {name, email, phone, service,
// message} with no auth header; GET with a token answering success, data (list) and message; PUT
// {status} answering success; DELETE). The post has the quote form's protection (its schema and
// messages, the honeypot, the per-address limit shared with the form, the new-lead e-mail); what
// it shares with the other lead posts (those protections, the token, deleting, unknown ids) is
// proved for all of them in leads.spec.ts.
import type { APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../support/constants";
import { expect, expectFieldError, expectRefusal, INJECTIONS, marker, test } from "./fixtures";
import { LEADS, leadList } from "./leads";

const SUCCESS = "Quote submitted successfully!";

const lead = LEADS.quotes;
const quote = lead.body;
const list = (request: APIRequestContext, auth: Record<string, string>, query = "") =>
  leadList(request, auth, lead, query);
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

test("GET: the list in data, newest first, with success and message", async ({ request, auth }) => {
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
