// A record's history and Restore as draft (app/content/history-*.ts{,x}), with JavaScript on and
// off, on the content editors' server: the editor's "History (N)" link, the page listing each
// change newest first with who and through which door, a long text's difference word by word
// (struck through and underlined, named in words for screen readers), and Restore as draft,
// which adds a revision and leaves the published record as it was. A single document's editor
// links to its history too. The rules for every type are in app/content/history.test.ts.
import type { Page } from "@playwright/test";
import { expectFlash, signIn, uniqueTag } from "../support/admin-e2e";
import { seriousAxeViolations } from "../support/axe";
import { E2E_ADMIN } from "../support/constants";
import { test } from "./content-server";
import { expect } from "./fixtures";

test.describe.configure({ mode: "default", timeout: 90_000 });

const FAQ = "/admin/dashboard/faq";
const BEFORE = "We answer within two working days, by e-mail or by phone, whichever you prefer.";
const AFTER = "We answer within three working days, by e-mail or by phone, whichever you prefer.";

async function openEditor(page: Page, question: string) {
  await page.goto(`${FAQ}?q=${encodeURIComponent(question)}`);
  await page.getByRole("link", { name: `Edit ${question}` }).click();
  await expect(page.getByRole("heading", { name: "Edit FAQ" })).toBeVisible();
}

/** An FAQ created with BEFORE, then edited to AFTER, and its history page open. */
async function faqWithHistory(page: Page, question: string) {
  await signIn(page, `${FAQ}?new`);
  await page.getByLabel("Question", { exact: true }).fill(question);
  await page.getByLabel("Answer", { exact: true }).fill(BEFORE);
  await page.getByRole("button", { name: "Create" }).click();
  await expectFlash(page, "FAQ created.");

  await openEditor(page, question);
  await expect(page.getByRole("link", { name: "History (1)" })).toBeVisible();
  await page.getByLabel("Answer", { exact: true }).fill(AFTER);
  await page.getByRole("button", { name: "Update" }).click();
  await expectFlash(page, "FAQ updated.");

  await openEditor(page, question);
  await page.getByRole("link", { name: "History (2)" }).click();
}

test("an FAQ's history shows each change, and an old revision comes back as a draft", async ({
  page,
}, testInfo) => {
  const question = `How fast do you answer ${uniqueTag(testInfo)}?`;
  await faqWithHistory(page, question);
  await expect(page).toHaveURL(/\/admin\/dashboard\/history\/faq\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`History: FAQ: ${question}`);
  const revisions = page.getByRole("listitem").filter({ has: page.getByRole("heading") });
  await expect(revisions).toHaveCount(2);
  const edit = revisions.first();
  await expect(edit.getByRole("heading")).toContainText("Edited");
  await expect(edit).toContainText(`By ${E2E_ADMIN.email} through the admin editor.`);
  // Word by word: only the words that changed are marked, and said in words.
  await expect(edit.locator("del")).toHaveText("[removed: two]");
  await expect(edit.locator("ins")).toHaveText("[added: three]");
  await expect(edit.getByText("This is the record as it is now.")).toBeVisible();
  const created = revisions.nth(1);
  await expect(created.getByRole("heading")).toContainText("Created");

  await created.getByRole("button", { name: /Restore as draft/ }).click();
  await expectFlash(page, "is now a draft");
  await expect(revisions).toHaveCount(3);
  await expect(revisions.first().getByRole("heading")).toContainText("Draft saved");
  await expect(revisions.first()).toContainText("Restored from the revision of");
  // The editor now holds the restored text as its draft…
  await openEditor(page, question);
  await expect(page.getByLabel("Answer", { exact: true })).toHaveValue(BEFORE);
  await expect(page.getByRole("link", { name: "History (3)" })).toBeVisible();
  // …and nothing was published: the public API still answers the edited text.
  const { data } = await (await page.request.get("/api/faqs")).json();
  const published = data.find((faq: { question: string }) => faq.question === question);
  expect(published?.answer).toBe(AFTER);
});

test("a single document's editor links to its history", async ({ page }) => {
  await signIn(page, "/admin/dashboard/hero");
  const link = page.getByRole("link", { name: /^History \(\d+\)$/ });
  await link.click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/history\/hero$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("History: Hero");
});

test("the history page has no serious axe violations @js-only", async ({ page }, testInfo) => {
  await faqWithHistory(page, `Axe question ${uniqueTag(testInfo)}?`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("History");
  expect(await seriousAxeViolations(page)).toEqual([]);
});
