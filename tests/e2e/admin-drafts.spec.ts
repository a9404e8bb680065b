// Drafts in the admin (issue 24), in a browser with JavaScript on and off: a record saved as a
// draft stays off the site until Publish; a published record's changes saved as a draft wait
// until published; Unpublish takes it off at once. Once for a collection (FAQs, shown on the
// internships page) and once for a single document (the home page's hero): the kit gives every
// type the same buttons, and app/content/kit/*.test.ts prove the rules over every type.
import type { Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { test } from "./content-server";
import { expect } from "./fixtures";

test.describe.configure({ mode: "default", timeout: 90_000 });

const FAQ_ADMIN = "/admin/dashboard/faq";
const FAQ_PAGE = "/internships";
const DRAFT_SAVED = "Draft saved. It is not on the site until it is published.";

/** Whether the public page shows `text` (a fresh load: the caches must have learned). */
async function shows(page: Page, path: string, text: string): Promise<boolean> {
  await page.goto(path);
  return (await page.getByText(text, { exact: false }).count()) > 0;
}

test("an FAQ saved as a draft is off the site until published; its changes wait as a draft; Unpublish takes it off", async ({
  page,
}, testInfo) => {
  const question = `Is this a draft ${uniqueTag(testInfo)}?`;
  await signIn(page, `${FAQ_ADMIN}?new`);
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByLabel("Answer", { exact: true }).fill("Only staff can see it for now.");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expectFlash(page, DRAFT_SAVED);
  await expect(page).toHaveURL(/\?edit=[0-9a-f]{24}$/);
  const editor = page.url();
  await expect(page.getByText("This FAQ is a draft: only staff see it.")).toBeVisible();
  expect(await shows(page, FAQ_PAGE, question)).toBe(false);

  // The list marks it (searched for: FAQs keep their order, so a new one is last and may be
  // past the first page once other tests on this server have added theirs).
  await page.goto(`${FAQ_ADMIN}?q=${encodeURIComponent(question)}`);
  await expect(
    page.getByRole("row").filter({ hasText: question }).getByText("Draft", { exact: true }),
  ).toBeVisible();

  await page.goto(editor);
  await page.getByRole("button", { name: "Publish" }).click();
  await expectFlash(page, "FAQ updated.");
  expect(await shows(page, FAQ_PAGE, question)).toBe(true);

  // Changes saved as a draft: the site keeps the published answer.
  await page.goto(editor);
  await page.getByLabel("Answer", { exact: true }).fill("A change under review.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectFlash(page, DRAFT_SAVED);
  await expect(page.getByText(/Changes saved as a draft are not on the site yet/)).toBeVisible();
  await expect(page.getByLabel("Answer", { exact: true })).toHaveValue("A change under review.");
  expect(await shows(page, FAQ_PAGE, "A change under review.")).toBe(false);
  expect(await shows(page, FAQ_PAGE, "Only staff can see it for now.")).toBe(true);

  await page.goto(editor);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expectFlash(page, "FAQ unpublished: it is a draft again.");
  expect(await shows(page, FAQ_PAGE, question)).toBe(false);
});

test("the hero's changes saved as a draft wait beside the published hero until Save publishes them", async ({
  page,
}, testInfo) => {
  const title = `Draft hero ${uniqueTag(testInfo)}`;
  await signIn(page, "/admin/dashboard/hero?edit");
  const titleInput = page.getByLabel("Title", { exact: true });
  const published = await titleInput.inputValue();
  await titleInput.fill(title);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectFlash(page, DRAFT_SAVED);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  expect(await shows(page, "/", title)).toBe(false);

  // Discard changes: the published hero is the editor's again.
  await page.goto("/admin/dashboard/hero");
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expectFlash(page, "Draft discarded");
  await page.goto("/admin/dashboard/hero?edit");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(published);

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expectFlash(page, DRAFT_SAVED);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectFlash(page, "Hero section saved.");
  expect(await shows(page, "/", title)).toBe(true);

  // Put the hero back for the other specs on this server.
  await page.goto("/admin/dashboard/hero?edit");
  await page.getByLabel("Title", { exact: true }).fill(published);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectFlash(page, "Hero section saved.");
});
