// Shared by the robustness suites (issue 9: route inventory, bad input, cross-site): a server of
// their own per worker, pointed at a standalone embedded database that this worker reads with
// the official driver, so every suite can count the documents of every collection exactly.
// Plain HTTP through node:http, which sends whatever bytes and headers a test asks for (invalid
// UTF-8, a lying Content-Length, Origin and Sec-Fetch-Site) and never follows a redirect.
import http from "node:http";
import { test as base, expect } from "@playwright/test";
import { type Db, MongoClient } from "mongodb";
import { E2E_ADMIN } from "../support/constants";
import { removeTempDirs, startListeningApp, startListeningDb, tempDir } from "../support/process";

/**
 * Collections that change on requests that are refused, by design, so they are left out of the
 * "nothing written" counts:
 * - rateLimits: every form post and sign-in attempt is counted against the client's address,
 *   refused or not (that is what a rate limit is);
 * - loginAttempts: every failed sign-in is recorded for the throttle (issue 9 suite 8);
 * - signInCodes: a right password for an account under attack gets a code (issue 20);
 * - sessions: signing in (the suites' own sign-in) and out;
 * - visitorHits, visitorStats, visitorSalts: every page view is counted, whatever it shows;
 * - settings: the session secret and similar values are created lazily on first use.
 * And in auditLog only the sign-in entries (SIGN_IN_ACTIONS): a refused sign-in is recorded by
 * design (issue 9's audit log); any other entry would be a change, so it is counted.
 */
export const VOLATILE_COLLECTIONS = [
  "rateLimits",
  "loginAttempts",
  "signInCodes",
  "sessions",
  "visitorHits",
  "visitorStats",
  "visitorSalts",
  "settings",
] as const;

/** Audit entries that refused (and the suites' own) sign-ins write; see above. */
const SIGN_IN_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "sign-in-throttled",
  "sign-in-code-sent",
  "sign-in-code-failed",
  "sign-out",
] as const;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /**
   * Send from this client address, as another machine would, without trusting a proxy: on
   * Linux every address in 127.0.0.0/8 is the loopback (CI runs on Linux). The server is then
   * reached on 127.0.0.1, whatever host `base` names (localhost may resolve to ::1).
   */
  localAddress?: string;
}

export interface Robust {
  url: string;
  db: Db;
  /** `__Host-bureau_session=...` of the e2e admin, signed in through POST /admin/login. */
  cookie: string;
  /** A bearer token of the e2e admin (POST /api/auth/login). */
  token: string;
  send: (path: string, options?: Send) => Promise<Answer>;
  /** What the server printed so far (mail is logged there: no SMTP_URL). */
  output: () => string;
  /** Documents per collection, the volatile ones left out. */
  counts: () => Promise<Record<string, number>>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One request; the answer's body read whole (as UTF-8 text). A server may answer and close
 * before it has read a body it refuses (a 401 or 413 before a 100 kB body): when the connection
 * is reset before an answer arrived, the request is sent once more on a fresh connection.
 */
export async function rawSend(base: string, path: string, options: Send = {}): Promise<Answer> {
  try {
    return await sendOnce(base, path, options, agent);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ECONNRESET" && code !== "EPIPE") throw error;
    return sendOnce(base, path, options, false);
  }
}

/**
 * One request on `via` (an agent, or false for a fresh connection), no retry: rejects with the
 * connection error when no whole answer arrives.
 */
export function sendOnce(
  base: string,
  path: string,
  options: Send,
  via: http.Agent | false,
): Promise<Answer> {
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? Buffer.from(options.body)
        : options.body;
  const origin = options.localAddress ? `http://127.0.0.1:${new URL(base).port}` : base;
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, {
      agent: via,
      localAddress: options.localAddress,
      method: options.method ?? "GET",
      headers: {
        ...(body ? { "Content-Length": String(body.length) } : {}),
        ...options.headers,
      },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
      res.on("aborted", () => reject(Object.assign(new Error("aborted"), { code: "ECONNRESET" })));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * Only the headers of a request declaring `length` bytes, then the server's answer: what a
 * client meets when the server refuses a body before reading it (tests/api/images.spec.ts).
 */
export function headersOnly(
  base: string,
  path: string,
  headers: Record<string, string>,
  length: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(length) },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

/** Runs `jobs` with at most `width` under way at once; answers in order. */
export async function inBatches<T>(jobs: (() => Promise<T>)[], width = 6): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      out[index] = await (jobs[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return out;
}

/** A stack trace or a source location in a body: what no answer may show. */
export const STACK_TRACE = /\n\s*at [^\n]*(?:\.[cm]?[jt]sx?|<anonymous>):\d+:\d+|node_modules\//;

export async function startRobustServer(): Promise<{
  url: string;
  db: Db;
  output: () => string;
  stop: () => Promise<void>;
}> {
  const { db: embedded, uri } = await startListeningDb(tempDir("robustness"));
  const name = "bureau_robustness";
  const { app, url } = await startListeningApp({
    MONGODB_URI: uri(name),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // Thousands of requests from one address: no limit may turn them into 429s.
    LOGIN_IP_LIMIT: "100000",
    FORM_IP_LIMIT: "100000",
    RENDER_IP_LIMIT: "100000",
    FORM_MIN_FILL_SECONDS: "0",
  });
  const client = new MongoClient(uri(name));
  await client.connect();
  return {
    url,
    db: client.db(name),
    output: app.output,
    stop: async () => {
      await client.close();
      await app.stop("SIGTERM");
      await embedded.stop("SIGTERM");
      removeTempDirs();
    },
  };
}

export async function countDocuments(db: Db): Promise<Record<string, number>> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((c) => c.name)
    .filter((name) => !(VOLATILE_COLLECTIONS as readonly string[]).includes(name))
    .sort();
  const out: Record<string, number> = {};
  for (const name of names) {
    const filter = name === "auditLog" ? { action: { $nin: [...SIGN_IN_ACTIONS] } } : {};
    out[name] = await db.collection(name).countDocuments(filter);
  }
  return out;
}

/** Collections whose count differs, with the difference: `{ faqs: 1 }`. */
export function countChanges(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const delta = (after[name] ?? 0) - (before[name] ?? 0);
    if (delta !== 0) changes[name] = delta;
  }
  return changes;
}

export async function signInCookie(url: string): Promise<string> {
  const answer = await rawSend(url, "/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(E2E_ADMIN).toString(),
  });
  expect(answer.status, answer.body).toBe(302);
  const cookies = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
  const session = cookies.find((c) => c.startsWith("__Host-bureau_session="));
  expect(session, cookies.join("\n")).toBeTruthy();
  return (session as string).split(";")[0] as string;
}

export async function bearerToken(url: string): Promise<string> {
  const answer = await rawSend(url, "/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body).token as string;
}

export const test = base.extend<object, { robust: Robust }>({
  robust: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startRobustServer();
      try {
        const cookie = await signInCookie(server.url);
        const token = await bearerToken(server.url);
        await use({
          url: server.url,
          db: server.db,
          cookie,
          token,
          send: (path, options) => rawSend(server.url, path, options),
          output: server.output,
          counts: () => countDocuments(server.db),
        });
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

export { expect };

/** 24 hex digits that name nothing, and strings that are no id at all. */
export const UNKNOWN_ID = "0123456789abcdef01234567";
