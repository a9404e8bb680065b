import { ObjectId } from "mongodb";
import type { MetaDescriptor } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { BlogDoc } from "#db/collections";
import type { Route } from "./+types/blog";
import { BLOG_PAGE_SIZE, loader, meta } from "./blog";

afterAll(closeDatabase);
beforeEach(async () => {
  const { blogs } = await getCollections();
  await blogs.deleteMany({});
});

const DAY = 86_400_000;

/** `count` posts, "Post 1" the newest, one day apart. */
async function insertPosts(count: number) {
  const { blogs } = await getCollections();
  const base = Date.UTC(2026, 10, 20);
  const docs: BlogDoc[] = Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(base - i * DAY);
    return {
      _id: new ObjectId(),
      title: `Post ${i + 1}`,
      description: `Body of post ${i + 1} with **Markdown** that is long enough. `.repeat(8),
      imageUrl: "",
      author: "Author",
      authorName: "Author",
      authorAvatar: "",
      excerpt: "",
      tags: [],
      createdAt,
      updatedAt: createdAt,
    };
  });
  // Insert oldest first, so the order the page shows comes from the sort, not the insert.
  if (docs.length) await blogs.insertMany([...docs].reverse());
}

const load = (query = "") =>
  loader({
    request: new Request(`http://localhost/blog${query}`),
    params: {},
    context: {},
  } as unknown as Route.LoaderArgs);

describe("blog list loader", () => {
  it("shows nine posts a page, newest first, with the card text instead of the Markdown", async () => {
    await insertPosts(11);
    const first = await load();
    expect(BLOG_PAGE_SIZE).toBe(9);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 11 });
    expect(first.posts.map((p) => p.title)).toEqual(
      Array.from({ length: 9 }, (_, i) => `Post ${i + 1}`),
    );
    expect(first.posts[0]).not.toHaveProperty("description");
    // The card text: exactly the first 150 characters of the plain text, plus '...'.
    const plain = "Body of post 1 with Markdown that is long enough. ".repeat(8).trim();
    expect(first.posts[0]?.summary).toBe(`${plain.slice(0, 150).trimEnd()}...`);

    const second = await load("?page=2");
    expect(second).toMatchObject({ page: 2, pages: 2 });
    expect(second.posts.map((p) => p.title)).toEqual(["Post 10", "Post 11"]);
  });

  it("answers 404 for a page past the end", async () => {
    await insertPosts(3);
    await expect(load("?page=2")).rejects.toMatchObject({ init: { status: 404 } });
    await expect(load("?page=999999")).rejects.toMatchObject({ init: { status: 404 } });
  });

  it.each(["?page=abc", "?page=-1", "?page=0", "?page=1.5", "?page=", "?page=99999999999"])(
    "shows the first page for %s",
    async (query) => {
      await insertPosts(2);
      const data = await load(query);
      expect(data.page).toBe(1);
      expect(data.posts).toHaveLength(2);
    },
  );

  it("shows page 1 with no posts when there are none (the page says 'No blog articles found.')", async () => {
    expect(await load()).toMatchObject({ page: 1, pages: 1, total: 0, posts: [] });
    await expect(load("?page=2")).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("blog list meta", () => {
  const site = { siteUrl: "https://bureau.example", site: { brandName: "Bureau Digital" } };
  const metaFor = (data: Awaited<ReturnType<typeof loader>>) =>
    meta({
      loaderData: data,
      data,
      matches: [{ id: "routes/site-layout", loaderData: site, data: site }],
      location: { pathname: "/blog", search: "", hash: "", state: null, key: "k" },
      params: {},
    } as unknown as Route.MetaArgs) as Record<string, string>[];
  const find = (tags: MetaDescriptor[], key: string, value: string) =>
    (tags as Record<string, string>[]).find((t) => t[key] === value);

  it("gives page 1 the plain canonical URL and later pages their ?page", async () => {
    await insertPosts(10);
    const first = metaFor(await load("?page=1"));
    expect(find(first, "rel", "canonical")?.href).toBe("https://bureau.example/blog");
    expect(find(first, "title", "Blog | Bureau Digital")).toBeTruthy();
    const second = metaFor(await load("?page=2"));
    expect(find(second, "rel", "canonical")?.href).toBe("https://bureau.example/blog?page=2");
    expect(find(second, "title", "Blog – Page 2 | Bureau Digital")).toBeTruthy();
    expect(find(second, "rel", "alternate")).toMatchObject({
      type: "application/rss+xml",
      href: "https://bureau.example/blog/rss.xml",
    });
  });
});
