// /admin/dashboard with JavaScript on and off, signed in with the sign-in form's POST (admin-e2e.ts):
// the figures match the demo content the test server was seeded with. Read-only: nothing here
// changes shared data.

import type { Locator, Page } from "@playwright/test";
import { buildDemoContent, visitorCountFor } from "../../db/seed/demo-content";
import { signIn } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { E2E_SEED_NOW } from "../support/constants";
import { expect, test } from "./fixtures";

const demo = buildDemoContent(E2E_SEED_NOW);
const activeInternships = demo.internships.filter((i) => i.isActive).length;
const pendingQuotes = demo.quotes.filter((q) => q.status === "pending").length;
const newContacts = demo.contacts.filter((c) => c.status === "new").length;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
const figure = (n: number) => n.toLocaleString("en-US");
const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

const tile = (page: Page, label: string): Locator => page.locator(`[data-stat="${label}"]`);
const tileFigure = (page: Page, label: string) => tile(page, label).locator("p").first();

test("shows the counts, today's visitors, the chart and the table from the database", async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveTitle("Dashboard · Bureau admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  await expect(tileFigure(page, "Blogs")).toHaveText(String(demo.blogs.length));
  expect(demo.blogs.length).toBe(7);
  // Every internship, active or not, as in the admin's list; the active ones underneath.
  await expect(tileFigure(page, "Internships")).toHaveText(String(demo.internships.length));
  expect(demo.internships.length).toBe(10);
  await expect(tile(page, "Internships")).toContainText(
    `${activeInternships} active · ${demo.internships.length - activeInternships} inactive`,
  );
  await expect(tileFigure(page, "New quote requests")).toHaveText(String(pendingQuotes));
  await expect(tileFigure(page, "New contact messages")).toHaveText(String(newContacts));

  // Today is the server's UTC day: the day the demo content was seeded for, or the next one
  // when the run crossed midnight. The demo content has a stat for each of its 30 days. The
  // suite's own browser adds to today's: it is a visitor of this server like any other (one
  // Chrome user agent from localhost, so one visitor, two if Chromium reaches the server over
  // both IPv4 and IPv6). Every other figure is exactly the demo content's.
  const today = await tile(page, "Visitors Today").locator("time").getAttribute("datetime");
  expect([utcDay(E2E_SEED_NOW), utcDay(new Date())]).toContain(today);
  const todayDate = today as string;
  const todayCount = Number(
    (await tileFigure(page, "Visitors Today").textContent())?.replace(/,/g, ""),
  );
  const seededToday = demo.visitorStats.some((s) => s.date === todayDate)
    ? visitorCountFor(todayDate)
    : 0;
  expect(todayCount).toBeGreaterThanOrEqual(seededToday);
  expect(todayCount).toBeLessThanOrEqual(seededToday + 2);
  const stored = new Map(demo.visitorStats.map((s) => [s.date, s.count]));
  if (todayCount > 0) stored.set(todayDate, todayCount);

  // The table: the stored days up to today, newest first (at most 30), with the day of the week.
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Date", "Visitors", "Day of week"]);
  const rows = table.locator("tbody tr");
  const expected = [...stored]
    .map(([date, count]) => ({ date, count }))
    .filter((s) => s.date <= todayDate)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 30);
  await expect(rows).toHaveCount(30);
  for (const [i, stat] of expected.entries()) {
    const cells = rows.nth(i).getByRole("cell");
    await expect(cells.nth(0)).toHaveText(
      stat.date === todayDate ? `${stat.date}Today` : stat.date,
    );
    await expect(cells.nth(1)).toHaveText(figure(stat.count));
    await expect(cells.nth(2)).toHaveText(weekday(stat.date) as string);
  }

  // The 30 days ending today, oldest first, a day without a stat as 0.
  const stats = Array.from({ length: 30 }, (_, i) => {
    const date = utcDay(new Date(Date.parse(`${todayDate}T00:00:00Z`) - (29 - i) * DAY_MS));
    return { date, count: stored.get(date) ?? 0 };
  });

  // The chart: one bar per day, oldest first, and a summary for screen readers.
  const chart = page.getByRole("img", { name: /^Bar chart of visitors per day/ });
  await expect(chart).toBeVisible();
  const total = stats.reduce((sum, s) => sum + s.count, 0);
  await expect(chart).toHaveAttribute(
    "aria-label",
    new RegExp(`${figure(total)} visitors in total`),
  );
  const bars = chart.locator("rect");
  await expect(bars).toHaveCount(30);
  const drawn = await bars.evaluateAll((rects) =>
    rects.map((r) => ({
      date: r.getAttribute("data-date"),
      count: Number(r.getAttribute("data-count")),
    })),
  );
  expect(drawn).toEqual(stats);
  await expect(bars.last().locator("title")).toHaveText(
    `${new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${todayDate}T00:00:00Z`))}: ${figure(todayCount)} visitors (today)`,
  );
});

test("each count links to its list", async ({ page }) => {
  await signIn(page);
  const links = {
    "View quote requests": "/admin/dashboard/quotes",
    "View contact messages": "/admin/dashboard/contact-forms",
    "Manage blog posts": "/admin/dashboard/blogs",
    "Manage internships": "/admin/dashboard/intership-page",
  };
  for (const [name, href] of Object.entries(links)) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  // Visitors Today points at the table further down the same page.
  await expect(page.getByRole("link", { name: "See visitors per day" })).toHaveAttribute(
    "href",
    "#visitor-statistics",
  );
  await page.getByRole("link", { name: "See visitors per day" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard#visitor-statistics$/);
  await expect(page.getByRole("heading", { name: "Visitor statistics" })).toBeInViewport();
});

test("is private: never cached, never indexed, and only for a signed-in admin", async ({
  page,
}) => {
  const anonymous = await page.request.get("/admin/dashboard", { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard");

  await signIn(page);
  const response = await page.request.get("/admin/dashboard");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

for (const width of [375, 1280]) {
  test(`has no serious or critical axe violation at ${width} px`, { tag: "@js-only" }, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "axe runs inside the page");
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
