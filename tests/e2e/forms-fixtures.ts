// The visitor-form specs run against a server of their own (one per Playwright worker), not
// the shared web server of playwright.config.ts: they store quote requests and contact
// messages, and other specs (admin-dashboard.spec.ts) check the exact number of pending quotes
// and new messages of the demo content on the shared server. Same build, same settings as the
// shared server: a fresh in-memory database seeded with the demo content, no minimum fill time
// and a high per-address limit (every test posts from one address).
import { testWithOwnServer } from "./own-server";

export { expect, hydrated } from "./fixtures";

// The admin variables are harmless here: no form spec signs in.
export const test = testWithOwnServer({ FORM_MIN_FILL_SECONDS: "0", FORM_IP_LIMIT: "1000" });

let counter = 0;
/** An address no other test uses (tests share their worker's server and database). */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@example.com`;
}
