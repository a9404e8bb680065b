// What only the Resources editor has, with JavaScript on and off, on the content editors' server
// (content-server.ts: /resources is read by other specs on the shared one): an optional image (a file that is no
// image refused; uploaded at once with JavaScript, posted with the form without), and the card
// on /resources opening its link in a new tab with that image. The screen every content type
// shares is admin-content-types.spec.ts.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { test } from "./content-server";
import { expect } from "./fixtures";

const PAGE = "/admin/dashboard/resources";

// One worker runs this file's tests in order.
test.describe.configure({ mode: "default", timeout: 90_000 });
// With JavaScript the refused upload answers 400, which Chromium logs.
test.use({ expectedFailedLoads: ["/admin/dashboard/uploads"] });

const picker = (page: Page) => page.getByLabel(/Replace with a new file|Choose a file/);

test("a file that is no image is refused; the card on /resources opens the link with the image", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  test.slow();
  const tag = uniqueTag(testInfo);
  const title = `Testing handbook ${tag}`;
  const link = `https://example.com/handbook/${tag}`;
  await signIn(page, `${PAGE}?new`);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Everything about tests.");
  await page.getByLabel("Link").fill(link);
  await picker(page).setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("hello, not an image"),
  });
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Create" }).click();
  await expect(
    page.getByText(
      "Image upload failed: the file is not an image; choose a JPEG, PNG, WebP, GIF or AVIF image.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);

  await picker(page).setInputFiles({
    name: "handbook.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 160, height: 90, channels: 3, background: "#0f766e" },
    })
      .png()
      .toBuffer(),
  });
  await page.getByLabel("Alt text").fill("A plain teal rectangle");
  if (javaScriptEnabled) {
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
      { timeout: 15_000 },
    );
  }
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "Resource created.");

  // /resources, on the next request: first (newest), opening the link in a new tab.
  await page.goto("/resources");
  const card = page.locator("article", { hasText: title });
  await expect(page.getByRole("article").first()).toContainText(title);
  const opener = card.getByRole("link", { name: `${title} (opens in a new tab)` });
  await expect(opener).toHaveAttribute("href", link);
  await expect(opener).toHaveAttribute("target", "_blank");
  await expect(card).toContainText("Everything about tests.");
  await expect(card.locator("img")).toHaveAttribute("alt", "A plain teal rectangle");
  const image = await card.locator("img").getAttribute("src");
  expect(image).toMatch(/^\/images\/[0-9a-f]{24}$/);
  expect((await page.request.get(image as string)).status()).toBe(200);
});
