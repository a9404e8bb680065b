// The legal pages (/privacy-policy, /terms-of-service) load the e-mail for their mailto links
// (one loader, shared) and name the company from the layout.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { buildDemoContent } from "#db/seed/demo-content";
import { renderRoute, TEST_LAYOUT_DATA } from "../../tests/support/render-route";
import PrivacyPolicy, { loader } from "./privacy-policy";
import TermsOfService, { loader as termsLoader } from "./terms-of-service";

afterAll(closeDatabase);
beforeEach(async () => {
  const { contactInfo, aboutPage, siteSettings } = await getCollections();
  await contactInfo.deleteMany({});
  await aboutPage.deleteMany({});
  await siteSettings.deleteMany({});
});

describe("legal pages' loader", () => {
  it("is one loader for both pages", () => {
    expect(termsLoader).toBe(loader);
  });

  it("gives the site settings' e-mail, read from the database", async () => {
    const { siteSettings } = await getCollections();
    const demo = buildDemoContent(new Date()).siteSettings;
    await siteSettings.insertOne(demo);
    expect(await loader()).toEqual({ email: demo.email });
    await siteSettings.updateOne({ _id: SINGLETON_ID }, { $set: { email: "legal@example.com" } });
    expect(await loader()).toEqual({ email: "legal@example.com" });
  });

  it("gives no e-mail when neither document has one", async () => {
    expect(await loader()).toEqual({ email: null });
  });
});

describe.each([
  ["privacy-policy", PrivacyPolicy],
  ["terms-of-service", TermsOfService],
])("%s page", (_name, Page) => {
  it("names the company by the site settings' legal name and links the e-mail", () => {
    const site = { ...TEST_LAYOUT_DATA.site, brandName: "Acme", legalName: "Acme Studio Ltd" };
    const html = renderRoute(Page, { email: "legal@example.com" }, { site });
    expect(html).toContain("Acme Studio Ltd");
    expect(html).toContain('href="mailto:legal@example.com"');
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toMatch(/Last updated: <time dateTime="\d{4}-\d{2}-\d{2}">/);
  });

  it("points to the contact page instead when no e-mail is known", () => {
    const html = renderRoute(Page, { email: null });
    expect(html).not.toContain("mailto:");
    expect(html).toContain('href="/contact"');
  });
});

describe("privacy-policy page", () => {
  it("says how visitors are counted: no cookies, a daily random value, codes kept briefly", () => {
    const html = renderRoute(PrivacyPolicy, { email: null });
    expect(html).toContain("To count unique visitors per day without cookies");
    expect(html).toContain("random value that changes every day");
    expect(html).toContain("until one hour after the end of the day (UTC)");
  });
});
