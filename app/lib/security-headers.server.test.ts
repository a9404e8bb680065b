// The security headers' policy strings, and the middleware server.js mounts (the Playwright spec
// tests/e2e/security-headers.spec.ts checks the real server and a browser).
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  HSTS,
  makeNonce,
  NON_HTML_POLICY,
  securityHeaders,
  staticSecurityHeaders,
} from "./security-headers.server";

/** The policy as directive → sources. */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `${name} appears once`).toBe(false);
    directives.set(name, sources);
  }
  return directives;
}

const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
/** What app/server.ts passes: the contact page's map providers. */
const frameOrigins = ["https://www.google.com", "https://www.openstreetmap.org"];

describe("contentSecurityPolicy (production)", () => {
  const policy = parse(contentSecurityPolicy({ nonce, frameOrigins }));

  it("allows scripts only from self and with the response's nonce", () => {
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
  });

  it("states each restriction of the issue", () => {
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("frames only the origins it is given", () => {
    expect(policy.get("frame-src")).toEqual(frameOrigins);
  });

  it("allows <style> elements only with the nonce, style attributes inline", () => {
    expect(policy.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("never allows inline or eval'd script, nor any wildcard", () => {
    const text = contentSecurityPolicy({ nonce, frameOrigins });
    expect(text).not.toContain("unsafe-eval");
    expect(text).not.toMatch(/\*/);
    for (const [name, sources] of policy) {
      if (name !== "style-src-attr") expect(sources, name).not.toContain("'unsafe-inline'");
    }
  });
});

describe("contentSecurityPolicy (a cached page's, by hashes)", () => {
  const hashes = { script: ["sha256-abc=", "sha256-def="], style: ["sha256-ghi="] };
  const text = contentSecurityPolicy({ hashes, frameOrigins });
  const policy = parse(text);

  it("allows exactly the page's inline scripts and styles, with no nonce nor unsafe-inline", () => {
    expect(policy.get("script-src")).toEqual(["'self'", "'sha256-abc='", "'sha256-def='"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'sha256-ghi='"]);
    expect(text).not.toContain("nonce-");
    for (const [name, sources] of policy) {
      if (name !== "style-src-attr") expect(sources, name).not.toContain("'unsafe-inline'");
    }
  });

  it("keeps every other directive of a rendered page's policy", () => {
    const rendered = parse(contentSecurityPolicy({ nonce, frameOrigins }));
    for (const [name, sources] of rendered) {
      if (name !== "script-src" && name !== "style-src") expect(policy.get(name)).toEqual(sources);
    }
  });
});

describe("contentSecurityPolicy (options)", () => {
  it("adds the Cloudinary cloud's delivery path to img-src when uploads go there", () => {
    const policy = parse(
      contentSecurityPolicy({ nonce, frameOrigins, cloudinaryCloudName: "demo-cloud" }),
    );
    expect(policy.get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://res.cloudinary.com/demo-cloud/",
    ]);
  });

  it("in development lets Vite's styles and HMR socket through, scripts still by nonce", () => {
    const policy = parse(contentSecurityPolicy({ nonce, frameOrigins, development: true }));
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("connect-src")).toEqual(["'self'", "blob:", "ws:", "wss:"]);
  });
});

describe("staticSecurityHeaders", () => {
  it("sends HSTS in production only", () => {
    expect(staticSecurityHeaders({ production: true })["Strict-Transport-Security"]).toBe(HSTS);
    expect(staticSecurityHeaders({ production: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });

  it("denies camera, microphone and geolocation", () => {
    const permissions = staticSecurityHeaders({ production: true })["Permissions-Policy"];
    for (const feature of ["camera", "microphone", "geolocation"]) {
      expect(permissions).toContain(`${feature}=()`);
    }
  });
});

describe("makeNonce", () => {
  it("is 128 random bits, different each time", () => {
    const a = makeNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(makeNonce()).not.toBe(a);
  });

  it("never repeats, across refills of its random pool", () => {
    // 256 nonces per 4 kB pool: 2,000 cross several refills.
    const nonces = Array.from({ length: 2000 }, makeNonce);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("securityHeaders middleware", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders({ frameOrigins, production: true, development: false }));
    app.get("/page", (_req, res) => {
      res.type("html").send(`<script nonce="${res.locals.cspNonce}"></script>`);
    });
    app.get("/json", (_req, res) => void res.json({ ok: true }));
    // Like GET /images/:id, which sends its own policy and nosniff through React Router.
    app.get("/own", (_req, res) => {
      res.append("Content-Security-Policy", "default-src 'none'; sandbox");
      res.append("X-Content-Type-Options", "nosniff");
      res.type("png").send(Buffer.from([0x89]));
    });
    server = http.createServer(app).listen(0);
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("gives an HTML answer the full policy with a fresh nonce, the one its page uses", async () => {
    const [first, second] = await Promise.all([fetch(`${base}/page`), fetch(`${base}/page`)]);
    const nonces = [];
    for (const response of [first, second]) {
      const policy = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(await response.text()).toBe(`<script nonce="${nonce}"></script>`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("gives other answers the deny-all policy and every answer the fixed headers", async () => {
    const response = await fetch(`${base}/json`);
    expect(response.headers.get("content-security-policy")).toBe(NON_HTML_POLICY);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("strict-transport-security")).toBe(HSTS);
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("keeps a policy the answer set itself, and sends no header twice", async () => {
    const response = await fetch(`${base}/own`);
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
