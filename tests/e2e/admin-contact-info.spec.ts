// The contact info editor (issue 6), with JavaScript on and off, against a server of this
// spec's own (one per worker): /contact, the home page and the legal pages read the document
// that other specs check against the demo content on the shared server.
// - view, Edit contact info, Save: /contact shows the new details and map on the next request;
// - 'Email and phone are required.';
// - a map address that is not an allowed provider's embed page is refused beside the field.
import type { Page } from "@playwright/test";
import { MAP_URL_INVALID } from "~/content/contact-info";
import { signIn } from "../support/admin-e2e";
import { expectNoSeriousViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const CONTACT = "/admin/dashboard/contact";
const test = testWithOwnServer();
// Each test posts whole pages several times (sign-in, row buttons, Save) and then opens the
// public page: on a loaded machine the default 30 s is too short.
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default", timeout: 90_000 });

async function openEditor(page: Page) {
  await signIn(page, CONTACT);
  await expect(page.getByRole("heading", { level: 1, name: "Contact info" })).toBeVisible();
  await page.getByRole("link", { name: "Edit contact info" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit contact info" })).toBeVisible();
}

const unique = () => Date.now().toString(36);
const GOOGLE = "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d2427.5!2d13.4005!3d52.5292";

test("view, edit and save the contact info; /contact shows it", async ({ page }) => {
  await openEditor(page);
  const tag = unique();
  const email = `hello-${tag}@acme.example`;
  await page.getByLabel("Address", { exact: true }).fill(`Rua Augusta ${tag}\n1100-048 Lisbon`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+351 21 000 1234");
  await page.getByLabel("Map embed address").fill(GOOGLE);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${CONTACT}$`));
  await expect(page.getByRole("status").filter({ hasText: "Contact info updated." })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("Shown on the contact page")).toBeVisible();
  await expect(page.getByText(/Last updated .* by e2e-admin@bureau\.test/)).toBeVisible();

  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(main.locator("address").first()).toContainText(`Rua Augusta ${tag}`);
  await expect(main.getByText("+351 21 000 1234")).toBeVisible();
  await expect(page.locator("iframe")).toHaveAttribute("src", GOOGLE);
});

test("'Email and phone are required.' beside the field, typed values kept", async ({ page }) => {
  await openEditor(page);
  // Blank but not empty: the browser's own required check lets it through, the schema trims.
  await page.getByLabel("Phone").fill("   ");
  await page.getByLabel("Address", { exact: true }).fill("Kept address");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Email and phone are required.")).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Kept address");
  await expect(page).toHaveURL(/\?edit$/);
});

for (const [what, url] of [
  ["a look-alike host", "https://www.google.com.evil.com/maps/embed?pb=1"],
  ["another site", "https://evil.example/embed.html"],
  ["http", "http://www.openstreetmap.org/export/embed.html?bbox=1"],
  ["javascript:", "javascript:alert(document.domain)"],
] as const) {
  test(`refuses ${what} as the map address, and /contact keeps its map`, async ({ page }) => {
    await openEditor(page);
    const before = await page.getByLabel("Map embed address").inputValue();
    await page.getByLabel("Map embed address").fill(url);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(MAP_URL_INVALID)).toBeVisible();
    await expect(page.getByLabel("Map embed address")).toHaveAttribute("aria-invalid", "true");
    await page.goto("/contact");
    const frame = page.locator("iframe");
    if (before) await expect(frame).toHaveAttribute("src", before);
    else await expect(frame).toHaveCount(0);
  });
}

// 375 and 1280 px: the admin shell's two forms (its top bar below 1024 px, the sidebar above);
// these pages show and hide nothing by width, so 768 px (the top bar again) added no element.
test("the contact info view and editor have no serious axe violation at 375 and 1280 px", {
  tag: "@js-only",
}, async ({ page }) => {
  await openEditor(page);
  await expectNoSeriousViolations(page, [CONTACT, `${CONTACT}?edit`]);
});
