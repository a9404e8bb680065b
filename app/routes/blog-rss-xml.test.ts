import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { type BlogDoc, SINGLETON_ID } from "#db/collections";
import { loader } from "./blog-rss-xml";

/** A GET of the route, as a feed reader or crawler sends it. */
const get = (headers: Record<string, string> = {}) =>
  loader({ request: new Request("http://localhost:3000/blog/rss.xml", { headers }) } as never);

afterAll(closeDatabase);
beforeEach(async () => {
  const { blogs, siteSettings } = await getCollections();
  await blogs.deleteMany({});
  await siteSettings.deleteMany({});
});

function blogDoc(overrides: Partial<BlogDoc>): BlogDoc {
  const createdAt = overrides.createdAt ?? new Date("2026-11-01T08:15:00Z");
  return {
    _id: new ObjectId(),
    title: "A post",
    description: "Plain body.",
    imageUrl: "",
    author: "Jonas Richter",
    authorName: "Jonas Richter",
    authorAvatar: "",
    excerpt: "",
    tags: [],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

describe("/blog/rss.xml", () => {
  it("is an RSS 2.0 feed of every post, newest first, with escaped text", async () => {
    const { blogs, siteSettings } = await getCollections();
    await siteSettings.insertOne({
      _id: SINGLETON_ID,
      brandName: "Tom & Jerry's <Agency>",
      legalName: "",
      tagline: "",
      logo: "",
      email: "",
      phone: "",
      social: [],
      updatedAt: new Date(),
    });
    const tricky = blogDoc({
      title: 'Fish & <Chips> "quoted"',
      excerpt: "Excerpt with <b>tags</b> & ampersands",
      tags: ["R&D", "<UX>"],
      createdAt: new Date("2026-11-20T09:30:00Z"),
      updatedAt: new Date("2026-11-21T10:00:00Z"),
    });
    const older = blogDoc({
      title: "Older post",
      // Control characters are not allowed in XML, even escaped.
      description: `## Heading\n\n${"word ".repeat(60)}\u0001`,
      createdAt: new Date("2026-10-02T00:00:00Z"),
    });
    await blogs.insertMany([older, tricky]);

    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/max-age=\d+/);
    const xml = await response.text();

    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain("<title>Tom &amp; Jerry&apos;s &lt;Agency&gt; Blog</title>");
    expect(xml).toContain("<link>http://localhost:3000/blog</link>");
    expect(xml).toContain(
      '<atom:link href="http://localhost:3000/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain("<lastBuildDate>Sat, 21 Nov 2026 10:00:00 GMT</lastBuildDate>");

    const items = xml.split("<item>").slice(1);
    expect(items).toHaveLength(2);
    const [first, second] = items as [string, string];
    const id = tricky._id.toHexString();
    expect(first).toContain("<title>Fish &amp; &lt;Chips&gt; &quot;quoted&quot;</title>");
    expect(first).toContain(`<link>http://localhost:3000/blog/${id}</link>`);
    expect(first).toContain(`<guid isPermaLink="true">http://localhost:3000/blog/${id}</guid>`);
    expect(first).toContain("<pubDate>Fri, 20 Nov 2026 09:30:00 GMT</pubDate>");
    expect(first).toContain(
      "<description>Excerpt with &lt;b&gt;tags&lt;/b&gt; &amp; ampersands</description>",
    );
    expect(first).toContain("<dc:creator>Jonas Richter</dc:creator>");
    expect(first).toContain("<category>R&amp;D</category>");
    expect(first).toContain("<category>&lt;UX&gt;</category>");
    // No excerpt: the description's prose as plain text (no heading), cut at a word within 160.
    const description = /<description>(.*)<\/description>/.exec(second)?.[1] ?? "";
    expect(description.startsWith("word word")).toBe(true);
    expect(description).toMatch(/ word\.\.\.$/);
    expect(description.endsWith("...")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(163);
    expect(xml).not.toContain("\u0001");

    // Nothing unescaped slipped through: every & starts an entity.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("is a valid empty channel when there are no posts", async () => {
    const xml = await (await get()).text();
    expect(xml).toContain("<title>Bureau Blog</title>");
    expect(xml).not.toContain("<item>");
    expect(xml).not.toContain("<lastBuildDate>");
    expect(xml.trimEnd().endsWith("</channel>\n</rss>")).toBe(true);
  });
});

describe("a post with only the SPEC's required fields", () => {
  it("does not break the feed", async () => {
    const { blogs } = await getCollections();
    await blogs.insertOne({
      _id: new ObjectId(),
      title: "Minimal post",
      description: "Body",
      imageUrl: "/x.webp",
      author: "Ann",
    } as unknown as BlogDoc);
    const response = await get();
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Minimal post");
  });
});

describe("a feed reader polling", () => {
  it("gets 304 while nothing changed, and the new feed once a post is added", async () => {
    const { blogs } = await getCollections();
    await blogs.insertOne(blogDoc({ title: "First" }));
    const first = await get();
    const etag = first.headers.get("ETag") as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);

    const again = await get({ "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);

    await blogs.insertOne(
      blogDoc({ title: "Second", createdAt: new Date("2026-11-02T08:00:00Z") }),
    );
    const changed = await get({ "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(await changed.text()).toContain("<title>Second</title>");
  });
});
