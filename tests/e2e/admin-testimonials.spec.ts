// What only the Testimonials editor has, with JavaScript on and off, on the content editors'
// server (content-server.ts: the home page carousel is read by home.spec.ts on the shared one): the rating as stars
// picked from the keyboard or by a click, a required photo (uploaded at once with JavaScript,
// posted with the form without; an SVG refused), and the home page carousel showing both. The
// screen every content type shares is admin-content-types.spec.ts.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { test } from "./content-server";
import { expect } from "./fixtures";

const PAGE = "/admin/dashboard/testimonials";

// One worker runs this file's tests in order.
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

test("stars from the keyboard or a click, and a photo; the home carousel shows both", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const name = `Grace ${tag}`;
  const title = "CTO, Hopper Systems";
  await signIn(page, `${PAGE}?new`);
  // 5 stars unless picked.
  await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text").fill(`They shipped it, ${tag}.`);
  // The stars are a radio group: from 5, two steps left is 3 stars, with a visible focus.
  await page.getByRole("radio", { name: "5 stars" }).focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeFocused();
  await expect(page.getByText("3 of 5", { exact: true })).toBeVisible();
  await expect(page.locator("label", { hasText: "3 stars" })).toHaveCSS("outline-style", "solid");

  await picker(page).setInputFiles(await pngFile("grace.png"));
  if (javaScriptEnabled) {
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
      { timeout: 15_000 },
    );
  }
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "Testimonial created.");
  // The carousel's order, set by staff: a new testimonial comes last.
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole("img", { name: "Rated 3 out of 5" }).first()).toBeAttached();

  // The home page carousel, on the next request, with the uploaded photo.
  await page.goto("/");
  const created = card(page, name);
  await expect(created).toContainText(`They shipped it, ${tag}.`);
  await expect(created).toContainText(title);
  await expect(created.getByRole("img", { name: "Rated 3 out of 5" })).toBeAttached();
  const photo = await created.locator("img").getAttribute("src");
  expect(photo).toMatch(/^\/images\/[0-9a-f]{24}$/);
  expect((await page.request.get(photo as string)).status()).toBe(200);

  // A click on a star picks it, with or without JavaScript.
  await page.goto(`${PAGE}?q=${tag}`);
  await page.getByRole("link", { name: `Edit ${name}, ${title}` }).click();
  await expect(page.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await page.locator("label", { hasText: "5 stars" }).click();
  await expect(page.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await page.getByRole("button", { name: "Update" }).click();
  await expectFlash(page, "Testimonial updated.");
  await page.goto("/");
  await expect(card(page, name).getByRole("img", { name: "Rated 5 out of 5" })).toBeAttached();
});

test("a message shared by three fields shows once, and the summary links to each field", async ({
  page,
}) => {
  await signIn(page, `${PAGE}?new`);
  // Spaces pass the browser's `required`; the schema refuses them.
  for (const label of ["Name", "Title", "Text"]) await page.getByLabel(label).fill("  ");
  await page.getByRole("button", { name: "Create" }).click();
  const message = page.getByText("Name, title, and text are required.");
  await expect(message).toHaveCount(1);
  // Shown by the first field it concerns; all three are marked and described by it.
  const messageId = await message.locator("xpath=..").getAttribute("id");
  expect(messageId).toBeTruthy();
  for (const label of ["Name", "Title", "Text"]) {
    const input = page.getByLabel(label);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAttribute("aria-describedby", new RegExp(`\\b${messageId}\\b`));
  }
  const summary = page.getByRole("alert").filter({ hasText: "Correct these fields:" });
  await expect(summary).toContainText("Correct these fields: Name, Title, Text");
  for (const label of ["Name", "Title", "Text"]) {
    const id = await page.getByLabel(label).getAttribute("id");
    await expect(summary.getByRole("link", { name: label, exact: true })).toHaveAttribute(
      "href",
      `#${id}`,
    );
  }
  await summary.getByRole("link", { name: "Text", exact: true }).click();
  await expect(page).toHaveURL(/#.+-text$/);
  await expect(page.getByLabel("Text")).toBeInViewport();
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
    await expect(
      page.getByText(
        "Image upload failed: SVG drawings are not accepted (they can carry scripts). Export it as PNG or WebP.",
      ),
    ).toBeVisible();
    await page.goto(PAGE);
    await expect(page.getByRole("row", { name: /No Photo/ })).toHaveCount(0);
  });
});
