// Shared Playwright fixtures. Every page test fails on a browser console error or an uncaught
// exception, which catches hydration mismatches and React key warnings early.
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ failOnConsoleErrors: undefined }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A page that is meant to answer 404 makes Chromium log its own status: not a problem.
        const isOwnStatus =
          message.text().startsWith("Failed to load resource") &&
          message.location().url === page.url();
        if (!isOwnStatus) problems.push(`console.error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await use(undefined);
      expect(problems, "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
