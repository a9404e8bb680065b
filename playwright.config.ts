// End-to-end tests run against the production build (`npm run build` first), twice: with
// JavaScript enabled and disabled, because every page must work without it.
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import {
  CHROMIUM_FLAGS,
  E2E_ADMIN,
  E2E_PORT,
  E2E_SEED_NOW,
  SYSTEM_CHROMIUM,
  SYSTEM_HEADLESS_SHELL,
  TEST_ISOLATION_ENV,
} from "./tests/support/constants";

// Debian's headless shell, else Debian's Chromium, when present (CI and these machines cannot
// download Playwright's browser); Playwright's own browser elsewhere, so the same command works
// on a laptop.
const systemBrowser = [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM].find((path) => existsSync(path));
const launchOptions = systemBrowser ? { executablePath: systemBrowser, args: CHROMIUM_FLAGS } : {};

const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // On CI, a test that fails once is run again and reported as flaky (the list names it): a
  // timeout on a loaded 2-core machine should not hide the rest of the run; a real failure
  // fails twice.
  retries: process.env.CI ? 1 : 0,
  // Three on the 2-core CI machine: the tests mostly wait on the browser and the server, so a
  // third worker keeps both cores busy; a fourth made the run slower, not faster (measured on a
  // clean clone). PW_WORKERS overrides.
  workers: Number(process.env.PW_WORKERS) || 3,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A trace only when a test is run again after failing: recording one for every test (to keep
  // it on failure) cost about a sixth of the suite's CPU on the 2-core machine.
  use: { baseURL, trace: process.env.CI ? "on-first-retry" : "retain-on-failure", launchOptions },
  projects: [
    // A test that only means something in one of the two projects is tagged (`@js-only`: axe,
    // client-side behaviour, or HTTP only, where JavaScript cannot change the outcome;
    // `@no-js-only`: the page before JavaScript upgrades it) or, for a whole file, ignored by the
    // other project, instead of skipped inside it: a skipped test still opens a browser page for
    // the auto fixture, which cost about 100 s of the run. Its skip line stays as a guard.
    {
      name: "js-enabled",
      testIgnore: /server\.spec\.ts/,
      grepInvert: /@no-js-only/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions },
    },
    {
      name: "js-disabled",
      testIgnore: [
        /server\.spec\.ts/,
        // axe, and scripts run in the page; the image variants over HTTP; the offline form
        // errors JavaScript shows.
        /(a11y|xss|images|forms-offline)\.spec\.ts/,
      ],
      grepInvert: /@js-only/,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
    },
    // Process-level behaviour (database outage, shutdown): starts its own servers.
    { name: "server", testMatch: /server\.spec\.ts/ },
    // The JSON API's contract, over HTTP without a browser, on servers of its own (tests/api).
    { name: "api", testDir: "tests/api" },
    // Issue 9's route inventory, bad-input and cross-site suites: HTTP only, on servers of their
    // own with a database they count documents in (tests/robustness/fixtures.ts). A file's tests
    // run in order on its worker's server, so the counts before and after are theirs alone.
    { name: "robustness", testDir: "tests/robustness", fullyParallel: false },
  ],
  webServer: {
    command: "node server.js",
    url: baseURL,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: {
      ...TEST_ISOLATION_ENV,
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      // A fresh in-memory database per run, seeded with the demo content at start-up.
      DATA_DIR: ":memory:",
      SEED_NOW: E2E_SEED_NOW.toISOString(),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every test signs in from the same address; the default limit of 20 failed sign-ins
      // per address in 15 minutes would let the throttling and bad-credential tests lock out
      // the others. The per-address rule itself is covered by unit tests.
      LOGIN_IP_LIMIT: "1000",
      // The same for the public forms: every test posts from one address, and a person-speed
      // fill time would make each form test wait. Both rules are covered by action tests.
      FORM_IP_LIMIT: "1000",
      FORM_MIN_FILL_SECONDS: "0",
      // Every test renders pages from the same address, far past the 120 a minute a visitor
      // gets (lib/render-budget.server.ts); the limit itself has its robustness case.
      RENDER_IP_LIMIT: "1000000",
    },
  },
});
