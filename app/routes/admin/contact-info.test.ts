// The contact info editor's loader and action, signed in (issue 6: e-mail and phone are
// required, 'Email and phone are required.', address and map optional): every validation
// message, only the embed page of an allowed map service, the image field without JavaScript,
// who and when, and no session.

import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import {
  CONTACT_EMAIL_INVALID,
  CONTACT_EMAIL_PHONE_REQUIRED,
  CONTACT_IMAGE_INVALID,
  contactInfo,
  isAllowedMapEmbedUrl,
  MAP_EMBED_PROVIDERS,
  MAP_URL_INVALID,
} from "~/content/contact-info";
import { getContactDetails } from "~/content/contact-info.server";
import { signInFresh } from "../../../tests/support/admin-request";
import {
  callMultipart,
  clearStoredImages,
  pngFile,
  SVG_REFUSED,
  storedImages,
  storedImageUrls,
} from "../../../tests/support/admin-upload";
import { loader as publicLoader } from "../contact";
import { action } from "./contact-info";

afterAll(closeDatabase);

const OSM =
  "https://www.openstreetmap.org/export/embed.html?bbox=13.39%2C52.52%2C13.40%2C52.53&layer=mapnik";
const GOOGLE = "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3034.5!2d13.4!3d52.5";

let cookie: string;
beforeEach(async () => {
  const { contactInfo, aboutPage } = await getCollections();
  await Promise.all([contactInfo.deleteMany({}), aboutPage.deleteMany({}), clearStoredImages()]);
  ({ cookie } = await signInFresh("contact@bureau.test"));
  await contactInfo.insertOne({
    _id: SINGLETON_ID,
    address: "Old street 1",
    email: "old@bureau.test",
    phone: "+49 1",
    mapEmbedUrl: OSM,
    image: "/demo/contact.webp",
    updatedAt: new Date("2026-01-01T00:00:00Z"),
  });
});

const save = (fields: Record<string, string | Blob>) =>
  callMultipart(action, "/admin/dashboard/contact?edit", { cookie, fields });
const doc = async () => (await getCollections()).contactInfo.findOne({ _id: SINGLETON_ID });

const valid = {
  address: "Torstraße 109\n10119 Berlin",
  email: "hello@acme.test",
  phone: "+49 30 123",
  mapEmbedUrl: GOOGLE,
  image: "/demo/contact.webp",
  imageAlt: "Our office entrance on Torstraße",
};

describe("contact info editor", () => {
  it("saves, records who and when, redirects with a flash, and /contact shows it next", async () => {
    const response = await save(valid);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/contact");
    expect(response.headers.get("Set-Cookie")).toContain("flash");
    expect(contactInfo.texts.saved).toBe("Contact info updated.");
    const saved = await doc();
    const { email, phone, ...own } = valid;
    expect(saved).toMatchObject({ ...own, updatedBy: "contact@bureau.test" });
    // The e-mail and phone are the site settings': saved there, not twice.
    expect(saved).not.toHaveProperty("email");
    const settings = await (await getCollections()).siteSettings.findOne({ _id: SINGLETON_ID });
    expect(settings).toMatchObject({ email, phone });
    expect(saved?.updatedAt.getTime()).toBeGreaterThan(Date.parse("2026-01-02"));

    const page = await publicLoader({ request: new Request("http://localhost/contact") } as never);
    expect(page.contact).toMatchObject({
      email: "hello@acme.test",
      phone: "+49 30 123",
      address: valid.address,
      mapEmbedUrl: GOOGLE,
    });
  });

  it("keeps address, map and image optional", async () => {
    const response = await save({ email: "a@b.test", phone: "1" });
    expect(response.status).toBe(302);
    expect(await doc()).toMatchObject({ address: "", mapEmbedUrl: "", image: "" });
    const page = await publicLoader({ request: new Request("http://localhost/contact") } as never);
    expect(page.contact.mapEmbedUrl).toBeNull();
  });

  it.each([
    ["no email", { email: "" }, "email", CONTACT_EMAIL_PHONE_REQUIRED],
    ["a blank email", { email: "   " }, "email", CONTACT_EMAIL_PHONE_REQUIRED],
    ["no phone", { phone: "" }, "phone", CONTACT_EMAIL_PHONE_REQUIRED],
    ["an email that is not one", { email: "nobody" }, "email", CONTACT_EMAIL_INVALID],
    ["a javascript: image", { image: "javascript:alert(1)" }, "image", CONTACT_IMAGE_INVALID],
  ])("refuses %s with 400 beside the field, saving nothing", async (_, change, field, message) => {
    const before = await doc();
    const result = await save({ ...valid, ...change });
    expect(result.init.status).toBe(400);
    expect(result.data.result.error[field]).toEqual([message]);
    expect(await doc()).toEqual(before);
  });

  it("refuses both email and phone missing with the message on each", async () => {
    const result = await save({ address: "x" });
    expect(result.init.status).toBe(400);
    expect(result.data.result.error.email).toEqual([CONTACT_EMAIL_PHONE_REQUIRED]);
    expect(result.data.result.error.phone).toEqual([CONTACT_EMAIL_PHONE_REQUIRED]);
  });

  it.each([
    ["http:", "http://www.google.com/maps/embed?pb=1"],
    ["javascript:", "javascript:alert(document.cookie)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["another host", "https://evil.example/maps/embed?pb=1"],
    ["a look-alike host", "https://www.google.com.evil.com/maps/embed?pb=1"],
    ["user info before the host", "https://www.google.com@evil.com/maps/embed?pb=1"],
    ["another port", "https://www.google.com:8443/maps/embed?pb=1"],
    ["another page of the provider", "https://www.google.com/search?q=x"],
    ["a path that only starts alike", "https://www.google.com/maps/embedded?pb=1"],
    ["a sub-domain", "https://evil.openstreetmap.org/export/embed.html"],
    ["a protocol-relative address", "//www.google.com/maps/embed?pb=1"],
    ["not an address", "the office map"],
  ])("refuses a map address: %s", async (_, url) => {
    const result = await save({ ...valid, mapEmbedUrl: url });
    expect(result.init.status).toBe(400);
    expect(result.data.result.error.mapEmbedUrl).toEqual([MAP_URL_INVALID]);
    expect((await doc())?.mapEmbedUrl).toBe(OSM);
  });

  it("accepts Google Maps and OpenStreetMap embed addresses (the Embed API too)", async () => {
    for (const url of [GOOGLE, OSM, "https://www.google.com/maps/embed/v1/place?key=K&q=Berlin"]) {
      const response = await save({ ...valid, mapEmbedUrl: url });
      expect(response.status, url).toBe(302);
      expect((await doc())?.mapEmbedUrl).toBe(url);
    }
    expect(MAP_EMBED_PROVIDERS.map((p) => p.origin)).toEqual([
      "https://www.google.com",
      "https://www.openstreetmap.org",
    ]);
    expect(MAP_URL_INVALID).toContain("https://www.google.com/maps/embed");
  });

  it("never frames a disallowed address that got into the database another way", async () => {
    const { contactInfo } = await getCollections();
    for (const url of ["https://evil.example/", "http://www.google.com/maps/embed?pb=1"]) {
      await contactInfo.updateOne({ _id: SINGLETON_ID }, { $set: { mapEmbedUrl: url } });
      expect(isAllowedMapEmbedUrl(url)).toBe(false);
      expect((await getContactDetails()).mapEmbedUrl).toBeNull();
    }
  });

  it("stores an image posted with the form (no JavaScript) and deletes the replaced one", async () => {
    await save({ ...valid, imageFile: await pngFile("office.png", 20, 20) });
    const first = (await doc())?.image as string;
    expect(first).toMatch(/^\/images\/[0-9a-f]{24}$/);
    await save({ ...valid, image: first, imageFile: await pngFile("two.png", 30, 30) });
    const second = (await doc())?.image as string;
    expect(second).not.toBe(first);
    expect(await storedImageUrls()).toEqual([second]);
    await save({ ...valid, image: second, imageRemove: "on" });
    expect((await doc())?.image).toBe("");
    expect(await storedImages()).toHaveLength(0);
  });

  it("refuses an SVG saying why and stores nothing", async () => {
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "a.svg", {
      type: "image/svg+xml",
    });
    const result = await save({ ...valid, imageFile: svg });
    expect(result.init.status).toBe(400);
    expect(result.data.result.error.image).toEqual([SVG_REFUSED]);
    expect(await storedImages()).toHaveLength(0);
  });
});
