// Formatting shared by server and browser. Dates use a fixed locale and UTC so the server's
// HTML and the hydrated page always agree (a visitor's time zone would otherwise cause a
// hydration mismatch around midnight).

const LONG_DATE = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** e.g. "November 22, 2026". */
export function formatDate(date: Date | string): string {
  return LONG_DATE.format(new Date(date));
}

const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** e.g. "Nov 22, 2026", for narrow table columns. */
export function formatShortDate(date: Date | string): string {
  return SHORT_DATE.format(new Date(date));
}

const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** e.g. "Nov 22, 2026, 14:05 UTC", for moments (a link's expiry). */
export function formatDateTime(date: Date | string): string {
  return `${DATE_TIME.format(new Date(date))} UTC`;
}

/** YYYY-MM-DD in UTC, for <time dateTime> and structured data. */
export function isoDate(date: Date | string): string {
  return new Date(date).toISOString().slice(0, 10);
}

/**
 * The first `max` characters plus an ellipsis when the text is longer (blog cards cut
 * at 150, social descriptions at 160). Cuts on a code point boundary, never inside an emoji.
 */
export function truncate(text: string, max: number, ellipsis = "..."): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}${ellipsis}` : text;
}

/** Markdown reduced to plain text, for card previews and meta descriptions. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
