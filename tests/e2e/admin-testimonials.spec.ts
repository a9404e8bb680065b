// The Testimonials editor (issue 6) with JavaScript on and off, on a server of this spec's own
// (the home page carousel is read by home.spec.ts on the shared server): create with a photo
// (uploaded at once with JavaScript, posted with the form without), the rating as stars picked
// from the keyboard, the SPEC's messages, the home carousel following each change, edit, and
// delete after the SPEC's question (a dialog with JavaScript, a confirmation step without).
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const PAGE = "/admin/dashboard/testimonials";
const CONFIRM = "Are you sure you want to delete this testimonial?";

const test = testWithOwnServer();
// Each test signs in and uploads an image on a server of its own: generous on a busy machine.
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default", timeout: 90_000 });

const pngFile = async (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 48, height: 48, channels: 3, background: "#b45309" } })
    .png()
    .toBuffer(),
});

const picker = (page: Page) => page.getByLabel(/Replace with a new file|Choose a file/);

/** The testimonial's card in the home page carousel (with JavaScript, keen-slider's slide). */
const card = (page: Page, name: string) =>
  page.locator("#testimonials-heading").locator("..").locator("..").locator("figure", {
    hasText: name,
  });

test("create, edit and delete a testimonial; the home page carousel follows", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  // A whole create-edit-delete round with three public page visits: long on a busy machine.
  test.slow();
  const tag = uniqueTag(testInfo);
  const name = `Grace ${tag}`;
  const title = "CTO, Hopper Systems";
  await signIn(page);
  await page.getByRole("link", { name: "Testimonials" }).click();
  await expect(page).toHaveURL(PAGE);
  await expect(page).toHaveTitle("Testimonials · Bureau admin");
  await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
  for (const column of ["Client", "Text", "Rating", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }

  await page.getByRole("link", { name: "Add testimonial" }).click();
  await expect(page).toHaveURL(`${PAGE}?new`);
  await expect(page.getByRole("heading", { name: "Add testimonial" })).toBeVisible();
  // SPEC §5: default 5 stars.
  await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();

  // Blank (only spaces) passes the browser's `required` and is refused by the schema.
  await page.getByLabel("Name").fill("   ");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text").fill(`They shipped it, ${tag}.`);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Name, title, and text are required.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Name").fill(name);
  // The stars are a radio group: from 5, two steps left is 3 stars, with a visible focus.
  await page.getByRole("radio", { name: "5 stars" }).focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeFocused();
  await expect(page.getByText("3 of 5", { exact: true })).toBeVisible();
  const focusedStar = page.locator("label", { hasText: "3 stars" });
  await expect(focusedStar).toHaveCSS("outline-style", "solid");

  await picker(page).setInputFiles(await pngFile("grace.png"));
  if (javaScriptEnabled) {
    // Uploaded at once: the hidden field holds the stored address before Create.
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
      { timeout: 15_000 },
    );
  }
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "Testimonial created.");
  await expect(page).toHaveURL(PAGE);
  // Newest first: the new testimonial leads the table.
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow).toContainText(name);
  await expect(firstRow.getByRole("img", { name: "Rated 3 out of 5" }).first()).toBeAttached();

  // The home page carousel, on the next request, with the uploaded photo.
  await page.goto("/");
  const created = card(page, name);
  await expect(created).toContainText(`They shipped it, ${tag}.`);
  await expect(created).toContainText(title);
  await expect(created.getByRole("img", { name: "Rated 3 out of 5" })).toBeAttached();
  const photo = await created.locator("img").getAttribute("src");
  expect(photo).toMatch(/^\/images\/[0-9a-f]{24}$/);
  expect((await page.request.get(photo as string)).status()).toBe(200);

  // Edit, found through the search box.
  await page.goto(PAGE);
  await page.getByRole("searchbox", { name: "Search testimonials" }).fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByText(`1 testimonial matches “${tag}”`)).toBeVisible();
  await page.getByRole("link", { name: `Edit ${name}, ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&edit=[0-9a-f]{24}$`));
  await expect(page.getByRole("heading", { name: "Edit testimonial" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await page.getByLabel("Text").fill(`Even better, ${tag}.`);
  // A click on a star picks it, with or without JavaScript.
  await page.locator("label", { hasText: "5 stars" }).click();
  await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await page.getByRole("button", { name: "Update" }).click();
  await expectFlash(page, "Testimonial updated.");
  await expect(page).toHaveURL(`${PAGE}?q=${tag}`);
  await expect(page.getByRole("row").nth(1)).toContainText(`Even better, ${tag}.`);

  await page.goto("/");
  await expect(card(page, name)).toContainText(`Even better, ${tag}.`);
  await expect(card(page, name).getByRole("img", { name: "Rated 5 out of 5" })).toBeAttached();

  // Delete, after the SPEC's question.
  await page.goto(`${PAGE}?q=${tag}`);
  await page
    .getByRole("link", { name: `Delete ${name}, ${title}` })
    .or(page.getByRole("button", { name: `Delete ${name}, ${title}` }))
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
  await expectFlash(page, "Testimonial deleted.");
  await expect(page.getByText("No testimonials found.")).toBeVisible();
  // Its photo was used by nothing else: gone from the database too.
  expect((await page.request.get(photo as string)).status()).toBe(404);

  await page.goto("/");
  await expect(card(page, name)).toHaveCount(0);
});

test.describe(() => {
  // With JavaScript the refused upload answers 400, which Chromium logs.
  test.use({ expectedFailedLoads: ["/admin/dashboard/uploads"] });
  test("a photo is required, and an SVG is refused", async ({ page, javaScriptEnabled }) => {
    await signIn(page, `${PAGE}?new`);
    await page.getByLabel("Name").fill("No Photo");
    await page.getByLabel("Title").fill("Somewhere");
    await page.getByLabel("Text").fill("Words.");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Please upload a valid image before submitting.")).toBeVisible();
    // What was typed stays.
    await expect(page.getByLabel("Name")).toHaveValue("No Photo");

    await picker(page).setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Image upload failed. Please try again.")).toBeVisible();
    await page.goto(PAGE);
    await expect(page.getByRole("row", { name: /No Photo/ })).toHaveCount(0);
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
