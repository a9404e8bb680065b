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
