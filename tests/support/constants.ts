// Overridable so several checkouts (git worktrees) can run the suite side by side.
export const E2E_PORT = Number(process.env.E2E_PORT) || 3111;

// The moment the end-to-end server's demo content is relative to, fixed once per run: the
// runner reads this module (through playwright.config.ts) before it starts the server and the
// workers, which inherit the variable, so a run that crosses midnight still expects the dates
// the server seeded. Tests build the demo content they compare with from it.
process.env.E2E_SEED_NOW ??= new Date().toISOString();
export const E2E_SEED_NOW = new Date(process.env.E2E_SEED_NOW);
export const E2E_ADMIN = { email: "e2e-admin@bureau.test", password: "e2e correct horse battery" };

/**
 * How the tests and the Lighthouse script start headless Chromium (Debian's, when there): without
 * the background-networking flags it tries to reach the internet (these machines are offline)
 * and fills the log with refused connections.
 */
export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink without the full
 * browser around it, which Playwright itself uses for headless runs. The end-to-end suite on it
 * took a third less time than on the full browser in new-headless mode (measured on the 2-core
 * machine: 112 s -> 76 s for the same 66 tests).
 */
export const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Blank values count as unset (app/env.server.ts). Every server a test starts gets these first,
 * so a MONGODB_URI or admin exported in the developer's shell never reaches a test server.
 */
export const TEST_ISOLATION_ENV = {
  MONGODB_URI: "",
  ADMIN_EMAIL: "",
  ADMIN_PASSWORD: "",
  SESSION_SECRET: "",
  SEED_DEMO_CONTENT: "",
  SEED_NOW: "",
  SMTP_URL: "",
  MAIL_FROM: "",
  CLOUDINARY_CLOUD_NAME: "",
  CLOUDINARY_UPLOAD_PRESET: "",
};
