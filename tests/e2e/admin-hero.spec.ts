// The Hero editor (issue 6) and image uploads, with JavaScript on and off, against a server of
// this spec's own (one per worker): saving the hero changes the home page, which home.spec.ts
// checks against the demo content on the shared server.
// - view, edit, save: the home page shows the new hero on the next request;
// - 'Title is required.';
// - an image picked without JavaScript is posted with the form; with JavaScript it uploads at
//   once (preview, 'Uploading image...', Save blocked) and the form sends its address;
// - an SVG is refused saying SVG is not accepted; with JavaScript an upload
//   cut off by the network says 'Image upload failed. Please check your connection.'
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const HERO = "/admin/dashboard/hero";

const test = testWithOwnServer();
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default" });

async function openEditor(page: Page) {
  await signIn(page, HERO);
  await expect(page.getByRole("heading", { level: 1, name: "Hero" })).toBeVisible();
  await page.getByRole("link", { name: "Edit hero" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit hero" })).toBeVisible();
}

const pngFile = async (name: string, width = 64, height = 36) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer(),
});

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const heroImage = (page: Page) => page.locator('main img[fetchpriority="high"]');

test("view, edit and save the hero; the home page shows it", async ({ page }) => {
  await openEditor(page);
  const title = unique("Websites that win");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Subtitle").fill("A subtitle from the editor.");
  await page.getByLabel("CTA text").fill("See our services");
  await page.getByLabel("CTA link").fill("/services");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HERO}$`));
  await expect(page.getByRole("status").filter({ hasText: "Hero section saved." })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("A subtitle from the editor.")).toBeVisible();
  await expect(page.getByRole("link", { name: "See our services" })).toHaveAttribute(
    "href",
    "/services",
  );
});

test("a blank title is refused with 'Title is required.'", async ({ page }) => {
  await openEditor(page);
  await page.getByLabel("Title", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Title is required.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("an uploaded image appears on the home page, served from /images/<id>", async ({
  page,
  javaScriptEnabled,
}) => {
  await openEditor(page);
  const title = unique(javaScriptEnabled ? "With JS" : "Without JS");
  await page.getByLabel("Title", { exact: true }).fill(title);
  const picker = page.getByLabel(/Replace with a new file|Choose a file/);
  await picker.setInputFiles(await pngFile("hero.png"));
  if (javaScriptEnabled) {
    // Uploaded at once: the hidden field holds the stored address before Save.
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
    );
    await expect(page.getByRole("img", { name: "Current background image" })).toHaveAttribute(
      "src",
      /^(blob:|\/images\/)/,
    );
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Hero section saved." })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const src = await heroImage(page).getAttribute("src");
  expect(src).toMatch(/^\/images\/[0-9a-f]{24}$/);
  const response = await page.request.get(src as string);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toContain("immutable");
  // The browser really decoded one of its resized variants (srcset; decision 017). naturalWidth
  // is scaled by the candidate's `w` descriptor, which overstates a 64 px file, so only > 0.
  await expect
    .poll(() =>
      heroImage(page).evaluate((img) => {
        const i = img as HTMLImageElement;
        return i.naturalWidth > 0 && /\?w=\d+$/.test(i.currentSrc);
      }),
    )
    .toBe(true);
});

test.describe(() => {
  // With JavaScript the upload answers 400, which Chromium logs.
  test.use({ expectedFailedLoads: ["/admin/dashboard/uploads"] });
  test("an SVG is refused saying SVG is not accepted", async ({ page, javaScriptEnabled }) => {
    await openEditor(page);
    await page.getByLabel(/Replace with a new file|Choose a file/).setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      page.getByText(
        "Image upload failed: SVG drawings are not accepted (they can carry scripts). Export it as PNG or WebP.",
      ),
    ).toBeVisible();
    await page.goto(HERO);
    await expect(page.getByRole("img", { name: "Hero background" })).toHaveAttribute(
      "src",
      /^(\/demo\/|\/images\/)/,
    );
  });

  test("with JavaScript, an upload cut off says 'Image upload failed. Please check your connection.'", {
    tag: "@js-only",
  }, async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the immediate upload needs JavaScript");
    await openEditor(page);
    const kept = await page.locator('input[type="hidden"][name="image"]').inputValue();
    await page.route("**/admin/dashboard/uploads", (route) => route.abort("internetdisconnected"));
    await page
      .getByLabel(/Replace with a new file|Choose a file/)
      .setInputFiles(await pngFile("offline.png"));
    await expect(
      page.getByText("Image upload failed. Please check your connection."),
    ).toBeVisible();
    // The image it had stays, and Save is usable again.
    await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(kept);
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
  });
});

test("with JavaScript, Save waits while the image uploads", { tag: "@js-only" }, async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the immediate upload needs JavaScript");
  await openEditor(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/admin/dashboard/uploads", async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByLabel(/Replace with a new file|Choose a file/)
    .setInputFiles(await pngFile("slow.png"));
  const save = page.getByRole("button", { name: "Uploading image..." });
  await expect(save).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByRole("status").filter({ hasText: "Uploading image..." })).toBeVisible();
  await expect(page.getByRole("img", { name: "Current background image" })).toHaveAttribute(
    "src",
    /^blob:/,
  );
  // Enter in a field does not submit meanwhile either.
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\?edit$/);
  release();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute(
    "aria-disabled",
    "false",
  );
  await expect(page.locator('input[type="hidden"][name="image"]')).toHaveValue(
    /^\/images\/[0-9a-f]{24}$/,
  );
});

test("the hero view and editor have no serious axe violation at 375 and 1280 px", {
  tag: "@js-only",
}, async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs inside the page");
  await signIn(page, HERO);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [HERO, `${HERO}?edit`]) {
      await page.goto(path);
      expect(await seriousAxeViolations(page), `${width} ${path}`).toEqual([]);
    }
  }
});
