// Internships, the part public pages run in the browser: the list's query string (filters,
// search, sort, page), its constants, the public shape of a listing, the deadline rule and the
// structured data. No zod here, so the internships page does not load it
// (docs/decisions/018-javascript-budget.md); the admin form's schemas are in
// content/internships.ts, and MongoDB access lives in internship.server.ts.
import { INTERNSHIP_DOMAINS, type InternshipDomain } from "#db/collections";
import type { InternshipRecord } from "~/content/internships";
import { SEARCH_MAX } from "~/lib/admin-list";
import { parsePage } from "~/lib/pagination";

/** The public list shows three internships per page. */
export const INTERNSHIP_PAGE_SIZE = 3;

/** The location filters, matched as substrings ("Hybrid" finds "Hybrid - Berlin"). */
export const INTERNSHIP_LOCATIONS = ["Remote", "Hybrid", "On-site"] as const;
export type InternshipLocation = (typeof INTERNSHIP_LOCATIONS)[number];

/** The sorts, the first being the default. */
export const INTERNSHIP_SORTS = ["deadline", "duration", "title"] as const;
export type InternshipSort = (typeof INTERNSHIP_SORTS)[number];
export const DEFAULT_INTERNSHIP_SORT: InternshipSort = "deadline";
export const INTERNSHIP_SORT_LABELS: Record<InternshipSort, string> = {
  deadline: "Deadline (soonest first)",
  duration: "Duration (short to long)",
  title: "Title (A-Z)",
};

/** Durations are days; anything beyond ten years is not a duration but noise. */
export const MAX_DURATION_DAYS = 3650;

/** The list's state: search, filters, sort and page. */
export interface InternshipQuery {
  q: string;
  domain: InternshipDomain | undefined;
  location: InternshipLocation | undefined;
  /** Days. */
  duration: number | undefined;
  saved: boolean;
  sort: InternshipSort;
  page: number;
}

/** `value` when it is one of `values`, otherwise undefined. */
function oneOf<const T extends readonly string[]>(values: T, value: string | undefined) {
  return value !== undefined && (values as readonly string[]).includes(value)
    ? (value as T[number])
    : undefined;
}

/** A number of days (at most four digits) a duration can be, else undefined. */
function days(value: string | undefined) {
  const number = value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : 0;
  return number >= 1 && number <= MAX_DURATION_DAYS ? number : undefined;
}

export const DEFAULT_INTERNSHIP_QUERY: InternshipQuery = {
  q: "",
  domain: undefined,
  location: undefined,
  duration: undefined,
  saved: false,
  sort: DEFAULT_INTERNSHIP_SORT,
  page: 1,
};

/**
 * The list's query parameters, in the order internshipSearch writes them: also the page's
 * declared parameters (routes/internships.tsx `handle`), so its links are canonical URLs.
 */
export const INTERNSHIP_QUERY_KEYS = Object.keys(
  DEFAULT_INTERNSHIP_QUERY,
) as (keyof InternshipQuery)[];

/** The list's state from a query string. Never throws: unknown or bad values are ignored. */
export function parseInternshipQuery(params: URLSearchParams): InternshipQuery {
  // The first value of each parameter (a repeated one must not become an array).
  const raw = (key: keyof InternshipQuery) => params.get(key) ?? undefined;
  // Every parameter is read on its own and a bad value is dropped, so a hand-edited or
  // outdated link still shows a list instead of an error page.
  return {
    q: (raw("q") ?? "").trim().slice(0, SEARCH_MAX).trim(),
    domain: oneOf(INTERNSHIP_DOMAINS, raw("domain")),
    location: oneOf(INTERNSHIP_LOCATIONS, raw("location")),
    duration: days(raw("duration")),
    saved: oneOf(["1", "true", "on"], raw("saved")) !== undefined,
    sort: oneOf(INTERNSHIP_SORTS, raw("sort")) ?? DEFAULT_INTERNSHIP_SORT,
    page: parsePage(params.get("page")),
  };
}

/** Whether anything narrows the list (search, a filter or saved-only); the sort does not. */
export function hasActiveFilters(query: InternshipQuery): boolean {
  return Boolean(query.q || query.domain || query.location || query.duration || query.saved);
}

/**
 * The query string of a list state, without default or empty values, so links stay short and
 * one state has one URL. Starts with "?" unless empty.
 */
export function internshipSearch(query: Partial<InternshipQuery>): string {
  const params = new URLSearchParams();
  for (const key of INTERNSHIP_QUERY_KEYS) {
    const value = query[key];
    // Saved-only is written "saved=1"; page 1 and the default sort are the list without them.
    if (value && value !== DEFAULT_INTERNSHIP_QUERY[key])
      params.set(key, value === true ? "1" : String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * A public internship as read: without its back-office fields (when it was last changed, the
 * active flag). The public list is filtered, sorted, counted and shown from these.
 */
export type PublicInternshipDoc = Omit<InternshipRecord, "updatedAt" | "isActive">;

/**
 * The public listing as the page shows it: durations ascending; the stored status, except that
 * a passed deadline always reads "Closed"; `isOpen` when the status is Open and the deadline has
 * not passed (counted as an open position, can be applied to).
 */
export type PublicInternship = PublicInternshipDoc & { isOpen: boolean };

/** Whether the deadline (the end of its day in UTC) is behind `now`. */
export function deadlinePassed(deadline: string, now: Date): boolean {
  return new Date(deadline).getTime() < now.getTime();
}

/**
 * What an anonymous reader gets: the status the public site shows, Closed once the deadline has
 * passed whatever is stored (an admin reads the stored one it edits).
 */
export function toPublicInternshipRecord<R extends { deadline: string; status: string }>(
  internship: R,
  now: Date,
): R {
  return deadlinePassed(internship.deadline, now)
    ? { ...internship, status: "Closed" }
    : internship;
}

/** e.g. "30 / 60 days", "90 days". */
export function formatDurations(days: readonly number[]): string {
  if (days.length === 0) return "";
  const unit = days.length === 1 && days[0] === 1 ? "day" : "days";
  return `${days.join(" / ")} ${unit}`;
}

// ---------------------------------------------------------------------------------------
// Structured data (schema.org JobPosting), for every open internship on the page.

const CURRENCIES: Record<string, string> = { "€": "EUR", $: "USD", "£": "GBP" };
const SALARY_UNITS: Record<string, string> = {
  hour: "HOUR",
  day: "DAY",
  week: "WEEK",
  month: "MONTH",
  year: "YEAR",
};

/**
 * A MonetaryAmount from salary text such as "€1,100 / month" or "1200 EUR per month", or null
 * when the text is not one clear amount per period ("Unpaid, stipend for travel"): search
 * engines reject a guessed salary, and omitting it is allowed.
 */
export function parseSalary(text: string) {
  const match =
    /^\s*(?:(€|\$|£)\s?([\d.,]+)|([\d.,]+)\s?(€|EUR|USD|GBP))\s*(?:\/|per|a)\s*(hour|day|week|month|year)\s*$/i.exec(
      text,
    );
  if (!match) return null;
  const currency = match[1]
    ? CURRENCIES[match[1]]
    : (CURRENCIES[match[4] as string] ?? match[4]?.toUpperCase());
  // Thousands separators only ("1,100" or "1.100"): cents in a monthly allowance are not a thing.
  const digits = (match[2] ?? match[3] ?? "").replace(/[.,](?=\d{3}(?:\D|$))/g, "");
  if (!/^\d+$/.test(digits)) return null;
  const unit = SALARY_UNITS[(match[5] as string).toLowerCase()];
  return {
    "@type": "MonetaryAmount",
    currency,
    value: { "@type": "QuantitativeValue", value: Number(digits), unitText: unit },
  };
}

/** "Hybrid - Berlin" -> "Berlin"; "Remote" -> null. */
function placeOf(location: string): string | null {
  const parts = location.split(/\s+[-–]\s+/);
  const place = parts.length > 1 ? parts.slice(1).join(" - ").trim() : "";
  if (place) return place;
  const bare = location.trim();
  return /^(remote|hybrid|on-?site)$/i.test(bare) || !bare ? null : bare;
}

export function jobPostingJsonLd(internship: PublicInternship): Record<string, unknown> {
  const remote = /^remote\b/i.test(internship.location.trim());
  const place = placeOf(internship.location);
  const salary = parseSalary(internship.salary);
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: internship.title,
    description: internship.description,
    datePosted: new Date(internship.createdAt).toISOString(),
    validThrough: new Date(internship.deadline).toISOString(),
    employmentType: "INTERN",
    hiringOrganization: { "@type": "Organization", name: internship.company },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          // Only when the listing names where applicants may live ("Remote - Europe"); a
          // requirement the content does not state would be made up.
          ...(place
            ? { applicantLocationRequirements: { "@type": "AdministrativeArea", name: place } }
            : {}),
        }
      : place
        ? {
            jobLocation: {
              "@type": "Place",
              address: { "@type": "PostalAddress", addressLocality: place },
            },
          }
        : {}),
    ...(salary ? { baseSalary: salary } : {}),
  };
}
