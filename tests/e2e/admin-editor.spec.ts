// What every admin editor does for the person typing in it (the kit's collection and document
// editors): leaving with unsaved changes asks first, staying keeps what was typed, saving never
// asks; and on a long editor (the service page) the Save button stays in the window.

import { signIn, uniqueTag } from "../support/admin-e2e";
import { expect, hydrated, test } from "./fixtures";

const FAQ_NEW = "/admin/dashboard/faq?new";

test.describe("leaving an editor @js-only", () => {
  test("with unsaved changes asks first; Stay keeps the text, Leave goes", async ({ page }) => {
    await signIn(page, FAQ_NEW);
    const question = page.getByPlaceholder("Enter question");
    await hydrated(question);
    await question.fill("A question nobody saved?");
    const dashboard = page.getByRole("complementary").getByRole("link", { name: "Dashboard" });

    await dashboard.click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Stay on this page" })).toBeFocused();
    await dialog.getByRole("button", { name: "Stay on this page" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/faq\?new$/);
    await expect(question).toHaveValue("A question nobody saved?");

    await dashboard.click();
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test("without changes, or by saving, goes without a question", async ({ page }, testInfo) => {
    await signIn(page, FAQ_NEW);
    const question = page.getByPlaceholder("Enter question");
    await hydrated(question);
    await page.getByRole("complementary").getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(FAQ_NEW);
    await hydrated(page.getByPlaceholder("Enter question"));
    await page.getByPlaceholder("Enter question").fill(`Saved ${uniqueTag(testInfo)}?`);
    await page.getByPlaceholder("Enter answer").fill("Yes.");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("status").filter({ hasText: "FAQ created." })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("a long editor at 1280x800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("keeps its Save button in the window at the top and the bottom", async ({ page }) => {
    await signIn(page, "/admin/dashboard/services?edit");
    const save = page.getByRole("button", { name: "Save service page" });
    for (const where of ["top", "bottom"]) {
      if (where === "bottom") await page.keyboard.press("End");
      const box = await save.boundingBox();
      expect(box, where).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), where).toBeLessThanOrEqual(800);
      expect(box?.y ?? -1, where).toBeGreaterThanOrEqual(0);
    }
  });
});
