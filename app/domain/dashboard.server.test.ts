import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { visitorCountFor } from "#db/seed/demo-content";
import { clearDashboardData, seedDashboardDemo } from "../../tests/support/dashboard-data";
import {
  getDashboardCounts,
  getVisitorSummary,
  lastDays,
  utcDay,
  VISITOR_WINDOW_DAYS,
} from "./dashboard.server";

/** Everything the dashboard shows (its route reads the two halves apart, each with a fallback). */
async function getDashboard(now: Date) {
  return { ...(await getDashboardCounts()), ...(await getVisitorSummary(now)) };
}

afterAll(closeDatabase);
beforeEach(clearDashboardData);

// Late in the evening in New York is already tomorrow in UTC: the dashboard must use UTC.
const NOW = new Date("2026-06-03T23:30:00-04:00");

const seedDemo = seedDashboardDemo;

describe("lastDays", () => {
  it("ends on today's UTC day and goes back one day at a time", () => {
    const days = lastDays(NOW);
    expect(days).toHaveLength(VISITOR_WINDOW_DAYS);
    expect(days.at(-1)).toBe("2026-06-04");
    expect(days[0]).toBe("2026-05-06");
    expect(lastDays(new Date("2026-03-02T00:00:00Z"), 3)).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });
});

describe("the dashboard's figures", () => {
  it("gives zeros and empty lists on an empty database, with a 30-day series of zeros", async () => {
    const d = await getDashboard(NOW);
    expect(d).toMatchObject({
      blogCount: 0,
      internshipCount: 0,
      activeInternshipCount: 0,
      newQuoteCount: 0,
      newContactCount: 0,
      todayDate: "2026-06-04",
      todayCount: 0,
      visitorStats: [],
    });
    expect(d.series).toHaveLength(30);
    expect(d.series.every((s) => s.count === 0)).toBe(true);
  });

  it("counts the demo content and finds today's stat by the UTC date", async () => {
    const demo = await seedDemo(NOW);
    const d = await getDashboard(NOW);
    expect(d.blogCount).toBe(demo.blogs.length);
    expect(d.blogCount).toBe(7);
    expect(d.internshipCount).toBe(10);
    expect(d.activeInternshipCount).toBe(demo.internships.filter((i) => i.isActive).length);
    expect(d.activeInternshipCount).toBeLessThan(d.internshipCount);
    expect(d.newQuoteCount).toBe(demo.quotes.filter((q) => q.status === "pending").length);
    expect(d.newContactCount).toBe(demo.contacts.filter((c) => c.status === "new").length);
    expect(d.newQuoteCount).toBe(2);
    expect(d.newContactCount).toBe(2);
    expect(d.todayDate).toBe(utcDay(NOW));
    expect(d.todayCount).toBe(visitorCountFor("2026-06-04"));
    // Newest first, the same figures as stored.
    expect(d.visitorStats).toHaveLength(30);
    expect(d.visitorStats[0]).toEqual({ date: "2026-06-04", count: d.todayCount });
    expect(d.visitorStats.map((s) => s.date)).toEqual([...lastDays(NOW)].reverse());
    expect(d.series).toEqual([...d.visitorStats].reverse());
  });

  it("does not count posts and internships in the trash", async () => {
    await seedDemo(NOW);
    const before = await getDashboardCounts();
    const { blogs, internships } = await getCollections();
    const trashed = { $set: { deletedAt: new Date(), deletedBy: "ana@bureau.test" } };
    await blogs.updateOne({}, trashed);
    await internships.updateOne({ isActive: true }, trashed);
    expect(await getDashboardCounts()).toMatchObject({
      blogCount: before.blogCount - 1,
      internshipCount: before.internshipCount - 1,
      activeInternshipCount: before.activeInternshipCount - 1,
    });
  });

  it("fills days without a stat with 0, ignores future stats and shows at most 30 rows", async () => {
    const { visitorStats } = await getCollections();
    const stat = (date: string, count: number) => ({ _id: new ObjectId(), date, count });
    await visitorStats.insertMany([
      stat("2026-06-05", 999), // tomorrow: left out
      stat("2026-06-02", 40),
      stat("2026-05-06", 7), // first day of the window
      stat("2026-05-05", 3), // just before it: a table row, not a bar
      ...lastDays(new Date("2026-04-30T12:00:00Z"), 40).map((date) => stat(date, 1)),
    ]);
    const d = await getDashboard(NOW);
    expect(d.todayCount).toBe(0);
    expect(d.visitorStats).toHaveLength(30);
    expect(d.visitorStats.slice(0, 4)).toEqual([
      { date: "2026-06-02", count: 40 },
      { date: "2026-05-06", count: 7 },
      { date: "2026-05-05", count: 3 },
      { date: "2026-04-30", count: 1 },
    ]);
    expect(d.series).toHaveLength(30);
    expect(d.series[0]).toEqual({ date: "2026-05-06", count: 7 });
    expect(d.series.find((s) => s.date === "2026-06-02")?.count).toBe(40);
    expect(d.series.at(-1)).toEqual({ date: "2026-06-04", count: 0 });
    expect(d.series.reduce((sum, s) => sum + s.count, 0)).toBe(47);
  });
});
