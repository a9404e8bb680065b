import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWrkReport, runWrk } from "./wrk";

// What wrk printed with wrk-report.lua against a server answering 404 to everything.
const OUTPUT_404 = `Running 1s test @ http://127.0.0.1:5329/nothing
  1 threads and 2 connections
  2030 requests in 1.10s, 1.01MB read
  Non-2xx or 3xx responses: 2030
Requests/sec:   1845.71
wrk-report {"requests":2030,"durationUs":1099848,"bytes":1055600,"connectErrors":0,"readErrors":0,"writeErrors":0,"statusErrors":2030,"timeouts":0,"p50Us":955,"p99Us":18258,"maxUs":29088}
`;

describe("parseWrkReport", () => {
  it("reads the rate over wrk's own elapsed time, latencies in ms and the failures", () => {
    const result = parseWrkReport(OUTPUT_404);
    expect(result.requests).toBe(2030);
    expect(result.rps).toBeCloseTo(2030 / 1.099848, 3);
    expect(result.p50Ms).toBeCloseTo(0.955, 6);
    expect(result.p99Ms).toBeCloseTo(18.258, 6);
    expect(result.failed).toBe(2030);
    expect(result.failures).toBe("2030 answers ≥ 400");
  });

  it("adds socket errors and timeouts to the failures", () => {
    const line = OUTPUT_404.replace('"readErrors":0', '"readErrors":3')
      .replace('"timeouts":0', '"timeouts":2')
      .replace('"statusErrors":2030', '"statusErrors":0');
    const result = parseWrkReport(line);
    expect(result.failed).toBe(5);
    expect(result.failures).toBe("2 timeouts, 3 socket errors");
  });

  it("fails clearly without a report line or with a field missing", () => {
    expect(() => parseWrkReport("Requests/sec: 1845.71\n")).toThrow(/no report/);
    expect(() => parseWrkReport(OUTPUT_404.replace('"p99Us":18258,', ""))).toThrow(
      /p99Us is not a count/,
    );
    expect(() =>
      parseWrkReport(OUTPUT_404.replace('"durationUs":1099848', '"durationUs":0')),
    ).toThrow(/no time/);
  });
});

const hasWrk = !spawnSync("wrk", ["-v"]).error;

// The real program with the real Lua script: the report line must come out and parse.
describe.skipIf(!hasWrk)("runWrk", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/page") res.writeHead(200, { "Content-Type": "text/html" }).end("<p>hi</p>");
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("counts answers and no failures on a page that answers 200", async () => {
    const result = await runWrk({
      url: `${origin}/page`,
      connections: 2,
      threads: 1,
      durationS: 1,
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.rps).toBeGreaterThan(0);
    expect(result.failed).toBe(0);
  });

  it("counts every 404 as a failure", async () => {
    const result = await runWrk({ url: `${origin}/x`, connections: 2, threads: 1, durationS: 1 });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.failed).toBe(result.requests);
    expect(result.failures).toBe(`${result.requests} answers ≥ 400`);
  });
});
