// The production server as `npm run bench` and `npm run lighthouse` measure it: server.js on a
// fresh in-memory embedded database with the demo content, on a free port, always stopped at
// the end (normal exit, failure, Ctrl-C).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN } from "../../tests/support/constants";
import { freePort, type Running, start, startApp } from "../../tests/support/process";

const root = path.resolve(import.meta.dirname, "../..");
const BUILD_ENTRY = path.join(root, "build", "server", "index.js");
// What `react-router build` reads: a change to any of these makes build/ stale.
const BUILD_INPUTS = [
  "app",
  "public",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

function newestMtime(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` when build/ is missing or older than a source file (unless --no-build). */
export function ensureBuild({ skip }: { skip: boolean }): void {
  const built = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
  const sources = Math.max(...BUILD_INPUTS.map((input) => newestMtime(path.join(root, input))));
  if (built >= sources) return;
  if (skip) {
    if (built) {
      console.error("build/ is older than the sources; measuring it anyway (--no-build)");
      return;
    }
    throw new Error('build/ is missing: run "npm run build" first (or drop --no-build)');
  }
  console.error(built ? "build/ is stale: npm run build" : "build/ is missing: npm run build");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

// Each running child with the signal that ends it at exit: SIGKILL for Node servers (nothing can
// delay it), SIGTERM for nginx, whose master stops its worker (killed outright, the master would
// leave the worker running, holding the port).
const running = new Map<Running, NodeJS.Signals>();
const cleanups = new Set<() => void>();
let exitHooksInstalled = false;

/** Something else to end with the process (a browser); must be synchronous. */
export function onExit(cleanup: () => void): () => void {
  installExitHooks();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

// A child left behind would keep a port and a core busy: kill every server this process started
// whatever way it ends. `exit` handlers run synchronously, and ChildProcess#kill is synchronous.
function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on("exit", () => {
    for (const [server, signal] of running) server.child.kill(signal);
    for (const cleanup of cleanups) cleanup();
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers`);
      process.exit(130);
    });
  }
}

export interface AppServer {
  url: string;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts server.js in production mode and resolves once it listens, on the given port or a free
 * one.
 */
export async function startProductionServer(
  extraEnv: Record<string, string> = {},
  { port: fixedPort }: { port?: number } = {},
) {
  installExitHooks();
  const port = fixedPort ?? (await freePort());
  const server = startApp({
    PORT: String(port),
    DATA_DIR: ":memory:",
    // The demo content is seeded on first start; an admin from the environment keeps the
    // server from printing the "create an admin" instructions.
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...extraEnv,
  });
  running.set(server, "SIGKILL");
  try {
    // In cluster mode (WEB_CONCURRENCY > 1) every worker prints its line: wait for all of them.
    const workers = Math.max(1, Number(extraEnv.WEB_CONCURRENCY) || 1);
    await Promise.race([
      server.waitFor(new RegExp(`(listening on http[\\s\\S]*){${workers}}`), 60_000),
      server.exited.then((code) => {
        throw new Error(`server.js exited with ${code} before listening:\n${server.output()}`);
      }),
    ]);
    // Express 5 calls the listen callback with the error too, so server.js prints its
    // "listening" line even when the port was taken in the meantime (freePort can race with
    // another process), then stops on EADDRINUSE. Measuring someone else's server on that
    // port would be worse than failing: wait for a page, then make sure ours still runs.
    await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(30_000) });
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server.js stopped right after starting:\n${server.output()}`);
    }
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return {
    url: `http://localhost:${port}`,
    pid: server.child.pid,
    stop: () => stopServer(server),
  } satisfies AppServer;
}

/** A TypeScript module of this repo in its own Node process (`node --import tsx`). */
export function startScript(file: string, args: string[], env: Record<string, string> = {}) {
  return startProgram("node", ["--import", "tsx", path.join(root, file), ...args], { env });
}

/** Any program, stopped with the others (with `exitSignal` when this process ends). */
export function startProgram(
  command: string,
  args: string[],
  {
    env = {},
    exitSignal = "SIGKILL",
  }: { env?: Record<string, string>; exitSignal?: NodeJS.Signals } = {},
) {
  installExitHooks();
  const child = start(command, args, env);
  running.set(child, exitSignal);
  return { ...child, stop: () => stopServer(child) };
}

async function stopServer(server: Running): Promise<void> {
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 5_000);
  await server.stop("SIGTERM");
  clearTimeout(timer);
  running.delete(server);
}

/** The four pages the issue measures; the post is the first one /blog links to. */
export async function benchmarkedPages(origin: string): Promise<string[]> {
  const html = await (await fetch(`${origin}/blog`)).text();
  // Not /blog/rss.xml: a post's address has no dot.
  const post = /href="(\/blog\/[^"?#/.]+)"/.exec(html)?.[1];
  if (!post) throw new Error("/blog links to no post");
  return ["/", "/services", "/internships?domain=Tech", post];
}

/** How the script was called, for the header line. */
export function commandLine(script: string): string {
  const args = process.argv.slice(2);
  return `npm run ${script}${args.length > 0 ? ` -- ${args.join(" ")}` : ""}`;
}

/** Markdown, numbers right-aligned. */
export function printTable(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  console.log(line(head));
  console.log(
    `| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`,
  );
  for (const row of rows) console.log(line(row));
}

/**
 * Runs a measuring script's main. A missed target exits 0 unless --strict (a loaded laptop is
 * no reason to fail); an error always exits 1. Either way the exit hooks stop the servers.
 */
export function run(main: () => Promise<boolean>, strict: boolean): void {
  main().then(
    (met) => {
      if (!met) {
        console.log(
          strict
            ? "\nA target was missed (--strict): exit 1"
            : "\nA target was missed (exit 0; pass --strict to fail)",
        );
      }
      process.exit(!met && strict ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** The header line of the printed tables: when, on what, with which command (and tools). */
export function describeMachine(command: string, tools?: string): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
  const date = new Date().toISOString().replace("T", " ").slice(0, 16);
  return `${date} UTC · ${cpus.length} cores (${model}) · Node ${process.version}${tools ? ` · ${tools}` : ""} · load average ${load} (1/5/15 min) · \`${command}\``;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
}
