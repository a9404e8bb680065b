import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { BlogDoc } from "#db/collections";
import {
  blogStore,
  blogSummary,
  listBlogPage,
  listBlogStamps,
  readingMinutes,
} from "./blogs.server";

const getBlogById = blogStore.get;

afterAll(closeDatabase);
beforeEach(async () => {
  const { blogs } = await getCollections();
  await blogs.deleteMany({});
});

function blogDoc(title: string, createdAt: Date, updatedAt = createdAt): BlogDoc {
  return {
    _id: new ObjectId(),
    title,
    description: "Body",
    imageUrl: "",
    author: "A",
    authorName: "A",
    authorAvatar: "",
    excerpt: "",
    tags: [],
    createdAt,
    updatedAt,
  };
}

describe("blog readers", () => {
  it("listBlogPage pages newest first; listBlogStamps gives ids and last changes only", async () => {
    const { blogs } = await getCollections();
    const old = blogDoc("Old", new Date("2026-01-01T00:00:00Z"), new Date("2026-06-01T00:00:00Z"));
    const recent = blogDoc("Recent", new Date("2026-03-01T00:00:00Z"));
    await blogs.insertMany([old, recent]);
    const page = await listBlogPage(1, 1);
    expect(page).toMatchObject({ page: 1, pages: 2, total: 2 });
    expect(page.items.map((p) => p.title)).toEqual(["Recent"]);
    expect(await listBlogStamps()).toEqual([
      { _id: recent._id.toHexString(), updatedAt: recent.updatedAt },
      { _id: old._id.toHexString(), updatedAt: old.updatedAt },
    ]);
  });

  it("leave out a post in the trash: off the blog pages, the feed and the sitemap at once", async () => {
    const { blogs } = await getCollections();
    const kept = blogDoc("Kept", new Date("2026-01-01T00:00:00Z"));
    const binned = {
      ...blogDoc("Binned", new Date("2026-03-01T00:00:00Z")),
      deletedAt: new Date(),
      deletedBy: "ana@bureau.test",
    };
    await blogs.insertMany([kept, binned]);
    const page = await listBlogPage(1, 10);
    expect(page).toMatchObject({ total: 1 });
    expect(page.items.map((p) => p.title)).toEqual(["Kept"]);
    expect((await listBlogStamps()).map((s) => s._id)).toEqual([kept._id.toHexString()]);
    expect(await getBlogById(binned._id.toHexString())).toBeNull();
  });
});

describe("blogSummary", () => {
  it("prefers the excerpt", () => {
    expect(blogSummary({ excerpt: "  Short.  ", description: "# Long" })).toBe("Short.");
  });

  it("otherwise gives the Markdown's prose as plain text, cut at a word within 160", () => {
    const words = "lorem ipsum dolor ".repeat(20);
    const summary = blogSummary({
      excerpt: " ",
      description: `## Title\n\n**Bold** and [a link](https://example.com) ${words}`,
    });
    // The heading is no sentence of the preview; the syntax is gone.
    const prose = `Bold and a link ${words}`.trim();
    expect(summary.endsWith("...")).toBe(true);
    const kept = summary.slice(0, -3);
    expect(kept.length).toBeLessThanOrEqual(160);
    expect(prose.startsWith(kept)).toBe(true);
    // Cut between two words, not inside one.
    expect(prose[kept.length]).toBe(" ");
  });

  it("keeps a short description whole", () => {
    expect(blogSummary({ excerpt: "", description: "Just *this*." })).toBe("Just this.");
  });
});

describe("readingMinutes", () => {
  it("counts about 200 words a minute, at least one", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });
});

describe("posts written with only the SPEC's required fields", () => {
  it("are read with blanks for the optional fields, never undefined", async () => {
    const { blogs } = await getCollections();
    const _id = new ObjectId();
    // As an older API client may have stored it: no authorName, avatar, excerpt, tags or dates.
    await blogs.insertOne({
      _id,
      title: "Minimal",
      description: "Body",
      imageUrl: "/x.webp",
      author: "Ann",
    } as unknown as BlogDoc);
    const post = await getBlogById(_id.toHexString());
    expect(post).toMatchObject({
      title: "Minimal",
      author: "Ann",
      authorName: "",
      authorAvatar: "",
      excerpt: "",
      tags: [],
    });
    expect(post?.createdAt).toBeInstanceOf(Date);
    expect(post?.updatedAt).toEqual(post?.createdAt);
  });

  it("keep each tag once", async () => {
    const { blogs } = await getCollections();
    const doc = { ...blogDoc("Tags", new Date()), tags: ["SEO", "SEO", " ", "Web"] };
    await blogs.insertOne(doc);
    expect((await getBlogById(doc._id.toHexString()))?.tags).toEqual(["SEO", "Web"]);
  });
});
