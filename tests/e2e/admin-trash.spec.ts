// The trash as visitors and staff see it, with JavaScript on and off, on a FAQ (the internships
// page shows every FAQ): deleted, it is off the public page at once and in the trash; restored,
// it is back on the page; deleted forever, it is gone from the page and the trash. The same
// admin steps for every type are in admin-content-types.spec.ts.
import type { Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { test } from "./content-server";
import { expect } from "./fixtures";

const PAGE = "/admin/dashboard/faq";
const TRASH = `${PAGE}?trash`;

/** Whether the internships page's FAQ shows `question`. */
async function onSite(page: Page, question: string): Promise<boolean> {
  await page.goto("/internships");
  return (await page.getByText(question, { exact: true }).count()) > 0;
}

test("a deleted FAQ leaves the site at once, comes back on Undo and on Restore, and goes for good", async ({
  page,
  javaScriptEnabled: js,
}, testInfo) => {
  test.slow();
  const question = `Is the trash kind ${uniqueTag(testInfo)}?`;
  await signIn(page, `${PAGE}?new`);
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByLabel("Answer", { exact: true }).fill("Thirty days of second chances.");
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "FAQ created.");
  expect(await onSite(page, question)).toBe(true);

  // Delete: the question first (a dialog with JavaScript, a step of its own without).
  const moveToTrash = async () => {
    await page.goto(`${PAGE}?q=${encodeURIComponent(question)}`);
    if (js) {
      await page.getByRole("button", { name: `Delete ${question}` }).click();
      await page
        .getByRole("dialog", { name: "Are you sure you want to delete this FAQ?" })
        .getByRole("button", { name: "Delete", exact: true })
        .click();
    } else {
      await page.getByRole("link", { name: `Delete ${question}` }).click();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
    }
    await expectFlash(page, "FAQ moved to the trash.");
  };
  await moveToTrash();
  // Undo beside the message takes it straight back.
  await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expectFlash(page, "FAQ restored.");
  await expect(page).toHaveURL(PAGE);
  expect(await onSite(page, question)).toBe(true);

  await moveToTrash();
  expect(await onSite(page, question)).toBe(false);

  // In the trash, which the list links to with its count.
  await page.goto(PAGE);
  await page.getByRole("link", { name: /^Trash \(\d+\)/ }).click();
  await expect(page).toHaveURL(TRASH);
  await expect(page.getByRole("heading", { name: "Deleted FAQs" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: question });
  await expect(row).toContainText("30 days left");
  // axe runs in the page: with JavaScript only.
  if (js) expect(await seriousAxeViolations(page)).toEqual([]);

  await row.getByRole("button", { name: `Restore ${question}` }).click();
  await expectFlash(page, "FAQ restored.");
  expect(await onSite(page, question)).toBe(true);

  // Deleted again, then forever.
  await moveToTrash();
  await page.goto(TRASH);
  const question2 = "Delete this FAQ forever? This cannot be undone.";
  if (js) {
    await page.getByRole("button", { name: `Delete forever ${question}` }).click();
    const dialog = page.getByRole("dialog", { name: question2 });
    await expect(dialog).toContainText(question);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete forever", exact: true }).click();
  } else {
    await page.getByRole("link", { name: `Delete forever ${question}` }).click();
    const step = page.getByRole("region", { name: question2 });
    await expect(step).toContainText(question);
    await step.getByRole("button", { name: "Delete forever", exact: true }).click();
  }
  await expectFlash(page, "FAQ deleted forever.");
  await expect(page.getByRole("row").filter({ hasText: question })).toHaveCount(0);
  expect(await onSite(page, question)).toBe(false);
});
