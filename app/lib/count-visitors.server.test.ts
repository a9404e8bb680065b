// The middleware over real HTTP: which answers count as a visit, and that answering one never
// waits for the database.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { utcDay } from "../domain/dashboard.server";
import { VisitorCounter } from "../domain/visitor-count.server";
import { countVisitors, isPageRequest } from "./count-visitors.server";

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const db = vi.fn(getDb);
const counter = new VisitorCounter({ db, flushIntervalMs: 60_000, log: () => {} });
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(countVisitors(counter));
  app.get("/missing", (_req, res) => void res.status(404).send("Not Found"));
  app.get("/moved", (_req, res) => res.redirect(302, "/"));
  app.use((_req, res) => void res.send("<h1>page</h1>"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  await closeDatabase();
});
beforeEach(async () => {
  await counter.flush();
  db.mockClear();
  const c = await getCollections();
  await Promise.all([
    c.visitorStats.deleteMany({}),
    c.visitorHits.deleteMany({}),
    c.visitorSalts.deleteMany({}),
  ]);
});

/** A request from a browser of its own (every request here comes from 127.0.0.1). */
async function get(path: string, browser: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, {
    redirect: "manual",
    ...init,
    headers: { "User-Agent": `${CHROME} ${browser}`, ...init.headers },
  });
  await response.arrayBuffer();
  return response.status;
}

const todayCount = async () =>
  (await (await getCollections()).visitorStats.findOne({ date: utcDay(new Date()) }))?.count ?? 0;

describe("countVisitors", () => {
  it("counts a GET of a page once it is answered, and writes only when flushed", async () => {
    expect(await get("/", "A")).toBe(200);
    await vi.waitFor(() => expect(counter.pending).toBe(1));
    // Answered without a single database call, and nothing stored yet.
    expect(db).not.toHaveBeenCalled();
    expect(await todayCount()).toBe(0);
    await counter.flush();
    expect(await todayCount()).toBe(1);
  });

  it("counts one visitor once over documents, client-side navigations and redirects", async () => {
    expect(await get("/", "A")).toBe(200);
    expect(await get("/blog", "A")).toBe(200);
    expect(await get("/blog.data", "A")).toBe(200);
    expect(await get("/_root.data", "A")).toBe(200);
    expect(await get("/moved", "A")).toBe(302);
    await vi.waitFor(() => expect(counter.pending).toBe(1));
    await counter.flush();
    expect(await get("/about", "A")).toBe(200);
    await vi.waitFor(() => expect(counter.pending).toBe(1));
    await counter.flush();
    expect(await todayCount()).toBe(1);
  });

  it("does not count errors, other methods, prefetches, files, assets, API or admin", async () => {
    const ignored: [string, string, RequestInit?][] = [
      ["/missing", "404"],
      ["/", "HEAD", { method: "HEAD" }],
      ["/", "POST", { method: "POST" }],
      ["/", "prefetch", { headers: { "Sec-Purpose": "prefetch" } }],
      ["/", "prerender", { headers: { "Sec-Purpose": "prefetch;prerender" } }],
      ["/blog.data", "link-prefetch", { headers: { Purpose: "prefetch" } }],
      ["/", "safari-preview", { headers: { "X-Purpose": "preview" } }],
      ["/sitemap.xml", "xml"],
      ["/robots.txt", "txt"],
      ["/blog/rss.xml", "rss"],
      ["/favicon.ico", "ico"],
      ["/demo/team-1.jpg", "jpg"],
      ["/assets/root-abc123.js", "asset"],
      ["/admin", "admin"],
      ["/admin/login", "admin-login"],
      ["/admin/dashboard.data", "admin-data"],
      ["/api/quotes", "api"],
      ["/__manifest?p=%2Fblog&version=1", "manifest"],
    ];
    for (const [path, browser, init] of ignored) await get(path, browser, init);
    // A last, counted request: once it is queued, the ones before it have been seen too.
    await get("/", "control");
    await vi.waitFor(() => expect(counter.pending).toBe(1));
    await counter.flush();
    expect(await todayCount()).toBe(1);
  });

  it("counts a bot user agent zero", async () => {
    await fetch(`${base}/`, {
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      },
    }).then((r) => r.arrayBuffer());
    await get("/", "control");
    await vi.waitFor(() => expect(counter.pending).toBe(1));
    await counter.flush();
    expect(await todayCount()).toBe(1);
  });
});

describe("isPageRequest", () => {
  it("takes public pages and their .data requests, nothing else", () => {
    for (const path of ["/", "/blog", "/blog/abc", "/_root.data", "/contact.data", "/administer"])
      expect(isPageRequest("GET", path), path).toBe(true);
    for (const path of [
      "/admin",
      "/admin/x",
      "/api",
      "/api/x",
      "/assets/a.js",
      "/a.css",
      "/__manifest",
    ])
      expect(isPageRequest("GET", path), path).toBe(false);
    expect(isPageRequest("HEAD", "/")).toBe(false);
    expect(isPageRequest("POST", "/contact")).toBe(false);
  });
});
