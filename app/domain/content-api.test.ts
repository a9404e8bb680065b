// The JSON API's body schemas of the content collections (issue 8): the editors' field schemas
// and messages, read from JSON (tags as a list or text, images by address only).
import { describe, expect, it } from "vitest";
import { BLOG_AUTHOR_REQUIRED, BLOG_IMAGE_REQUIRED, BLOG_REQUIRED, blogs } from "~/content/blogs";
import { highlights } from "~/content/highlights";
import { apiBody, POSITION_MESSAGE } from "~/content/kit/types";
import {
  DEFAULT_RATING,
  TESTIMONIAL_IMAGE_REQUIRED,
  TESTIMONIAL_RATING_RANGE,
  TESTIMONIAL_REQUIRED,
  testimonials,
} from "~/content/testimonials";
import { storedImagePath } from "./image";

const post = {
  title: " Hello ",
  description: "Line one\r\nLine two",
  imageUrl: "https://res.cloudinary.com/x/image/upload/v1/a.png",
  author: "Ada",
};

/** The messages of a failed parse, by field. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const blogApiSchema = apiBody(blogs);

describe("blogApiSchema", () => {
  it("reads a post as the editor stores it, optional fields empty", () => {
    expect(blogApiSchema.parse(post)).toEqual({
      title: "Hello",
      description: "Line one\nLine two",
      imageUrl: post.imageUrl,
      // Optional for JSON clients (the editor requires one or the other).
      imageUrlAlt: "",
      imageUrlDecorative: false,
      author: "Ada",
      authorName: "",
      authorAvatar: "",
      authorMember: "",
      excerpt: "",
      tags: [],
    });
  });

  it("takes tags as a list or as the old form's comma-separated text, both through parseTags", () => {
    expect(blogApiSchema.parse({ ...post, tags: ["SEO", " react ", "seo", ""] }).tags).toEqual([
      "SEO",
      "react",
    ]);
    expect(blogApiSchema.parse({ ...post, tags: "SEO, react , seo,,Cloud" }).tags).toEqual([
      "SEO",
      "react",
      "Cloud",
    ]);
    const tooMany = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(errorsOf(blogApiSchema.safeParse({ ...post, tags: tooMany })).tags).toBe(
      "At most 20 tags.",
    );
    expect(errorsOf(blogApiSchema.safeParse({ ...post, tags: [1, 2] })).tags).toBeTruthy();
    expect(errorsOf(blogApiSchema.safeParse({ ...post, tags: { $ne: "" } })).tags).toBeTruthy();
  });

  it("answers the SPEC's messages, every field at once", () => {
    expect(errorsOf(blogApiSchema.safeParse({}))).toEqual({
      title: BLOG_REQUIRED,
      description: BLOG_REQUIRED,
      imageUrl: BLOG_IMAGE_REQUIRED,
      author: BLOG_AUTHOR_REQUIRED,
    });
    expect(errorsOf(blogApiSchema.safeParse({ ...post, title: "  " })).title).toBe(BLOG_REQUIRED);
    for (const imageUrl of ["", "javascript:alert(1)", "//evil.example/a.png", { $ne: "" }]) {
      expect(errorsOf(blogApiSchema.safeParse({ ...post, imageUrl })).imageUrl).toBe(
        BLOG_IMAGE_REQUIRED,
      );
    }
    expect(
      errorsOf(blogApiSchema.safeParse({ ...post, authorAvatar: "data:image/png;base64,x" }))
        .authorAvatar,
    ).toBe(BLOG_IMAGE_REQUIRED);
  });

  it("refuses an object where a string belongs", () => {
    for (const field of ["title", "description", "author", "authorName", "excerpt"]) {
      expect(
        errorsOf(blogApiSchema.safeParse({ ...post, [field]: { $gt: "" } }))[field],
      ).toBeTruthy();
    }
  });
});

const testimonialApiSchema = () => apiBody(testimonials);

describe("testimonialApiSchema", () => {
  const testimonial = {
    name: "Ada",
    title: "CTO",
    text: "Great.",
    image: "/images/0123456789abcdef01234567",
  };

  it("defaults the rating to 5", () => {
    expect(testimonialApiSchema().parse(testimonial)).toEqual({
      ...testimonial,
      rating: DEFAULT_RATING,
    });
  });

  it("requires an image, and a whole rating from 1 to 5", () => {
    expect(
      errorsOf(testimonialApiSchema().safeParse({ ...testimonial, image: undefined })).image,
    ).toBe(TESTIMONIAL_IMAGE_REQUIRED);
    expect(errorsOf(testimonialApiSchema().safeParse({ ...testimonial, image: "" })).image).toBe(
      TESTIMONIAL_IMAGE_REQUIRED,
    );
    for (const rating of [0, 6, 2.5, "4", true, null]) {
      expect(errorsOf(testimonialApiSchema().safeParse({ ...testimonial, rating })).rating).toBe(
        TESTIMONIAL_RATING_RANGE,
      );
    }
    expect(errorsOf(testimonialApiSchema().safeParse({})).name).toBe(TESTIMONIAL_REQUIRED);
  });
});

const highlightSchema = highlights.schema;

describe("highlightSchema read from JSON", () => {
  it("takes a 1-based position, or none", () => {
    expect(highlightSchema.parse({ title: "A", description: "B" })).toEqual({
      title: "A",
      label: "",
      description: "B",
    });
    expect(highlightSchema.parse({ title: "A", description: "B", position: 2 }).position).toBe(2);
    expect(
      errorsOf(highlightSchema.safeParse({ title: "A", description: "B", position: 0 })).position,
    ).toBe(POSITION_MESSAGE);
  });
});

describe("storedImagePath", () => {
  const site = "https://bureau.example";
  const id = "0123456789abcdef01234567";

  it("turns this site's absolute address of a stored image into /images/<id>", () => {
    expect(storedImagePath(`${site}/images/${id}`, site)).toBe(`/images/${id}`);
    expect(storedImagePath(`${site}/images/${id}`, `${site}/`)).toBe(`/images/${id}`);
    // A fragment never reaches the server: dropped.
    expect(storedImagePath(`${site}/images/${id}#x`, site)).toBe(`/images/${id}`);
  });

  it("refuses any other address of our own origin under /images/", () => {
    for (const url of [
      `${site}/images/${id}?v=2`,
      `${site}/images/${id}?`,
      `${site}//images/${id}`,
      `${site}/images//${id}`,
      `${site}/images/${id}/`,
      `${site}/images/${id}/x`,
      `${site}/images/${id.toUpperCase()}`,
      `${site}/%69mages/${id}`,
      `${site}/IMAGES/${id}`,
      `${site}/images/`,
      `${site}/images/not-an-id`,
    ]) {
      expect(storedImagePath(url, site), url).toBeNull();
    }
  });

  it("leaves every other address alone", () => {
    for (const url of [
      `/images/${id}`,
      `https://other.example/images/${id}`,
      `http://bureau.example/images/${id}`,
      `${site}/demo/a.png`,
      `${site}/imagesx/a.png`,
      "https://res.cloudinary.com/x/image/upload/v1/a.png",
      "",
      "not a url",
    ]) {
      expect(storedImagePath(url, site)).toBe(url);
    }
  });
});
