// Contract tests of the JSON API (issue 8), over HTTP against the built server (`npm run build`
// first), like a mobile app or the original single-page front end would call it. No browser:
// Playwright's `request` only. Each worker starts a server of its own (fresh in-memory database
// with the demo content and the e2e admin) so writes here never change what the page tests read.
import { type APIRequestContext, type APIResponse, test as base, expect } from "@playwright/test";
import { E2E_ADMIN } from "../support/constants";
import { type Running, startListeningApp } from "../support/process";

/** The settings of every API test server: generous limits, so tests do not throttle each other. */
export const API_SERVER_ENV = {
  DATA_DIR: ":memory:",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOGIN_IP_LIMIT: "1000",
  FORM_IP_LIMIT: "1000",
  FORM_MIN_FILL_SECONDS: "0",
  API_ALLOWED_ORIGINS: "https://app.example.com",
};

/** Starts a server with these settings (on top of API_SERVER_ENV); stop it when done. */
export async function startApiServer(
  env: Record<string, string> = {},
): Promise<{ url: string; app: Running }> {
  const { url, app } = await startListeningApp({ ...API_SERVER_ENV, ...env });
  return { url, app };
}

export const test = base.extend<
  { auth: { Authorization: string } },
  { serverUrl: string; adminToken: string }
>({
  serverUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const { url, app } = await startApiServer();
      try {
        await use(url);
      } finally {
        await app.stop("SIGTERM");
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ serverUrl }, use) => use(serverUrl),
  /** A bearer token of the e2e admin, signed in once per worker. */
  adminToken: [
    async ({ serverUrl, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: serverUrl });
      const response = await request.post("/api/auth/login", { data: E2E_ADMIN });
      expect(response.status()).toBe(200);
      const { token } = await response.json();
      await request.dispose();
      await use(token);
    },
    { scope: "worker" },
  ],
  /** The header that carries it: `request.post(url, { headers: auth, data })`. */
  auth: async ({ adminToken }, use) => use({ Authorization: `Bearer ${adminToken}` }),
});

export { expect };

/** The JSON body of a refusal: `{success: false, message, errors?}`, with a message. */
export async function expectRefusal(
  response: APIResponse,
  status: number,
): Promise<{ success: false; message: string; errors?: { path: string; msg: string }[] }> {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  const body = await response.json();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/**
 * A 400 whose `errors` name `path` (with a message for it), or a key inside it (an operator key
 * such as `email.$ne` is refused where it is, lib/api.server.ts).
 */
export async function expectFieldError(response: APIResponse, path: string): Promise<string> {
  const body = await expectRefusal(response, 400);
  const error = body.errors?.find((e) => e.path === path || e.path.startsWith(`${path}.`));
  expect(error, `no error for "${path}" in ${JSON.stringify(body.errors)}`).toBeTruthy();
  expect(error?.msg.length).toBeGreaterThan(0);
  return error?.msg ?? "";
}

/**
 * Values an attacker puts where a plain value belongs: MongoDB operators and other objects and
 * arrays. Every one must be a 400, never reach a query.
 */
export const INJECTIONS: unknown[] = [
  { $ne: "" },
  { $gt: "" },
  { $regex: ".*" },
  { $where: "sleep(1000)" },
  ["a", "b"],
  null,
];

/** Sends a JSON body with a token; the usual write call of these tests. */
export function send(
  request: APIRequestContext,
  method: "post" | "put" | "patch" | "delete",
  url: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  return request.fetch(url, { method: method.toUpperCase(), data, headers });
}

/** 24 hex digits that name nothing, and strings that are no id at all. */
export const UNKNOWN_ID = "0123456789abcdef01234567";
export const MALFORMED_IDS = ["zzz", "123", "0123456789abcdef0123456g", "%24ne"];

let markers = 0;
/** A word no other test's records contain, to find this test's records by search. */
export function marker(label: string): string {
  markers += 1;
  return `${label}${process.pid}x${Date.now()}x${markers}`;
}
