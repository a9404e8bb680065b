// /api/contact, /api/contact/{id} and /api/contact/{id}/status (the original client's: POST {name,
// email, message} answering data and message; GET ?page&limit&status&search answering success,
// data, pagination {page, pages, limit} and message; PATCH {status}). The post needs no token and
// has the contact form's protection (its schema and messages, the honeypot, the per-address limit
// shared with the form, the new-lead e-mail); everything else needs one. What it shares with the
// other lead posts (those protections, the token, deleting, unknown ids) is proved for all of them
// in leads.spec.ts.
import type { APIRequestContext } from "@playwright/test";
import { expect, expectFieldError, expectRefusal, INJECTIONS, marker, test } from "./fixtures";
import { found, LEADS, leadList } from "./leads";

const SUCCESS = "Message sent successfully! We will get back to you soon.";

const lead = LEADS.contact;
const message = lead.body;
const search = (request: APIRequestContext, auth: Record<string, string>, query: string) =>
  leadList(request, auth, lead, query);

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

test("not JSON: 415, nothing stored", async ({ request, auth }) => {
  const mark = marker("form");
  await expectRefusal(await request.post("/api/contact", { form: message(mark) }), 415);
  expect(await found(request, auth, lead, mark)).toEqual([]);
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
