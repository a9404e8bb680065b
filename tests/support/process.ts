// Start the real programs (server.js, the embedded database CLI) as child processes, the way
// an operator would, and wait for what they print.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connectionString } from "../../db/embedded";
import { loadOrCreateCredentials } from "../../db/embedded/storage/credentials";
import { TEST_ISOLATION_ENV } from "./constants";

export interface Running {
  child: ChildProcess;
  output: () => string;
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export function start(command: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match[0]);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`Timed out waiting for ${pattern} in:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, output: () => output, waitFor, exited, stop };
}

// Ports for the servers tests start come from below Linux's ephemeral range (32768-60999 by
// default), where the system also picks the local port of every outgoing connection: a port
// found free there could be taken by a database driver's new connection before the server
// listens on it (seen once as EADDRINUSE in CI). Below it, only another test picking the same
// random port could take it.
const PORT_RANGE = { from: 20_000, to: 32_000 };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    // All interfaces, as server.js and the embedded database listen.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/** Ports this process handed out: two asked for before either server listens never collide. */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error("No free port found");
}

const tempDirs: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `bureau-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

/** Deletes every folder tempDir() made in this worker. */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The embedded database on its own, as `npm run db:serve` runs it. Loaded with `--import tsx`
 * in this very process (the `tsx` command would run it in a grandchild that a SIGKILL misses).
 */
export function startEmbeddedDb(port: number, dataDir: string): Running {
  return start("node", ["--import", "tsx", "db/embedded/cli.ts", "--port", String(port)], {
    ...TEST_ISOLATION_ENV,
    DATA_DIR: dataDir,
  });
}

/**
 * The connection string, with its credentials, of the database `startEmbeddedDb(port, dataDir)`
 * serves, for `database`. Known before that database starts (a site may be started first):
 * the credentials it will use are generated into `dataDir` now if they are not there yet.
 */
export function embeddedDbUri(port: number, dataDir: string, database: string): string {
  const { credentials } = loadOrCreateCredentials(dataDir);
  return connectionString("127.0.0.1", port, credentials).replace("/?", `/${database}?`);
}

/**
 * The production server (needs `npm run build`). Every test renders its pages from one address,
 * so the render budget (RENDER_IP_LIMIT a minute per address) is out of the way unless a test
 * sets its own (tests/robustness/render-budget.spec.ts).
 */
export function startApp(env: Record<string, string>): Running {
  return start("node", ["server.js"], {
    ...TEST_ISOLATION_ENV,
    NODE_ENV: "production",
    RENDER_IP_LIMIT: "1000000",
    ...env,
  });
}

/** What server.js prints once it accepts requests, and what the embedded database prints. */
export const APP_LISTENING = /Bureau is listening on http:\/\/localhost:\d+/;
export const DB_LISTENING = /listening on mongodb:\/\//i;

/** Sees a process as soon as it starts (a spec's clean-up), and answers it. */
type Track = (p: Running) => Running;

export interface ListeningApp {
  app: Running;
  port: number;
  url: string;
}

/**
 * The production server on a free port (or `env.PORT`), once it says it listens. `track` sees
 * the process the moment it starts, so a spec's clean-up stops it even if it never listens; one
 * that does not listen in time is stopped here and the error shows what it printed.
 */
export async function startListeningApp(
  env: Record<string, string> = {},
  { timeoutMs = 60_000, track = (p: Running) => p }: { timeoutMs?: number; track?: Track } = {},
): Promise<ListeningApp> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const app = track(startApp({ ...env, PORT: String(port) }));
  try {
    await app.waitFor(APP_LISTENING, timeoutMs);
  } catch (error) {
    await app.stop("SIGKILL");
    throw error;
  }
  return { app, port, url: `http://localhost:${port}` };
}

export interface ListeningDb {
  db: Running;
  port: number;
  /** The address of database `name` on it, as MONGODB_URI takes it. */
  uri: (name: string) => string;
}

/** The embedded database on `dataDir` at a free port (or `port`: a restart), once it listens. */
export async function startListeningDb(
  dataDir: string,
  {
    port,
    timeoutMs = 60_000,
    track = (p: Running) => p,
  }: { port?: number; timeoutMs?: number; track?: Track } = {},
): Promise<ListeningDb> {
  const dbPort = port ?? (await freePort());
  const db = track(startEmbeddedDb(dbPort, dataDir));
  try {
    await db.waitFor(DB_LISTENING, timeoutMs);
  } catch (error) {
    await db.stop("SIGKILL");
    throw error;
  }
  return { db, port: dbPort, uri: (name) => embeddedDbUri(dbPort, dataDir, name) };
}

type Hook = (fn: () => Promise<void>) => void;

/**
 * The servers and databases one spec file starts for itself: each is killed after its test (or,
 * with `acrossTests`, once the file is done, for specs that share them between tests), and the
 * temporary folders are removed when the file is done. Pass the spec's `test` (its hooks).
 */
export function specProcesses(
  hooks: { afterEach: Hook; afterAll: Hook },
  { acrossTests = false } = {},
) {
  const running: Running[] = [];
  const stopAll = async () => {
    await Promise.all(running.splice(0).map((p) => p.stop("SIGKILL")));
  };
  if (!acrossTests) hooks.afterEach(stopAll);
  hooks.afterAll(async () => {
    await stopAll();
    removeTempDirs();
  });
  const track: Track = (p) => {
    running.push(p);
    return p;
  };
  return {
    track,
    app: (env: Record<string, string> = {}, timeoutMs?: number) =>
      startListeningApp(env, { timeoutMs, track }),
    db: (dataDir: string, options: { port?: number; timeoutMs?: number } = {}) =>
      startListeningDb(dataDir, { ...options, track }),
  };
}

/** Polls until `check` returns true; for state that changes on its own (reconnects). */
export async function eventually(
  check: () => Promise<boolean>,
  { timeoutMs = 20_000, intervalMs = 250 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms`);
}
