// A `test` whose baseURL is a server of the spec's own, one per Playwright worker, instead of
// the shared web server of playwright.config.ts. For specs that change what other specs read on
// the shared server (the hero, the footer's brand, the number of stored leads): same build, a
// fresh in-memory database seeded with the demo content, the e2e admin, and the settings given.
import { E2E_ADMIN } from "../support/constants";
import { startListeningApp } from "../support/process";
import { test as base } from "./fixtures";

//
// Specs asking for the same settings get the same `test`: Playwright starts a new worker process
// (and with it a new browser and a new server) for every distinct worker fixture, so one `test`
// per spec cost a server start (~9 s, ~30 s on a loaded machine) per spec, project and worker.
// Within a worker these specs run one after another on one server; across workers each has its
// own, so a spec's records never meet another worker's.
const bySettings = new Map<string, ReturnType<typeof ownServerTest>>();

// Public forms on these servers take a post at once and many from one address (the lead specs
// need that; the fill-time and address limits are proved in tests/api/leads.spec.ts): the same
// for every spec, so that specs that do not say so share the lead specs' server too.
const FORMS_AT_ONCE = { FORM_MIN_FILL_SECONDS: "0", FORM_IP_LIMIT: "1000" };

export function testWithOwnServer(extra: Record<string, string> = {}) {
  const env = { ...FORMS_AT_ONCE, ...extra };
  const key = JSON.stringify(Object.entries(env).sort());
  let test = bySettings.get(key);
  if (!test) {
    test = ownServerTest(env);
    bySettings.set(key, test);
  }
  return test;
}

function ownServerTest(env: Record<string, string>) {
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
