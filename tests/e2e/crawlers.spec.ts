// What crawlers and feed readers fetch: /robots.txt, /sitemap.xml and /blog/rss.xml, checked
// the way a crawler sees them (plain HTTP requests, no browser), and every URL they name
// answering 200. HTTP only, so the js-enabled project alone runs them (@js-only): without
// JavaScript the same requests get the same answers, and only the XML parse in the page needs it.

import { buildDemoContent } from "../../db/seed/demo-content";
import { demoId } from "../../db/seed/index";
import { E2E_SEED_NOW } from "../support/constants";
import { expect, httpTest, test } from "./fixtures";

const posts = buildDemoContent(E2E_SEED_NOW)
  .blogs.map((post, index) => ({ ...post, id: demoId("blogs", index).toHexString() }))
  .sort((a, b) => +b.createdAt - +a.createdAt);

const PAGES = [
  "/",
  "/services",
  "/internships",
  "/resources",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/blog",
];

/**
 * Parses XML in the browser and returns its parse errors ("" when well-formed).
 */
async function xmlErrors(
  page: import("@playwright/test").Page,
  xml: string,
  type: string,
): Promise<string> {
  await page.goto("about:blank");
  return page.evaluate(
    ([text, mime]) => {
      const doc = new DOMParser().parseFromString(text, mime as DOMParserSupportedType);
      return doc.getElementsByTagName("parsererror")[0]?.textContent ?? "";
    },
    [xml, type] as const,
  );
}

httpTest(
  "robots.txt keeps crawlers out of the back office and names the sitemap",
  {
    tag: "@js-only",
  },
  async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toEqual([
      "User-agent: *",
      "Disallow: /admin",
      "",
      `Sitemap: ${baseURL}/sitemap.xml`,
      "",
    ]);
  },
);

test("the sitemap lists every public page and post, with lastmod, and each URL works", {
  tag: "@js-only",
}, async ({ request, page, baseURL, javaScriptEnabled }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  if (javaScriptEnabled) expect(await xmlErrors(page, xml, "application/xml")).toBe("");

  const urls = [
    ...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>\s*<\/url>/g),
  ];
  expect(urls).toHaveLength((xml.match(/<url>/g) ?? []).length);
  expect(urls.map((m) => m[1])).toEqual([
    ...PAGES.map((p) => `${baseURL}${p}`),
    ...posts.map((p) => `${baseURL}/blog/${p.id}`),
  ]);
  for (const [, loc, lastmod] of urls) {
    expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(lastmod as string)).toBeLessThanOrEqual(Date.now());
    expect((await request.get(loc as string)).status(), loc).toBe(200);
  }
});

test("the RSS feed carries every post, newest first, and is well-formed", {
  tag: "@js-only",
}, async ({ request, page, baseURL, javaScriptEnabled }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
  const xml = await response.text();
  if (javaScriptEnabled) expect(await xmlErrors(page, xml, "application/xml")).toBe("");

  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain(`<link>${baseURL}/blog</link>`);
  expect(xml).toContain(
    `<atom:link href="${baseURL}/blog/rss.xml" rel="self" type="application/rss+xml"/>`,
  );
  const items = xml.split("<item>").slice(1);
  expect(items).toHaveLength(posts.length);
  for (const [index, post] of posts.entries()) {
    const item = items[index] as string;
    const link = `${baseURL}/blog/${post.id}`;
    expect(item).toContain(`<title>${post.title.replace(/&/g, "&amp;")}</title>`);
    expect(item).toContain(`<link>${link}</link>`);
    expect(item).toContain(`<guid isPermaLink="true">${link}</guid>`);
    expect(item).toContain(`<pubDate>${post.createdAt.toUTCString()}</pubDate>`);
    expect(item).toContain(
      `<description>${post.excerpt.replace(/&/g, "&amp;").replace(/'/g, "&apos;")}</description>`,
    );
  }
  expect((await request.get(`/blog/${posts[0]?.id}`)).status()).toBe(200);
});

httpTest(
  "the blog pages point feed readers at the feed",
  { tag: "@js-only" },
  async ({ request }) => {
    for (const path of ["/blog", `/blog/${posts[0]?.id}`]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]+ Blog" href="[^"]+\/blog\/rss\.xml"\/>/,
      );
    }
  },
);
