// Internships (SPEC §3, §5, §9), the part shared by server and browser: the public list's
// query string (filters, search, sort, page), its constants, the public shape of a listing and
// its structured data. MongoDB access lives in internship.server.ts.
import { z } from "zod";
import {
  INTERNSHIP_DOMAINS,
  INTERNSHIP_STATUSES,
  type InternshipDomain,
  type InternshipStatus,
} from "#db/collections";

export type { InternshipDomain, InternshipStatus };
export { INTERNSHIP_DOMAINS, INTERNSHIP_STATUSES };

/** SPEC §9: three internships per page. */
export const INTERNSHIP_PAGE_SIZE = 3;

/** SPEC §9: location filters, matched as substrings ("Hybrid" finds "Hybrid - Berlin"). */
export const INTERNSHIP_LOCATIONS = ["Remote", "Hybrid", "On-site"] as const;
export type InternshipLocation = (typeof INTERNSHIP_LOCATIONS)[number];

/** SPEC §9: the sorts, the first being the default. */
export const INTERNSHIP_SORTS = ["deadline", "duration", "title"] as const;
export type InternshipSort = (typeof INTERNSHIP_SORTS)[number];
export const DEFAULT_INTERNSHIP_SORT: InternshipSort = "deadline";
export const INTERNSHIP_SORT_LABELS: Record<InternshipSort, string> = {
  deadline: "Deadline (soonest first)",
  duration: "Duration (short to long)",
  title: "Title (A-Z)",
};

/** Longer searches are cut: nobody types more, and it bounds the regular expression. */
export const SEARCH_MAX_LENGTH = 100;
/** Durations are days; anything beyond ten years is not a duration but noise. */
const MAX_DURATION_DAYS = 3650;

// Every parameter is parsed on its own and a bad value is dropped (`catch`), so a hand-edited
// or outdated link still shows a list instead of an error page.
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

export const internshipQuerySchema = z.object({
  q: z
    .string()
    .transform((s) => s.trim().slice(0, SEARCH_MAX_LENGTH).trim())
    .catch(""),
  domain: optionalEnum(INTERNSHIP_DOMAINS),
  location: optionalEnum(INTERNSHIP_LOCATIONS),
  duration: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_DURATION_DAYS))
    .optional()
    .catch(undefined),
  saved: z
    .enum(["1", "true", "on"])
    .transform(() => true)
    .catch(false),
  sort: z.enum(INTERNSHIP_SORTS).catch(DEFAULT_INTERNSHIP_SORT),
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .catch(1),
});

export type InternshipQuery = z.output<typeof internshipQuerySchema>;

export const DEFAULT_INTERNSHIP_QUERY: InternshipQuery = {
  q: "",
  domain: undefined,
  location: undefined,
  duration: undefined,
  saved: false,
  sort: DEFAULT_INTERNSHIP_SORT,
  page: 1,
};

const QUERY_KEYS = ["q", "domain", "location", "duration", "saved", "sort", "page"] as const;

/** The list's state from a query string. Never throws: unknown or bad values are ignored. */
export function parseInternshipQuery(params: URLSearchParams): InternshipQuery {
  // The first value of each parameter (a repeated one must not become an array).
  const raw: Record<string, string> = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return internshipQuerySchema.parse(raw);
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
  if (query.q) params.set("q", query.q);
  if (query.domain) params.set("domain", query.domain);
  if (query.location) params.set("location", query.location);
  if (query.duration) params.set("duration", String(query.duration));
  if (query.saved) params.set("saved", "1");
  if (query.sort && query.sort !== DEFAULT_INTERNSHIP_SORT) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The public listing as the page shows it. */
export interface PublicInternship {
  _id: string;
  title: string;
  domain: string;
  company: string;
  location: string;
  /** Days, ascending. */
  duration: number[];
  salary: string;
  deadline: Date;
  createdAt: Date;
  /** The stored status, except that a passed deadline always reads "Closed". */
  status: InternshipStatus;
  /** Status Open and the deadline not passed: counted as an open position, can be applied to. */
  isOpen: boolean;
  urgent: boolean;
  description: string;
  requirements: string[];
  benefits: string[];
  applicationLink: string;
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
