// The load generator of `npm run bench`: wrk, a C program (Debian's package). autocannon, which
// the bench used before, runs in Node and topped out near 13k requests/s on this 2-core machine,
// below the floor it was meant to measure; wrk answers the same pages at 50-70k. The bench still
// proves each run that wrk was not the limit (its generator check against nginx).
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

const REPORT_SCRIPT = path.join(import.meta.dirname, "wrk-report.lua");
const REPORT_MARKER = "wrk-report ";
export const INSTALL_HINT = "sudo apt-get install -y wrk nginx-light";

/** wrk's version line ("wrk debian/4.1.0-3+b2 [epoll]"); one clear error when it is missing. */
export function wrkVersion(): string {
  const result = spawnSync("wrk", ["-v"], { encoding: "utf8" });
  if (result.error) {
    throw new Error(`bench: wrk is not installed (the load generator): ${INSTALL_HINT}`);
  }
  // wrk -v prints its version, then its usage, and exits 1.
  const version = /^wrk \S+/.exec(`${result.stdout}${result.stderr}`)?.[0];
  if (!version) throw new Error(`bench: "wrk -v" printed no version: ${INSTALL_HINT}`);
  return version;
}

export interface WrkResult {
  /** Answers per second over the measured run (wrk's own elapsed time). */
  rps: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Connect, read and write errors, timeouts, and answers with a status of 400 or more. */
  failed: number;
  /** What the failures were: "12 timeouts, 3 answers ≥ 400". */
  failures: string;
}

/** Reads the JSON line wrk-report.lua prints at the end of a run. */
export function parseWrkReport(output: string): WrkResult {
  const line = output.split("\n").find((l) => l.startsWith(REPORT_MARKER));
  if (!line) throw new Error(`wrk printed no report:\n${output}`);
  const report = JSON.parse(line.slice(REPORT_MARKER.length)) as Record<string, unknown>;
  const field = (name: string): number => {
    const value = report[name];
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new Error(`wrk report: ${name} is not a count: ${line}`);
    }
    return value;
  };
  const requests = field("requests");
  const durationUs = field("durationUs");
  if (durationUs === 0) throw new Error(`wrk report: the run lasted no time: ${line}`);
  const socketErrors = field("connectErrors") + field("readErrors") + field("writeErrors");
  const timeouts = field("timeouts");
  const statusErrors = field("statusErrors");
  return {
    rps: requests / (durationUs / 1e6),
    requests,
    p50Ms: field("p50Us") / 1000,
    p99Ms: field("p99Us") / 1000,
    failed: socketErrors + timeouts + statusErrors,
    failures: [
      timeouts > 0 ? `${timeouts} timeouts` : "",
      socketErrors > 0 ? `${socketErrors} socket errors` : "",
      statusErrors > 0 ? `${statusErrors} answers ≥ 400` : "",
    ]
      .filter(Boolean)
      .join(", "),
  };
}

export interface WrkOptions {
  url: string;
  connections: number;
  threads: number;
  durationS: number;
  /** A request without an answer after this long counts as a timeout. */
  timeoutS?: number;
}

/**
 * One wrk run. No Accept-Encoding header (wrk sends none): the figures are for the uncompressed
 * HTML that both floors send. Latency percentiles come from wrk's histogram (--latency).
 */
export function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = [
    "--threads",
    String(options.threads),
    "--connections",
    String(options.connections),
    "--duration",
    `${options.durationS}s`,
    "--timeout",
    `${options.timeoutS ?? 10}s`,
    "--latency",
    "--script",
    REPORT_SCRIPT,
    options.url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", (error) => reject(new Error(`wrk: ${error.message} (${INSTALL_HINT})`)));
    child.on("close", (code) => {
      if (code !== 0) {
        reject(new Error(`wrk ${args.join(" ")} exited with ${code}:\n${output}`));
        return;
      }
      try {
        resolve(parseWrkReport(output));
      } catch (error) {
        reject(error);
      }
    });
  });
}
