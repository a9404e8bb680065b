import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { buildDemoContent } from "#db/seed/demo-content";
import { demoId, resetDemoContent } from "#db/seed/index";
import { loader } from "./sitemap-xml";

/** A GET of the route, as a feed reader or crawler sends it. */
const get = (headers: Record<string, string> = {}) =>
  loader({ request: new Request("http://localhost:3000/sitemap.xml", { headers }) } as never);

const NOW = new Date("2026-11-22T10:00:00Z");

afterAll(closeDatabase);
beforeAll(async () => {
  await resetDemoContent(await getDb(), { now: NOW });
});

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

function entries(xml: string) {
  return [
    ...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>(?:\s*<lastmod>([^<]+)<\/lastmod>)?\s*<\/url>/g),
  ].map((m) => ({ loc: m[1] as string, lastmod: m[2] }));
}

describe("/sitemap.xml", () => {
  it("lists every public page and every post with an absolute URL and a W3C lastmod", async () => {
    const response = await get();
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);

    const demo = buildDemoContent(NOW);
    const list = entries(xml);
    const expected = [
      ...PAGES.map((p) => `http://localhost:3000${p}`),
      ...demo.blogs.map((_, i) => `http://localhost:3000/blog/${demoId("blogs", i).toHexString()}`),
    ];
    expect(list.map((e) => e.loc)).toEqual(expected);
    expect((xml.match(/<url>/g) ?? []).length).toBe(expected.length);
    for (const entry of list)
      expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    // A post's lastmod is its own updatedAt; /blog's is the newest post's.
    const newestPost = demo.blogs[0];
    expect(list[PAGES.length]?.lastmod).toBe(
      newestPost?.updatedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    );
    expect(list[PAGES.indexOf("/blog")]?.lastmod).toBe(list[PAGES.length]?.lastmod);
  });

  it("follows an edit: the edited post and the pages showing it get the new date", async () => {
    const { blogs } = await getCollections();
    const id = demoId("blogs", 6);
    const edited = new Date("2026-11-22T09:59:00Z");
    await blogs.updateOne({ _id: id }, { $set: { updatedAt: edited, title: 'A <&"> title' } });
    const xml = await (await get()).text();
    const list = entries(xml);
    const post = list.find((e) => e.loc.endsWith(id.toHexString()));
    expect(post?.lastmod).toBe("2026-11-22T09:59:00Z");
    expect(list.find((e) => e.loc === "http://localhost:3000/blog")?.lastmod).toBe(
      "2026-11-22T09:59:00Z",
    );
    // Titles never reach the sitemap; nothing in it needs escaping but is escaped anyway.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(xml).not.toContain("<&");
  });
});
