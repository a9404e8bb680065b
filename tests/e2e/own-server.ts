// A `test` whose baseURL is a server of the spec's own, one per Playwright worker, instead of
// the shared web server of playwright.config.ts. For specs that change what other specs read on
// the shared server (the hero, the footer's brand, the number of stored leads): same build, a
// fresh in-memory database seeded with the demo content, the e2e admin, and the settings given.
import { E2E_ADMIN } from "../support/constants";
import { startListeningApp } from "../support/process";
import { test as base } from "./fixtures";

export function testWithOwnServer(env: Record<string, string> = {}) {
  return base.extend<object, { ownServerUrl: string }>({
    ownServerUrl: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
      async ({}, use) => {
        const { app, url } = await startListeningApp({
          DATA_DIR: ":memory:",
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          LOGIN_IP_LIMIT: "1000",
          ...env,
        });
        try {
          await use(url);
        } finally {
          await app.stop("SIGTERM");
        }
      },
      { scope: "worker", timeout: 90_000 },
    ],
    baseURL: async ({ ownServerUrl }, use) => use(ownServerUrl),
  });
}
