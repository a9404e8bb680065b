// The JSON API's records of the single documents (routes/api/*): the editors' fields only (never
// who saved them), blank when nothing was saved, and accepted back by the editors' schemas as
// PUT bodies unchanged.
import { describe, expect, it } from "vitest";
import { aboutPage, aboutPageRecord, aboutPageSchema } from "./about-page";
import { contactInfo, contactInfoRecord, contactInfoSchema, MAP_URL_INVALID } from "./contact-info";
import { footer, footerRecord, footerSchema } from "./footer";
import { hero, heroRecord, heroSchema } from "./hero";
import { servicePage, servicePageRecord, servicePageSchema } from "./service-page";

const toHeroRecord = hero.toRecord;
const toServicePageRecord = servicePage.toRecord;
const toAboutPageRecord = aboutPage.toRecord;
const toFooterRecord = footer.toRecord;
/** What GET /api/contact-info answers for a stored document. */
const toContactInfoRecord = (stored: Record<string, unknown> | null) =>
  (contactInfo.toApiRecord ?? ((record) => record))(contactInfo.toRecord(stored));

const stamps = { updatedAt: new Date(), updatedBy: "admin@bureau.test", createdAt: new Date() };

describe("records of the single documents", () => {
  it("are blank, in the same shape, when nothing was saved", () => {
    expect(toHeroRecord(null)).toEqual({
      title: "",
      subtitle: "",
      image: "",
      imageAlt: "",
      imageDecorative: false,
      ctaText: "",
      ctaLink: "",
    });
    expect(toServicePageRecord(null)).toEqual({
      hero: { title: "", subtitle: "", image: "", imageAlt: "", imageDecorative: false },
      services: [],
      benefits: [],
      processSteps: [],
      cta: { title: "", subtitle: "", buttons: [] },
    });
    expect(toAboutPageRecord(null)).toEqual({
      title: "",
      content: "",
      mission: "",
      values: "",
      team: [],
      contact: { email: "", phone: "" },
    });
    expect(toContactInfoRecord(null)).toEqual({
      address: "",
      email: "",
      phone: "",
      mapEmbedUrl: "",
      image: "",
      imageAlt: "",
      imageDecorative: false,
    });
    expect(toFooterRecord(null)).toEqual({ copyright: "", links: [], social: [] });
    for (const [record, schema] of [
      [toHeroRecord(null), heroRecord],
      [toServicePageRecord(null), servicePageRecord],
      [toAboutPageRecord(null), aboutPageRecord],
      [toContactInfoRecord(null), contactInfoRecord],
      [toFooterRecord(null), footerRecord],
    ] as const) {
      expect(schema.parse(record)).toEqual(record);
    }
  });

  it("keep the edited fields only: no stamps, no admin e-mail", () => {
    const page = {
      hero: { title: "Services", subtitle: "", image: "" },
      services: [{ title: "Web", description: "Sites", icon: "globe" as const, extra: 1 }],
      benefits: [],
      processSteps: [{ title: "Talk", description: "First" }],
      cta: { title: "", subtitle: "", buttons: [{ label: "Call", link: "/contact" }] },
      ...stamps,
    };
    const record = toServicePageRecord(page);
    expect(JSON.stringify(record)).not.toContain("admin@bureau.test");
    expect(record.services).toEqual([{ title: "Web", description: "Sites", icon: "globe" }]);
    expect(toFooterRecord({ copyright: "Bureau", links: [], social: [], ...stamps })).toEqual({
      copyright: "Bureau",
      links: [],
      social: [],
    });
  });

  it("read a seeded document missing a part as blank there", () => {
    expect(toServicePageRecord({ hero: { title: "Services" } }).cta).toEqual({
      title: "",
      subtitle: "",
      buttons: [],
    });
    expect(toAboutPageRecord({ mission: "M", values: "V" }).contact).toEqual({
      email: "",
      phone: "",
    });
  });

  it("give a map address that may not be embedded as none (as /contact shows it)", () => {
    const map = "https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4";
    expect(toContactInfoRecord({ mapEmbedUrl: ` ${map} ` }).mapEmbedUrl).toBe(map);
    expect(toContactInfoRecord({ mapEmbedUrl: "https://evil.example/" }).mapEmbedUrl).toBe("");
    expect(
      contactInfoSchema.safeParse({ email: "a@b.test", phone: "1", mapEmbedUrl: "https://x.test" })
        .error?.issues[0]?.message,
    ).toBe(MAP_URL_INVALID);
  });

  it("are PUT bodies the editors' schemas take back unchanged (the form schemas read JSON)", () => {
    const hero = toHeroRecord({ title: "Hi", ctaLink: "/contact", image: "/demo/a.webp" });
    expect(heroSchema.parse(hero)).toEqual(hero);
    const service = toServicePageRecord({
      hero: { title: "Services", subtitle: "S", image: "https://cdn.example/x.png" },
      services: [{ title: "Web", description: "Sites", icon: "globe" }],
      benefits: [{ title: "Team", description: "One", icon: "users" }],
      processSteps: [{ title: "Talk", description: "First" }],
      cta: { title: "Go", subtitle: "", buttons: [{ label: "Call", link: "/contact" }] },
    });
    expect(servicePageSchema.parse(service)).toEqual(service);
    const about = toAboutPageRecord({
      title: "About",
      content: "",
      mission: "M",
      values: "A\nB",
      team: [{ name: "Ada", role: "Dev", image: "" }],
      contact: { email: "a@b.test", phone: "1" },
    });
    expect(aboutPageSchema.parse(about)).toEqual(about);
    const contact = toContactInfoRecord({ email: "a@b.test", phone: "1", address: "Here" });
    expect(contactInfoSchema.parse(contact)).toEqual(contact);
    const footer = toFooterRecord({
      copyright: "Bureau",
      links: [{ label: "About", url: "/about" }],
      social: [{ platform: "X", url: "https://x.example/bureau" }],
    });
    expect(footerSchema.parse(footer)).toEqual(footer);
  });
});
