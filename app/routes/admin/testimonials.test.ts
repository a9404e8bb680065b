// Testimonials admin: what only testimonials do. The rating is 1 to 5 stars, 5 when none is
// sent; a photo is required; the texts have their maximum lengths; and the home page carousel
// shows a new testimonial on the next request. Everything the content kit gives every type
// (list, search, paging, 404s, the session, flashes, failed writes, audit, image files) is proved
// once in app/content/kit/kit*.test.ts.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getCollections } from "#db/client.server";
import {
  TESTIMONIAL_IMAGE_REQUIRED,
  TESTIMONIAL_RATING_RANGE,
  TESTIMONIAL_REQUIRED,
} from "~/content/testimonials";
import { freshAdminEachTest, statusOf } from "../../../tests/support/admin-request";
import { callMultipart } from "../../../tests/support/admin-upload";
import { itKeepsTextsUpToTheirMaximum } from "../../../tests/support/text-limits";
import { loader as homeLoader } from "../home";
import { action } from "./testimonials";

const me = freshAdminEachTest(["testimonials"]);

const post = (fields: Record<string, string>) =>
  callMultipart(action, "/admin/dashboard/testimonials", { cookie: me.cookie, fields });
const stored = async () => (await getCollections()).testimonials.find({}).toArray();

const AVATAR = "/demo/client-daniel-whitaker.webp";
const valid = {
  intent: "save",
  name: "Ada Lovelace",
  title: "Analyst, Engines Ltd",
  text: "They made our engine sing.",
  rating: "4",
  image: AVATAR,
};

describe("the rating", () => {
  it("is 5 stars when none is sent", async () => {
    const { rating: _, ...noRating } = valid;
    expect((await post(noRating)).status).toBe(302);
    expect((await stored())[0]?.rating).toBe(5);
  });

  it.each(["1", "5"])("accepts %s", async (rating) => {
    expect((await post({ ...valid, rating })).status).toBe(302);
    expect((await stored())[0]?.rating).toBe(Number(rating));
  });

  it.each(["0", "6", "-1", "4.5", "abc", "99999999999"])(
    "refuses %s with 'Rating must be between 1 and 5.'",
    async (rating) => {
      const outcome = await post({ ...valid, rating });
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.result.error).toEqual({ rating: [TESTIMONIAL_RATING_RANGE] });
      expect(await stored()).toEqual([]);
    },
  );
});

it.each([
  ["no photo", { image: "" }],
  ["an unsafe address", { image: "javascript:alert(1)" }],
])("requires a photo (%s)", async (_, change) => {
  const outcome = await post({ ...valid, ...change });
  expect(statusOf(outcome)).toBe(400);
  expect(outcome.data.result.error).toEqual({ image: [TESTIMONIAL_IMAGE_REQUIRED] });
  expect(await stored()).toEqual([]);
});

it("shares one message for a missing name, title or text", async () => {
  const outcome = await post({ ...valid, name: "", title: " ", text: "\n" });
  expect(outcome.data.result.error).toEqual({
    name: [TESTIMONIAL_REQUIRED],
    title: [TESTIMONIAL_REQUIRED],
    text: [TESTIMONIAL_REQUIRED],
  });
});

itKeepsTextsUpToTheirMaximum(
  [
    ["name", 120],
    ["title", 160],
    ["text", 2000],
  ],
  { valid, post, stored },
);

it("shows in the home page carousel on the next request, after the older ones", async () => {
  const { testimonials } = await getCollections();
  const earlier = new Date(Date.UTC(2026, 0, 1));
  await testimonials.insertOne({
    ...valid,
    name: "Earlier",
    rating: 5,
    createdAt: earlier,
    updatedAt: earlier,
  } as never);
  await post(valid);
  const home = await homeLoader({
    request: new Request("http://localhost/"),
    params: {},
    context: new RouterContextProvider(),
  } as never);
  expect(home.testimonials.map((t: { name: string }) => t.name)).toEqual([
    "Earlier",
    "Ada Lovelace",
  ]);
  expect(home.testimonials[1]).toMatchObject({ rating: 4, image: AVATAR });
});
