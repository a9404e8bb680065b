// /internships with JavaScript on and off: filters, search, sort, pages and saving all live in
// the URL or a cookie, so each works without JavaScript; with it the list updates in place.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { buildDemoContent, COMPANY_NAME } from "../../db/seed/demo-content";
import { E2E_SEED_NOW } from "../support/constants";
import { expect, test } from "./fixtures";

// Deadlines as the server seeded them; "passed" as the server sees it now.
const now = new Date();
const demo = buildDemoContent(E2E_SEED_NOW);
const active = demo.internships.filter((i) => i.isActive);
const passed = (d: Date) => d.getTime() < now.getTime();
/** The default order: upcoming deadlines soonest first, then passed ones. */
const byDeadline = [...active].sort(
  (a, b) =>
    Number(passed(a.deadline)) - Number(passed(b.deadline)) ||
    Math.abs(a.deadline.getTime() - now.getTime()) - Math.abs(b.deadline.getTime() - now.getTime()),
);
/** Shortest duration first; ties in the default order. */
const byDuration = [...byDeadline].sort(
  (a, b) => Math.min(...a.duration) - Math.min(...b.duration),
);
const byTitle = [...active].sort((a, b) => a.title.localeCompare(b.title, "en"));
const titles = (list: typeof active) => list.map((i) => i.title);
const openCount = active.filter((i) => i.status === "Open" && !passed(i.deadline)).length;
const withoutLink = active.find((i) => !i.applicationLink);
const closed = active.find((i) => passed(i.deadline));
const first = byDeadline[0];
const second = byDeadline[1];
const toSave = byTitle[1];
if (!first || !second || !toSave || !withoutLink || !closed) {
  throw new Error("demo content changed");
}

const cardTitles = (page: Page) => page.getByRole("article").getByRole("heading", { level: 3 });
const card = (page: Page, title: string) => page.getByRole("article", { name: title });
const params = (page: Page) => new URL(page.url()).searchParams;

/** With JavaScript wait until the page is interactive (the Apply button goes away then). */
async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: "Apply", exact: true })).toHaveCount(0);
  }
}

/** Without JavaScript the form needs its submit button; with it the list follows the controls. */
async function apply(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply", exact: true }).click();
}

async function openFilters(page: Page) {
  const summary = page.getByText("Filters", { exact: true });
  const details = page.locator("details", { has: summary });
  if ((await details.getAttribute("open")) === null) await summary.click();
}

test("shows the title, the open positions and the first page, deadline soonest first", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(page, "/internships", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Career at ${COMPANY_NAME}`);
  await expect(page).toHaveTitle(`Career at ${COMPANY_NAME}`);
  await expect(page.getByText(`${openCount} open positions`)).toBeVisible();
  await expect(cardTitles(page)).toHaveText(titles(byDeadline.slice(0, 3)));
  await expect(page.getByText(`Showing 1–3 of ${active.length} internships`)).toBeVisible();
  const firstCard = card(page, first.title);
  await expect(firstCard.getByText(first.domain, { exact: true })).toBeVisible();
  await expect(firstCard.getByText(first.location)).toBeVisible();
  await expect(firstCard.getByText(first.salary)).toBeVisible();
  await expect(firstCard.getByText(`${first.duration.join(" / ")} days`)).toBeVisible();
  await expect(firstCard.getByText("Open", { exact: true })).toBeVisible();
  if (first.urgent) await expect(firstCard.getByText("Urgent")).toBeVisible();
});

test("filters by domain and location through the query string", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(page, "/internships", javaScriptEnabled);
  await openFilters(page);
  await page.getByLabel("Domain").selectOption("Design");
  await apply(page, javaScriptEnabled);
  await expect.poll(() => params(page).get("domain")).toBe("Design");
  // Without JavaScript the form sends every field, the empty ones too (`q=&location=…`, and the
  // default sort as an empty value): the server's 301 leads to the page's canonical URL, without
  // them (lib/canonical-url.server.ts). With it, the form navigates to the same URL itself.
  expect(new URL(page.url()).search).toBe("?domain=Design");
  const design = byDeadline.filter((i) => i.domain === "Design");
  await expect(cardTitles(page)).toHaveText(titles(design));
  // Two results: no pagination.
  await expect(page.getByRole("navigation", { name: "Internship pages" })).toHaveCount(0);

  await page.getByLabel("Location").selectOption("Remote");
  await apply(page, javaScriptEnabled);
  await expect.poll(() => params(page).get("location")).toBe("Remote");
  await expect(cardTitles(page)).toHaveText(
    titles(design.filter((i) => i.location.includes("Remote"))),
  );
  // The state is a URL: loading it again gives the same list.
  await open(page, page.url(), javaScriptEnabled);
  await expect(page.getByLabel("Domain")).toHaveValue("Design");
  await expect(cardTitles(page)).toHaveText(
    titles(design.filter((i) => i.location.includes("Remote"))),
  );
});

test("filters by duration (inclusion)", async ({ page, javaScriptEnabled }) => {
  await open(page, "/internships", javaScriptEnabled);
  await openFilters(page);
  await page.getByLabel("Duration").selectOption("30");
  await apply(page, javaScriptEnabled);
  await expect.poll(() => params(page).get("duration")).toBe("30");
  await expect(cardTitles(page)).toHaveText(
    titles(byDeadline.filter((i) => i.duration.includes(30))),
  );
});

test("searches title and description, case-insensitively", async ({ page, javaScriptEnabled }) => {
  await open(page, "/internships", javaScriptEnabled);
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("FIGMA");
  await (javaScriptEnabled ? Promise.resolve() : search.press("Enter"));
  await expect.poll(() => params(page).get("q")).toBe("FIGMA");
  await expect(cardTitles(page)).toHaveText(
    titles(byDeadline.filter((i) => /figma/i.test(`${i.title} ${i.description}`))),
  );
});

test("sorts by title and by duration", async ({ page, javaScriptEnabled }) => {
  await open(page, "/internships", javaScriptEnabled);
  await page.getByLabel("Sort by").selectOption("title");
  await apply(page, javaScriptEnabled);
  await expect.poll(() => params(page).get("sort")).toBe("title");
  await expect(cardTitles(page)).toHaveText(titles(byTitle.slice(0, 3)));

  await page.getByLabel("Sort by").selectOption("duration");
  await apply(page, javaScriptEnabled);
  await expect.poll(() => params(page).get("sort")).toBe("duration");
  await expect(cardTitles(page)).toHaveText(titles(byDuration.slice(0, 3)));
});

test("pages by three with First, Previous, Next and Last, keeping the filters", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(page, "/internships?sort=deadline", javaScriptEnabled);
  const pager = page.getByRole("navigation", { name: "Internship pages" });
  await expect(pager.getByText("First")).toHaveAttribute("aria-disabled", "true");
  await pager.getByRole("link", { name: "Next" }).click();
  await expect.poll(() => params(page).get("page")).toBe("2");
  await expect(cardTitles(page)).toHaveText(titles(byDeadline.slice(3, 6)));
  await expect(pager.locator("[aria-current=page]")).toHaveText("Page 2");
  await pager.getByRole("link", { name: "Last" }).click();
  await expect.poll(() => params(page).get("page")).toBe("3");
  await expect(cardTitles(page)).toHaveText(titles(byDeadline.slice(6, 9)));
  await pager.getByRole("link", { name: "First" }).click();
  await expect.poll(() => params(page).get("page")).toBeNull();

  // Other parameters are kept in the page links.
  await open(page, "/internships?sort=title", javaScriptEnabled);
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute(
    "href",
    "/internships?sort=title&page=2#results",
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the pager stays one row, Previous and Next keeping their names", async ({ page }) => {
    await page.goto("/internships?page=2");
    const pager = page.getByRole("navigation", { name: "Internship pages" });
    const items = pager.locator("li:visible");
    const tops = await items.evaluateAll((els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(tops.length).toBeGreaterThan(3);
    expect(new Set(tops).size, "every visible item on one row").toBe(1);
    const box = await pager.locator("ul").boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, "inside the screen").toBe(true);
    await expect(pager.getByRole("link", { name: "Previous" })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Next" })).toBeVisible();
    await expect(pager.locator("[aria-current=page]")).toHaveText("Page 2");
  });
});

test("the hero fills its width at 1280: open positions by domain beside the heading", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/internships");
  const panel = page.getByRole("region", { name: "Hiring now" });
  const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
  const box = await panel.boundingBox();
  expect(heading && box && box.x > heading.x + 640, "the panel sits in the right half").toBe(true);
  const design = active.filter(
    (i) => i.domain === "Design" && i.status === "Open" && !passed(i.deadline),
  );
  await expect(panel.getByRole("link", { name: /^Design/ })).toHaveAttribute(
    "href",
    "/internships?domain=Design#results",
  );
  await expect(panel.getByRole("link", { name: /^Design/ })).toContainText(
    `${design.length} position`,
  );
});

test("a page past the end shows the last page; bad parameters are ignored", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(page, "/internships?page=99", javaScriptEnabled);
  await expect(cardTitles(page)).toHaveText(titles(byDeadline.slice(6, 9)));
  await expect(
    page.getByRole("navigation", { name: "Internship pages" }).locator("[aria-current=page]"),
  ).toHaveText("Page 3");
  await open(
    page,
    "/internships?domain=Space&location=Moon&duration=x&sort=price&page=-1",
    javaScriptEnabled,
  );
  await expect(cardTitles(page)).toHaveText(titles(byDeadline.slice(0, 3)));
});

test("a passed deadline reads Closed and cannot be applied to", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(page, `/internships?q=${encodeURIComponent(closed.title)}`, javaScriptEnabled);
  const closedCard = card(page, closed.title);
  await expect(closedCard.getByText("Closed", { exact: true })).toBeVisible();
  await expect(closedCard.getByText("Applications for this internship are closed.")).toBeVisible();
  await expect(closedCard.getByRole("link", { name: /Apply Now/ })).toHaveCount(0);
});

test("the empty state, and Clear All Filters resets filters and page", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(
    page,
    "/internships?q=no-such-internship&domain=HR&page=2&sort=title",
    javaScriptEnabled,
  );
  await expect(page.getByRole("heading", { name: "No internships found" })).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filter criteria.")).toBeVisible();
  await page.getByRole("link", { name: "Clear All Filters" }).last().click();
  // The sort is not a filter: it stays.
  await expect.poll(() => page.url()).toMatch(/\/internships\?sort=title$/);
  await expect(cardTitles(page)).toHaveCount(3);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await expect(page.getByLabel("Domain")).toHaveValue("");
});

test("saves an internship in a cookie and lists it with saved-only", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(page, "/internships?sort=title", javaScriptEnabled);
  const save = card(page, toSave.title).getByRole("button", { name: /^Save/ });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await expect(save).toHaveText(`Save ${toSave.title}`);
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await expect(save).toContainText("Saved");
  // Back on the same list (without JavaScript: POST, then a redirect to the same URL).
  expect(new URL(page.url()).pathname).toBe("/internships");
  expect(params(page).get("sort")).toBe("title");
  // With JavaScript the button flips before the response (and its cookie) arrives.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "savedInternships"))
    .toMatchObject({ path: "/", sameSite: "Lax" });

  await page.getByLabel(/Saved only/).check();
  await apply(page, javaScriptEnabled);
  await expect.poll(() => params(page).get("saved")).toBe("1");
  await expect(cardTitles(page)).toHaveText([toSave.title]);

  // Unsaving in the saved-only view empties it.
  await card(page, toSave.title)
    .getByRole("button", { name: /^Saved/ })
    .click();
  await expect(page.getByRole("heading", { name: "No internships found" })).toBeVisible();
  await open(page, "/internships?sort=title", javaScriptEnabled);
  await expect(card(page, toSave.title).getByRole("button", { name: /^Save/ })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("details open one card at a time", async ({ page, javaScriptEnabled }) => {
  await open(page, "/internships", javaScriptEnabled);
  const one = card(page, first.title).locator("details");
  const two = card(page, second.title).locator("details");
  await one.locator("summary").click();
  await expect(one).toHaveAttribute("open", "");
  await expect(one.getByText(first.requirements[0] as string)).toBeVisible();
  await expect(one.getByText(first.benefits[0] as string)).toBeVisible();
  await two.locator("summary").click();
  await expect(two).toHaveAttribute("open", "");
  await expect(one).not.toHaveAttribute("open");
});

test("Apply Now opens the application link in a new tab; without a link it says so", async ({
  page,
  javaScriptEnabled,
}) => {
  await open(page, "/internships", javaScriptEnabled);
  const applyNow = card(page, first.title).getByRole("link", { name: /Apply Now/ });
  await expect(applyNow).toHaveAttribute("href", first.applicationLink);
  await expect(applyNow).toHaveAttribute("target", "_blank");
  await expect(applyNow).toHaveAttribute("rel", "noopener noreferrer");

  await open(page, `/internships?q=${encodeURIComponent(withoutLink.title)}`, javaScriptEnabled);
  const noLink = card(page, withoutLink.title);
  await expect(
    noLink.getByText("No application link available for this internship."),
  ).toBeVisible();
  await expect(noLink.getByRole("link", { name: /Apply Now/ })).toHaveCount(0);
  await expect(noLink.getByRole("button", { name: /Apply/ })).toHaveCount(0);
});

test("shows the FAQ as an accordion", async ({ page, javaScriptEnabled }) => {
  await open(page, "/internships", javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
  const faq = demo.faqs[0] as { question: string; answer: string };
  const answer = page.getByText(faq.answer);
  await expect(answer).toBeHidden();
  await page.getByText(faq.question).click();
  await expect(answer).toBeVisible();
});

test("the HTML holds the list, JobPosting and FAQPage data, and the canonical URL", async ({
  request,
}) => {
  const html = await (await request.get("/internships")).text();
  for (const title of titles(byDeadline.slice(0, 3))) {
    expect(html).toContain(title.replace(/&/g, "&amp;"));
  }
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g),
  ].map((m) => JSON.parse(m[1] as string));
  const postings = blocks.flat().filter((b) => b["@type"] === "JobPosting");
  const openOnFirstPage = byDeadline
    .slice(0, 3)
    .filter((i) => i.status === "Open" && !passed(i.deadline));
  expect(postings.map((p) => p.title)).toEqual(titles(openOnFirstPage));
  expect(postings[0]).toMatchObject({
    employmentType: "INTERN",
    hiringOrganization: { name: COMPANY_NAME },
  });
  // The demo's FAQs, in order; a spec running alongside may add its own after them.
  const faqPage = blocks.find((b) => b["@type"] === "FAQPage");
  expect(
    faqPage?.mainEntity.slice(0, demo.faqs.length).map((q: { name: string }) => q.name),
  ).toEqual(demo.faqs.map((f) => f.question));
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/internships"\/>/);
  const page2 = await (await request.get("/internships?page=2")).text();
  expect(page2).toMatch(
    /<link rel="canonical" href="http:\/\/localhost:\d+\/internships\?page=2"\/>/,
  );
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

test("has no serious accessibility issue, with or without JavaScript", { tag: "@js-only" }, async ({
  page,
  request,
  baseURL,
  javaScriptEnabled,
}) => {
  // axe runs as a script in the page, so both checks run in the JavaScript-enabled project.
  test.skip(!javaScriptEnabled, "axe needs JavaScript in the page");
  await open(page, "/internships?page=2", true);
  await openFilters(page);
  await page.getByRole("article").first().locator("summary").click();
  expect(await seriousViolations(page)).toEqual([]);

  // The markup a browser without JavaScript gets (with the form's Apply button): the server's
  // HTML without its scripts, styled by its own stylesheet.
  const html = (await (await request.get("/internships?q=design")).text())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    // Written into the site's page, which keeps its CSP (base-uri 'none' refuses a <base>):
    // the site's own addresses made absolute instead.
    .replace(/(href|src)="\//g, `$1="${baseURL}/`);
  await page.setContent(html, { waitUntil: "load" });
  await expect(page.getByRole("button", { name: "Apply", exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// ---------------------------------------------------------------------------------------
// With JavaScript only: the list updates in place.

test.describe("with JavaScript", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client-side behaviour");

  test("controls update the list without a full page load", async ({ page }) => {
    await open(page, "/internships", true);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });
    await page.getByLabel("Sort by").selectOption("title");
    await expect.poll(() => page.url()).toMatch(/\/internships\?sort=title$/);
    await expect(cardTitles(page)).toHaveText(titles(byTitle.slice(0, 3)));
    await page
      .getByRole("navigation", { name: "Internship pages" })
      .getByRole("link", { name: "Next" })
      .click();
    await expect.poll(() => params(page).get("page")).toBe("2");
    await expect(cardTitles(page)).toHaveText(titles(byTitle.slice(3, 6)));
    await card(page, (byTitle[3] as { title: string }).title)
      .getByRole("button", { name: /^Save/ })
      .click();
    await expect(page.getByRole("button", { name: /^Saved/ })).toHaveCount(1);
    // Changing a filter starts again from the first page.
    await openFilters(page);
    await page.getByLabel("Location").selectOption("Remote");
    await expect.poll(() => page.url()).toMatch(/\/internships\?location=Remote&sort=title$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "still here",
    );
  });

  test("search waits for a pause in typing and keeps the focus", async ({ page }) => {
    // The search box's pause (SEARCH_DEBOUNCE_MS in components/site/internship-filters.tsx;
    // that module draws icons, which Playwright's loader cannot import).
    const SEARCH_DEBOUNCE_MS = 300;
    const listRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/internships.data")) listRequests.push(r.url());
    });
    // The page's clock stands still while typing, so a slow machine cannot stretch a gap between
    // two keystrokes past the pause; then it runs to just before and just past the pause.
    await page.clock.install();
    await open(page, "/internships", true);
    await page.clock.pauseAt(Date.now() + 60_000);
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.pressSequentially("motion");
    await page.clock.runFor(SEARCH_DEBOUNCE_MS - 10);
    expect(listRequests, "nothing is fetched before the pause").toHaveLength(0);
    await page.clock.runFor(20);
    await expect.poll(() => page.url()).toMatch(/\/internships\?q=motion$/);
    await expect(cardTitles(page)).toHaveText(
      titles(byDeadline.filter((i) => /motion/i.test(`${i.title} ${i.description}`))),
    );
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("motion");
    expect(listRequests.filter((u) => u.includes("q="))).toHaveLength(1);
  });
});
