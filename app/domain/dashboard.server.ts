// The admin dashboard's figures: content
// counts, what is waiting in the inboxes, and the visitor statistics. Counts come from
// countDocuments (each served by an index or the collection's count), never from loading lists
// as the original client did: the dashboard stays as cheap with 10,000 posts as with 7.
//
// The two halves are separate functions so the page can show one while the other failed
// (each half has its own error text).
import { getCollections } from "#db/client.server";
import { LIVE_FILTER, PUBLIC_FILTER } from "~/content/kit/publishing";

/** Days shown in the chart and, at most, rows in the visitor statistics table. */
export const VISITOR_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DashboardCounts {
  blogCount: number;
  /** Every internship, active or not: what the admin's internship list holds. */
  internshipCount: number;
  /** The ones visitors can see (isActive). */
  activeInternshipCount: number;
  /** Quote requests still 'pending'. */
  newQuoteCount: number;
  /** Contact messages still 'new'. */
  newContactCount: number;
}

export interface VisitorStat {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  count: number;
}

export interface VisitorSummary {
  /** Today in UTC, YYYY-MM-DD: the stats are kept per UTC day. */
  todayDate: string;
  /** Today's stat, 0 when there is none yet. */
  todayCount: number;
  /** Stored stats up to today, newest first, at most VISITOR_WINDOW_DAYS of them. */
  visitorStats: VisitorStat[];
  /** The last VISITOR_WINDOW_DAYS days, oldest first, ending today; days without a stat are 0. */
  series: VisitorStat[];
}

/** YYYY-MM-DD of the UTC day `date` falls on. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC days from `days - 1` days before `now` to `now`'s day, oldest first. */
export function lastDays(now: Date, days = VISITOR_WINDOW_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => utcDay(new Date(today - (days - 1 - i) * DAY_MS)));
}

export async function getDashboardCounts(): Promise<DashboardCounts> {
  const { blogs, internships, quotes, contacts } = await getCollections();
  // The status filters use the { status: 1, createdAt: -1 } indexes of db/collections.ts, the
  // active count the { isActive: 1, deadline: 1 } one.
  const [blogCount, internshipCount, activeInternshipCount, newQuoteCount, newContactCount] =
    await Promise.all([
      // Drafts are not counted as posts or open positions (decision 033), nor is the trash.
      blogs.countDocuments(PUBLIC_FILTER),
      internships.countDocuments(LIVE_FILTER),
      internships.countDocuments({ isActive: true, ...PUBLIC_FILTER }),
      quotes.countDocuments({ status: "pending" }),
      contacts.countDocuments({ status: "new" }),
    ]);
  return { blogCount, internshipCount, activeInternshipCount, newQuoteCount, newContactCount };
}

export async function getVisitorSummary(now = new Date()): Promise<VisitorSummary> {
  const { visitorStats } = await getCollections();
  const todayDate = utcDay(now);
  // The newest stats up to today through the unique { date: 1 } index (YYYY-MM-DD strings sort
  // like the days they name). A stat dated after today (a clock set wrong somewhere) is left
  // out rather than shown as "today". These 30 rows include every day of the chart's window.
  const docs = await visitorStats
    .find({ date: { $lte: todayDate } }, { projection: { _id: 0, date: 1, count: 1 } })
    .sort({ date: -1 })
    .limit(VISITOR_WINDOW_DAYS)
    .toArray();
  const stats = docs.map((d) => ({ date: d.date, count: Number(d.count) || 0 }));
  const byDate = new Map(stats.map((s) => [s.date, s.count]));
  return {
    todayDate,
    todayCount: byDate.get(todayDate) ?? 0,
    visitorStats: stats,
    series: lastDays(now).map((date) => ({ date, count: byDate.get(date) ?? 0 })),
  };
}
