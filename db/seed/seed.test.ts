import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Db, MongoClient, ObjectId } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageNames, imagePaths, rowsIn, valueAt } from "~/content/kit/document";
import { lacksAlt } from "~/content/kit/image-alt";
import { describedImages } from "~/content/kit/types";
import { CONTENT_TYPES, DOCUMENT_TYPES } from "~/content/registry";
import {
  type Collections,
  collections,
  ensureIndexes,
  ICON_KEYS,
  INTERNSHIP_DOMAINS,
  INTERNSHIP_STATUSES,
  QUOTE_STATUSES,
  SERVICE_OPTIONS,
  SINGLETON_ID,
} from "../collections";
import { startEmbeddedServer } from "../embedded";
import { buildDemoContent, utcDate, VISITOR_STAT_DAYS, visitorCountFor } from "./demo-content";
import { demoImageFiles, demoImageId, seedDemoImages } from "./demo-images";
import {
  DEMO_COLLECTIONS,
  DEMO_MARKER_ID,
  ensureDemoContent,
  resetDemoContent,
  seedDemoContent,
} from "./index";

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../public");
// Just after midnight UTC on a Sunday: "today" and "minutes ago" must still line up.
const NOW = new Date("2025-03-16T00:20:00Z");
const DAY = 86_400_000;

const SINGLETONS = [
  "servicePage",
  "aboutPage",
  "contactInfo",
  "heroSection",
  "footer",
  "siteSettings",
] as const;

let server: Awaited<ReturnType<typeof startEmbeddedServer>>;
let client: MongoClient;
let dbCounter = 0;

/** A fresh database with the application's indexes, so unique constraints are enforced. */
async function freshDb(): Promise<Db> {
  dbCounter += 1;
  const db = client.db(`seed_test_${dbCounter}`);
  await ensureIndexes(db);
  return db;
}

async function countAll(db: Db): Promise<Record<string, number>> {
  const c = collections(db);
  const counts: Record<string, number> = {};
  for (const name of DEMO_COLLECTIONS) counts[name] = (await c[name].find({}).toArray()).length;
  return counts;
}

/** Every string anywhere in a document tree. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === "object" && !(value instanceof Date))
    for (const v of Object.values(value)) strings(v, out);
  return out;
}

function publicFile(url: string): string {
  return path.join(PUBLIC_DIR, ...url.split("/").filter(Boolean));
}

beforeAll(async () => {
  server = await startEmbeddedServer({ dataDir: ":memory:" });
  client = await MongoClient.connect(server.uri);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe("seedDemoContent", () => {
  let db: Db;
  let counts: Record<string, number>;
  let c: Collections;

  beforeAll(async () => {
    db = await freshDb();
    counts = await seedDemoContent(db, { now: NOW });
    c = collections(db);
  });

  it("reports exactly what it stored, for every demo collection", async () => {
    expect(Object.keys(counts).sort()).toEqual([...DEMO_COLLECTIONS].sort());
    expect(await countAll(db)).toEqual(counts);
    for (const name of DEMO_COLLECTIONS) expect(counts[name], name).toBeGreaterThan(0);
    expect(DEMO_COLLECTIONS).not.toContain("admins");
    expect(DEMO_COLLECTIONS).not.toContain("sessions");
    expect(DEMO_COLLECTIONS).not.toContain("settings");
  });

  it("stores every single document under the singleton id", async () => {
    for (const name of SINGLETONS) {
      expect(counts[name], name).toBe(1);
      const doc = await collections(db)[name].findOne({ _id: SINGLETON_ID });
      expect(doc, name).not.toBeNull();
    }
    const hero = await c.heroSection.findOne({ _id: SINGLETON_ID });
    expect(hero?.ctaText).toBe("Get Free Consultation");
    expect(hero?.ctaLink).toBe("/contact");
    const footer = await c.footer.findOne({ _id: SINGLETON_ID });
    expect(footer?.links.map((l) => [l.label, l.url])).toEqual([
      ["About Us", "/about"],
      ["Privacy Policy", "/privacy-policy"],
      ["Terms & Conditions", "/terms-of-service"],
      ["Contact Us", "/contact"],
    ]);
    // The social profiles, the brand and the e-mail and phone are the site settings'.
    const settings = await c.siteSettings.findOne({ _id: SINGLETON_ID });
    expect(settings?.social.map((s) => s.platform)).toEqual([
      "Twitter",
      "Facebook",
      "Instagram",
      "LinkedIn",
    ]);
    for (const s of settings?.social ?? []) expect(s.url).toMatch(/^https:\/\//);
    expect(settings?.brandName).toBe("Bureau Digital");
  });

  it("has at least six illustrated blog posts with Markdown bodies", async () => {
    const blogs = await c.blogs.find({}).toArray();
    expect(blogs.length).toBeGreaterThanOrEqual(6);
    for (const b of blogs) {
      // Stored pictures: the test below checks that each one is in GridFS.
      expect(b.imageUrl, b.title).toMatch(/^\/images\/[0-9a-f]{24}$/);
      expect(b.authorAvatar, b.title).toMatch(/^\/images\/[0-9a-f]{24}$/);
      expect(b.excerpt.length, b.title).toBeLessThanOrEqual(160);
      expect(b.author).toBeTruthy();
      expect(b.authorName).toBeTruthy();
      expect(b.tags.length).toBeGreaterThan(0);
      expect(b.description).toMatch(/^## /m);
      expect(b.description).toMatch(/^(- |1\. )/m);
      expect(b.description).toMatch(/\]\(https:\/\//);
      const words = b.description.split(/\s+/).filter(Boolean).length;
      expect(words, b.title).toBeGreaterThanOrEqual(300);
      expect(words, b.title).toBeLessThanOrEqual(700);
      expect(b.createdAt.getTime()).toBeLessThan(NOW.getTime());
      expect(b.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 100 * DAY);
    }
  });

  it("has five rated testimonials", async () => {
    const testimonials = await c.testimonials.find({}).toArray();
    expect(testimonials).toHaveLength(5);
    for (const t of testimonials) {
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
    }
    expect(testimonials.some((t) => t.rating === 4)).toBe(true);
  });

  it("has internships across every domain, location type and status", async () => {
    const internships = await c.internships.find({}).toArray();
    expect(internships.length).toBeGreaterThanOrEqual(8);
    expect(new Set(internships.map((i) => i.domain))).toEqual(new Set(INTERNSHIP_DOMAINS));
    expect(new Set(internships.map((i) => i.status))).toEqual(new Set(INTERNSHIP_STATUSES));
    for (const where of ["Remote", "Hybrid", "On-site"]) {
      expect(
        internships.some((i) => i.location.includes(where)),
        where,
      ).toBe(true);
    }
    expect(internships.filter((i) => !i.isActive)).toHaveLength(1);
    expect(internships.some((i) => i.urgent)).toBe(true);
    expect(internships.filter((i) => i.deadline < NOW)).toHaveLength(1);
    expect(internships.filter((i) => i.applicationLink === "")).toHaveLength(1);
    for (const i of internships) {
      if (i.applicationLink) expect(i.applicationLink).toMatch(/^https:\/\//);
      expect(i.duration.length).toBeGreaterThan(0);
      expect(i.requirements.length).toBeGreaterThan(0);
      expect(i.benefits.length).toBeGreaterThan(0);
    }
  });

  it("has 30 days of visitor stats ending today (UTC)", async () => {
    const stats = await c.visitorStats.find({}).sort({ date: 1 }).toArray();
    expect(stats).toHaveLength(VISITOR_STAT_DAYS);
    expect(stats.at(-1)?.date).toBe("2025-03-16");
    expect(stats[0]?.date).toBe("2025-02-15");
    stats.forEach((s, i) => {
      expect(s.date).toBe(utcDate(new Date(NOW.getTime() - (VISITOR_STAT_DAYS - 1 - i) * DAY)));
      expect(s.count).toBeGreaterThan(0);
    });
  });

  it("uses only known icons, services and statuses", async () => {
    const page = await c.servicePage.findOne({ _id: SINGLETON_ID });
    const icons = [...(page?.services ?? []), ...(page?.benefits ?? [])].map((s) => s.icon);
    for (const icon of icons) expect(ICON_KEYS).toContain(icon);
    expect(page?.services.length).toBeGreaterThanOrEqual(6);
    expect(page?.cta.buttons[0]).toEqual({ label: "Get a Free Quote", link: "/contact" });

    const quotes = await c.quotes.find({}).toArray();
    expect(new Set(quotes.map((q) => q.status))).toEqual(new Set(QUOTE_STATUSES));
    for (const q of quotes) expect(SERVICE_OPTIONS).toContain(q.service);

    const highlights = await c.highlights.find({}).sort({ order: 1 }).toArray();
    expect(highlights.map((h) => h.order)).toEqual(highlights.map((_, i) => i));

    for (const s of await c.subscribers.find({}).toArray()) {
      expect(s.email).toBe(s.email.toLowerCase().trim());
    }
  });

  it("refers to its pictures as /images/<id>, each stored once in GridFS from public/demo", async () => {
    const referenced = new Set<string>();
    for (const name of DEMO_COLLECTIONS) {
      for (const doc of await collections(db)[name].find({}).toArray()) {
        for (const s of strings(doc)) {
          expect(s).not.toMatch(/\/demo\//);
          for (const m of s.matchAll(/\/images\/([0-9a-f]{24})/g)) referenced.add(m[1] ?? "");
        }
      }
    }
    expect(referenced.size).toBeGreaterThan(20);
    const stored = await db
      .collection("images.files")
      .find({})
      .project<{ _id: ObjectId; filename: string; metadata: Record<string, unknown> }>({
        filename: 1,
        metadata: 1,
      })
      .toArray();
    expect(new Set(stored.map((f) => f._id.toHexString()))).toEqual(referenced);
    for (const file of stored) {
      expect(file._id).toEqual(demoImageId(file.filename));
      expect(existsSync(publicFile(`/demo/${file.filename}`))).toBe(true);
      expect(file.metadata).toMatchObject({ contentType: "image/webp" });
      expect(file.metadata.width).toBeGreaterThan(0);
    }
    expect(existsSync(publicFile("/demo/default-avatar.webp"))).toBe(true);
    expect(existsSync(publicFile("/demo/default-image.webp"))).toBe(true);
  });

  it("stores each picture once when seeded again or by two instances at once", async () => {
    const twice = await freshDb();
    await Promise.all([seedDemoImages(twice), seedDemoImages(twice)]);
    await seedDemoContent(twice, { now: NOW });
    const files = await twice.collection("images.files").countDocuments();
    const chunks = await twice.collection("images.chunks").countDocuments();
    expect(files).toBe(demoImageFiles().length);
    expect(chunks).toBe(files);
  });
});

describe("resetDemoContent", () => {
  it("leaves the same counts however often it runs", async () => {
    const db = await freshDb();
    const seeded = await seedDemoContent(db, { now: NOW });
    const first = await resetDemoContent(db, { now: NOW });
    const afterFirst = await countAll(db);
    const second = await resetDemoContent(db, { now: new Date(NOW.getTime() + 3 * DAY) });
    const afterSecond = await countAll(db);
    expect(first).toEqual(seeded);
    expect(second).toEqual(seeded);
    expect(afterFirst).toEqual(seeded);
    expect(afterSecond).toEqual(seeded);
  });

  it("does not touch admins, sessions or settings", async () => {
    const db = await freshDb();
    await db.collection("settings").insertOne({ _id: "x" as never, value: "kept", createdAt: NOW });
    await resetDemoContent(db, { now: NOW });
    expect(await db.collection("settings").findOne({ _id: "x" as never })).not.toBeNull();
  });
});

describe("ensureDemoContent", () => {
  it("seeds a fresh database once and leaves it alone afterwards", async () => {
    const db = await freshDb();
    const counts = await ensureDemoContent(db, { now: NOW });
    expect(counts).not.toBeNull();
    expect(await ensureDemoContent(db, { now: NOW })).toBeNull();
    expect(await countAll(db)).toEqual(counts);
  });

  it("does not reseed when an admin emptied some collections", async () => {
    const db = await freshDb();
    await ensureDemoContent(db, { now: NOW });
    await collections(db).blogs.deleteMany({});
    expect(await ensureDemoContent(db, { now: NOW })).toBeNull();
    expect(await collections(db).blogs.find({}).toArray()).toHaveLength(0);
  });

  it("completes a seed that was interrupted halfway", async () => {
    const reference = await freshDb();
    const full = await seedDemoContent(reference, { now: NOW });

    const db = await freshDb();
    await seedDemoContent(db, { now: NOW });
    // As if the process died after the blogs: later collections and the marker are missing.
    const c = collections(db);
    await c.faqs.deleteMany({});
    await c.heroSection.deleteMany({});
    await c.visitorStats.deleteMany({});
    await c.settings.deleteOne({ _id: DEMO_MARKER_ID });

    const added = await ensureDemoContent(db, { now: NOW });
    expect(added?.faqs).toBe(full.faqs);
    expect(added?.heroSection).toBe(1);
    expect(added?.blogs).toBe(0);
    expect(await countAll(db)).toEqual(full);
  });

  it("seeds once when several instances run it at the same time", async () => {
    const db = await freshDb();
    await Promise.all([
      ensureDemoContent(db, { now: NOW }),
      ensureDemoContent(db, { now: NOW }),
      ensureDemoContent(db, { now: NOW }),
    ]);
    const reference = await freshDb();
    expect(await countAll(db)).toEqual(await seedDemoContent(reference, { now: NOW }));
  });

  it("never adds demo content to a database holding content of its own", async () => {
    const db = await freshDb();
    await collections(db).faqs.insertOne({
      _id: new ObjectId(),
      question: "Real question?",
      answer: "Real answer.",
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(await ensureDemoContent(db, { now: NOW })).toBeNull();
    expect(await collections(db).blogs.countDocuments()).toBe(0);
    expect(await collections(db).settings.findOne({ _id: DEMO_MARKER_ID })).not.toBeNull();
  });
});

describe("buildDemoContent", () => {
  it("describes every picture the editors ask alt text for (saving a demo record needs none added)", () => {
    const demo = buildDemoContent(NOW) as unknown as Record<string, unknown>;
    const undescribed: string[] = [];
    let described = 0;
    for (const type of CONTENT_TYPES) {
      const records = (demo[type.collection] ?? []) as Record<string, unknown>[];
      for (const field of describedImages(type.fields)) {
        for (const record of records) {
          if (!record[field.name]) continue;
          described++;
          if (lacksAlt((name) => record[name], field.name)) {
            undescribed.push(`${type.collection} ${String(record.title)}: ${field.name}`);
          }
        }
      }
    }
    for (const type of DOCUMENT_TYPES) {
      const doc = demo[type.collection];
      for (const { name, described: has } of imageNames(imagePaths(type), rowsIn(doc))) {
        if (!has || !valueAt(doc, name)) continue;
        described++;
        if (lacksAlt((at) => valueAt(doc, at), name))
          undescribed.push(`${type.collection}: ${name}`);
      }
    }
    expect(undescribed).toEqual([]);
    // Seven blog covers, six resources, six portraits, the two heroes and the contact picture.
    expect(described).toBe(22);
  });

  it("is deterministic for a given moment, apart from ids", () => {
    // ObjectIds are fresh on every build; everything else must match.
    const strip = (value: unknown) =>
      JSON.parse(JSON.stringify(value, (k, v) => (k === "_id" ? "id" : v)));
    expect(strip(buildDemoContent(NOW))).toEqual(strip(buildDemoContent(new Date(NOW))));
  });

  it("keeps every timestamp in the past and most deadlines in the future", () => {
    const content = buildDemoContent(NOW);
    for (const [name, value] of Object.entries(content)) {
      for (const doc of Array.isArray(value) ? value : [value]) {
        for (const key of ["createdAt", "updatedAt"] as const) {
          const date = (doc as Record<string, unknown>)[key];
          if (date instanceof Date)
            expect(date.getTime(), `${name}.${key}`).toBeLessThanOrEqual(NOW.getTime());
        }
      }
    }
    const future = content.internships.filter((i) => i.deadline > NOW);
    expect(future.length).toBe(content.internships.length - 1);
  });

  it("gives weekends fewer visitors than weekdays", () => {
    const days = Array.from({ length: 28 }, (_, i) => utcDate(new Date(NOW.getTime() - i * DAY)));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const isWeekend = (d: string) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());
    const weekend = avg(days.filter(isWeekend).map(visitorCountFor));
    const weekday = avg(days.filter((d) => !isWeekend(d)).map(visitorCountFor));
    expect(weekend).toBeLessThan(weekday * 0.8);
    expect(visitorCountFor("2025-03-10")).toBe(visitorCountFor("2025-03-10"));
  });
});
