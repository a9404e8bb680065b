// Cluster mode (WEB_CONCURRENCY > 1, server.js): a primary process that owns the embedded
// database and several workers that serve the site, each with its own page cache. HTTP only, in
// the "server" project: it starts its own servers.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../support/constants";
import { freePort, type Running, removeTempDirs, startApp, tempDir } from "../support/process";

const running: Running[] = [];
test.afterAll(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
  removeTempDirs();
});

function startServer(env: Record<string, string>): Running {
  const server = startApp({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...env,
  });
  running.push(server);
  return server;
}

interface Answer {
  status: number;
  cache: string | undefined;
  location: string | undefined;
  cookies: string[];
  body: string;
}

/**
 * One request on a connection of its own: the primary hands each new connection to the next
 * worker, so consecutive requests reach different workers (fetch would reuse one connection).
 */
function request(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method: options.method ?? "GET", agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: res.headers["x-page-cache"] as string | undefined,
            location: res.headers.location,
            cookies: res.headers["set-cookie"] ?? [],
            body,
          }),
        );
      },
    );
    req.on("error", reject);
    for (const [name, value] of Object.entries(options.headers ?? {})) req.setHeader(name, value);
    req.end(options.body);
  });
}

/** The processes whose parent is `pid` (a cluster primary's workers), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const form = (fields: Record<string, string>, cookie?: string) => ({
  method: "POST",
  headers: {
    "Content-Type": "application/x-www-form-urlencoded",
    ...(cookie ? { Cookie: cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
});

test("two workers share the database, each change shows on the next request whichever worker answers, and SIGTERM stops them all", async () => {
  test.setTimeout(120_000);
  const dataDir = tempDir("cluster");
  const port = await freePort();
  const cluster = startServer({ WEB_CONCURRENCY: "2", DATA_DIR: dataDir, PORT: String(port) });
  await cluster.waitFor(/Bureau runs 2 worker processes/, 60_000);
  // Both workers listen (each prints its line); the first alone prepared the database.
  await cluster.waitFor(/(Bureau is listening on http:\/\/localhost:\d+[\s\S]*){2}/, 60_000);
  expect(cluster.output().match(/seeded \d+ demo documents/g)).toHaveLength(1);

  // Each worker renders the page once and keeps it: two misses, then only hits.
  const answers = [];
  for (let i = 0; i < 8; i++) answers.push(await request(port, "/internships"));
  expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
  expect(answers.filter((a) => a.cache === "miss")).toHaveLength(2);

  // An admin adds a FAQ (shown on /internships) through the form, on whichever worker.
  const login = await request(port, "/admin/login", form(E2E_ADMIN));
  expect(login.status).toBe(302);
  const session = login.cookies
    .find((c) => c.startsWith("__Host-bureau_session="))
    ?.split(";")[0] as string;
  expect(session).toBeTruthy();
  const question = `Is every worker fresh ${Date.now()}?`;
  const saved = await request(
    port,
    "/admin/dashboard/faq",
    form({ intent: "save", question, answer: "Yes." }, session),
  );
  expect(saved.status).toBe(302);
  // The next requests reach both workers: each shows the new question at once, the other
  // worker's cached page having been dropped on the primary's word, not a second later.
  for (let i = 0; i < 4; i++) {
    expect((await request(port, "/internships")).body).toContain(question);
  }

  // A worker that dies is replaced; the site keeps answering meanwhile.
  const workerPids = childrenOf(cluster.child.pid as number);
  expect(workerPids).toHaveLength(2);
  process.kill(workerPids[0] as number, "SIGKILL");
  await cluster.waitFor(/stopped \(SIGKILL\); starting another in 1 s/);
  expect((await request(port, "/internships")).status).toBe(200);
  await cluster.waitFor(/(Bureau is listening on http:\/\/localhost:\d+[\s\S]*){3}/, 60_000);
  expect(childrenOf(cluster.child.pid as number)).toHaveLength(2);

  // SIGTERM to the primary: the workers finish, then the database is closed; exit 0.
  expect(await cluster.stop("SIGTERM")).toBe(0);
  expect(cluster.output()).toContain("SIGTERM received: stopping the workers");

  // What the workers wrote is on disk: a single process on the same folder finds it.
  const single = startServer({ DATA_DIR: dataDir, PORT: String(port) });
  await single.waitFor(/Bureau is listening/, 60_000);
  expect((await request(port, "/internships")).body).toContain(question);
  expect(single.output()).not.toContain("seeded");
  expect(await single.stop("SIGTERM")).toBe(0);
});

test("a cluster whose port is taken stops with one line and exit code 1", async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  const blocker = http.createServer().listen(port);
  try {
    const cluster = startServer({ WEB_CONCURRENCY: "2", DATA_DIR: ":memory:", PORT: String(port) });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toContain(`Cannot listen on port ${port}`);
    expect(cluster.output()).not.toContain("Bureau runs 2 worker processes");
  } finally {
    blocker.close();
  }
});

test("WEB_CONCURRENCY that is not a whole number from 1 to 64 is refused at start-up", async () => {
  test.setTimeout(60_000);
  const port = await freePort();
  const cluster = startServer({ WEB_CONCURRENCY: "two", DATA_DIR: ":memory:", PORT: String(port) });
  expect(await cluster.exited).toBe(1);
  expect(cluster.output()).toMatch(/WEB_CONCURRENCY.*must be a number/);
});
