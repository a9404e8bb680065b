// Shared Playwright fixtures. Every page test fails on a browser console error or an uncaught
// exception, which catches hydration mismatches and React key warnings early.
import { test as base, expect, type Locator } from "@playwright/test";

export const test = base.extend<{
  failOnConsoleErrors: undefined;
  /**
   * Paths (`/quote.data`) whose failed load a test causes on purpose (a refused or aborted form
   * post from another page): Chromium logs it as a console error. Empty unless a test says so.
   */
  expectedFailedLoads: string[];
}>({
  expectedFailedLoads: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, expectedFailedLoads }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A page that is meant to answer 404 makes Chromium log its own status: not a problem.
        // Likewise a form that is meant to answer 4xx (a rejected sign-in, a field error) when
        // JavaScript posts it to the page's own data URL (`/path.data`, React Router's single
        // fetch).
        const isOwnStatus =
          message.text().startsWith("Failed to load resource") &&
          (message.location().url === page.url() ||
            isOwnDataUrl(message.location().url, page.url()) ||
            expectedFailedLoads.includes(pathOf(message.location().url)));
        if (!isOwnStatus) problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await use(undefined);
      expect(problems, "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],
});

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "";
  }
}

/** `/admin/login.data?…` for the page `/admin/login?…` (and `/_root.data` for `/`). */
function isOwnDataUrl(resource: string, pageUrl: string): boolean {
  try {
    const data = new URL(resource);
    const current = new URL(pageUrl);
    const path = current.pathname === "/" ? "/_root" : current.pathname.replace(/\/$/, "/_");
    return data.origin === current.origin && data.pathname === `${path}.data`;
  } catch {
    return false;
  }
}

/**
 * Playwright's plain test, for HTTP-only tests (the `request` fixture, no page): the console-error
 * fixture above would open a browser page in each of them for nothing.
 */
export const httpTest = base;

export { expect };

/**
 * Waits until React has hydrated this element (its props are attached to it). With JavaScript,
 * a key press or click before that reaches the plain HTML form or link, which is right for a
 * visitor but not what a test of the upgraded behaviour means to try.
 */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((k) => k.startsWith("__reactProps$")),
      ),
    )
    .toBe(true);
}
