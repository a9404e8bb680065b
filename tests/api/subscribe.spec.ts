// /api/subscribe (the original client's: POST {email}, answering success and message), and the list
// behind it with a token (issue 8: reading subscribers needs one): GET /api/subscribers with search
// and pages, DELETE /api/subscribers/{id}. The post has the newsletter form's protection (its
// schema and messages, the honeypot, the per-address limit shared with the form) and its rule: one
// subscription per address. What it shares with the other lead posts (those protections, the
// token, deleting, unknown ids) is proved for all of them in leads.spec.ts.
import type { APIRequestContext } from "@playwright/test";
import { expect, expectFieldError, marker, test } from "./fixtures";
import { found, LEADS, leadList } from "./leads";

const SUCCESS = "Subscribed successfully!";
const ALREADY = "You are already subscribed. Thank you!";

const lead = LEADS.subscribe;
const subscribers = (request: APIRequestContext, auth: Record<string, string>, query = "") =>
  leadList(request, auth, lead, query);

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

  const list = await found(request, auth, lead, mark);
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
  expect(await found(request, auth, lead, mark)).toHaveLength(1);
});

test("GET /api/subscribers: newest first, searched, in pages", async ({ request, auth }) => {
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
