// Start the real programs (server.js, the embedded database CLI) as child processes, the way
// an operator would, and wait for what they print.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
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

/** The production server (needs `npm run build`). */
export function startApp(env: Record<string, string>): Running {
  return start("node", ["server.js"], { ...TEST_ISOLATION_ENV, NODE_ENV: "production", ...env });
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
