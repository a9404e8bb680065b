import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { loader as layoutLoader } from "./site-layout";

const loader = (referer?: string) =>
  layoutLoader({
    request: new Request("http://localhost/", referer ? { headers: { Referer: referer } } : {}),
  } as Parameters<typeof layoutLoader>[0]);

afterAll(closeDatabase);
beforeEach(async () => {
  const { footer } = await getCollections();
  await footer.deleteMany({});
});

describe("site layout loader", () => {
  it("takes the brand from the footer's company name, with a fallback", async () => {
    expect((await loader()).brand).toBe("Bureau");
    const { footer } = await getCollections();
    await footer.insertOne({
      _id: SINGLETON_ID,
      copyright: "  Acme Web  ",
      links: [],
      social: [],
      updatedAt: new Date(),
    });
    const data = await loader();
    expect(data.brand).toBe("Acme Web");
    expect(data.year).toBe(new Date().getUTCFullYear());
  });

  it("drops footer links and social profiles that are not safe to render", async () => {
    const { footer } = await getCollections();
    await footer.insertOne({
      _id: SINGLETON_ID,
      copyright: "Acme",
      links: [
        { label: "About Us", url: "/about" },
        { label: "Mail", url: "mailto:hi@acme.example" },
        { label: "Trap", url: "javascript:alert(1)" },
        { label: "Elsewhere", url: "//evil.example" },
        { label: "", url: "/blank-label" },
      ],
      social: [
        { platform: "LinkedIn", url: "https://www.linkedin.com/company/acme" },
        { platform: "Twitter", url: "javascript:alert(2)" },
        { platform: "Facebook", url: "/relative" },
      ],
      updatedAt: new Date(),
    });
    const data = await loader();
    expect(data.links.map((l) => l.label)).toEqual(["About Us", "Mail"]);
    expect(data.social.map((s) => s.platform)).toEqual(["LinkedIn"]);
  });

  it("hands out a form token and keeps only a referrer from another site", async () => {
    const outside = await loader("https://news.example/article?id=1");
    expect(outside.formToken).toMatch(/^v1\.\d+\./);
    expect(outside.landingReferrer).toBe("https://news.example/article?id=1");
    expect((await loader("http://localhost/services")).landingReferrer).toBeNull();
    expect((await loader("javascript:alert(1)")).landingReferrer).toBeNull();
    expect((await loader()).landingReferrer).toBeNull();
  });
});
