// The Resources editor (issue 6) with JavaScript on and off, on a server of this spec's own
// (/resources is read by other specs on the shared server): create with an image (uploaded at
// once with JavaScript, posted with the form without), the messages and link checks, the
// public page following each change, edit, and delete after the question (a dialog with
// JavaScript, a confirmation step without).
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const PAGE = "/admin/dashboard/resources";
const CONFIRM = "Are you sure you want to delete this resource?";

const test = testWithOwnServer();
// Each test signs in and uploads an image on a server of its own: generous on a busy machine.
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default", timeout: 90_000 });

const pngFile = async (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 160, height: 90, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer(),
});

const picker = (page: Page) => page.getByLabel(/Replace with a new file|Choose a file/);

/** The resource's card on /resources. */
const card = (page: Page, title: string) => page.locator("article", { hasText: title });

test("create, edit and delete a resource; /resources follows", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // A whole create-edit-delete round with three public page visits: long on a busy machine.
  test.slow();
  const tag = uniqueTag(testInfo);
  const title = `Testing handbook ${tag}`;
  const link = `https://example.com/handbook/${tag}`;
  await signIn(page);
  await page.getByRole("link", { name: "Resources" }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page).toHaveTitle("Resources · Bureau admin");
  await expect(page.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
  // The SPEC's placeholder screen is gone.
  await expect(page.getByText("Resources CRUD coming soon...")).toHaveCount(0);
  for (const column of ["Resource", "Link", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }

  await page.getByRole("link", { name: "Add resource" }).click();
  await expect(page).toHaveURL(`${PAGE}?new`);
  await expect(page.getByRole("heading", { name: "Add resource" })).toBeVisible();

  // Blank (only spaces) passes the browser's `required` and is refused by the schema; a
  // javascript: link is refused too.
  await page.getByLabel("Title").fill("   ");
  await page.getByLabel("Description").fill("Everything about tests.");
  await page.getByLabel("Link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Title and description are required.")).toBeVisible();
  await expect(
    page.getByText("Enter a web address starting with http:// or https://, or a site path"),
  ).toBeVisible();
  await expect(page.getByLabel("Link")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Link").fill(link);
  await picker(page).setInputFiles(await pngFile("handbook.png"));
  if (javaScriptEnabled) {
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
      { timeout: 15_000 },
    );
  }
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "Resource created.");
  await expect(page).toHaveURL(PAGE);
  await expect(page.getByRole("row").nth(1)).toContainText(title);

  // /resources, on the next request: first (newest), opening the link in a new tab.
  await page.goto("/resources");
  await expect(page.getByRole("article").first()).toContainText(title);
  const opener = card(page, title).getByRole("link", { name: `${title} (opens in a new tab)` });
  await expect(opener).toHaveAttribute("href", link);
  await expect(opener).toHaveAttribute("target", "_blank");
  await expect(card(page, title)).toContainText("Everything about tests.");
  const image = await card(page, title).locator("img").getAttribute("src");
  expect(image).toMatch(/^\/images\/[0-9a-f]{24}$/);
  expect((await page.request.get(image as string)).status()).toBe(200);

  // Edit, found through the search box: a site path as the link.
  await page.goto(PAGE);
  await page.getByRole("searchbox", { name: "Search resources" }).fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByText(`1 resource matches “${tag}”`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&edit=[0-9a-f]{24}$`));
  await expect(page.getByRole("heading", { name: "Edit resource" })).toBeVisible();
  await expect(page.getByLabel("Link")).toHaveValue(link);
  await page.getByLabel("Description").fill(`Now with more examples, ${tag}.`);
  await page.getByLabel("Link").fill("/blog");
  await page.getByRole("button", { name: "Update" }).click();
  await expectFlash(page, "Resource updated.");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByRole("row").nth(1)).toContainText(`Now with more examples, ${tag}.`);

  await page.goto("/resources");
  await expect(card(page, title)).toContainText(`Now with more examples, ${tag}.`);
  await expect(card(page, title).getByRole("link")).toHaveAttribute("href", "/blog");

  // Delete, after the question.
  await page.goto(`${PAGE}?q=${tag}`);
  await page
    .getByRole("link", { name: `Delete ${title}` })
    .or(page.getByRole("button", { name: `Delete ${title}` }))
    .click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: CONFIRM });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&delete=[0-9a-f]{24}$`));
    await expect(page.getByRole("heading", { name: CONFIRM })).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
  }
  await expectFlash(page, "Resource deleted.");
  await expect(page.getByText("No resources found.")).toBeVisible();
  // Its image was used by nothing else: gone from the database too.
  expect((await page.request.get(image as string)).status()).toBe(404);

  await page.goto("/resources");
  await expect(card(page, title)).toHaveCount(0);
});

test.describe(() => {
  // With JavaScript the refused upload answers 400, which Chromium logs.
  test.use({ expectedFailedLoads: ["/admin/dashboard/uploads"] });
  test("a file that is not an image is refused, nothing saved", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const title = `Refused ${uniqueTag(testInfo)}`;
    await signIn(page, `${PAGE}?new`);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Description").fill("Words.");
    await page.getByLabel("Link").fill("https://example.com/");
    await picker(page).setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("hello, not an image"),
    });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Image upload failed. Please try again.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await page.goto(PAGE);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  });
});

test("the list and the form have no serious axe violation at 375 and 1280 px", {
  tag: "@js-only",
}, async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs inside the page");
  test.slow();
  await signIn(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [PAGE, `${PAGE}?new`]) {
      await page.goto(path);
      expect(await seriousAxeViolations(page), `${width} ${path}`).toEqual([]);
    }
  }
});
