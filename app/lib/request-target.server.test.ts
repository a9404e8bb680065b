// The front gate of server.js (issue 20, findings 2 and 8): targets and Hosts that the readers
// behind it would read differently, or not at all, are refused before any of them runs.
import { describe, expect, it, vi } from "vitest";
import {
  hostProblem,
  pathProblem,
  refuseMalformedRequest,
  requestProblem,
} from "./request-target.server";

describe("pathProblem", () => {
  it.each([
    "/",
    "/quote",
    "/blog/665f1c2e8a1b2c3d4e5f6a7b",
    "/internships",
    "/caf%C3%A9",
    "/images/a.b.c",
    "/admin/dashboard//blogs",
    "/.well-known/security.txt",
    "/a...b/...",
  ])("lets %s through", (path) => {
    expect(pathProblem(path)).toBeNull();
  });

  it.each([
    ["/admin/dashboard/../../quote", "dot segment in path"],
    ["/admin/dashboard/%2e%2e/%2e%2e/quote", "dot segment in path"],
    ["/admin/dashboard/%2E%2E/login", "dot segment in path"],
    ["/admin/dashboard/.%2e/login", "dot segment in path"],
    ["/admin/./login", "dot segment in path"],
    ["/admin/%2e/login", "dot segment in path"],
    ["/admin/dashboard/..", "dot segment in path"],
    ["/admin/dashboard%2f..%2f..%2fquote", "encoded slash in path"],
    ["/admin%5cdashboard", "encoded slash in path"],
    ["/admin\\..\\quote", "backslash in path"],
    ["/%E0%A4%A", "malformed percent-encoding"],
    ["*", "not an origin-form target"],
    ["http://x/", "not an origin-form target"],
    ["", "not an origin-form target"],
  ])("refuses %s (%s)", (path, why) => {
    expect(pathProblem(path)).toBe(why);
  });
});

describe("hostProblem", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "bureau.example",
    "BUREAU.example:443",
    "127.0.0.1:8080",
    "[::1]:3000",
    "app_1:3000",
  ])("accepts %s", (host) => {
    expect(hostProblem(host)).toBeNull();
  });
  it.each([
    "a b",
    "localhost:99999",
    "localhost:0",
    "localhost:",
    "evil.example/path",
    "user@evil.example",
    "",
    "x".repeat(300),
    // Shaped like a host, refused by the URL parser React Router's adapter uses.
    "256.256.256.256",
    "999.1.1.1",
    "1.2.3.4.5",
    "example.123",
    "1.2.3.08",
    "xn--a",
    "[1.2]",
    "[::::]",
    "[ab]",
  ])("refuses %j", (host) => {
    expect(hostProblem(host)).not.toBeNull();
  });
});

describe("requestProblem", () => {
  const request = (url: string, headers: Record<string, string> = {}) => ({
    url,
    headers: { host: "bureau.example", ...headers },
  });
  it("checks the path (not the query), Host, X-Forwarded-Host and X-Forwarded-Proto", () => {
    expect(requestProblem(request("/internships?q=../..&sort=%2e%2e"))).toBeNull();
    expect(requestProblem(request("/", { "x-forwarded-host": "a.example, b.example" }))).toBeNull();
    expect(requestProblem(request("/", { "x-forwarded-proto": "https" }))).toBeNull();
    expect(requestProblem(request("/", { host: "x:99999" }))).toMatch(/Host/);
    expect(requestProblem(request("/", { "x-forwarded-host": "a b" }))).toMatch(/Forwarded-Host/);
    expect(requestProblem(request("/", { "x-forwarded-proto": "gopher" }))).toMatch(/Proto/);
  });
});

describe("refuseMalformedRequest", () => {
  it("answers a short 400 with one log line and no stack trace", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sent: { status?: number; headers?: Record<string, string>; body?: string } = {};
    const res = {
      writeHead: (status: number, headers: Record<string, string>) => {
        sent.status = status;
        sent.headers = headers;
      },
      end: (body: string) => {
        sent.body = body;
      },
    };
    const refused = refuseMalformedRequest(
      { method: "OPTIONS", url: "*", headers: { host: "bureau.example" } } as never,
      res as never,
    );
    expect(refused).toBe(true);
    expect(sent).toMatchObject({ status: 400, body: "Bad Request" });
    expect(sent.headers?.Connection).toBe("close");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toBe('400 OPTIONS "*": not an origin-form target');
    warn.mockRestore();
  });
});
