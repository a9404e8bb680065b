// The page cache on a real HTTP server, with a stand-in for React Router that renders a page
// carrying its response's nonce and form token the way the site layout does.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import { checkFormGuard, FORM_TOKEN_MAX_AGE_MS, issueFormToken } from "./form-guard.server";
import {
  FORM_TOKEN_WINDOW_MS,
  PageCache,
  type PageCacheOptions,
  type PageSlots,
  preferredEncoding,
} from "./page-cache.server";

interface Harness {
  base: string;
  cache: PageCache;
  renders: () => number;
  served: string[];
  clock: { now: number };
  generation: { value: number };
  /** What the stand-in route answers next (status, headers, extra HTML). */
  route: {
    status: number;
    headers: Record<string, string>;
    delayMs: number;
    body: string;
    truncated: boolean;
    /** The render waits for this before writing. */
    hold?: Promise<void>;
  };
}

let server: Server | undefined;
async function closeServer() {
  const open = server;
  server = undefined;
  if (open) await new Promise((resolve) => open.close(resolve));
}
afterEach(closeServer);

async function harness(options: Partial<PageCacheOptions> = {}): Promise<Harness> {
  await closeServer();
  const clock = { now: 1_000_000 };
  const generation = { value: 1 };
  const served: string[] = [];
  let renders = 0;
  const route = {
    status: 200,
    headers: {} as Record<string, string>,
    delayMs: 0,
    body: "",
    truncated: false,
    hold: undefined as Promise<void> | undefined,
  };
  const cache = new PageCache({
    enabled: true,
    ttlMs: 60_000,
    maxBytes: 10 * 1024 * 1024,
    generation: () => generation.value,
    formToken: async (issuedAt) => `v1.${issuedAt.getTime()}.${randomUUID()}`,
    securityHeaders: (hashes) => ({
      "Content-Security-Policy": `script-src 'self'${hashes.script.map((h) => ` '${h}'`).join("")}; style-src 'self'${hashes.style.map((h) => ` '${h}'`).join("")}`,
      "X-Content-Type-Options": "nosniff",
    }),
    onServed: (req) => served.push(req.url ?? ""),
    now: () => clock.now,
    ...options,
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomUUID();
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(cache.capture);
  app.use(async (req, res) => {
    renders += 1;
    const nonce = res.locals.cspNonce as string;
    const token = `v1.${Date.now()}.${randomUUID()}`;
    // As the site layout: the landing referrer is judged against the Host header only.
    const referer = req.get("referer");
    const landing =
      referer && new URL(referer).host !== req.get("host") ? new URL(referer).href : null;
    const slots = res.locals.pageSlots as PageSlots | undefined;
    if (slots) Object.assign(slots, { formToken: token, landingReferrer: landing });
    if (route.delayMs) await new Promise((resolve) => setTimeout(resolve, route.delayMs));
    if (route.hold) await route.hold;
    res.status(route.status).set("Content-Type", "text/html; charset=utf-8");
    // Appended, as React Router's Express adapter does with a route's headers.
    for (const [name, value] of Object.entries(route.headers)) res.append(name, value);
    // Written in pieces, as React streams it.
    res.write(`<html><head><script nonce="${nonce}">boot()</script></head><body>`);
    res.write(`<p>${req.originalUrl}</p>${route.body}<input name="formToken" value="${token}">`);
    res.write(`<input name="landing" value="${landing ?? ""}">`);
    res.end(
      route.truncated ? "" : `<script nonce="${nonce}">data("${token}")</script></body></html>`,
    );
  });
  server = createServer((req, res) => {
    if (
      !cache.handle(
        req,
        res,
        () => false,
        () => app(req, res),
      )
    )
      app(req, res);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    cache,
    renders: () => renders,
    served,
    clock,
    generation,
    route,
  };
}

async function get(h: Harness, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${h.base}${path}`, { headers });
  return { response, body: await response.text() };
}

const nonceOf = (body: string) => [
  ...new Set([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])),
];
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};
// The real form token's secret lives in the database.
afterAll(closeDatabase);

const tokenOf = (body: string) => [
  ...new Set([...body.matchAll(/v1\.\d+\.[\w-]+/g)].map((m) => m[0])),
];

describe("page cache", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness();
  });

  it("renders a page once, then answers it from memory: one body and token per page and window", async () => {
    h.clock.now = 3_600_000 + 1_000; // one second into a window
    const first = await get(h, "/services");
    const second = await get(h, "/services");
    const third = await get(h, "/services");
    expect(h.renders()).toBe(1);
    expect(first.response.headers.get("x-page-cache")).toBe("miss");
    expect(second.response.headers.get("x-page-cache")).toBe("hit");
    // Within the window the answers are the same bytes, their token stamped with its end.
    expect(third.body).toBe(second.body);
    const windowEnd =
      Math.floor(h.clock.now / FORM_TOKEN_WINDOW_MS) * FORM_TOKEN_WINDOW_MS + FORM_TOKEN_WINDOW_MS;
    expect(tokenOf(second.body)).toEqual([
      expect.stringMatching(new RegExp(`^v1\\.${windowEnd}\\.`)),
    ]);
    expect(tokenOf(second.body)[0]).not.toBe(tokenOf(first.body)[0]);
    // The markup of a cached answer carries no nonce: its policy allows its scripts by hash.
    expect(nonceOf(second.body)).toEqual([]);
    expect(second.body).toContain('nonce=""');
    const strip = (body: string) =>
      body.replace(/nonce="[^"]*"/g, "").replace(/v1\.\d+\.[\w-]+/g, "");
    expect(strip(second.body)).toBe(strip(first.body));
    // The next window: a new token, hence a new page.
    h.clock.now += FORM_TOKEN_WINDOW_MS;
    const later = await get(h, "/services");
    expect(h.renders()).toBe(1);
    expect(tokenOf(later.body)).toEqual([
      expect.stringMatching(new RegExp(`^v1\\.${windowEnd + FORM_TOKEN_WINDOW_MS}\\.`)),
    ]);
    expect(strip(later.body)).toBe(strip(first.body));
    // Browsers revalidate; a shared cache must never keep a visitor's page.
    expect(second.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.response.headers.get("x-content-type-options")).toBe("nosniff");
    // Every answer, from the cache or not, is reported once sent (visitor counting).
    await expect.poll(() => h.served.length).toBe(3);
  });

  it("hands out a window's token so that nobody can post it sooner, or later, than with their own", async () => {
    h = await harness({ formToken: (issuedAt) => issueFormToken(issuedAt) });
    const minFillMs = 3_000;
    const windowStart = 7_200_000;
    const windowEnd = windowStart + FORM_TOKEN_WINDOW_MS;
    h.clock.now = windowStart;
    await get(h, "/quote");
    // Handed out at the window's start and at its last moment: the same token.
    const early = tokenOf((await get(h, "/quote")).body)[0] as string;
    h.clock.now = windowEnd - 1;
    const late = tokenOf((await get(h, "/quote")).body)[0] as string;
    expect(late).toBe(early);
    const verdict = (at: number) =>
      checkFormGuard(form({ formToken: late }), { now: new Date(at), minFillMs });
    // Not before the minimum fill time after the window's last hand-out…
    expect(await verdict(windowEnd - 1 + minFillMs - 1)).toMatchObject({ reason: "too-fast" });
    expect(await verdict(windowStart + minFillMs)).toMatchObject({ reason: "too-fast" });
    expect(await verdict(windowEnd + minFillMs)).toEqual({ ok: true });
    // …and expired at most a window after it would have for the earliest visitor.
    expect(await verdict(windowEnd + FORM_TOKEN_MAX_AGE_MS)).toEqual({ ok: true });
    expect(await verdict(windowEnd + FORM_TOKEN_MAX_AGE_MS + 1)).toMatchObject({
      reason: "expired",
    });
    // The next window's visitors get another token.
    h.clock.now = windowEnd;
    expect(tokenOf((await get(h, "/quote")).body)[0]).not.toBe(late);
  });

  it("allows exactly the page's own inline scripts and styles, by hash, in a cached answer", async () => {
    // Markup that reached the page without the render's nonce (say through stored content).
    h.route.body = "<script>steal()</script><style>body{display:none}</style>";
    await get(h, "/contact");
    const { response, body } = await get(h, "/contact");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("nonce-");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const scriptSources = (policy.match(/script-src ([^;]*)/)?.[1] ?? "").split(" ");
    // Both of the page's own scripts, the second carrying this window's form token.
    const token = tokenOf(body)[0];
    expect(scriptSources.sort()).toEqual(["'self'", sha("boot()"), sha(`data("${token}")`)].sort());
    expect(policy).not.toContain(sha("steal()"));
    expect(policy).not.toContain(sha("body{display:none}"));
    expect(policy).toMatch(/style-src 'self'(;|$)/);
  });

  it("keys pages by path and query string", async () => {
    await get(h, "/internships?domain=Tech");
    await get(h, "/internships?domain=Tech");
    await get(h, "/internships?domain=Design");
    expect(h.renders()).toBe(2);
    expect((await get(h, "/internships?domain=Design")).body).toContain("domain=Design");
  });

  it("renders every time for visitors whose cookies change the page", async () => {
    for (const cookie of [
      "savedInternships=a,b",
      "__Host-bureau_session=s",
      "bureau_session=s",
      "theme=dark; __Host-bureau_flash=x",
      "savedInternships =a",
    ]) {
      await get(h, "/internships", { Cookie: cookie });
    }
    expect(h.renders()).toBe(5);
    // Other cookies (analytics, the admin's device cookie) do not change a public page.
    await get(h, "/internships", { Cookie: "theme=dark; __Host-bureau_device=d" });
    await get(h, "/internships");
    expect(h.renders()).toBe(6);
  });

  it("keeps a page per referring site, since the page hands it to its forms", async () => {
    await get(h, "/", { Referer: "https://news.example/post" });
    await get(h, "/", { Referer: "https://news.example/post" });
    await get(h, "/", { Referer: `http://127.0.0.1:${new URL(h.base).port}/blog` });
    await get(h, "/");
    expect(h.renders()).toBe(2);
  });

  it("never stores a page whose rendered referrer is not its key's (a forged X-Forwarded-Host)", async () => {
    const forged = { Referer: "https://evil.example/promo", "X-Forwarded-Host": "evil.example" };
    const first = await get(h, "/", forged);
    expect(first.body).toContain("https://evil.example/promo");
    await get(h, "/", forged);
    const plain = await get(h, "/");
    expect(h.renders()).toBe(3);
    expect(plain.body).not.toContain("evil.example");
    expect((await get(h, "/")).response.headers.get("x-page-cache")).toBe("hit");
  });

  it("keeps nothing for an encoded admin path or a page cut short", async () => {
    await get(h, "/%61dmin/dashboard");
    await get(h, "/%61dmin/dashboard");
    expect(h.renders()).toBe(2);
    h.route.truncated = true;
    await get(h, "/blog");
    h.route.truncated = false;
    expect((await get(h, "/blog")).response.headers.get("x-page-cache")).toBe("miss");
  });

  it("does not let a slow render hold other requests for the page for long", async () => {
    h = await harness({ waitForRenderMs: 50 });
    let release = () => {};
    h.route.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = get(h, "/about");
    await expect.poll(() => h.renders()).toBe(1);
    // The first render is stuck: the second waits 50 ms for it, then renders for itself.
    const second = get(h, "/about");
    await expect.poll(() => h.renders()).toBe(2);
    release();
    const answers = await Promise.all([first, second]);
    expect(answers.map(({ response }) => response.status)).toEqual([200, 200]);
  });

  it("caches nothing but public pages: no data requests, admin, API, files or posts", async () => {
    for (const path of [
      "/services.data",
      "/admin/dashboard",
      "/api/faqs",
      "/images/x",
      "/sitemap.xml",
    ]) {
      await get(h, path);
      await get(h, path);
    }
    expect(h.renders()).toBe(10);
    await fetch(`${h.base}/contact`, { method: "POST", body: "a=1" });
    await get(h, "/contact");
    expect(h.renders()).toBe(12);
  });

  it("keeps only plain 200 pages without cookies or no-store", async () => {
    const cases: [number, Record<string, string>][] = [
      [404, {}],
      [503, {}],
      [200, { "Set-Cookie": "a=1" }],
      [200, { "Cache-Control": "no-store" }],
      [200, { "Cache-Control": "private, max-age=0" }],
    ];
    for (const [index, [status, headers]] of cases.entries()) {
      Object.assign(h.route, { status, headers });
      const { response } = await get(h, `/case-${index}`);
      // The route's own Cache-Control is the one sent, not added to ours.
      if (headers["Cache-Control"]) {
        expect(response.headers.get("cache-control")).toBe(headers["Cache-Control"]);
      }
      await get(h, `/case-${index}`);
    }
    expect(h.renders()).toBe(cases.length * 2);
  });

  it("drops pages of an older content generation and pages past their age", async () => {
    await get(h, "/about");
    h.generation.value += 1;
    await get(h, "/about");
    await get(h, "/about");
    expect(h.renders()).toBe(2);
    h.clock.now += 59_000;
    await get(h, "/about");
    expect(h.renders()).toBe(2);
    h.clock.now += 2_000;
    await get(h, "/about");
    expect(h.renders()).toBe(3);
  });

  it("never keeps a page whose render began before a content change", async () => {
    let release = () => {};
    h.route.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = get(h, "/blog");
    // The render has begun (under the old generation) when the content changes.
    await expect.poll(() => h.renders()).toBe(1);
    h.generation.value += 1;
    release();
    await slow;
    h.route.hold = undefined;
    expect((await get(h, "/blog")).response.headers.get("x-page-cache")).toBe("miss");
    expect(h.renders()).toBe(2);
  });

  it("renders a page once for a burst of simultaneous first requests", async () => {
    h.route.delayMs = 150;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(h, "/resources")));
    expect(h.renders()).toBe(1);
    expect(answers.every(({ response }) => response.status === 200)).toBe(true);
    // The 19 that waited were answered from the cache, with one window's page.
    const cached = answers.filter(({ response }) => response.headers.get("x-page-cache") === "hit");
    expect(cached).toHaveLength(19);
    expect(new Set(cached.map(({ body }) => body)).size).toBe(1);
  });

  it("answers 304 to a matching If-None-Match, without a policy that would replace the page's", async () => {
    await get(h, "/");
    const { response } = await get(h, "/");
    const tag = response.headers.get("etag") as string;
    expect(tag).toMatch(/^W\/"[\w-]+\.[a-z0-9]+"$/);
    for (const header of [tag, tag.slice(2), `"other", ${tag}`, "*"]) {
      const again = await get(h, "/", { "If-None-Match": header });
      expect(again.response.status).toBe(304);
      expect(again.body).toBe("");
      expect(again.response.headers.get("content-security-policy")).toBeNull();
      expect(again.response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(again.response.headers.get("etag")).toBe(tag);
    }
    expect((await get(h, "/", { "If-None-Match": '"other"' })).response.status).toBe(200);
    // The tag changes with the page, and at least every hour.
    h.clock.now += 3_600_000;
    expect((await get(h, "/", { "If-None-Match": tag })).response.status).toBe(200);
  });

  it("compresses with brotli or gzip when accepted, and answers HEAD without a body", async () => {
    await get(h, "/");
    const br = await fetch(`${h.base}/`, { headers: { "Accept-Encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(await br.text()).toContain("</html>");
    const head = await fetch(`${h.base}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("evicts the least recently used pages beyond its memory budget", async () => {
    h = await harness({ maxBytes: 3_600 }); // two of these pages, not three
    h.route.body = "x".repeat(400);
    await get(h, "/a");
    await get(h, "/b");
    await get(h, "/a");
    await get(h, "/c");
    expect(h.cache.size).toBeLessThanOrEqual(2);
    await get(h, "/a");
    expect(h.renders()).toBe(3);
  });

  it("does nothing when turned off", async () => {
    h = await harness({ enabled: false });
    await get(h, "/");
    await get(h, "/");
    expect(h.renders()).toBe(2);
  });
});

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", undefined],
    ["*", "br"],
    ["", undefined],
    ["gzip;q=0", undefined],
    ["gzip;q=1, br;q=0.1", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

it("compressed answers decode to the page", async () => {
  const h = await harness();
  await get(h, "/");
  const raw = async (encoding: string) =>
    new Promise<Buffer>((resolve, reject) => {
      import("node:http").then(({ get: httpGet }) => {
        httpGet(`${h.base}/`, { headers: { "Accept-Encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject);
      });
    });
  expect(brotliDecompressSync(await raw("br")).toString()).toContain("</html>");
  expect(gunzipSync(await raw("gzip")).toString()).toContain("</html>");
});
