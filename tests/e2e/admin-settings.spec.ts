// The site settings editor (issue 23), with JavaScript on and off, against a server of this
// spec's own (one per worker): the brand it changes is what other specs read on the shared
// server.
// - view, Edit site settings, Save: the top bar and footer show the new brand and legal name,
//   the copyright line said once even when a whole line was typed; the contact and about pages
//   show the one e-mail;
// - 'Brand name is required.' beside the field, with what was typed kept.
import type { Page } from "@playwright/test";
import { signIn } from "../support/admin-e2e";
import { expectNoSeriousViolations } from "../support/axe";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const SETTINGS = "/admin/dashboard/settings";
const test = testWithOwnServer();
test.describe.configure({ mode: "default" });

async function openEditor(page: Page) {
  await signIn(page, SETTINGS);
  await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible();
  // In the admin menu, marked as the page shown.
  await expect(
    page.getByRole("navigation").getByRole("link", { name: "Site settings" }).first(),
  ).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Edit site settings" }).click();
  await expect(page).toHaveURL(/\?edit$/);
  await expect(page.getByRole("button", { name: "Save settings" })).toBeVisible();
}

test("saves the settings: the top bar, footer, contact and about pages follow", async ({
  page,
}) => {
  await openEditor(page);
  const brand = `Acme ${Date.now().toString(36)}`;
  const year = new Date().getUTCFullYear();
  await page.getByLabel("Brand name").fill(brand);
  // A whole copyright line typed where the name alone belongs.
  await page
    .getByLabel("Legal company name")
    .fill(`© ${year} ${brand} Holdings GmbH. All rights reserved.`);
  await page.getByLabel("Email").fill("hello@acme.example");
  await page.getByLabel("Tagline").fill(`${brand} builds sites that last.`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
  await expect(
    page.getByRole("status").filter({ hasText: "Site settings updated." }),
  ).toBeVisible();
  await expect(page.getByText(`${brand} Holdings GmbH`, { exact: true })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: `${brand} home` })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${year} ${brand} Holdings GmbH. All rights reserved.`);
  expect(((await footer.textContent()) ?? "").match(/All rights reserved/g)).toHaveLength(1);
  await expect(footer).toContainText(`${brand} builds sites that last.`);

  // One e-mail: the contact page and the about page's contact line show the new one; their
  // titles carry the new brand.
  for (const path of ["/contact", "/about"]) {
    await page.goto(path);
    await expect(page).toHaveTitle(new RegExp(`\\| ${brand}$`));
    await expect(
      page.getByRole("main").locator('a[href="mailto:hello@acme.example"]').first(),
    ).toBeVisible();
  }

  // The footer editor shows the same legal name: it is the same value.
  await signIn(page, "/admin/dashboard/footer?edit");
  await expect(page.getByLabel("Company name (copyright)")).toHaveValue(`${brand} Holdings GmbH`);
});

test("refuses a blank brand name beside the field and keeps what was typed", async ({ page }) => {
  await openEditor(page);
  // Blank but not empty: the browser's own required check lets it through, the server trims.
  await page.getByLabel("Brand name").fill("   ");
  await page.getByLabel("Tagline").fill("Kept tagline");
  await page.getByRole("button", { name: "Save settings" }).click();
  const field = page.getByLabel("Brand name");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // The message is the field's own description, shown once.
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const message = page.locator(`[id="${describedBy.split(" ").find((id) => /error/i.test(id))}"]`);
  await expect(message).toHaveText("Brand name is required.");
  await expect(page.getByText("Brand name is required.")).toHaveCount(1);
  await expect(page.getByLabel("Tagline")).toHaveValue("Kept tagline");
  await expect(page).toHaveURL(/\?edit$/);
});

// 375 and 1280 px: the admin shell's two forms (its top bar below 1024 px, the sidebar above).
test("the settings view and editor have no serious axe violation at 375 and 1280 px", {
  tag: "@js-only",
}, async ({ page }) => {
  await openEditor(page);
  await expectNoSeriousViolations(page, [SETTINGS, `${SETTINGS}?edit`]);
});
