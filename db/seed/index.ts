// Seeding the demo content (db/seed/demo-content.ts) into a database. Plain insertMany /
// insertOne / deleteMany calls, one after another: the target may be the small embedded
// MongoDB-compatible server, so no transactions, bulk upserts or unusual operators.
import { createHash } from "node:crypto";
import { type Db, type Document, MongoBulkWriteError, ObjectId } from "mongodb";
import { COLLECTION_NAMES, type Collections, collections } from "../collections";
import { buildDemoContent, type DemoContent } from "./demo-content";
import { seedDemoImages } from "./demo-images";

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
  "siteSettings",
  "contacts",
  "quotes",
  "subscribers",
  "visitorStats",
] satisfies readonly (keyof DemoContent)[];

export interface SeedOptions {
  /** The moment the content is relative to (dates, deadlines, visitor stats); default now. */
  now?: Date;
}

/** Settings document recording that the demo content was seeded (or deliberately not). */
export const DEMO_MARKER_ID = "demoContent";

/**
 * Demo documents get stable ids derived from their collection and position, so inserting the
 * demo content twice — two instances starting together, or a first start interrupted halfway —
 * adds nothing twice: the second insert of each document is a duplicate key and is skipped.
 */
export function demoId(collection: string, index: number): ObjectId {
  const digest = createHash("sha256").update(`bureau-demo:${collection}:${index}`).digest();
  return new ObjectId(digest.subarray(0, 12));
}

function withDemoIds(content: DemoContent): DemoContent {
  const out = { ...content } as Record<string, unknown>;
  for (const name of DEMO_COLLECTIONS) {
    const value = content[name as keyof DemoContent];
    if (Array.isArray(value)) {
      out[name] = value.map((doc, index) => ({ ...doc, _id: demoId(name, index) }));
    }
  }
  return out as unknown as DemoContent;
}

function docsOf(content: DemoContent, name: (typeof DEMO_COLLECTIONS)[number]): Document[] {
  const value = content[name as keyof DemoContent];
  return (Array.isArray(value) ? value : [value]) as Document[];
}

/** Inserts the documents that are not there yet; returns how many were inserted. */
async function insertMissing(db: Db, content: DemoContent): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of DEMO_COLLECTIONS) {
    const docs = docsOf(content, name);
    try {
      const result = await db.collection(COLLECTION_NAMES[name]).insertMany(docs, {
        ordered: false,
      });
      counts[name] = result.insertedCount;
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const errors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
      if (errors.some((e) => e.code !== 11000)) throw error;
      counts[name] = error.result.insertedCount;
    }
  }
  return counts;
}

async function markSeeded(db: Db): Promise<void> {
  await collections(db).settings.updateOne(
    { _id: DEMO_MARKER_ID },
    { $setOnInsert: { value: "seeded", createdAt: new Date() } },
    { upsert: true },
  );
}

/** Inserts the whole demo content; returns the number of documents per collection. */
export async function seedDemoContent(
  db: Db,
  options: SeedOptions = {},
): Promise<Record<string, number>> {
  // Pictures first: a document never refers to a file that is not there yet.
  await seedDemoImages(db);
  const counts = await insertMissing(db, withDemoIds(buildDemoContent(options.now ?? new Date())));
  await markSeeded(db);
  return counts;
}

/**
 * Empties every demo collection, then seeds again: the same counts however often it runs.
 * Stored images stay (uploads may still be referred to elsewhere); demo pictures that were
 * deleted come back.
 */
export async function resetDemoContent(
  db: Db,
  options: SeedOptions = {},
): Promise<Record<string, number>> {
  const c = collections(db);
  for (const name of DEMO_COLLECTIONS) await c[name].deleteMany({});
  return seedDemoContent(db, options);
}

/**
 * Seeds a database that has never been seeded and holds no content of its own. Resumes a seed
 * that was interrupted, and is safe when several instances run it at once. Never touches a
 * database once it was seeded (content an admin deleted does not come back) or one that holds
 * documents the seed did not write. Returns how many documents it inserted, or null if skipped.
 */
export async function ensureDemoContent(
  db: Db,
  options: SeedOptions = {},
): Promise<Record<string, number> | null> {
  const c = collections(db);
  if (await c.settings.findOne({ _id: DEMO_MARKER_ID })) return null;
  const content = withDemoIds(buildDemoContent(options.now ?? new Date()));
  for (const name of DEMO_COLLECTIONS) {
    const ids = docsOf(content, name).map((doc) => doc._id);
    const foreign = await db
      .collection(COLLECTION_NAMES[name])
      .findOne({ _id: { $nin: ids } }, { projection: { _id: 1 } });
    if (foreign) {
      // A database in real use: record the decision so it is not re-examined at every start.
      await markSeeded(db);
      return null;
    }
  }
  await seedDemoImages(db);
  const counts = await insertMissing(db, content);
  await markSeeded(db);
  return counts;
}
