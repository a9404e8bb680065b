// The session secret is memoised at first use and this file proves its creation: it needs a
// fresh module graph.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { getSessionSecret } from "./lib/settings.server";
import { prepareDatabase } from "./startup.server";

// The demo content's moment, as the end-to-end run fixes it (read when the env is first parsed).
const SEED_NOW = "2025-03-14T09:30:00.000Z";
process.env.SEED_NOW = SEED_NOW;

afterAll(closeDatabase);
beforeEach(async () => {
  const db = await getDb();
  await db.dropDatabase();
});

describe("start-up tasks", () => {
  it("seeds an empty database, creates an admin and a shared session secret", async () => {
    const db = await getDb();
    const lines: string[] = [];
    await prepareDatabase(db, (line) => lines.push(line));
    const { blogs, heroSection, admins, settings } = await getCollections();
    expect(await blogs.countDocuments()).toBeGreaterThanOrEqual(6);
    expect(await heroSection.countDocuments()).toBe(1);
    expect(await admins.countDocuments()).toBe(1);
    expect(lines.join("\n")).toMatch(/password: +\S{24}/);

    const secret = await getSessionSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await settings.findOne({ _id: "sessionSecret" }))?.value).toBe(secret);
  });

  it("dates the demo content from SEED_NOW rather than the clock", async () => {
    await prepareDatabase(await getDb(), () => {});
    const { visitorStats, blogs } = await getCollections();
    const days = (await visitorStats.find().toArray()).map((s) => s.date).sort();
    expect(days.at(-1)).toBe("2025-03-14");
    expect(days).toHaveLength(30);
    const posts = await blogs.find().toArray();
    for (const post of posts) expect(post.createdAt.getTime()).toBeLessThan(Date.parse(SEED_NOW));
  });

  it("leaves existing content alone and keeps the stored secret on the next start", async () => {
    const db = await getDb();
    await prepareDatabase(db, () => {});
    const { blogs, settings } = await getCollections();
    const storedSecret = async () => (await settings.findOne({ _id: "sessionSecret" }))?.value;
    const secret = await storedSecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await blogs.deleteMany({ title: { $regex: "." } });
    const { faqs } = await getCollections();
    const faqCount = await faqs.countDocuments();

    const lines: string[] = [];
    await prepareDatabase(db, (line) => lines.push(line));
    expect(await blogs.countDocuments()).toBe(0);
    expect(await faqs.countDocuments()).toBe(faqCount);
    expect(lines.join("\n")).not.toMatch(/seeded|password/);
    expect(await storedSecret()).toBe(secret);
  });
});

describe("several instances starting together", () => {
  it("seed an empty database once", async () => {
    const db = await getDb();
    await Promise.all([prepareDatabase(db, () => {}), prepareDatabase(db, () => {})]);
    const { blogs, heroSection } = await getCollections();
    expect(await heroSection.countDocuments()).toBe(1);
    const titles = (await blogs.find().toArray()).map((b) => b.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
