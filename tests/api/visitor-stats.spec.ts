// GET /api/visitor-stats (a bare list of {date, count}; issue 8: reading it needs a token):
// the dashboard's daily visitor figures, newest first, today found by its UTC date.
import type { APIRequestContext } from "@playwright/test";
import { expect, expectRefusal, test } from "./fixtures";

interface Stat {
  date: string;
  count: number;
}

async function stats(request: APIRequestContext, auth: Record<string, string>): Promise<Stat[]> {
  const response = await request.get("/api/visitor-stats", { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  // The list of {date, count} itself, as its clients read it, not wrapped in data.
  const body = await response.json();
  expect(Array.isArray(body)).toBe(true);
  return body;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

test("a token needed: 401 without one or with a bad one", async ({ request }) => {
  await expectRefusal(await request.get("/api/visitor-stats"), 401);
  await expectRefusal(
    await request.get("/api/visitor-stats", { headers: { Authorization: "Bearer nope" } }),
    401,
  );
});

test("a list of {date: 'YYYY-MM-DD', count}, newest first, none after today (UTC)", async ({
  request,
  auth,
}) => {
  const data = await stats(request, auth);
  // The demo content has a month of figures; the dashboard shows at most 30 days.
  expect(data.length).toBeGreaterThan(0);
  expect(data.length).toBeLessThanOrEqual(30);
  for (const stat of data) {
    expect(Object.keys(stat).sort()).toEqual(["count", "date"]);
    expect(stat.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isInteger(stat.count)).toBe(true);
    expect(stat.count).toBeGreaterThanOrEqual(0);
    expect(stat.date <= todayUtc()).toBe(true);
  }
  const dates = data.map((s) => s.date);
  expect(dates).toEqual([...dates].sort().reverse());
  expect(new Set(dates).size).toBe(dates.length);
});

test("a visit to a public page shows in today's count", async ({ request, auth }) => {
  const today = () => stats(request, auth).then((d) => d.find((s) => s.date === todayUtc()));
  const before = (await today())?.count ?? 0;
  // A new visitor (address and browser), as a person's browser would be.
  const visit = await request.get("/", {
    headers: {
      "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 visitor-${Date.now()}`,
    },
  });
  expect(visit.status()).toBe(200);
  // Visits are written in batches every couple of seconds.
  await expect.poll(async () => (await today())?.count ?? 0, { timeout: 15_000 }).toBe(before + 1);
});
