// /api/testimonials and /api/testimonials/{id} (SPEC §7): the carousel's testimonials as a
// client reads and writes them, with the editor's rules (SPEC §5 Testimonial: name, title and
// text required, a valid uploaded image, rating 1 to 5, default 5).
import { HEX_ID, imageServed, listOf, rowAt, uploadPng } from "./content-support";
import {
  expect,
  expectFieldError,
  expectRefusal,
  INJECTIONS,
  MALFORMED_IDS,
  send,
  test,
  UNKNOWN_ID,
} from "./fixtures";

const BAD_TOKEN = { Authorization: "Bearer not-a-real-token" };
const NOT_FOUND = "This testimonial does not exist (it may have been deleted).";
const REQUIRED = "Name, title, and text are required.";
const RATING = "Rating must be between 1 and 5.";
const IMAGE = "Please upload a valid image before submitting.";

const testimonial = (extra: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  title: "Rear Admiral, US Navy",
  text: "They shipped on time.",
  image: "https://res.cloudinary.com/demo/image/upload/v1/grace.png",
  rating: 4,
  ...extra,
});

const names = async (request: Parameters<typeof listOf>[0]) =>
  (await listOf(request, "/api/testimonials")).map((t) => `${t._id}:${t.name}:${t.rating}`);

test.describe("GET /api/testimonials", () => {
  test("lists them in data, without a token", async ({ request }) => {
    const list = await listOf(request, "/api/testimonials");
    expect(list.length).toBeGreaterThan(0);
    for (const t of list) {
      expect(t._id).toMatch(HEX_ID);
      expect(Object.keys(t).sort()).toEqual(["_id", "image", "name", "rating", "text", "title"]);
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
    }
  });
});

test.describe("GET /api/testimonials/{id}", () => {
  test("answers one in data, without a token", async ({ request }) => {
    const first = await rowAt(request, "/api/testimonials");
    const response = await request.get(`/api/testimonials/${first._id}`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: first });
  });

  test("answers 404 for an unknown or malformed id", async ({ request }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const body = await expectRefusal(await request.get(`/api/testimonials/${id}`), 404);
      expect(body.message).toBe(NOT_FOUND);
    }
  });
});

test.describe("POST /api/testimonials", () => {
  test("needs a token: none or a bad one is a 401 and writes nothing", async ({ request }) => {
    const before = await names(request);
    await expectRefusal(await request.post("/api/testimonials", { data: testimonial() }), 401);
    await expectRefusal(
      await send(request, "post", "/api/testimonials", testimonial(), BAD_TOKEN),
      401,
    );
    expect(await names(request)).toEqual(before);
  });

  test("creates one (201), listed last in the carousel's order", async ({ request, auth }) => {
    const response = await send(
      request,
      "post",
      "/api/testimonials",
      testimonial({ name: "  Grace  " }),
      auth,
    );
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      message: "Testimonial created.",
      data: { ...testimonial({ name: "Grace" }), _id: expect.stringMatching(HEX_ID) },
    });
    const list = await listOf(request, "/api/testimonials");
    expect(list.at(-1)).toEqual(body.data);
    expect((await (await request.get(`/api/testimonials/${body.data._id}`)).json()).data).toEqual(
      body.data,
    );
  });

  test("rates 5 when the rating is left out", async ({ request, auth }) => {
    const { rating: _, ...unrated } = testimonial();
    const response = await send(request, "post", "/api/testimonials", unrated, auth);
    expect(response.status()).toBe(201);
    expect((await response.json()).data.rating).toBe(5);
  });

  test("answers the SPEC's messages, writing nothing", async ({ request, auth }) => {
    const before = await names(request);
    const body = await expectRefusal(
      await send(request, "post", "/api/testimonials", {}, auth),
      400,
    );
    const byPath = Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.msg]));
    expect(byPath).toEqual({ name: REQUIRED, title: REQUIRED, text: REQUIRED, image: IMAGE });
    for (const rating of [0, 6, 4.5, "5"]) {
      const response = await send(
        request,
        "post",
        "/api/testimonials",
        testimonial({ rating }),
        auth,
      );
      expect(await expectFieldError(response, "rating")).toBe(RATING);
    }
    for (const image of ["", "javascript:alert(1)", "/images/nope", `/images/${UNKNOWN_ID}`]) {
      const response = await send(
        request,
        "post",
        "/api/testimonials",
        testimonial({ image }),
        auth,
      );
      expect(await expectFieldError(response, "image")).toBe(IMAGE);
    }
    expect(await names(request)).toEqual(before);
  });

  test("refuses operators, objects and arrays in every field", async ({ request, auth }) => {
    const before = await names(request);
    for (const field of ["name", "title", "text", "image", "rating"]) {
      for (const value of [...INJECTIONS, ...(field === "rating" ? [true, "5"] : [true, 5])]) {
        const response = await send(
          request,
          "post",
          "/api/testimonials",
          testimonial({ [field]: value }),
          auth,
        );
        await expectFieldError(response, field);
      }
    }
    expect(await names(request)).toEqual(before);
  });
});

test.describe("PUT /api/testimonials/{id}", () => {
  test("needs a token, then replaces the testimonial", async ({ request, auth }) => {
    const created = (
      await (await send(request, "post", "/api/testimonials", testimonial(), auth)).json()
    ).data;
    const url = `/api/testimonials/${created._id}`;
    await expectRefusal(await request.put(url, { data: testimonial({ rating: 1 }) }), 401);
    await expectRefusal(
      await send(request, "put", url, testimonial({ rating: 1 }), BAD_TOKEN),
      401,
    );
    expect((await (await request.get(url)).json()).data.rating).toBe(4);

    const response = await send(
      request,
      "put",
      url,
      testimonial({ rating: 1, text: "Again." }),
      auth,
    );
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Testimonial updated.",
      data: { ...testimonial({ rating: 1, text: "Again." }), _id: created._id },
    });
  });

  test("answers 404 for an unknown or malformed id, 400 for a bad body", async ({
    request,
    auth,
  }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const body = await expectRefusal(
        await send(request, "put", `/api/testimonials/${id}`, testimonial(), auth),
        404,
      );
      expect(body.message).toBe(NOT_FOUND);
    }
    const first = await rowAt(request, "/api/testimonials");
    const url = `/api/testimonials/${first._id}`;
    const response = await send(request, "put", url, testimonial({ rating: [5] }), auth);
    expect(await expectFieldError(response, "rating")).toBe(RATING);
    expect((await (await request.get(url)).json()).data).toEqual(first);
  });
});

test.describe("DELETE /api/testimonials/{id}", () => {
  test("needs a token, then deletes it", async ({ request, auth }) => {
    const created = (
      await (await send(request, "post", "/api/testimonials", testimonial(), auth)).json()
    ).data;
    const url = `/api/testimonials/${created._id}`;
    await expectRefusal(await request.delete(url), 401);
    await expectRefusal(await request.delete(url, { headers: BAD_TOKEN }), 401);
    expect((await request.get(url)).status()).toBe(200);
    const response = await request.delete(url, { headers: auth });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Testimonial deleted." });
    await expectRefusal(await request.get(url), 404);
    await expectRefusal(await request.delete(url, { headers: auth }), 404);
  });

  test("answers 404 for an unknown or malformed id", async ({ request, auth }) => {
    for (const id of [UNKNOWN_ID, ...MALFORMED_IDS]) {
      const response = await request.delete(`/api/testimonials/${id}`, { headers: auth });
      expect((await expectRefusal(response, 404)).message).toBe(NOT_FOUND);
    }
  });
});

test("a replaced or deleted testimonial's uploaded image goes", async ({ request, auth }) => {
  const first = await uploadPng(request, auth);
  const created = (
    await (
      await send(
        request,
        "post",
        "/api/testimonials",
        testimonial({ image: first.secure_url }),
        auth,
      )
    ).json()
  ).data;
  expect(created.image).toBe(first.url);
  const second = await uploadPng(request, auth);
  const url = `/api/testimonials/${created._id}`;
  expect((await send(request, "put", url, testimonial({ image: second.url }), auth)).status()).toBe(
    200,
  );
  expect(await imageServed(request, first.url)).toBe(false);
  expect(await imageServed(request, second.url)).toBe(true);
  expect((await request.delete(url, { headers: auth })).status()).toBe(200);
  expect(await imageServed(request, second.url)).toBe(false);
});
