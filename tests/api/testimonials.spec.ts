// /api/testimonials: what only testimonials do, in the SPEC's words (name, title and text
// required with one message, a valid uploaded image required, rating 1 to 5, 5 when left out).
// The contract every content type shares (reads, tokens, 404s, field errors, operators, image
// clean-up) is tests/api/content-types.spec.ts.
import { expect, expectFieldError, expectRefusal, send, test } from "./fixtures";

const PATH = "/api/testimonials";
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

test("answers in the SPEC's words; rates 5 when the rating is left out", async ({
  request,
  auth,
}) => {
  const { rating: _, ...unrated } = testimonial();
  const created = await send(request, "post", PATH, unrated, auth);
  expect(created.status()).toBe(201);
  const body = await created.json();
  expect(body.message).toBe("Testimonial created.");
  expect(body.data.rating).toBe(5);
  const url = `${PATH}/${body.data._id}`;
  const updated = await send(request, "put", url, testimonial({ rating: 1 }), auth);
  expect((await updated.json()).message).toBe("Testimonial updated.");
  const deleted = await request.delete(url, { headers: auth });
  expect((await deleted.json()).message).toBe("Testimonial deleted.");
  expect((await expectRefusal(await request.get(url), 404)).message).toBe(NOT_FOUND);
});

test("needs name, title, text and an image; the rating is 1 to 5", async ({ request, auth }) => {
  const before = await (await request.get(PATH)).text();
  const body = await expectRefusal(await send(request, "post", PATH, {}, auth), 400);
  const byPath = Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.msg]));
  expect(byPath).toEqual({ name: REQUIRED, title: REQUIRED, text: REQUIRED, image: IMAGE });
  for (const rating of [0, 6, 4.5, "5", [5]]) {
    const response = await send(request, "post", PATH, testimonial({ rating }), auth);
    expect(await expectFieldError(response, "rating")).toBe(RATING);
  }
  for (const image of ["", "javascript:alert(1)"]) {
    const response = await send(request, "post", PATH, testimonial({ image }), auth);
    expect(await expectFieldError(response, "image")).toBe(IMAGE);
  }
  expect(await (await request.get(PATH)).text()).toBe(before);
});
