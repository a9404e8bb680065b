import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { buildDemoContent } from "#db/seed/demo-content";
import { embeddableMapUrl } from "~/content/contact-info";
import { renderRoute } from "../../tests/support/render-route";
import Contact, { loader } from "./contact";

afterAll(closeDatabase);
beforeEach(async () => {
  const { contactInfo, aboutPage, siteSettings } = await getCollections();
  await contactInfo.deleteMany({});
  await aboutPage.deleteMany({});
  await siteSettings.deleteMany({});
});

/** The contact details the page's loader gives. */
const contactOf = async () =>
  (
    await loader({ request: new Request("http://localhost/contact") } as Parameters<
      typeof loader
    >[0])
  ).contact;

describe("contact loader", () => {
  it("reads the contact information from the database", async () => {
    const { contactInfo, siteSettings } = await getCollections();
    const { contactInfo: demo, siteSettings: settings } = buildDemoContent(new Date());
    // Saved before alt text existed (the demo's own picture is described).
    const { imageAlt: _alt, imageDecorative: _decorative, ...older } = demo;
    await contactInfo.insertOne({ ...older, address: "Changed Street 1, Berlin" });
    await siteSettings.insertOne(settings);

    const contact = await contactOf();
    expect(contact).toEqual({
      address: "Changed Street 1, Berlin",
      email: settings.email,
      phone: settings.phone,
      image: demo.image,
      // Saved before alt text existed: alt="" until someone describes it.
      imageAlt: "",
      mapEmbedUrl: demo.mapEmbedUrl,
    });
  });

  it("omits a map whose URL is not https", async () => {
    const { contactInfo } = await getCollections();
    const demo = buildDemoContent(new Date()).contactInfo;
    await contactInfo.insertOne({ ...demo, mapEmbedUrl: "http://maps.example/embed" });
    expect((await contactOf()).mapEmbedUrl).toBeNull();
    await contactInfo.updateOne(
      { _id: SINGLETON_ID },
      { $set: { mapEmbedUrl: "javascript:alert(1)" } },
    );
    expect((await contactOf()).mapEmbedUrl).toBeNull();
  });

  // The e-mail and phone live once, in the site settings (before, the about page's stood in
  // for blank ones of the contact document, and the two drifted apart).
  it("shows the site settings' e-mail and phone, even before the contact document is saved", async () => {
    const { contactInfo, siteSettings } = await getCollections();
    const demo = buildDemoContent(new Date());
    await siteSettings.insertOne({ ...demo.siteSettings, email: "hi@example.com", phone: "+1 5" });
    expect(await contactOf()).toMatchObject({
      email: "hi@example.com",
      phone: "+1 5",
      address: "",
      mapEmbedUrl: null,
    });
    // A copy an older database kept in the contact document is not shown.
    await contactInfo.insertOne({ ...demo.contactInfo, email: "old@example.com", phone: "+49 1" });
    expect(await contactOf()).toMatchObject({ email: "hi@example.com", phone: "+1 5" });
  });

  it("gives empty details and no map when nothing was saved", async () => {
    expect(await contactOf()).toEqual({
      address: "",
      email: "",
      phone: "",
      image: "",
      imageAlt: "",
      mapEmbedUrl: null,
    });
  });
});

describe("embeddableMapUrl", () => {
  it("accepts only the https embed page of an allowed map service", () => {
    expect(embeddableMapUrl(" https://www.openstreetmap.org/export/embed.html?bbox=1 ")).toBe(
      "https://www.openstreetmap.org/export/embed.html?bbox=1",
    );
    expect(embeddableMapUrl("https://www.google.com/maps/embed?pb=!1m18")).toBe(
      "https://www.google.com/maps/embed?pb=!1m18",
    );
    // https, but not a map service's embed page (e.g. written into the database directly).
    expect(embeddableMapUrl("https://evil.example/embed")).toBeNull();
    expect(embeddableMapUrl("https://www.google.com.evil.com/maps/embed?pb=1")).toBeNull();
    expect(embeddableMapUrl("http://maps.example/")).toBeNull();
    expect(embeddableMapUrl("data:text/html,hi")).toBeNull();
    expect(embeddableMapUrl("//maps.example/embed")).toBeNull();
    expect(embeddableMapUrl("not a url")).toBeNull();
    expect(embeddableMapUrl("")).toBeNull();
    expect(embeddableMapUrl(undefined)).toBeNull();
  });
});

describe("contact page", () => {
  const { contactInfo: demo, siteSettings } = buildDemoContent(new Date());
  const details = {
    address: demo.address,
    email: siteSettings.email,
    phone: siteSettings.phone,
    image: demo.image,
    mapEmbedUrl: demo.mapEmbedUrl,
  };

  it("embeds the map lazily with a title, next to the contact form", () => {
    const html = renderRoute(Contact, { contact: details, sentMessage: null });
    const iframe = /<iframe[^>]*>/.exec(html)?.[0] ?? "";
    expect(iframe).toContain(`src="${demo.mapEmbedUrl.replace(/&/g, "&amp;")}"`);
    expect(iframe).toContain('loading="lazy"');
    expect(iframe).toContain('referrerPolicy="strict-origin-when-cross-origin"');
    expect(iframe).toMatch(/title="Map showing our office at [^"]+"/);
    expect(html).toContain("Send us a message");
    expect(html).toContain(`href="mailto:${siteSettings.email}"`);
    expect(html).toContain('href="tel:+493055572140"');
    // The form posts natively to this page's action, so it works without JavaScript.
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/contact"');
    // Without JavaScript the browser checks the required fields itself before posting.
    expect(form).not.toContain("noValidate");
    expect(html).toMatch(/<input required=""[^>]*name="name"/);
  });

  it("leaves out the map, the picture and empty lines when there is nothing to show", () => {
    const html = renderRoute(Contact, {
      sentMessage: null,
      contact: { address: "", email: "", phone: "", image: "", mapEmbedUrl: null },
    });
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("mailto:");
    expect(html).toContain("Our contact details are being updated.");
    expect(html.match(/<h1/g)).toHaveLength(1);
  });
});
