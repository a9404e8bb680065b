// Seeding the demo content (db/seed/demo-content.ts) into a database. Plain insertMany /
// insertOne / deleteMany calls, one after another: the target may be the small embedded
// MongoDB-compatible server, so no transactions, bulk upserts or unusual operators.
import type { Db } from "mongodb";
import { type Collections, collections } from "../collections";
import { buildDemoContent, type DemoContent } from "./demo-content";

/** Every content collection the seed fills; admins, sessions and settings are never touched. */
export const DEMO_COLLECTIONS: readonly (keyof Collections)[] = [
  "internships",
  "blogs",
  "testimonials",
  "resources",
  "highlights",
  "faqs",
  "servicePage",
  "aboutPage",
  "contactInfo",
  "heroSection",
  "footer",
  "contacts",
  "quotes",
  "subscribers",
  "visitorStats",
] satisfies readonly (keyof DemoContent)[];

export interface SeedOptions {
  /** The moment the content is relative to (dates, deadlines, visitor stats); default now. */
  now?: Date;
}

/** Inserts the whole demo content; returns the number of documents per collection. */
export async function seedDemoContent(
  db: Db,
  options: SeedOptions = {},
): Promise<Record<string, number>> {
  const content = buildDemoContent(options.now ?? new Date());
  const c = collections(db);
  await c.internships.insertMany(content.internships);
  await c.blogs.insertMany(content.blogs);
  await c.testimonials.insertMany(content.testimonials);
  await c.resources.insertMany(content.resources);
  await c.highlights.insertMany(content.highlights);
  await c.faqs.insertMany(content.faqs);
  await c.servicePage.insertOne(content.servicePage);
  await c.aboutPage.insertOne(content.aboutPage);
  await c.contactInfo.insertOne(content.contactInfo);
  await c.heroSection.insertOne(content.heroSection);
  await c.footer.insertOne(content.footer);
  await c.contacts.insertMany(content.contacts);
  await c.quotes.insertMany(content.quotes);
  await c.subscribers.insertMany(content.subscribers);
  await c.visitorStats.insertMany(content.visitorStats);
  return countContent(content);
}

/** Empties every demo collection, then seeds again: the same counts however often it runs. */
export async function resetDemoContent(
  db: Db,
  options: SeedOptions = {},
): Promise<Record<string, number>> {
  const c = collections(db);
  for (const name of DEMO_COLLECTIONS) await c[name].deleteMany({});
  return seedDemoContent(db, options);
}

/**
 * Seeds only when no demo collection holds a document yet (a fresh database), so content an
 * admin has edited or deleted is never brought back. Returns the counts, or null if skipped.
 */
export async function seedDemoContentIfEmpty(
  db: Db,
  options: SeedOptions = {},
): Promise<Record<string, number> | null> {
  const c = collections(db);
  for (const name of DEMO_COLLECTIONS) {
    const any = await c[name].findOne({}, { projection: { _id: 1 } });
    if (any) return null;
  }
  return seedDemoContent(db, options);
}

function countContent(content: DemoContent): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of DEMO_COLLECTIONS) {
    const value = content[name as keyof DemoContent];
    counts[name] = Array.isArray(value) ? value.length : 1;
  }
  return counts;
}
