// Sorting an admin list by a column, with JavaScript on and off: a header is a link (the order is
// in the URL), the sorted header says so (aria-sort) and its link flips the direction; the order
// survives paging, a new search, Edit and its Cancel, a lead's own page and its way back, and the
// CSV export of the lead list. Text sorts in any case. On a server of the spec's own: it adds FAQs
// (public on /faq) and quote requests (counted by the dashboard on the shared server).
import type { Page } from "@playwright/test";
import { signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { E2E_ADMIN } from "../support/constants";
import { LEAD_SERVER_ENV, sendQuote } from "../support/leads-e2e";
import { expect as baseExpect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const expect = baseExpect.configure({ timeout: 15_000 });
const test = testWithOwnServer(LEAD_SERVER_ENV);
test.describe.configure({ mode: "default", timeout: 120_000 });

const FAQ = "/admin/dashboard/faq";
const QUOTES = "/admin/dashboard/quotes";

/** Eleven questions, added in this order: newest first they are the other way round. */
const WORDS = [
  "delta",
  "Alpha",
  "echo",
  "Bravo",
  "foxtrot",
  "charlie",
  "Golf",
  "hotel",
  "India",
  "juliet",
  "kilo",
];
/** A to Z whatever the case. */
const AZ = [...WORDS].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));

/**
 * A header's sort link: named by the column's label, described by what a click does (so the
 * header, read out with each of its cells, is just the label).
 */
async function sortLink(page: Page, label: string, hint: string) {
  const link = page.getByRole("columnheader", { name: label, exact: true }).getByRole("link");
  await expect(link).toHaveAccessibleName(label);
  await expect(link).toHaveAccessibleDescription(hint);
  return link;
}

/** The words of the table's rows, top to bottom (each row names one record by `tag word`). */
async function rowWords(page: Page, tag: string): Promise<string[]> {
  const texts = await page.locator("tbody tr").allInnerTexts();
  return texts.map((text) => new RegExp(`${tag} (\\w+)`).exec(text)?.[1] ?? "?");
}

test("a kit list sorts by a column, both ways, through pages, a search and the editor", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const login = await page.request.post("/api/auth/login", { data: E2E_ADMIN });
  const { token } = (await login.json()) as { token: string };
  for (const word of WORDS) {
    const created = await page.request.post("/api/faqs", {
      headers: { Authorization: `Bearer ${token}` },
      data: { question: `${tag} ${word}`, answer: "Yes." },
    });
    expect(created.status()).toBe(201);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, `${FAQ}?q=${tag}`);
  await expect(page.getByRole("status").filter({ hasText: `11 FAQs match` })).toBeVisible();
  // The list's own order until a header is clicked (FAQs are in staff's order: a new one comes
  // last), no column marked, and Move up / Move down to change that order.
  expect(await rowWords(page, tag)).toEqual(WORDS.slice(0, 10));
  await expect(page.getByRole("button", { name: `Move down ${tag} ${WORDS[0]}` })).toBeVisible();
  const question = page.getByRole("columnheader", { name: "Question", exact: true });
  await expect(question).not.toHaveAttribute("aria-sort");
  // A column that does not sort has no link.
  await expect(page.getByRole("columnheader", { name: "Answer" }).getByRole("link")).toHaveCount(0);

  await (await sortLink(page, "Question", "Sort by Question, ascending")).click();
  await expect(page).toHaveURL(`${FAQ}?q=${tag}&sort=question&dir=asc`);
  await expect(question).toHaveAttribute("aria-sort", "ascending");
  await expect.poll(() => rowWords(page, tag)).toEqual(AZ.slice(0, 10));
  // Sorted by a column, "up" would mean another row than the one above: no Move buttons.
  await expect(page.getByRole("button", { name: /^Move (up|down) / })).toHaveCount(0);
  // axe runs in the page's JavaScript: the sorted page is checked in the js-enabled project.
  if (javaScriptEnabled) expect(await seriousAxeViolations(page)).toEqual([]);

  // Page 2 keeps the order: the last word.
  await page
    .getByRole("navigation", { name: "FAQ pages" })
    .getByRole("link", { name: "Page 2", exact: true })
    .click();
  await expect(page).toHaveURL(`${FAQ}?q=${tag}&sort=question&dir=asc&page=2`);
  await expect.poll(() => rowWords(page, tag)).toEqual(AZ.slice(10));

  // The second click flips it (and starts at page 1).
  await (await sortLink(page, "Question", "Sort by Question, descending")).click();
  await expect(page).toHaveURL(`${FAQ}?q=${tag}&sort=question&dir=desc`);
  await expect(question).toHaveAttribute("aria-sort", "descending");
  await expect.poll(() => rowWords(page, tag)).toEqual([...AZ].reverse().slice(0, 10));

  // A new search keeps the order.
  await page.getByLabel("Search FAQs").fill(`${tag} `);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/sort=question&dir=desc/);
  await expect(page.getByRole("status").filter({ hasText: "11 FAQs match" })).toBeVisible();
  await expect.poll(() => rowWords(page, tag)).toEqual([...AZ].reverse().slice(0, 10));

  // Edit, then Cancel: back to the same order.
  await page.getByRole("link", { name: `Edit ${tag} India` }).click();
  await expect(page).toHaveURL(/sort=question&dir=desc&edit=[0-9a-f]{24}$/);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/sort=question&dir=desc$/);
  await expect.poll(() => rowWords(page, tag)).toEqual([...AZ].reverse().slice(0, 10));

  // A field that does not sort is ignored: the list's own order, nothing marked.
  await page.goto(`${FAQ}?q=${tag}&sort=answer&dir=asc`);
  expect(await rowWords(page, tag)).toEqual(WORDS.slice(0, 10));
  await expect(question).not.toHaveAttribute("aria-sort");
});

test("a lead list sorts by a column, and its own pages and export keep the order", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  for (const name of ["bea", "Ana", "Cleo"]) {
    await sendQuote(request, {
      name: `${tag} ${name}`,
      email: `${name}-${tag}@example.com`,
      message: "Hello.",
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, `${QUOTES}?q=${tag}`);
  // Newest first.
  expect(await rowWords(page, tag)).toEqual(["Cleo", "Ana", "bea"]);

  await (await sortLink(page, "Name", "Sort by Name, ascending")).click();
  await expect(page).toHaveURL(`${QUOTES}?q=${tag}&sort=name&dir=asc`);
  await expect(page.getByRole("columnheader", { name: "Name", exact: true })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect.poll(() => rowWords(page, tag)).toEqual(["Ana", "bea", "Cleo"]);
  // axe runs in the page's JavaScript: the sorted page is checked in the js-enabled project.
  if (javaScriptEnabled) expect(await seriousAxeViolations(page)).toEqual([]);

  // The export downloads the list in its order.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", `${QUOTES}/export?q=${tag}&sort=name&dir=asc`);
  const csv = await (await page.request.get(`${QUOTES}/export?q=${tag}&sort=name&dir=asc`)).text();
  const names = [...csv.matchAll(new RegExp(`"${tag} (\\w+)"`, "g"))].map((m) => m[1]);
  expect(names).toEqual(["Ana", "bea", "Cleo"]);

  // The filter form keeps the order.
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("pending");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect.poll(() => rowWords(page, tag)).toEqual(["Ana", "bea", "Cleo"]);

  // A request's own page, and the way back to the sorted list.
  await page.getByRole("link", { name: `View quote request from ${tag} bea` }).click();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f]{24}\?.*sort=name&dir=asc/);
  await page.getByRole("link", { name: "All quote requests" }).click();
  await expect(page).toHaveURL(new RegExp(`${QUOTES}\\?.*sort=name&dir=asc`));
  await expect.poll(() => rowWords(page, tag)).toEqual(["Ana", "bea", "Cleo"]);

  await (await sortLink(page, "Name", "Sort by Name, descending")).click();
  await expect.poll(() => rowWords(page, tag)).toEqual(["Cleo", "bea", "Ana"]);
});
