// What the admin dashboard counts (blogs, internships, leads, visitor figures), emptied and
// seeded with the demo content the same way by its query tests and its route tests.
import { getCollections } from "#db/client.server";
import { buildDemoContent } from "#db/seed/demo-content";
import { emptyCollections } from "./collections";

/** Empties every collection the dashboard reads. */
export function clearDashboardData(): Promise<void> {
  return emptyCollections("blogs", "internships", "quotes", "contacts", "visitorStats");
}

/** Stores the demo content of those collections as of `now`; answers all of it. */
export async function seedDashboardDemo(now = new Date()) {
  const demo = buildDemoContent(now);
  const c = await getCollections();
  await Promise.all([
    c.blogs.insertMany(demo.blogs),
    c.internships.insertMany(demo.internships),
    c.quotes.insertMany(demo.quotes),
    c.contacts.insertMany(demo.contacts),
    c.visitorStats.insertMany(demo.visitorStats),
  ]);
  return demo;
}
