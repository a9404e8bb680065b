// The dashboard's visitor statistics table (Date, Visitors, Day of week), newest first.
// Stats are kept per UTC day, so the day of the week is computed in UTC too: the same row reads
// the same on the server and in every visitor's browser.
import { formatCount } from "./stat-tile";

export interface VisitorRow {
  /** YYYY-MM-DD (UTC day). */
  date: string;
  count: number;
}

const WEEKDAY = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" });
const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "Wednesday" for "2026-06-03"; an empty string for a malformed date. */
export function weekdayName(date: string): string {
  const day = utcMidnight(date);
  return Number.isNaN(day.getTime()) ? "" : WEEKDAY.format(day);
}

/** "Wed, Jun 3, 2026" for "2026-06-03"; the input itself when malformed. */
export function shortDate(date: string): string {
  const day = utcMidnight(date);
  return Number.isNaN(day.getTime()) ? date : SHORT_DATE.format(day);
}

export const NO_VISITOR_DATA = "No visitor data available";

export function VisitorTable({ stats, today }: { stats: VisitorRow[]; today?: string }) {
  if (stats.length === 0) {
    return <p className="px-5 py-8 text-center text-slate-700">{NO_VISITOR_DATA}</p>;
  }
  return (
    // Fits a phone as it is; on a narrower screen it scrolls sideways, and a scrolling region
    // must be reachable with the keyboard (WCAG 2.1.1), hence the tabIndex and the name.
    <section
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600 focus-visible:-outline-offset-2"
      aria-label="Visitors per day"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to take focus.
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Visitors per day, newest first</caption>
        <thead className="border-slate-200 border-b bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">
              Date
            </th>
            <th scope="col" className="px-3 py-3 sm:px-5 text-right font-semibold">
              Visitors
            </th>
            <th scope="col" className="px-3 py-3 sm:px-5 font-semibold">
              Day of week
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {stats.map((s) => (
            <tr key={s.date} className={s.date === today ? "bg-blue-50/60" : "hover:bg-slate-50"}>
              <td className="px-3 py-2.5 text-slate-900 tabular-nums sm:px-5">
                <time dateTime={s.date}>{s.date}</time>
                {s.date === today ? (
                  <span className="ml-2 inline-block rounded-full bg-blue-100 px-2 py-0.5 font-semibold text-blue-800 text-xs">
                    Today
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2.5 sm:px-5 text-right font-medium text-slate-900 tabular-nums">
                {formatCount(s.count)}
              </td>
              <td className="px-3 py-2.5 sm:px-5 text-slate-700">{weekdayName(s.date)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
