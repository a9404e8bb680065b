import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID, type SiteSettingsDoc } from "#db/collections";
import { footerStore } from "~/content/documents.server";
import { loader as layoutLoader } from "./site-layout";

const loader = (referer?: string) =>
  layoutLoader({
    request: new Request("http://localhost/", referer ? { headers: { Referer: referer } } : {}),
  } as Parameters<typeof layoutLoader>[0]);

afterAll(closeDatabase);
beforeEach(async () => {
  const { footer, siteSettings } = await getCollections();
  await footer.deleteMany({});
  await siteSettings.deleteMany({});
});

const settings: SiteSettingsDoc = {
  _id: SINGLETON_ID,
  brandName: "  Acme Web  ",
  legalName: "Acme Web Services Ltd",
  tagline: "",
  logo: "",
  email: "hi@acme.example",
  phone: "+1 555",
  social: [],
  updatedAt: new Date(),
};

describe("site layout loader", () => {
  it("takes the brand and legal name from the site settings, with a fallback", async () => {
    const blank = (await loader()).site;
    expect([blank.brandName, blank.legalName]).toEqual(["Bureau", "Bureau"]);
    const { siteSettings } = await getCollections();
    await siteSettings.insertOne(settings);
    const data = await loader();
    expect(data.site).toMatchObject({
      brandName: "Acme Web",
      legalName: "Acme Web Services Ltd",
      email: "hi@acme.example",
      phone: "+1 555",
    });
    expect(data.year).toBe(new Date().getUTCFullYear());
  });

  it("does not take the brand from the footer's company name", async () => {
    const { footer, siteSettings } = await getCollections();
    await siteSettings.insertOne(settings);
    await footerStore.save(
      { copyright: "Other Legal Name GmbH", links: [], social: [] },
      { email: "a@b.example", via: "admin" },
    );
    const data = await loader();
    expect(data.site.brandName).toBe("Acme Web");
    expect(data.site.legalName).toBe("Other Legal Name GmbH");
    expect(await footer.findOne({ _id: SINGLETON_ID })).not.toHaveProperty("copyright");
  });

  it("drops footer links and social profiles that are not safe to render", async () => {
    const { footer, siteSettings } = await getCollections();
    await siteSettings.insertOne({
      ...settings,
      social: [
        { platform: "LinkedIn", url: "https://www.linkedin.com/company/acme" },
        { platform: "Twitter", url: "javascript:alert(2)" },
        { platform: "Facebook", url: "/relative" },
      ],
    });
    await footer.insertOne({
      _id: SINGLETON_ID,
      links: [
        { label: "About Us", url: "/about" },
        { label: "Mail", url: "mailto:hi@acme.example" },
        { label: "Trap", url: "javascript:alert(1)" },
        { label: "Elsewhere", url: "//evil.example" },
        { label: "", url: "/blank-label" },
      ],
      updatedAt: new Date(),
    });
    const data = await loader();
    expect(data.links.map((l) => l.label)).toEqual(["About Us", "Mail"]);
    expect(data.site.social.map((s) => s.platform)).toEqual(["LinkedIn"]);
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
