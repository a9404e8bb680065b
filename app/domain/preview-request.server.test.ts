// Requests with a preview cookie (issue 24) on a real HTTP server, with the page cache in front
// as app/server.ts and server.js mount it: the request runs as a preview of the link's record,
// the answer is no-store and noindex even when the route says otherwise, the page cache neither
// serves nor keeps it, the content cache is bypassed, and a revoked link's cookie is cleared and
// shows the published site again.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import { cachedContent, startContentCache, stopContentCache } from "~/lib/content-cache.server";
import { PageCache } from "~/lib/page-cache.server";
import { isPreview, previewing } from "~/lib/preview-context.server";
import type { Actor } from "./audit";
import { createPreviewLink, revokePreviewLink } from "./preview-link.server";
import { previewRequests } from "./preview-request.server";

const actor: Actor = { email: "ana@bureau.test", via: "cli" };

let server: Server;
let base = "";
let renders = 0;
let contentReads = 0;
/** What the stand-in route sets besides the page (a route's own Cache-Control). */
const routeHeaders: Record<string, string> = {};

beforeAll(async () => {
  startContentCache({ ttlMs: 60_000 });
  const cache = new PageCache({
    enabled: true,
    ttlMs: 60_000,
    maxBytes: 10 * 1024 * 1024,
    generation: () => 1,
    formToken: async (issuedAt) => `v1.${issuedAt.getTime()}.${randomUUID()}`,
    securityHeaders: () => ({}),
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomUUID();
    next();
  });
  app.use(previewRequests());
  app.use(cache.capture);
  app.use(async (_req, res) => {
    renders += 1;
    // As a page's loader reads its content through the content cache.
    const hero = await cachedContent("hero", async () => {
      contentReads += 1;
      return previewing("hero") ? "Draft hero" : "Published hero";
    });
    const target = previewing("blog");
    res.status(200).set({ "Content-Type": "text/html; charset=utf-8", ...routeHeaders });
    res.end(
      `<html><body><p>${hero}</p><p>preview:${isPreview()}</p><p>blog:${target?.id ?? ""}</p></body></html>`,
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  stopContentCache();
  await new Promise((resolve) => server.close(resolve));
  await closeDatabase();
});

afterEach(() => {
  for (const name of Object.keys(routeHeaders)) delete routeHeaders[name];
});

const cookieFor = (token: string) => `bureau_preview=${btoa(JSON.stringify(token))}`;

async function get(path: string, cookie?: string) {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { response, body: await response.text() };
}

describe("a request with a preview cookie", () => {
  it("runs as a preview of the link's record, no-store and noindex, past both caches", async () => {
    const id = "0123456789abcdef01234567";
    const { token } = await createPreviewLink({ entity: "hero", id: null }, actor);
    const blog = await createPreviewLink({ entity: "blog", id }, actor);

    // Visitors fill both caches with the published page.
    const visitor = await get("/services");
    expect(visitor.body).toContain("Published hero");
    expect(visitor.body).toContain("preview:false");
    expect((await get("/services")).response.headers.get("X-Page-Cache")).toBe("hit");
    const rendered = renders;
    const read = contentReads;

    // A route that would let the page be kept: the preview still says no-store.
    routeHeaders["Cache-Control"] = "public, max-age=600";
    const preview = await get("/services", cookieFor(token));
    expect(preview.body).toContain("Draft hero");
    expect(preview.body).toContain("preview:true");
    expect(preview.response.headers.get("Cache-Control")).toBe("no-store");
    expect(preview.response.headers.get("X-Robots-Tag")).toMatch(/noindex/);
    expect(preview.response.headers.get("X-Page-Cache")).toBeNull();
    expect(preview.response.headers.get("Set-Cookie")).toBeNull();
    // Rendered for it (not the cached page), its content read for it (not the cached hero).
    expect(renders).toBe(rendered + 1);
    expect(contentReads).toBe(read + 1);

    // Another record's link previews that one only.
    const other = await get("/services", cookieFor(blog.token));
    expect(other.body).toContain(`blog:${id}`);
    expect(other.body).toContain("Published hero");

    // Visitors still get the published page; the draft was never kept by either cache.
    delete routeHeaders["Cache-Control"];
    const after = await get("/services");
    expect(after.body).toContain("Published hero");
    expect(after.response.headers.get("X-Page-Cache")).toBe("hit");
    const fresh = await get("/about");
    expect(fresh.body).toContain("Published hero");
    expect(fresh.body).not.toContain("Draft");
  });

  it("a revoked link's cookie is cleared and the page is the published one", async () => {
    const { token, link } = await createPreviewLink({ entity: "hero", id: null }, actor);
    expect((await get("/", cookieFor(token))).body).toContain("Draft hero");
    await revokePreviewLink(link.id, actor);
    const after = await get("/", cookieFor(token));
    expect(after.body).toContain("Published hero");
    expect(after.body).toContain("preview:false");
    expect(after.response.headers.get("Set-Cookie")).toMatch(
      /^bureau_preview=;.*Expires=Thu, 01 Jan 1970/,
    );
  });

  it("forged or malformed cookies are ordinary visits", async () => {
    for (const cookie of [cookieFor("A".repeat(56)), "bureau_preview=%%%"]) {
      const page = await get("/", cookie);
      expect(page.response.status).toBe(200);
      expect(page.body).toContain("preview:false");
    }
  });

  it("the admin and the JSON API are never previews", async () => {
    const { token } = await createPreviewLink({ entity: "hero", id: null }, actor);
    for (const path of ["/admin/dashboard", "/api/hero-section"]) {
      const page = await get(path, cookieFor(token));
      expect(page.body).toContain("preview:false");
      expect(page.response.headers.get("X-Robots-Tag")).toBeNull();
    }
  });
});
