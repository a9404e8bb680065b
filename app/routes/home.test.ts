import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { loader } from "./home";

afterAll(closeDatabase);
beforeEach(async () => {
  const { heroSection } = await getCollections();
  await heroSection.deleteMany({});
});

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
    const { hero, shareImage } = await loader();
    expect(shareImage).toBe("http://localhost:3000/demo/hero.webp");
    expect(hero).toEqual({
      title: "Fresh title",
      subtitle: "Fresh subtitle",
      image: "/demo/hero.webp",
      ctaText: "",
      ctaLink: "/contact",
    });
  });

  it("gives no hero when none was saved", async () => {
    expect((await loader()).hero).toBeNull();
  });
});
