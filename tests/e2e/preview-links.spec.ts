// Private preview links (issue 24), with JavaScript on and off: an admin creates a link in an
// editor (a single document's and a collection record's), a client without an account opens it
// in a browser of their own and sees the site with the Preview banner (never an admin session,
// never cached, never indexed) and the record's draft, which nobody else sees; leaves the
// preview; the admin sees the use counted and revokes the link, which is then refused. On the
// content editors' server: a draft FAQ is stored.
import type { Browser, Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { test } from "./content-server";
import { expect } from "./fixtures";

test.describe.configure({ mode: "default", timeout: 90_000 });

const BANNER = "Preview of a draft — not published";

/** Creates a link in the editor open in `page`: the path of the address shown once. */
async function createLink(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Create preview link" }).click();
  const field = page.getByLabel("Preview link created. Copy it now: it is shown only once.");
  await expect(field).toBeVisible();
  const url = await field.inputValue();
  expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{56}$/);
  return new URL(url).pathname;
}

/** A browser of the client's own (no admin cookie), with JavaScript as the project has it. */
async function clientPage(
  browser: Browser,
  { baseURL, javaScriptEnabled }: { baseURL?: string; javaScriptEnabled: boolean },
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

async function revokeNewest(page: Page) {
  const panel = page.getByRole("region", { name: "Preview links" });
  await panel
    .getByRole("button", { name: /^Revoke/ })
    .first()
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Preview link revoked." })).toBeVisible();
}

test("a link to the hero: opened by a client with the banner, counted, revoked, refused", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const js = javaScriptEnabled;
  await signIn(page, "/admin/dashboard/hero");
  const path = await createLink(page);
  // axe runs in the page: with JavaScript only.
  if (js) expect(await seriousAxeViolations(page)).toEqual([]);

  const client = await clientPage(browser, { baseURL, javaScriptEnabled });
  const opened = await client.page.goto(path);
  // Sent on to the page that shows the hero.
  await expect(client.page).toHaveURL(/\/$/);
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  expect(opened?.headers()["x-robots-tag"]).toMatch(/noindex/);
  expect(opened?.headers()["x-page-cache"]).toBeUndefined();
  const banner = client.page.getByRole("region", { name: "Preview" });
  await expect(banner).toContainText(BANNER);
  await expect(client.page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(1);
  const cookies = await client.context.cookies();
  // `__Host-` in production (HTTPS, this host only).
  expect(cookies.map((c) => c.name)).toEqual([expect.stringMatching(/^(__Host-)?bureau_preview$/)]);
  expect(cookies[0]?.httpOnly).toBe(true);
  expect(cookies[0]?.sameSite).toBe("Lax");
  if (js) expect(await seriousAxeViolations(client.page)).toEqual([]);

  // Other pages of the site are previewed too, until the client leaves.
  await client.page.goto("/services");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Exit preview" }).click();
  await expect(client.page).toHaveURL(/\/services$/);
  await expect(client.page.getByRole("region", { name: "Preview" })).toHaveCount(0);
  expect(await client.context.cookies()).toEqual([]);

  // The editor lists the link with its use counted; revoked, it is refused. (Opened again, not
  // reloaded: without JavaScript the page is the answer to the create post.)
  await page.goto(page.url());
  const panel = page.getByRole("region", { name: "Preview links" });
  await expect(panel.getByRole("listitem").first()).toContainText("once");
  await expect(panel.getByRole("listitem").first()).toContainText("Active");
  await revokeNewest(page);
  await expect(panel.getByRole("listitem").first()).toContainText("Revoked");

  const refused = await client.page.goto(path);
  expect(refused?.status()).toBe(410);
  await expect(client.page.getByRole("heading", { level: 1 })).toHaveText("Preview link revoked");
  expect(await client.context.cookies()).toEqual([]);
  await client.context.close();
});

test("a link to a blog post leads to the post's own page; revoking ends a preview in progress", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  await signIn(page, "/admin/dashboard/blogs");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: /^Edit/ }) });
  await row.first().getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\?edit=[0-9a-f]{24}/);
  const id = new URL(page.url()).searchParams.get("edit");
  const path = await createLink(page);

  const client = await clientPage(browser, { baseURL, javaScriptEnabled });
  await client.page.goto(path);
  await expect(client.page).toHaveURL(new RegExp(`/blog/${id}$`));
  await expect(client.page.getByRole("region", { name: "Preview" })).toContainText(BANNER);

  await page.goto(page.url());
  await revokeNewest(page);
  // The client's next page is the published site, and the cookie is gone.
  await client.page.goto(`/blog/${id}`);
  await expect(client.page.getByRole("region", { name: "Preview" })).toHaveCount(0);
  expect(await client.context.cookies()).toEqual([]);
  await client.context.close();
});

test("a draft FAQ: the link's holder sees it on the page that shows FAQs, nobody else does", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const question = `Shown to the client only ${uniqueTag(testInfo)}?`;
  await signIn(page, "/admin/dashboard/faq?new");
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByLabel("Answer", { exact: true }).fill("A draft answer for review.");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expectFlash(page, "Draft saved. It is not on the site until it is published.");
  await expect(page).toHaveURL(/\?edit=[0-9a-f]{24}$/);
  const path = await createLink(page);

  const client = await clientPage(browser, { baseURL, javaScriptEnabled });
  await client.page.goto(path);
  await expect(client.page).toHaveURL(/\/internships(#faq-heading)?$/);
  await expect(client.page.getByRole("region", { name: "Preview" })).toContainText(BANNER);
  await expect(client.page.getByText(question)).toBeVisible();

  // Anyone else (the page cache's visitors included) sees the published site.
  const visitor = await clientPage(browser, { baseURL, javaScriptEnabled });
  for (let i = 0; i < 2; i++) {
    await visitor.page.goto("/internships");
    await expect(visitor.page.getByRole("heading", { name: /Frequently asked/i })).toBeVisible();
    await expect(visitor.page.getByText(question)).toHaveCount(0);
  }
  await visitor.context.close();

  // Leaving the preview: the client too.
  await client.page.getByRole("button", { name: "Exit preview" }).click();
  await expect(client.page.getByRole("region", { name: "Preview" })).toHaveCount(0);
  await expect(client.page.getByText(question)).toHaveCount(0);
  await client.context.close();
});

test("a forged link is not found (404, not indexed); no preview is in the sitemap", async ({
  page,
  request,
}) => {
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/preview");
  const response = await page.goto(`/preview/${"A".repeat(56)}`);
  expect(response?.status()).toBe(404);
  expect(response?.headers()["x-robots-tag"]).toMatch(/noindex/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preview link not found");
  await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(1);
});
