import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { emptyCollections } from "../../tests/support/collections";
import { LATEST_BLOG_COUNT, loader } from "./home";

afterAll(closeDatabase);
beforeEach(() =>
  emptyCollections("heroSection", "highlights", "testimonials", "blogs", "contactInfo"),
);

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe("home loader", () => {
  it("reads the hero from the database", async () => {
    const { heroSection } = await getCollections();
    await heroSection.insertOne({
      _id: SINGLETON_ID,
      title: "Fresh title",
      subtitle: "Fresh subtitle",
      image: "/demo/hero.webp",
      ctaText: "",
      ctaLink: "/contact",
      updatedAt: new Date(),
    });
    const { hero, shareImage } = await loader({
      request: new Request("http://localhost/"),
    } as Parameters<typeof loader>[0]);
    expect(shareImage).toBe("http://localhost:3000/demo/hero.webp");
    expect(hero).toEqual({
      title: "Fresh title",
      subtitle: "Fresh subtitle",
      image: "/demo/hero.webp",
      // Saved before alt text existed: not described yet.
      imageAlt: "",
      imageDecorative: false,
      ctaText: "",
      ctaLink: "/contact",
    });
  });

  it("gives no hero, no highlights, no testimonials and no posts on an empty site", async () => {
    const data = await loader({ request: new Request("http://localhost/") } as Parameters<
      typeof loader
    >[0]);
    expect(data.hero).toBeNull();
    expect(data.shareImage).toBeNull();
    expect(data.highlights).toEqual([]);
    expect(data.testimonials).toEqual([]);
    expect(data.latestBlogs).toEqual([]);
    expect(data.contact).toBeNull();
  });

  it("orders highlights by their position, whatever order they were written in", async () => {
    const { highlights } = await getCollections();
    await highlights.insertMany(
      [2, 0, 1].map((order) => ({
        _id: new ObjectId(),
        title: `H${order}`,
        label: "",
        description: "",
        order,
        createdAt: day(1),
        updatedAt: day(1),
      })),
    );
    expect(
      (
        await loader({ request: new Request("http://localhost/") } as Parameters<typeof loader>[0])
      ).highlights.map((h) => h.title),
    ).toEqual(["H0", "H1", "H2"]);
  });

  it("gives the newest three posts, newest first, with string ids", async () => {
    const { blogs } = await getCollections();
    await blogs.insertMany(
      [3, 9, 1, 7, 5].map((n) => ({
        _id: new ObjectId(),
        title: `Post ${n}`,
        description: "Body",
        imageUrl: "",
        author: "A",
        authorName: "A",
        authorAvatar: "",
        excerpt: "",
        tags: [],
        createdAt: day(n),
        updatedAt: day(n),
      })),
    );
    const { latestBlogs } = await loader({
      request: new Request("http://localhost/"),
    } as Parameters<typeof loader>[0]);
    expect(latestBlogs).toHaveLength(LATEST_BLOG_COUNT);
    expect(latestBlogs.map((b) => b.title)).toEqual(["Post 9", "Post 7", "Post 5"]);
    expect(latestBlogs[0]?._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("gives every testimonial in the order they were added", async () => {
    const { testimonials } = await getCollections();
    await testimonials.insertMany(
      ["B", "A"].map((name, i) => ({
        _id: new ObjectId(),
        name,
        title: "CEO",
        image: "",
        text: "Great",
        rating: 5 - i,
        createdAt: day(i + 1),
        updatedAt: day(i + 1),
      })),
    );
    const { testimonials: list } = await loader({
      request: new Request("http://localhost/"),
    } as Parameters<typeof loader>[0]);
    expect(list.map((t) => [t.name, t.rating])).toEqual([
      ["B", 5],
      ["A", 4],
    ]);
  });
});
