// The footer editor (issue 6), with JavaScript on and off, against a server of this spec's own
// (one per worker): the footer's company name is the site settings' legal name, which other
// specs read on the shared server.
// - view, Edit footer, rows added and removed, Save: the public footer changes, the top bar's
//   brand does not (it is the site settings' brand name: admin-settings.spec.ts);
// - 'Copyright is required.' with what was typed kept;
// - the last link row cannot be removed.
import type { Page } from "@playwright/test";
import { signIn } from "../support/admin-e2e";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const FOOTER = "/admin/dashboard/footer";
const test = testWithOwnServer();
// One worker runs this file's tests in order, on one server of its own: a server per worker
// and file would start (and seed) up to three times over, which costs CI more than it saves.
test.describe.configure({ mode: "default" });

async function openEditor(page: Page) {
  await signIn(page, FOOTER);
  await expect(page.getByRole("heading", { level: 1, name: "Footer" })).toBeVisible();
  await page.getByRole("link", { name: "Edit footer" }).click();
  await expect(page).toHaveURL(/\?edit$/);
  // The page streams in: Save is the form's end, so every row is there once it is.
  await expect(page.getByRole("button", { name: "Save footer" })).toBeVisible();
}

const linkLabels = (page: Page) => page.locator("input[name^='links['][name$='.label']");

test("edits the footer: rows added and removed, the public footer follows", async ({ page }) => {
  await openEditor(page);
  const company = `Acme ${Date.now().toString(36)}`;
  await page.getByLabel("Company name (copyright)").fill(company);
  const before = await linkLabels(page).count();
  await page.getByRole("button", { name: "Add link" }).click();
  await expect(linkLabels(page)).toHaveCount(before + 1);
  await linkLabels(page).nth(before).fill("Careers");
  await page.locator(`input[name='links[${before}].url']`).fill("/internships");
  const removed = await linkLabels(page).first().inputValue();
  await page.getByRole("button", { name: "Remove link 1" }).click();
  await expect(linkLabels(page)).toHaveCount(before);
  // What was typed in the new row survived the removal of another row.
  await expect(linkLabels(page).last()).toHaveValue("Careers");
  await page.getByRole("button", { name: "Save footer" }).click();
  await expect(page).toHaveURL(new RegExp(`${FOOTER}$`));
  await expect(page.getByRole("status").filter({ hasText: "Footer updated." })).toBeVisible();

  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Careers" })).toHaveAttribute(
    "href",
    "/internships",
  );
  await expect(footer.getByRole("link", { name: removed, exact: true })).toHaveCount(0);
  await expect(footer).toContainText(`${company}. All rights reserved.`);
  // The company name of the copyright line no longer renames the site in the top bar.
  await expect(page.getByRole("banner").getByRole("link", { name: /home$/ })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: `${company} home` })).toHaveCount(
    0,
  );
});

test("refuses an empty company name beside the field and keeps the rows", async ({ page }) => {
  await openEditor(page);
  // Blank but not empty: the browser's own required check lets it through, the server trims.
  await page.getByLabel("Company name (copyright)").fill("   ");
  await linkLabels(page).first().fill("Kept label");
  await page.getByRole("button", { name: "Save footer" }).click();
  await expect(page.getByText("Copyright is required.")).toBeVisible();
  await expect(linkLabels(page).first()).toHaveValue("Kept label");
  await expect(page).toHaveURL(/\?edit$/);
});

test("the last link row cannot be removed", async ({ page }) => {
  await openEditor(page);
  // Each Remove is a whole-page post: wait for the answer before counting again.
  for (let count = await linkLabels(page).count(); count > 1; count--) {
    await page.getByRole("button", { name: "Remove link 1" }).click();
    await expect(linkLabels(page)).toHaveCount(count - 1);
  }
  await expect(page.getByRole("button", { name: "Remove link 1" })).toBeDisabled();
});
