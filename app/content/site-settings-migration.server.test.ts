// The start-up migration of the site settings: derived once from a database written before they
// existed, the old copies taken out, and a second run (or an instance starting beside it) changes
// nothing.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { DEMO_MARKER_ID } from "#db/seed";
import { prepareDatabase } from "~/startup.server";
import { deriveSiteSettings, migrateSiteSettings } from "./site-settings-migration.server";

afterAll(closeDatabase);
beforeEach(async () => {
  const c = await getCollections();
  await Promise.all([
    c.footer.deleteMany({}),
    c.contactInfo.deleteMany({}),
    c.aboutPage.deleteMany({}),
    c.siteSettings.deleteMany({}),
  ]);
});

const updatedAt = new Date("2026-01-02T03:04:05Z");

/** The three documents as a database written before the site settings holds them. */
async function insertOldDocuments() {
  const c = await getCollections();
  await c.footer.insertOne({
    _id: SINGLETON_ID,
    copyright: "© 2026 Bureau Digital GmbH. All rights reserved.",
    links: [{ label: "About", url: "/about" }],
    social: [{ platform: "LinkedIn", url: "https://www.linkedin.com/company/bureau" }],
    updatedAt,
  });
  await c.contactInfo.insertOne({
    _id: SINGLETON_ID,
    address: "Torstraße 109",
    email: " hello@bureau.example ",
    phone: "+49 30 1",
    mapEmbedUrl: "",
    image: "",
    updatedAt,
  });
  await c.aboutPage.insertOne({
    _id: SINGLETON_ID,
    title: "About",
    content: "",
    mission: "M",
    values: "V",
    team: [],
    contact: { email: "old@bureau.example", phone: "+49 30 1" },
    updatedAt,
  });
}

describe("migrateSiteSettings", () => {
  it("derives the settings from the old documents and takes the copies out of them", async () => {
    await insertOldDocuments();
    const db = await getDb();
    const result = await migrateSiteSettings(db, updatedAt);
    expect(result).toEqual({ created: true, dropped: ["old@bureau.example"] });

    const c = await getCollections();
    const settings = await c.siteSettings.findOne({ _id: SINGLETON_ID });
    expect(settings).toMatchObject({
      brandName: "Bureau Digital GmbH",
      legalName: "Bureau Digital GmbH",
      email: "hello@bureau.example",
      phone: "+49 30 1",
      social: [{ platform: "LinkedIn", url: "https://www.linkedin.com/company/bureau" }],
      updatedBy: "migration",
    });
    const footer = await c.footer.findOne({ _id: SINGLETON_ID });
    expect(footer).not.toHaveProperty("copyright");
    expect(footer).not.toHaveProperty("social");
    expect(footer?.links).toEqual([{ label: "About", url: "/about" }]);
    const contact = await c.contactInfo.findOne({ _id: SINGLETON_ID });
    expect(contact).not.toHaveProperty("email");
    expect(contact?.address).toBe("Torstraße 109");
    expect(await c.aboutPage.findOne({ _id: SINGLETON_ID })).not.toHaveProperty("contact");
  });

  it("is idempotent: a second run leaves the settings as staff changed them", async () => {
    await insertOldDocuments();
    const db = await getDb();
    await migrateSiteSettings(db);
    const c = await getCollections();
    await c.siteSettings.updateOne({ _id: SINGLETON_ID }, { $set: { brandName: "Bureau" } });
    const before = await c.siteSettings.findOne({ _id: SINGLETON_ID });

    expect(await migrateSiteSettings(db)).toEqual({ created: false, dropped: [] });
    expect(await c.siteSettings.findOne({ _id: SINGLETON_ID })).toEqual(before);
    expect(await c.siteSettings.countDocuments()).toBe(1);
  });

  it("creates nothing on a database without any of the old values", async () => {
    expect(await migrateSiteSettings(await getDb())).toEqual({ created: false, dropped: [] });
    expect(await (await getCollections()).siteSettings.countDocuments()).toBe(0);
  });

  it("runs at start-up, once, with a line in the log", async () => {
    await insertOldDocuments();
    const db = await getDb();
    // A database in use, as the demo content's seed has already decided (it stays out).
    await (await getCollections()).settings.updateOne(
      { _id: DEMO_MARKER_ID },
      { $setOnInsert: { value: "seeded", createdAt: new Date() } },
      { upsert: true },
    );
    const lines: string[] = [];
    await Promise.all([
      prepareDatabase(db, (line) => lines.push(line)),
      prepareDatabase(db, (line) => lines.push(line)),
    ]);
    expect(lines.filter((l) => l.includes("Site settings created"))).toHaveLength(1);
    const settings = await (await getCollections()).siteSettings.findOne({ _id: SINGLETON_ID });
    expect(settings?.legalName).toBe("Bureau Digital GmbH");
  });
});

describe("deriveSiteSettings", () => {
  it("takes the about page's e-mail and phone when the contact information has none", () => {
    const derived = deriveSiteSettings({
      footer: null,
      contactInfo: { email: "", phone: " " },
      aboutPage: { contact: { email: "about@x.example", phone: "+1 2" } },
    });
    expect(derived).toMatchObject({ email: "about@x.example", phone: "+1 2", brandName: "" });
  });
});
