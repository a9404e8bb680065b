// The cross-site refusal, as a rule and as the Express middleware app/server.ts mounts in front
// of React Router (the Playwright spec admin-auth.spec.ts checks the real server too).
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CROSS_SITE_MESSAGE,
  crossSiteRefusal,
  refuseCrossSiteRequests,
} from "./same-origin.server";

/** An https site (its own origin) also reachable as SITE_URL on another port. */
const siteOrigins = ["https://bureau.example", "http://bureau.example:8080"];

describe("crossSiteRefusal", () => {
  it.each([
    ["GET", { secFetchSite: "cross-site" }],
    ["HEAD", { origin: "https://evil.example" }],
    // A CORS preflight changes nothing (the JSON API answers it; lib/api.server.ts).
    ["OPTIONS", { secFetchSite: "cross-site" }],
    ["POST", { secFetchSite: "same-origin" }],
    ["POST", { secFetchSite: "none" }],
    ["POST", { origin: "https://bureau.example" }],
    ["POST", { origin: "https://BUREAU.example:443" }],
    ["POST", { origin: "http://bureau.example:8080" }],
    ["POST", {}],
    // Sec-Fetch-Site decides when present (the browser computed it from the real origin).
    ["POST", { secFetchSite: "same-origin", origin: "https://other.example" }],
  ])("allows %s with %o", (method, headers) => {
    expect(crossSiteRefusal({ method, siteOrigins, ...headers })).toBeNull();
  });

  it.each([
    ["POST", { secFetchSite: "cross-site" }],
    ["POST", { secFetchSite: "same-site" }],
    ["PUT", { secFetchSite: "cross-site" }],
    ["DELETE", { origin: "https://evil.example" }],
    ["PATCH", { origin: "https://bureau.example.evil.example" }],
    ["POST", { origin: "https://bureau.example:8443" }],
    // The same host under another scheme or port is another origin (issue 20, finding 9).
    ["POST", { origin: "http://bureau.example" }],
    ["POST", { origin: "https://bureau.example:8080" }],
    ["POST", { origin: "file://bureau.example" }],
    ["POST", { origin: "null" }],
    ["POST", { origin: "garbage" }],
  ])("refuses %s with %o", (method, headers) => {
    expect(crossSiteRefusal({ method, siteOrigins, ...headers })).not.toBeNull();
  });
});

describe("refuseCrossSiteRequests middleware", () => {
  let server: http.Server;
  let port: number;
  const reached: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(refuseCrossSiteRequests);
    // Stands in for React Router: public pages, the sign-in form, admin actions alike.
    app.use((req, res) => {
      reached.push(`${req.method} ${req.path}`);
      res.status(200).send("handled");
    });
    server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function send(method: string, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          headers: { Host: `localhost:${port}`, ...headers },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              body,
              type: String(res.headers["content-type"]),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(method === "GET" ? undefined : "intent=x");
    });
  }

  it.each([
    "/internships",
    "/contact",
    "/admin/login",
    "/admin/logout",
    "/admin/dashboard/admins",
    "/blog/rss.xml",
  ])("answers 403 to a cross-site POST to %s before it reaches the app", async (path) => {
    reached.length = 0;
    const bySecFetch = await send("POST", path, { "Sec-Fetch-Site": "cross-site" });
    expect(bySecFetch.status).toBe(403);
    expect(bySecFetch.body).toContain(CROSS_SITE_MESSAGE.replace(/'/g, "&#39;").slice(0, 30));
    const byOrigin = await send("POST", path, { Origin: "https://evil.example" });
    expect(byOrigin.status).toBe(403);
    // This very host and port, but https while the site answered over http.
    const bySchemeOnly = await send("POST", path, { Origin: `https://localhost:${port}` });
    expect(bySchemeOnly.status).toBe(403);
    expect(reached).toEqual([]);
  });

  it("answers JSON to a client that asks for JSON", async () => {
    const res = await send("POST", "/api/anything", {
      Origin: "null",
      Accept: "application/json",
    });
    expect(res.status).toBe(403);
    expect(res.type).toMatch(/json/);
    expect(JSON.parse(res.body)).toEqual({ success: false, message: CROSS_SITE_MESSAGE });
  });

  it("lets same-origin posts, header-less clients and cross-site GETs through", async () => {
    reached.length = 0;
    expect((await send("POST", "/admin/login", { "Sec-Fetch-Site": "same-origin" })).status).toBe(
      200,
    );
    expect(
      (await send("POST", "/admin/login", { Origin: `http://localhost:${port}` })).status,
    ).toBe(200);
    expect((await send("POST", "/internships")).status).toBe(200);
    expect((await send("GET", "/admin/login", { "Sec-Fetch-Site": "cross-site" })).status).toBe(
      200,
    );
    expect(reached).toEqual([
      "POST /admin/login",
      "POST /admin/login",
      "POST /internships",
      "GET /admin/login",
    ]);
  });
});
