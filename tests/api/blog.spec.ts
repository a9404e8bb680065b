// /api/blog and /api/blog/{id}: the posts as a client reads and writes them, with the blog
// editor's rules and messages, images by address (uploaded through /api/images)
// and the clean-up of images a post no longer shows.
import { testTokenAndIds } from "../support/api-collection";
import { HEX_ID, ISO_DATE, imageServed, listOf, rowAt, STORED, uploadPng } from "./content-support";
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  send,
  test,
  UNKNOWN_ID,
} from "./fixtures";

const REQUIRED = "Title and description are required.";
const IMAGE = "Please upload a valid image before submitting.";
const AUTHOR = "Author is required.";

const post = (extra: Record<string, unknown> = {}) => ({
  title: "API post",
  description: "# Hello\n\nFrom the **API**.",
  imageUrl: "https://res.cloudinary.com/demo/image/upload/v1/cover.png",
  author: "Ada Lovelace",
  ...extra,
});

const titles = async (request: Parameters<typeof listOf>[0]) =>
  (await listOf(request, "/api/blog")).map((p) => p.title);

testTokenAndIds("/api/blog", post(), "Blog not found.");

test.describe("GET /api/blog", () => {
  test("lists every post newest first, in data, without a token", async ({ request }) => {
    const posts = await listOf(request, "/api/blog");
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      expect(p._id).toMatch(HEX_ID);
      expect(typeof p.title).toBe("string");
      expect(typeof p.description).toBe("string");
      expect(typeof p.imageUrl).toBe("string");
      expect(typeof p.author).toBe("string");
      expect(Array.isArray(p.tags)).toBe(true);
      expect(p.createdAt).toMatch(ISO_DATE);
    }
    const dates = posts.map((p) => String(p.createdAt));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test("answers the same at /api/blog/, which the SPEC's dashboard reads", async ({ request }) => {
    const slash = await request.get("/api/blog/");
    expect(slash.status()).toBe(200);
    expect(await slash.json()).toEqual({
      success: true,
      data: await listOf(request, "/api/blog"),
    });
  });
});

test.describe("GET /api/blog/{id}", () => {
  test("answers one post in data, without a token", async ({ request }) => {
    const first = await rowAt(request, "/api/blog");
    const response = await request.get(`/api/blog/${first._id}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: first });
  });
});

test.describe("POST /api/blog", () => {
  test("creates a post (201) that lists first and reads back", async ({ request, auth }) => {
    const response = await send(
      request,
      "post",
      "/api/blog",
      post({
        title: "  Created by the API  ",
        authorName: "Ada L.",
        excerpt: "Short.",
        tags: ["SEO", " react ", "seo"],
      }),
      auth,
    );
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Blog created.",
      data: {
        title: "Created by the API",
        description: "# Hello\n\nFrom the **API**.",
        author: "Ada Lovelace",
        authorName: "Ada L.",
        authorAvatar: "",
        excerpt: "Short.",
        tags: ["SEO", "react"],
      },
    });
    expect(body.data._id).toMatch(HEX_ID);
    expect(body.data.createdAt).toMatch(ISO_DATE);
    const list = await listOf(request, "/api/blog");
    expect(list[0]).toEqual(body.data);
    const one = await request.get(`/api/blog/${body.data._id}`);
    expect((await one.json()).data).toEqual(body.data);
    // The public page shows it too.
    expect((await request.get(`/blog/${body.data._id}`)).status()).toBe(200);
  });

  test("takes tags as the old form's comma-separated text", async ({ request, auth }) => {
    const response = await send(request, "post", "/api/blog", post({ tags: "a, b ,,A, c" }), auth);
    expect(response.status()).toBe(201);
    expect((await response.json()).data.tags).toEqual(["a", "b", "c"]);
  });

  test("answers the SPEC's messages for each missing field, writing nothing", async ({
    request,
    auth,
  }) => {
    const before = await titles(request);
    const response = await send(request, "post", "/api/blog", {}, auth);
    const body = await expectRefusal(response, 400);
    const byPath = Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.msg]));
    expect(byPath).toMatchObject({
      title: REQUIRED,
      description: REQUIRED,
      imageUrl: IMAGE,
      author: AUTHOR,
    });
    expect(
      await expectFieldError(
        await send(request, "post", "/api/blog", post({ title: "   " }), auth),
        "title",
      ),
    ).toBe(REQUIRED);
    expect(
      await expectFieldError(
        await send(request, "post", "/api/blog", post({ author: "" }), auth),
        "author",
      ),
    ).toBe(AUTHOR);
    expect(await titles(request)).toEqual(before);
  });

  test("refuses an image address that is no image of ours or not http(s)", async ({
    request,
    auth,
  }) => {
    const before = await titles(request);
    for (const imageUrl of [
      "",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/a.png",
      "/images/not-an-id",
      // The form of a stored image, but no file of that id.
      `/images/${UNKNOWN_ID}`,
    ]) {
      const response = await send(request, "post", "/api/blog", post({ imageUrl }), auth);
      expect(await expectFieldError(response, "imageUrl")).toBe(IMAGE);
    }
    const avatar = await send(
      request,
      "post",
      "/api/blog",
      post({ authorAvatar: `/images/${UNKNOWN_ID}` }),
      auth,
    );
    expect(await expectFieldError(avatar, "authorAvatar")).toBe(IMAGE);
    expect(await titles(request)).toEqual(before);
  });

  test("refuses operators, objects and arrays in every field", async ({ request, auth }) => {
    const before = await titles(request);
    const strings = [
      "title",
      "description",
      "imageUrl",
      "author",
      "authorName",
      "authorAvatar",
      "excerpt",
    ];
    for (const field of strings) {
      for (const value of INJECTIONS) {
        const response = await send(request, "post", "/api/blog", post({ [field]: value }), auth);
        await expectFieldError(response, field);
      }
    }
    // tags is a list of strings: a list of operators, an object or a number is refused.
    for (const value of [{ $ne: "" }, [{ $gt: "" }], [["a"]], 42, true, null]) {
      const response = await send(request, "post", "/api/blog", post({ tags: value }), auth);
      await expectFieldError(response, "tags");
    }
    // A body that is not an object at all.
    await expectRefusal(await send(request, "post", "/api/blog", [post()], auth), 400);
    expect(await titles(request)).toEqual(before);
  });

  test("takes JSON only: 415 otherwise", async ({ request, auth }) => {
    const response = await request.post("/api/blog", {
      headers: { ...auth, "Content-Type": "text/plain" },
      data: JSON.stringify(post()),
    });
    await expectRefusal(response, 415);
  });
});

test.describe("PUT /api/blog/{id}", () => {
  test("replaces the post and answers it", async ({ request, auth }) => {
    const created = (await (await send(request, "post", "/api/blog", post(), auth)).json()).data;
    const url = `/api/blog/${created._id}`;
    const response = await send(
      request,
      "put",
      url,
      post({ title: "Replaced", description: "New body", tags: "x,y" }),
      auth,
    );
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Blog updated.",
      data: { _id: created._id, title: "Replaced", description: "New body", tags: ["x", "y"] },
    });
    expect(body.data.createdAt).toBe(created.createdAt);
    expect((await (await request.get(url)).json()).data).toEqual(body.data);
  });

  test("answers 400 for a bad body, changing nothing", async ({ request, auth }) => {
    const first = await rowAt(request, "/api/blog");
    const response = await send(
      request,
      "put",
      `/api/blog/${first._id}`,
      post({ title: ["a title"] }),
      auth,
    );
    expect(await expectFieldError(response, "title")).toBe(REQUIRED);
    expect((await (await request.get(`/api/blog/${first._id}`)).json()).data).toEqual(first);
  });
});

test.describe("DELETE /api/blog/{id}", () => {
  test("deletes the post", async ({ request, auth }) => {
    const created = (await (await send(request, "post", "/api/blog", post(), auth)).json()).data;
    const url = `/api/blog/${created._id}`;
    const response = await request.delete(url, { headers: auth });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Blog deleted." });
    await expectRefusal(await request.get(url), 404);
    expect((await listOf(request, "/api/blog")).some((p) => p._id === created._id)).toBe(false);
    await expectRefusal(await request.delete(url, { headers: auth }), 404);
  });
});

test.describe("a post's uploaded images", () => {
  test("are kept by their secure_url, and go once the post no longer shows them", async ({
    request,
    auth,
  }) => {
    const cover = await uploadPng(request, auth);
    const avatar = await uploadPng(request, auth);
    // secure_url as the SPEC's clients keep it: stored as the site's own /images/<id>.
    const response = await send(
      request,
      "post",
      "/api/blog",
      post({ imageUrl: cover.secure_url, authorAvatar: avatar.url }),
      auth,
    );
    expect(response.status()).toBe(201);
    const created = (await response.json()).data;
    expect(created.imageUrl).toBe(cover.url);
    expect(created.imageUrl).toMatch(STORED);
    expect(created.authorAvatar).toBe(avatar.url);

    // A new cover: the old one is deleted, the avatar it still shows is kept.
    const next = await uploadPng(request, auth);
    const url = `/api/blog/${created._id}`;
    const updated = await send(
      request,
      "put",
      url,
      post({ imageUrl: next.url, authorAvatar: avatar.url }),
      auth,
    );
    expect(updated.status()).toBe(200);
    expect(await imageServed(request, cover.url)).toBe(false);
    expect(await imageServed(request, avatar.url)).toBe(true);
    expect(await imageServed(request, next.url)).toBe(true);

    // Deleting the post keeps both while it is in the trash; deleting it forever deletes both.
    expect((await request.delete(url, { headers: auth })).status()).toBe(200);
    expect(await imageServed(request, next.url)).toBe(true);
    const purge = `/api/blog/trash/${created._id}`;
    expect((await request.delete(purge, { headers: auth })).status()).toBe(200);
    expect(await imageServed(request, next.url)).toBe(false);
    expect(await imageServed(request, avatar.url)).toBe(false);
  });

  test("a picture another post still shows stays after the post is deleted forever", async ({
    request,
    auth,
  }) => {
    const shared = await uploadPng(request, auth);
    const a = (
      await (await send(request, "post", "/api/blog", post({ imageUrl: shared.url }), auth)).json()
    ).data;
    const b = (
      await (await send(request, "post", "/api/blog", post({ imageUrl: shared.url }), auth)).json()
    ).data;
    const gone = async (id: string) => {
      expect((await request.delete(`/api/blog/${id}`, { headers: auth })).status()).toBe(200);
      expect((await request.delete(`/api/blog/trash/${id}`, { headers: auth })).status()).toBe(200);
    };
    await gone(a._id);
    expect(await imageServed(request, shared.url)).toBe(true);
    await gone(b._id);
    expect(await imageServed(request, shared.url)).toBe(false);
  });
});
