// The back office fits the screens staff use: at 1280x800 (a laptop) no admin page scrolls
// sideways, neither as a whole nor inside a list, so a row's title and its state are in view,
// and Logout and the account links stay within the window; on a phone (375 px) lists are cards
// whose controls do not cover one another. One suite over every page of the admin menu.
// Layout is the same with JavaScript on and off (the markup is server-rendered), so it runs once.

import type { Page } from "@playwright/test";
import { ADMIN_ACCOUNT_NAV, ADMIN_NAV } from "../../app/components/admin/admin-nav";
import { signIn } from "../support/admin-e2e";
import { expect, test } from "./fixtures";

const PAGES = [...ADMIN_NAV, ...ADMIN_ACCOUNT_NAV].map((link) => link.to);

/** Elements (the page itself, or a scrolling box inside it) wider than the space they have. */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement;
    if (root && root.scrollWidth > root.clientWidth + 1) {
      found.push(`page ${root.scrollWidth}px > ${root.clientWidth}px`);
    }
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
      const overflow = getComputedStyle(element).overflowX;
      if (
        (overflow === "auto" || overflow === "scroll") &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        const label = element.getAttribute("aria-labelledby") ?? element.className.slice(0, 40);
        found.push(
          `${element.tagName.toLowerCase()} (${label}) ${element.scrollWidth}px > ${element.clientWidth}px`,
        );
      }
    }
    return found;
  });
}

/** Signs in and opens every admin page: none scrolls sideways, and `check` holds on each. */
async function everyPageFits(page: Page, check?: (path: string) => Promise<void>) {
  await signIn(page, "/admin/dashboard");
  for (const path of PAGES) {
    await page.goto(path);
    expect(await sidewaysScrollers(page), path).toEqual([]);
    await check?.(path);
  }
}

test.describe("at 1280x800 @js-only", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("no admin page scrolls sideways, and Logout and the account links are in view", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await everyPageFits(page, async (path) => {
      const sidebar = page.getByRole("complementary");
      for (const control of [
        sidebar.getByRole("button", { name: "Logout" }),
        sidebar.getByRole("link", { name: "Change password" }),
        sidebar.getByRole("link", { name: "Admins" }),
      ]) {
        const box = await control.boundingBox();
        expect(box, `${path}: ${await control.textContent()}`).not.toBeNull();
        expect(
          (box?.y ?? 0) + (box?.height ?? 0),
          `${path}: within the window`,
        ).toBeLessThanOrEqual(800);
      }
    });
  });
});

test.describe("at 375 px @js-only", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("no admin page scrolls sideways, and a list row's controls do not overlap", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await everyPageFits(page);
    await page.goto("/admin/dashboard/quotes");
    const row = page.locator("main tbody tr").first();
    const status = await row.getByRole("combobox").first().boundingBox();
    const view = await row.getByRole("link", { name: /View/ }).first().boundingBox();
    expect(status && view).toBeTruthy();
    if (status && view) {
      const apart =
        status.x + status.width <= view.x ||
        view.x + view.width <= status.x ||
        status.y + status.height <= view.y ||
        view.y + view.height <= status.y;
      expect(apart, "the status select and the View link do not overlap").toBe(true);
    }
  });
});
