// The service page editor (issue 6), with JavaScript on and off, against a server of this
// spec's own (one per worker): saving changes /services, which services.spec.ts checks against
// the demo content on the shared server.
// - view, Edit service page, a service added (focus on it) and one removed, an icon picked,
//   Save: /services shows the change on the next request;
// - 'Hero title is required.' with what was typed kept;
// - Move up / Move down reorder a list, and /services follows;
// - the last row of a list cannot be removed;
// - the icon picker works from the keyboard;
// - a hero image uploaded without JavaScript (and with it) shows on /services.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { E2E_ADMIN } from "../support/constants";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const SERVICES = "/admin/dashboard/services";
const test = testWithOwnServer();
// The first page of a fresh server takes a while, and every add/remove is a full page load of
// a long form (without JavaScript, and with it: see routes/admin/services.tsx).
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default", timeout: 90_000 });

async function openView(page: Page) {
  await signIn(page, SERVICES);
  await expect(page.getByRole("heading", { level: 1, name: "Service page" })).toBeVisible();
}

async function openEditor(page: Page) {
  await openView(page);
  await page.getByRole("link", { name: "Edit service page" }).click();
  await expect(page).toHaveURL(/\?edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit service page" })).toBeVisible();
  await formLoaded(page);
}

/** The whole form is there (a page streams in: its heading shows before its last rows). */
const formLoaded = (page: Page) =>
  expect(page.getByRole("button", { name: "Save service page" })).toBeVisible();

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const row = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

const pngFile = async (name: string, width = 64, height = 36) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer(),
});

test("edits the page: a service added and one removed, an icon picked, /services follows", async ({
  page,
}) => {
  await openEditor(page);
  const services = region(page, "Services");
  const rowsBefore = await services.getByRole("group", { name: /^Service \d+$/ }).count();
  const removedTitle = await row(page, "Service 1").getByLabel("Title").inputValue();

  const heroTitle = unique("Services that ship");
  await region(page, "Hero").getByLabel("Hero title").fill(heroTitle);
  await services.getByRole("button", { name: "Add service" }).click();
  const added = row(page, `Service ${rowsBefore + 1}`);
  // The focus lands on the new row's first field, with or without JavaScript.
  await expect(added.getByLabel("Title")).toBeFocused();
  // What was typed before adding the row survived the round trip.
  await expect(region(page, "Hero").getByLabel("Hero title")).toHaveValue(heroTitle);

  const serviceTitle = unique("Accessibility audits");
  await added.getByLabel("Title").fill(serviceTitle);
  await added.getByLabel("Description").fill("WCAG 2.2 reviews with fixes, not just findings.");
  await added.getByRole("radio", { name: "Trophy" }).check();

  await services.getByRole("button", { name: "Remove service 1" }).click();
  // The new row moved up one place and kept what was typed, icon included.
  const moved = row(page, `Service ${rowsBefore}`);
  await expect(moved.getByLabel("Title")).toHaveValue(serviceTitle);
  await expect(moved.getByRole("radio", { name: "Trophy" })).toBeChecked();
  await expect(row(page, "Service 1").getByLabel("Title")).toBeFocused();

  await page.getByRole("button", { name: "Save service page" }).click();
  await expect(page).toHaveURL(new RegExp(`${SERVICES}$`));
  await expect(page.getByRole("status").filter({ hasText: "Service page updated." })).toBeVisible();
  await expect(page.getByText(`by ${E2E_ADMIN.email}`)).toBeVisible();

  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroTitle);
  const grid = page.getByRole("region", { name: "Our Services" });
  await expect(grid.getByRole("heading", { name: serviceTitle })).toBeVisible();
  await expect(grid.getByRole("heading", { name: removedTitle, exact: true })).toHaveCount(0);
  await expect(grid.getByRole("listitem")).toHaveCount(rowsBefore);

  // The icon was stored: the editor shows it picked.
  await page.goto(`${SERVICES}?edit`);
  await expect(
    row(page, `Service ${rowsBefore}`).getByRole("radio", { name: "Trophy" }),
  ).toBeChecked();
});

test("Move up and Move down reorder a list; /services shows the new order", async ({ page }) => {
  await openEditor(page);
  const services = region(page, "Services");
  const first = await row(page, "Service 1").getByLabel("Title").inputValue();
  const second = await row(page, "Service 2").getByLabel("Title").inputValue();
  // The first row cannot go up.
  await expect(services.getByRole("button", { name: "Move service 1 up" })).toBeDisabled();
  await services.getByRole("button", { name: "Move service 2 up" }).click();
  await expect(row(page, "Service 1").getByLabel("Title")).toHaveValue(second);
  await expect(row(page, "Service 2").getByLabel("Title")).toHaveValue(first);
  await page.getByRole("button", { name: "Save service page" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Service page updated." })).toBeVisible();

  await page.goto("/services");
  const cards = page.getByRole("region", { name: "Our Services" }).getByRole("listitem");
  await expect(cards.nth(0).getByRole("heading")).toHaveText(second);
  await expect(cards.nth(1).getByRole("heading")).toHaveText(first);
});

test("a blank hero title is refused with 'Hero title is required.', keeping the rest", async ({
  page,
}) => {
  await openEditor(page);
  // Blank but not empty: the browser's own required check lets it through, the server trims.
  await region(page, "Hero").getByLabel("Hero title").fill("   ");
  await row(page, "Step 1").getByLabel("Title").fill("Kept step");
  await page.getByRole("button", { name: "Save service page" }).click();
  await expect(page.getByText("Hero title is required.")).toBeVisible();
  await expect(region(page, "Hero").getByLabel("Hero title")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(row(page, "Step 1").getByLabel("Title")).toHaveValue("Kept step");
  await expect(page).toHaveURL(/\?edit$/);
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("");
});

test("with JavaScript, a field being corrected loses its error as it is typed, nothing posted", {
  tag: "@js-only",
}, async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "checked in the browser");
  await openEditor(page);
  const title = region(page, "Hero").getByLabel("Hero title");
  await title.fill("");
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  await page.getByRole("button", { name: "Save service page" }).click();
  await expect(page.getByText("Hero title is required.")).toBeVisible();
  await title.pressSequentially("Fixed");
  await expect(page.getByText("Hero title is required.")).toHaveCount(0);
  await expect(title).toBeFocused();
  await expect(title).toHaveValue("Fixed");
  expect(posts).toBe(0);
});

test("a half-filled button and a javascript: link are refused beside the fields", async ({
  page,
}) => {
  await openEditor(page);
  const button = row(page, "Button 1");
  await button.getByLabel("Label").fill("");
  await row(page, "Button 2").getByLabel("Link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save service page" }).click();
  await expect(button.getByText("Button label is required.")).toBeVisible();
  await expect(
    row(page, "Button 2").getByText("Enter a page of this site (/contact) or an http(s) address."),
  ).toBeVisible();
});

test("the last row of a list cannot be removed", async ({ page }) => {
  await openEditor(page);
  const cta = region(page, "Call to action");
  const rows = cta.getByRole("group", { name: /^Button \d+$/ });
  // Each Remove is a whole-page post: wait for the answer before counting again.
  for (let count = await rows.count(); count > 1; count--) {
    await cta.getByRole("button", { name: "Remove button 1" }).click();
    await expect(rows).toHaveCount(count - 1);
    await formLoaded(page);
  }
  await expect(cta.getByRole("button", { name: "Remove button 1" })).toBeDisabled();
  await expect(cta.getByRole("button", { name: "Add button" })).toBeEnabled();
});

test("the icon picker is a radio group: arrow keys change the icon", async ({ page }) => {
  await openEditor(page);
  const benefit = row(page, "Benefit 1");
  const picker = benefit.getByRole("group", { name: "Icon" });
  const checked = picker.getByRole("radio", { checked: true });
  await expect(checked).toHaveCount(1);
  const before = await checked.getAttribute("value");
  await checked.focus();
  await page.keyboard.press("ArrowRight");
  await expect(picker.getByRole("radio", { checked: true })).not.toHaveAttribute(
    "value",
    before ?? "",
  );
  await expect(picker.getByRole("radio", { checked: true })).toBeFocused();
});

test("a hero image uploaded from the editor shows on /services", async ({
  page,
  javaScriptEnabled,
}) => {
  await openEditor(page);
  const hero = region(page, "Hero");
  await hero
    .getByLabel(/Replace with a new file|Choose a file/)
    .setInputFiles(await pngFile("services.png"));
  if (javaScriptEnabled) {
    await expect(hero.locator('input[type="hidden"][name="hero.image"]')).toHaveValue(
      /^\/images\/[0-9a-f]{24}$/,
    );
  } else {
    // Without JavaScript the file rides along with the next post, even an added row.
    await region(page, "Process steps").getByRole("button", { name: "Add step" }).click();
    await expect(hero.getByRole("img", { name: "Current hero image" })).toHaveAttribute(
      "src",
      /^\/images\/[0-9a-f]{24}$/,
    );
  }
  await page.getByRole("button", { name: "Save service page" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Service page updated." })).toBeVisible();

  await page.goto("/services");
  const image = page.locator('main img[fetchpriority="high"]');
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/images\/[0-9a-f]{24}$/);
  const response = await page.request.get(src as string);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  // The browser decoded one of its resized variants (srcset; decision 017). naturalWidth is
  // scaled by the candidate's `w` descriptor, which overstates a 64 px file, so only > 0.
  await expect
    .poll(() =>
      image.evaluate((img) => {
        const i = img as HTMLImageElement;
        return i.naturalWidth > 0 && /\?w=\d+$/.test(i.currentSrc);
      }),
    )
    .toBe(true);
});

test("the view and the editor have no serious axe violation at 375 and 1280 px", {
  tag: "@js-only",
}, async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs inside the page");
  // A long form: axe takes a while over it.
  test.setTimeout(120_000);
  await openView(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [SERVICES, `${SERVICES}?edit`]) {
      await page.goto(path);
      expect(await seriousAxeViolations(page), `${width} ${path}`).toEqual([]);
    }
  }
});
