import { ObjectId } from "mongodb";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type MetaDescriptor } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as client from "#db/client.server";
import { closeDatabase, getCollections } from "#db/client.server";
import type { BlogDoc } from "#db/collections";
import type { Route } from "./+types/blog-post";
import { loader, meta } from "./blog-post";

afterAll(closeDatabase);
beforeEach(async () => {
  const { blogs } = await getCollections();
  await blogs.deleteMany({});
});

function blogDoc(overrides: Partial<BlogDoc> = {}): BlogDoc {
  const createdAt = overrides.createdAt ?? new Date("2026-11-01T08:15:00Z");
  return {
    _id: new ObjectId(),
    title: 'Shipping <fast> & "safe"',
    description: "## Heading\n\nBody text with **bold** words.",
    imageUrl: "/demo/blog-core-web-vitals.webp",
    author: "Priya Raman",
    authorName: "Priya Raman",
    authorAvatar: "/demo/team-priya-raman.webp",
    excerpt: "A short excerpt.",
    tags: ["SEO", "Performance"],
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

const load = (id: string) =>
  loader({
    request: new Request(`http://localhost/blog/${id}`),
    params: { id },
    context: {},
  } as unknown as Route.LoaderArgs);

const site = { siteUrl: "https://bureau.example", site: { brandName: "Bureau Digital" } };
function metaFor(
  data: Awaited<ReturnType<typeof loader>> | undefined,
  path: string,
  error?: unknown,
) {
  return meta({
    loaderData: data,
    data,
    error,
    matches: [{ id: "routes/site-layout", loaderData: site, data: site }],
    location: { pathname: path, search: "", hash: "", state: null, key: "k" },
    params: {},
  } as unknown as Route.MetaArgs);
}
const tag = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((t) => (t as Record<string, string>)[key] === value) as
    | Record<string, string>
    | undefined;

describe("blog post loader", () => {
  it("reads the post with its author, tags, summary and a few more articles", async () => {
    const { blogs } = await getCollections();
    const post = blogDoc();
    const older = blogDoc({ title: "Older", createdAt: new Date("2026-10-01T00:00:00Z") });
    await blogs.insertMany([post, older]);

    const data = await load(post._id.toHexString());
    expect(data.post).toMatchObject({
      _id: post._id.toHexString(),
      title: post.title,
      author: { name: "Priya Raman", role: "" },
      tags: ["SEO", "Performance"],
    });
    // The Markdown arrives as HTML made on the server.
    expect(data.html).toMatch(/<h2[^>]*>Heading<\/h2>/);
    expect(data.html).toMatch(/<strong[^>]*>bold<\/strong>/);
    expect(data.post).not.toHaveProperty("description");
    expect(data.url).toBe(`http://localhost:3000/blog/${post._id.toHexString()}`);
    expect(data.summary).toBe("A short excerpt.");
    expect(data.shareImage).toBe("http://localhost:3000/demo/blog-core-web-vitals.webp");
    // The post itself is not among "more articles", and their Markdown stays on the server.
    expect(data.more.map((p) => p.title)).toEqual(["Older"]);
    expect(data.more[0]).not.toHaveProperty("description");
  });

  it("renders no HTML or script URL from the post's Markdown", async () => {
    const { blogs } = await getCollections();
    const post = blogDoc({
      description:
        "Hi\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))",
    });
    await blogs.insertOne(post);
    const { html } = await load(post._id.toHexString());
    expect(html).toContain("Hi");
    expect(html).not.toMatch(/<script|<img|onerror|javascript:|alert/i);
  });

  it("falls back to 'Unknown Author' and the default image", async () => {
    const { blogs } = await getCollections();
    const post = blogDoc({ author: "", authorName: " ", imageUrl: "" });
    await blogs.insertOne(post);
    const data = await load(post._id.toHexString());
    expect(data.post.author).toMatchObject({ name: "Unknown Author", role: "" });
    expect(data.shareImage).toBe("http://localhost:3000/demo/default-image.webp");
  });

  it("answers 404 'Blog not found.' for an unknown id", async () => {
    await expect(load(new ObjectId().toHexString())).rejects.toMatchObject({
      data: "Blog not found.",
      init: { status: 404 },
    });
  });

  // Control for the test below: the spy does see a lookup of a well-formed id.
  it("asks the database for a well-formed id", async () => {
    const spy = vi.spyOn(client, "getCollections");
    await load(new ObjectId().toHexString()).catch(() => {});
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it.each(["not-an-id", "hello-world!", "123", "zzzzzzzzzzzzzzzzzzzzzzzz", "%00"])(
    "answers 404 for the malformed id %j without asking the database",
    async (id) => {
      const spy = vi.spyOn(client, "getCollections");
      await expect(load(id)).rejects.toMatchObject({
        data: "Blog not found.",
        init: { status: 404 },
      });
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    },
  );
});

describe("blog post meta", () => {
  it("titles the page after the post with a blog suffix and describes it for social cards", async () => {
    const { blogs } = await getCollections();
    const post = blogDoc();
    await blogs.insertOne(post);
    const path = `/blog/${post._id.toHexString()}`;
    const tags = metaFor(await load(post._id.toHexString()), path);

    expect(tag(tags, "title", `${post.title} | Bureau Digital Blog`)).toBeTruthy();
    expect(tag(tags, "name", "description")?.content).toBe("A short excerpt.");
    expect(tag(tags, "property", "og:title")?.content).toBe(`${post.title} | Bureau Digital Blog`);
    expect(tag(tags, "property", "og:description")?.content).toBe("A short excerpt.");
    expect(tag(tags, "property", "og:type")?.content).toBe("article");
    expect(tag(tags, "property", "og:image")?.content).toBe(
      "http://localhost:3000/demo/blog-core-web-vitals.webp",
    );
    expect(tag(tags, "name", "twitter:image")?.content).toMatch(/^http:\/\/localhost:3000\//);
    expect(tag(tags, "property", "article:published_time")?.content).toBe(
      "2026-11-01T08:15:00.000Z",
    );
    expect(tag(tags, "rel", "canonical")?.href).toBe(`https://bureau.example${path}`);
    expect(tag(tags, "rel", "alternate")).toMatchObject({
      type: "application/rss+xml",
      href: "https://bureau.example/blog/rss.xml",
    });
  });

  it("without an excerpt, describes the post by its prose as plain text, cut at a word within 160", async () => {
    const { blogs } = await getCollections();
    const words = "Lorem ipsum dolor sit amet consectetur ".repeat(10);
    const post = blogDoc({ excerpt: "", description: `## Intro\n\n**${words.trim()}**` });
    await blogs.insertOne(post);
    const tags = metaFor(await load(post._id.toHexString()), "/blog/x");
    const description = tag(tags, "name", "description")?.content ?? "";
    // The heading is left out (no sentence of the post), and so is the syntax.
    expect(description.startsWith("Lorem ipsum dolor")).toBe(true);
    expect(description).not.toMatch(/[#*]/);
    // The whole words that fit in 160 characters, plus the ellipsis.
    expect(description).toBe(`${words.slice(0, 156).trimEnd()}...`);
  });

  it("marks the not-found page noindex", () => {
    const tags = metaFor(
      undefined,
      "/blog/nope",
      new ErrorResponseImpl(404, "", "Blog not found."),
    );
    expect(tag(tags, "title", "Blog not found | Bureau Digital")).toBeTruthy();
    expect(tag(tags, "name", "robots")?.content).toBe("noindex");
  });

  it("does not call a failure of another kind 'not found'", () => {
    const tags = metaFor(undefined, "/blog/x", new Error("boom"));
    expect(tag(tags, "title", "Something went wrong | Bureau Digital")).toBeTruthy();
    expect(tag(tags, "name", "robots")?.content).toBe("noindex");
  });
});

describe("a post with only the SPEC's required fields", () => {
  it("loads with the fallbacks instead of failing", async () => {
    const { blogs } = await getCollections();
    const _id = new ObjectId();
    await blogs.insertOne({
      _id,
      title: "Minimal post",
      description: "Body",
      imageUrl: "/x.webp",
      author: "Ann",
    } as unknown as BlogDoc);
    const data = await load(_id.toHexString());
    expect(data.post.title).toBe("Minimal post");
  });
});
