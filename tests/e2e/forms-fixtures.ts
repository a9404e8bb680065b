// The visitor-form specs run against a server of their own (one per Playwright worker), not
// the shared web server of playwright.config.ts: they store quote requests and contact
// messages, and other specs (admin-dashboard.spec.ts) check the exact number of pending quotes
// and new messages of the demo content on the shared server. Same build, same settings as the
// shared server: a fresh in-memory database seeded with the demo content, no minimum fill time
// and a high per-address limit (every test posts from one address).
import { freePort, startApp } from "../support/process";
import { test as base } from "./fixtures";

export { expect } from "./fixtures";

const LISTENING = /Bureau is listening on http:\/\/localhost:\d+/;

export const test = base.extend<object, { formsServerUrl: string }>({
  formsServerUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const port = await freePort();
      const app = startApp({
        PORT: String(port),
        DATA_DIR: ":memory:",
        FORM_MIN_FILL_SECONDS: "0",
        FORM_IP_LIMIT: "1000",
      });
      try {
        await app.waitFor(LISTENING, 60_000);
        await use(`http://localhost:${port}`);
      } finally {
        await app.stop("SIGTERM");
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ formsServerUrl }, use) => use(formsServerUrl),
});

let counter = 0;
/** An address no other test uses (tests share their worker's server and database). */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@example.com`;
}
