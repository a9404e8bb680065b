// Helpers for the admin editors' end-to-end specs: signing in, a unique tag per test so that
// parallel specs (and the two projects) never touch each other's records, and the flash line.
import type { Page, TestInfo } from "@playwright/test";
import { expect } from "../e2e/fixtures";
import { E2E_ADMIN } from "./constants";

export async function signIn(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
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
