// Helpers for the admin editors' end-to-end specs: signing in, a unique tag per test so that
// parallel specs (and the two projects) never touch each other's records, and the flash line.
import type { Page, TestInfo } from "@playwright/test";
import { expect } from "../e2e/fixtures";
import { E2E_ADMIN } from "./constants";

/**
 * Signs the page's browser context in as the e2e admin and opens `to` (the dashboard unless
 * said). The sign-in form's own POST, sent over HTTP by the context (`page.request` shares its
 * cookies), so the session cookie is the one a browser gets, without loading the sign-in page
 * and the dashboard first: for tests whose subject is what comes after. The form itself, with
 * JavaScript on and off, is admin-auth.spec.ts's subject.
 */
export async function signIn(page: Page, to = "/admin/dashboard"): Promise<void> {
  const response = await page.request.post("/admin/login", {
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    maxRedirects: 0,
  });
  expect(response.status(), "the e2e admin's sign-in").toBe(302);
  await page.goto(to);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(to)}$`));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A word no other test or project uses, for names and searches. */
export function uniqueTag(testInfo: TestInfo): string {
  const project = testInfo.project.name === "js-disabled" ? "nojs" : "js";
  return `${project}${testInfo.workerIndex}x${Date.now().toString(36)}`;
}

/** The one-time message after a redirect (the admin layout's FlashMessage). */
export async function expectFlash(page: Page, text: string): Promise<void> {
  await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}
