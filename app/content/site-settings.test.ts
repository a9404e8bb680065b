// One value, one home: the e-mail, phone, legal name and profiles the footer, contact-info and
// about editors (and their JSON API) show are the site settings', so a change made in any of them
// is what every page, the search engines' Organization and the other editors show next.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { buildDemoContent } from "#db/seed/demo-content";
import type { Actor } from "~/domain/audit";
import About, { loader as aboutLoader } from "~/routes/about";
import Contact, { loader as contactLoader } from "~/routes/contact";
import Home from "~/routes/home";
import { loader as layoutLoader } from "~/routes/site-layout";
import { renderRoute } from "../../tests/support/render-route";
import {
  aboutPageStore,
  contactInfoStore,
  footerStore,
  siteSettingsStore,
} from "./documents.server";

afterAll(closeDatabase);

const actor: Actor = { email: "editor@bureau.example", via: "admin" };
const demo = buildDemoContent(new Date());

beforeEach(async () => {
  const c = await getCollections();
  await Promise.all([
    c.footer.deleteMany({}),
    c.contactInfo.deleteMany({}),
    c.aboutPage.deleteMany({}),
    c.siteSettings.deleteMany({}),
  ]);
  await Promise.all([
    c.footer.insertOne(demo.footer),
    c.contactInfo.insertOne(demo.contactInfo),
    c.aboutPage.insertOne(demo.aboutPage),
    c.siteSettings.insertOne(demo.siteSettings),
  ]);
});

const layout = () =>
  layoutLoader({ request: new Request("http://localhost/") } as Parameters<typeof layoutLoader>[0]);

/** The JSON-LD blocks of server-rendered markup. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1] as string),
  );

describe("the site settings are the one home of site-wide values", () => {
  it("an e-mail changed in the contact-info editor shows on the about and contact pages and in JSON-LD", async () => {
    const info = await contactInfoStore.get();
    if (!info) throw new Error("seeded above");
    await contactInfoStore.save({ ...info, email: "new@bureau.example", phone: "+49 1" }, actor);

    const site = (await layout()).site;
    expect(site).toMatchObject({ email: "new@bureau.example", phone: "+49 1" });
    const settings = await siteSettingsStore.get();
    expect(settings).toMatchObject({ email: "new@bureau.example", phone: "+49 1" });
    // The contact document keeps no copy of its own.
    const stored = await (await getCollections()).contactInfo.findOne({ _id: SINGLETON_ID });
    expect(stored).not.toHaveProperty("email");

    const about = await aboutLoader();
    expect(about.about?.contact).toEqual({ email: "new@bureau.example", phone: "+49 1" });
    const aboutHtml = renderRoute(About, about, { site });
    expect(aboutHtml).toContain('href="mailto:new@bureau.example"');
    expect(jsonLd(aboutHtml)[0].mainEntity).toMatchObject({
      email: "new@bureau.example",
      telephone: "+49 1",
    });

    const contact = await contactLoader({
      request: new Request("http://localhost/contact"),
    } as Parameters<typeof contactLoader>[0]);
    expect(contact.contact).toMatchObject({ email: "new@bureau.example", phone: "+49 1" });
    const contactHtml = renderRoute(Contact, contact, { site });
    expect(contactHtml.match(/href="mailto:new@bureau\.example"/g)).toHaveLength(1);
    expect(contactHtml).not.toContain(demo.siteSettings.email);

    const homeHtml = renderRoute(
      Home,
      { hero: null, highlights: [], testimonials: [], latestBlogs: [], contact: null },
      { site },
    );
    expect(jsonLd(homeHtml)[0]).toMatchObject({
      "@type": "Organization",
      name: demo.siteSettings.brandName,
      legalName: demo.siteSettings.legalName,
      email: "new@bureau.example",
      telephone: "+49 1",
    });
  });

  it("an e-mail changed in the settings shows in the contact-info and about editors", async () => {
    const settings = await siteSettingsStore.get();
    if (!settings) throw new Error("seeded above");
    await siteSettingsStore.save({ ...settings, email: "settings@bureau.example" }, actor);
    expect((await contactInfoStore.get())?.email).toBe("settings@bureau.example");
    expect((await aboutPageStore.get())?.contact.email).toBe("settings@bureau.example");
  });

  it("the about editor's contact line is the same e-mail and phone", async () => {
    const about = await aboutPageStore.get();
    if (!about) throw new Error("seeded above");
    await aboutPageStore.save({ ...about, contact: { email: "a@b.example", phone: "+1" } }, actor);
    expect(await contactInfoStore.get()).toMatchObject({ email: "a@b.example", phone: "+1" });
    const stored = await (await getCollections()).aboutPage.findOne({ _id: SINGLETON_ID });
    expect(stored).not.toHaveProperty("contact");
    expect(stored?.mission).toBe(demo.aboutPage.mission);
  });

  it("the footer's company name is the legal name: a typed copyright line is said once", async () => {
    const footer = await footerStore.get();
    if (!footer) throw new Error("seeded above");
    const input = footerStore.type.schema.parse({
      ...footer,
      copyright: "© 2026 Bureau Digital GmbH. All rights reserved.",
    });
    await footerStore.save(input, actor);
    const settings = await siteSettingsStore.get();
    expect(settings?.legalName).toBe("Bureau Digital GmbH");
    // The brand in the top bar is not renamed by the footer.
    expect(settings?.brandName).toBe(demo.siteSettings.brandName);
    expect((await footerStore.get())?.copyright).toBe("Bureau Digital GmbH");
  });
});
