// /api/subscribe (the original client's: POST {email}, answering success and message), and the list
// behind it with a token (issue 8: reading subscribers needs one): GET /api/subscribers with search
// and pages, DELETE /api/subscribers/{id}. The post has the newsletter form's protection (its
// schema and messages, the honeypot, the per-address limit shared with the form) and its rule: one
// subscription per address.
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

const SUCCESS = "Subscribed successfully!";
const ALREADY = "You are already subscribed. Thank you!";
const SPAM =
  "Your submission looks automated and was not sent. If you are a person, please reload the page and try again.";

let counter = 0;
function marker(label: string): string {
  counter += 1;
  return `${label}${process.pid}x${Date.now()}x${counter}`;
}

async function subscribers(request: APIRequestContext, auth: Record<string, string>, query = "") {
  const response = await request.get(`/api/subscribers?${query}`, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

const found = async (request: APIRequestContext, auth: Record<string, string>, mark: string) =>
  (await subscribers(request, auth, `search=${mark}`)).data as { _id: string; email: string }[];

test("POST without a token: 201 'Subscribed successfully!'; again: 200, still one subscription", async ({
  request,
  auth,
}) => {
  const mark = marker("sub");
  const email = `${mark}@example.com`;
  const first = await request.post("/api/subscribe", { data: { email: ` ${email} ` } });
  expect(first.status(), await first.text()).toBe(201);
  expect(await first.json()).toEqual({ success: true, message: SUCCESS });

  // The same address in other letters is the same subscription.
  for (const again of [email, email.toUpperCase()]) {
    const response = await request.post("/api/subscribe", { data: { email: again } });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: ALREADY });
  }

  const list = await found(request, auth, mark);
  expect(list).toEqual([
    {
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email,
      createdAt: expect.any(String),
      // Where it was given: the API, not a page of the site.
      page: "/api/subscribe",
      referrer: null,
      campaign: null,
    },
  ]);
});

test("two sign-ups of one address at once: one subscription", async ({ request, auth }) => {
  const mark = marker("race");
  const responses = await Promise.all(
    [1, 2, 3, 4].map(() =>
      request.post("/api/subscribe", { data: { email: `${mark}@example.com` } }),
    ),
  );
  const statuses = responses.map((r) => r.status()).sort();
  expect(statuses).toEqual([200, 200, 200, 201]);
  expect(await found(request, auth, mark)).toHaveLength(1);
});

test("missing or invalid address: 400 with the form's messages; nothing stored", async ({
  request,
  auth,
}) => {
  expect(await expectFieldError(await request.post("/api/subscribe", { data: {} }), "email")).toBe(
    "Email is required.",
  );
  const mark = marker("invalid");
  for (const email of [`${mark}`, `${mark}@`, `${mark} @example.com`, "   "]) {
    const msg = await expectFieldError(
      await request.post("/api/subscribe", { data: { email } }),
      "email",
    );
    expect(["Please enter a valid email address.", "Email is required."]).toContain(msg);
  }
  expect(await found(request, auth, mark)).toEqual([]);
});

test("operators, objects and arrays in either field: 400, nothing stored", async ({
  request,
  auth,
}) => {
  const mark = marker("inject");
  for (const value of [...INJECTIONS, 42, true]) {
    await expectFieldError(
      await request.post("/api/subscribe", { data: { email: value } }),
      "email",
    );
    await expectFieldError(
      await request.post("/api/subscribe", {
        data: { email: `${mark}@example.com`, website: value },
      }),
      "website",
    );
  }
  expect(await found(request, auth, mark)).toEqual([]);
});

test("the honeypot filled in: refused as the form refuses it, nothing stored", async ({
  request,
  auth,
}) => {
  const mark = marker("honeypot");
  const refused = await expectRefusal(
    await request.post("/api/subscribe", {
      data: { email: `${mark}@example.com`, website: "x" },
    }),
    400,
  );
  expect(refused.message).toBe(SPAM);
  expect(await found(request, auth, mark)).toEqual([]);
});

test("GET /api/subscribers: a token needed; newest first, searched, in pages", async ({
  request,
  auth,
}) => {
  await expectRefusal(await request.get("/api/subscribers"), 401);
  await expectRefusal(
    await request.get("/api/subscribers", { headers: { Authorization: "Bearer nope" } }),
    401,
  );

  const all = await subscribers(request, auth);
  expect(all).toMatchObject({ success: true, message: expect.any(String) });
  expect(all.pagination).toMatchObject({ page: 1, limit: 10 });
  expect(all.data.length).toBe(Math.min(10, all.pagination.total));

  const mark = marker("list");
  for (const n of [1, 2, 3]) {
    await request.post("/api/subscribe", { data: { email: `${n}.${mark}@example.com` } });
  }
  const first = await subscribers(request, auth, `search=${mark}&limit=2`);
  expect(first.pagination).toEqual({ page: 1, pages: 2, limit: 2, total: 3 });
  expect(first.data.map((s: { email: string }) => s.email)).toEqual([
    `3.${mark}@example.com`,
    `2.${mark}@example.com`,
  ]);
  const second = await subscribers(request, auth, `search=${mark}&limit=2&page=2`);
  expect(second.data.map((s: { email: string }) => s.email)).toEqual([`1.${mark}@example.com`]);

  for (const [query, path] of [
    ["page=abc", "page"],
    ["page=0", "page"],
    ["limit=-1", "limit"],
    ["limit=1001", "limit"],
  ] as const) {
    await expectFieldError(await request.get(`/api/subscribers?${query}`, { headers: auth }), path);
  }
  const bracket = await subscribers(request, auth, "limit[$gt]=0&search[$ne]=x");
  expect(bracket.pagination).toMatchObject({ limit: 10, total: all.pagination.total + 3 });
  expect((await subscribers(request, auth, "search=.*")).data).toEqual([]);
});

test("DELETE /api/subscribers/{id}: a token needed; removed once, then 404", async ({
  request,
  auth,
}) => {
  const mark = marker("delete");
  await request.post("/api/subscribe", { data: { email: `${mark}@example.com` } });
  const [subscriber] = await found(request, auth, mark);
  const url = `/api/subscribers/${subscriber?._id}`;

  await expectRefusal(await request.delete(url), 401);
  await expectRefusal(await request.delete(url, { headers: { Authorization: "Bearer x" } }), 401);
  expect(await found(request, auth, mark)).toHaveLength(1);

  const deleted = await request.delete(url, { headers: auth });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({ success: true, message: "Subscriber removed." });
  expect(await found(request, auth, mark)).toEqual([]);
  await expectRefusal(await request.delete(url, { headers: auth }), 404);

  // Removed addresses may subscribe again.
  const again = await request.post("/api/subscribe", { data: { email: `${mark}@example.com` } });
  expect(again.status()).toBe(201);
});

test("unknown and malformed ids: 404", async ({ request, auth }) => {
  for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
    const refused = await expectRefusal(
      await request.delete(`/api/subscribers/${id}`, { headers: auth }),
      404,
    );
    expect(refused.message).toBe("This subscription does not exist (it may have been removed).");
  }
});

test.describe("rate limit", () => {
  test.describe.configure({ timeout: 120_000 });

  test("FORM_IP_LIMIT=2: the third sign-up from one address is a 429 with Retry-After, not stored", async ({
    playwright,
  }) => {
    const { url, app } = await startApiServer({ FORM_IP_LIMIT: "2" });
    const request = await playwright.request.newContext({ baseURL: url });
    try {
      const mark = marker("limit");
      for (const n of [1, 2]) {
        const response = await request.post("/api/subscribe", {
          data: { email: `${n}.${mark}@example.com` },
        });
        expect(response.status()).toBe(201);
      }
      const refused = await request.post("/api/subscribe", {
        data: { email: `3.${mark}@example.com` },
      });
      const body = await expectRefusal(refused, 429);
      expect(body.message).toMatch(/^Too many submissions from your network\. Please try again/);
      expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

      const { token } = await (await request.post("/api/auth/login", { data: E2E_ADMIN })).json();
      const list = await request.get(`/api/subscribers?search=${mark}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const emails = (await list.json()).data.map((s: { email: string }) => s.email).sort();
      expect(emails).toEqual([`1.${mark}@example.com`, `2.${mark}@example.com`]);
    } finally {
      await request.dispose();
      await app.stop("SIGTERM");
    }
  });
});
