// Internships: the admin form's and the JSON API's schemas and messages, and how a stored
// internship reads as a record (app/content/internships.ts describes the type for the content
// kit with these). The public list's query string, constants, listing shape and structured data
// are in internship-list.ts (no zod, it runs on public pages) and re-exported here; the public
// queries and the Toggle Active write are in internship.server.ts.
import { z } from "zod";
import type { InternshipDoc } from "#db/collections";
import { isWebUrl } from "~/lib/links";
import { INTERNSHIP_DOMAINS, INTERNSHIP_STATUSES, MAX_DURATION_DAYS } from "./internship-list";

export * from "./internship-list";

// ---------------------------------------------------------------------------------------
// The admin form, checked the same way in the browser (conform) and by the action. Every text
// field and the application link are required; the two checkboxes are not (unchecked is false).
// Durations, requirements and benefits are typed comma-separated and stored as lists.

export const INTERNSHIP_ADDED = "Internship added successfully!";
export const INTERNSHIP_UPDATED = "Internship updated successfully!";
export const INTERNSHIP_DELETED = "Internship deleted successfully!";
export const INTERNSHIP_TOGGLED = "Internship active status toggled successfully!";
/** What a failure says when the server gives no list of errors, exactly as written. */
export const INTERNSHIP_ERROR = "An error occurred";
/** An id that is malformed or names no internship (the admin's 404, the JSON API's). */
export const INTERNSHIP_NOT_FOUND = "This internship does not exist (it may have been deleted).";
export const INTERNSHIP_DELETE_CONFIRM = "Are you sure you want to delete this internship?";

export const INTERNSHIP_MESSAGES = {
  title: "Title is required.",
  domainRequired: "Domain is required.",
  domainInvalid: `Domain must be one of ${INTERNSHIP_DOMAINS.join(", ")}.`,
  company: "Company name is required.",
  location: "Location is required.",
  durationRequired: "Duration is required.",
  durationFormat: "Duration must be whole numbers of days separated by commas, e.g. 30,60.",
  durationRange: `Each duration must be between 1 and ${MAX_DURATION_DAYS} days.`,
  salary: "Salary is required.",
  deadlineRequired: "Deadline is required.",
  deadlineInvalid: "Deadline must be a valid date.",
  status: `Status must be one of ${INTERNSHIP_STATUSES.join(", ")}.`,
  description: "Description is required.",
  requirements: "Requirements are required.",
  benefits: "Benefits are required.",
  linkRequired: "Application link is required.",
  linkInvalid: "Application link must be a valid http(s) URL.",
} as const;

export const INTERNSHIP_LIMITS = {
  title: 200,
  company: 200,
  location: 200,
  salary: 100,
  description: 5000,
  /** The comma-separated text of a list, and each item in it. */
  listText: 5000,
  item: 300,
  items: 30,
  durations: 10,
  link: 2000,
} as const;

/** The earliest and latest deadline year the form takes (a typo like 20266 is not a date). */
const DEADLINE_YEARS = [2000, 2100] as const;

/** "a, b,, c " -> ["a", "b", "c"]: comma-separated items, trimmed, empty ones dropped. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/**
 * "30, 60" -> [30, 60] (ascending, each once); a string saying what is wrong otherwise.
 * Empty items ("30,,60", a trailing comma) are ignored like in the lists.
 */
export function parseDurationText(text: string): number[] | string {
  const items = splitList(text);
  if (items.length === 0) return INTERNSHIP_MESSAGES.durationRequired;
  if (!items.every((item) => /^\d{1,6}$/.test(item))) return INTERNSHIP_MESSAGES.durationFormat;
  const days = items.map(Number);
  if (days.some((d) => d < 1 || d > MAX_DURATION_DAYS)) return INTERNSHIP_MESSAGES.durationRange;
  const unique = [...new Set(days)].sort((a, b) => a - b);
  if (unique.length > INTERNSHIP_LIMITS.durations) {
    return `At most ${INTERNSHIP_LIMITS.durations} durations.`;
  }
  return unique;
}

/**
 * "2026-12-31" -> the end of that day in UTC (applications are taken all day long; the site
 * shows dates in UTC, lib/format.ts), or null when it is not a real date in range.
 */
export function parseDeadline(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DEADLINE_YEARS[0] || year > DEADLINE_YEARS[1]) return null;
  const date = new Date(Date.UTC(year, month - 1, day, 23, 59, 59, 999));
  // Date.UTC rolls 2026-02-30 over into March: only a day that exists comes back unchanged.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

const requiredText = (message: string, max: number, what: string) =>
  z
    .string({ error: message })
    .trim()
    // abort: a blank field says only that it is required, not also that it is no URL.
    .min(1, { error: message, abort: true })
    .max(max, `The ${what} can be at most ${max} characters long.`);

/**
 * What is wrong with the items of a list (requirements, benefits), or null: at least one, at
 * most INTERNSHIP_LIMITS.items, each at most INTERNSHIP_LIMITS.item characters. The form's
 * comma-separated text and the JSON API's array are both checked here.
 */
function listItemsProblem(items: readonly string[], message: string, what: string) {
  if (items.length === 0) return message;
  if (items.length > INTERNSHIP_LIMITS.items) return `At most ${INTERNSHIP_LIMITS.items} ${what}.`;
  if (items.some((item) => item.length > INTERNSHIP_LIMITS.item)) {
    return `Each of the ${what} can be at most ${INTERNSHIP_LIMITS.item} characters long.`;
  }
  return null;
}

const checkedItems = (message: string, what: string) => (items: string[], ctx: z.RefinementCtx) => {
  const problem = listItemsProblem(items, message, what);
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return items;
};

const list = (message: string, what: string) =>
  requiredText(message, INTERNSHIP_LIMITS.listText, what)
    .transform(splitList)
    .transform(checkedItems(message, what));

// conform turns an empty field into undefined (hence the "required" messages on a missing
// value) and an unchecked checkbox into nothing at all (hence false).
const checkbox = z
  .boolean()
  .optional()
  .transform((value) => value ?? false);

export const internshipFormSchema = z.object({
  title: requiredText(INTERNSHIP_MESSAGES.title, INTERNSHIP_LIMITS.title, "title"),
  domain: z.enum(INTERNSHIP_DOMAINS, {
    error: (issue) =>
      typeof issue.input !== "string" || issue.input.trim() === ""
        ? INTERNSHIP_MESSAGES.domainRequired
        : INTERNSHIP_MESSAGES.domainInvalid,
  }),
  company: requiredText(INTERNSHIP_MESSAGES.company, INTERNSHIP_LIMITS.company, "company name"),
  location: requiredText(INTERNSHIP_MESSAGES.location, INTERNSHIP_LIMITS.location, "location"),
  duration: requiredText(INTERNSHIP_MESSAGES.durationRequired, 200, "duration").transform(
    (text, ctx) => {
      const days = parseDurationText(text);
      if (typeof days === "string") {
        ctx.addIssue({ code: "custom", message: days });
        return z.NEVER;
      }
      return days;
    },
  ),
  salary: requiredText(INTERNSHIP_MESSAGES.salary, INTERNSHIP_LIMITS.salary, "salary"),
  deadline: z.string({ error: INTERNSHIP_MESSAGES.deadlineRequired }).transform((text, ctx) => {
    if (text.trim() === "") {
      ctx.addIssue({ code: "custom", message: INTERNSHIP_MESSAGES.deadlineRequired });
      return z.NEVER;
    }
    const date = parseDeadline(text);
    if (!date) {
      ctx.addIssue({ code: "custom", message: INTERNSHIP_MESSAGES.deadlineInvalid });
      return z.NEVER;
    }
    return date;
  }),
  // Open unless chosen otherwise.
  status: z.enum(INTERNSHIP_STATUSES, { error: INTERNSHIP_MESSAGES.status }).default("Open"),
  urgent: checkbox,
  description: requiredText(
    INTERNSHIP_MESSAGES.description,
    INTERNSHIP_LIMITS.description,
    "description",
  ),
  requirements: list(INTERNSHIP_MESSAGES.requirements, "requirements"),
  benefits: list(INTERNSHIP_MESSAGES.benefits, "benefits"),
  isActive: checkbox,
  applicationLink: requiredText(
    INTERNSHIP_MESSAGES.linkRequired,
    INTERNSHIP_LIMITS.link,
    "application link",
  ).refine((link) => isWebUrl(link), INTERNSHIP_MESSAGES.linkInvalid),
});

export type InternshipFormInput = z.input<typeof internshipFormSchema>;
export type InternshipInput = z.output<typeof internshipFormSchema>;

/** The admin table's internship: the record and who changed it last. */
export type AdminInternship = InternshipRecord & { updatedBy: string | null };

/** Editing fills the form, lists joined by commas. */
export function internshipFormValues(internship: InternshipRecord): InternshipFormInput {
  return {
    title: internship.title,
    domain: internship.domain,
    company: internship.company,
    location: internship.location,
    duration: internship.duration.join(","),
    salary: internship.salary,
    deadline: internship.deadline.slice(0, 10),
    status: internship.status,
    urgent: internship.urgent,
    description: internship.description,
    requirements: internship.requirements.join(", "),
    benefits: internship.benefits.join(", "),
    isActive: internship.isActive,
    applicationLink: internship.applicationLink,
  };
}

// ---------------------------------------------------------------------------------------
// The JSON API (routes/api/internships*.ts). The form's field schemas and messages, with what
// JSON carries instead of the form's text: the duration and the lists as arrays (the form's
// comma-separated text is still accepted), booleans as booleans, the deadline also as the ISO
// date-time the API answers with. Field names are as stored: `company`, `urgent`.

const form = internshipFormSchema.shape;

export const INTERNSHIP_API_MESSAGES = {
  list: (what: string) => `The ${what} must be a list of texts or comma-separated text.`,
  boolean: (name: string) => `${name} must be true or false.`,
} as const;

/** `[30, 60]`, or the form's "30,60": the same field schema either way (parseDurationText). */
const durationBody = z
  .union([z.array(z.number()), z.string()], {
    error: (issue) =>
      issue.input === undefined
        ? INTERNSHIP_MESSAGES.durationRequired
        : INTERNSHIP_MESSAGES.durationFormat,
  })
  .transform((value) => (Array.isArray(value) ? value.join(",") : value))
  .pipe(form.duration);

/**
 * `["a", "b, c"]` (each item kept whole, trimmed, blank ones dropped), or the form's "a, b"
 * (split at commas, splitList): the same checks either way.
 */
const listBody = (message: string, what: "requirements" | "benefits") =>
  z
    .union([z.array(z.string()), z.string()], {
      error: (issue) => (issue.input === undefined ? message : INTERNSHIP_API_MESSAGES.list(what)),
    })
    .transform((value) =>
      typeof value === "string"
        ? splitList(value)
        : value.map((item) => item.trim()).filter((item) => item !== ""),
    )
    .transform(checkedItems(message, what));

const isoDateTime = z.iso.datetime({ offset: true });

/** "2026-12-31", or an ISO date-time such as the API's own "2026-12-31T23:59:59.999Z". */
const deadlineBody = z
  .string({ error: INTERNSHIP_MESSAGES.deadlineRequired })
  .transform((text) => {
    const trimmed = text.trim();
    if (!isoDateTime.safeParse(trimmed).success) return text;
    // The day it is in UTC, where the site keeps deadlines (parseDeadline).
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) ? text : date.toISOString().slice(0, 10);
  })
  .pipe(form.deadline);

const flag = (name: string, fallback: boolean) =>
  z.boolean({ error: INTERNSHIP_API_MESSAGES.boolean(name) }).default(fallback);

export const internshipBodySchema = z.object({
  title: form.title,
  domain: form.domain,
  company: form.company,
  location: form.location,
  duration: durationBody,
  salary: form.salary,
  deadline: deadlineBody,
  status: form.status,
  // Not urgent and active unless said otherwise.
  urgent: flag("urgent", false),
  description: form.description,
  requirements: listBody(INTERNSHIP_MESSAGES.requirements, "requirements"),
  benefits: listBody(INTERNSHIP_MESSAGES.benefits, "benefits"),
  isActive: flag("isActive", true),
  applicationLink: form.applicationLink,
}) satisfies z.ZodType<InternshipInput, unknown>;

/** An internship as the JSON API answers it: every stored field, dates as ISO strings. */
export const internshipRecord = z.object({
  _id: z.string(),
  title: z.string(),
  domain: z.enum(INTERNSHIP_DOMAINS),
  company: z.string(),
  location: z.string(),
  duration: z.array(z.number().int()),
  salary: z.string(),
  deadline: z.string().describe("ISO date-time: the end of the deadline's day in UTC"),
  status: z.enum(INTERNSHIP_STATUSES),
  urgent: z.boolean(),
  description: z.string(),
  requirements: z.array(z.string()),
  benefits: z.array(z.string()),
  isActive: z.boolean(),
  applicationLink: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type InternshipRecord = z.infer<typeof internshipRecord>;

/**
 * A stored internship as the admin and the JSON API read it (the content kit's record): dates
 * as ISO strings, and what a document written before a field existed lacks read as its default.
 */
export function internshipFromDocument(doc: InternshipDoc): Omit<InternshipRecord, "_id"> {
  return {
    title: doc.title,
    domain: doc.domain,
    company: doc.company,
    location: doc.location,
    duration: [...(doc.duration ?? [])],
    salary: doc.salary,
    deadline: doc.deadline.toISOString(),
    status: doc.status,
    urgent: Boolean(doc.urgent),
    description: doc.description,
    requirements: doc.requirements ?? [],
    benefits: doc.benefits ?? [],
    isActive: Boolean(doc.isActive),
    applicationLink: doc.applicationLink ?? "",
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Whether the deadline (the end of its day in UTC) is behind `now`. */
export function deadlinePassed(deadline: Date | string, now: Date): boolean {
  return new Date(deadline).getTime() < now.getTime();
}

/**
 * The record an anonymous API read answers: the status the public site shows, Closed once the
 * deadline has passed whatever is stored (an admin, with a token, reads the stored one it edits).
 */
export function toPublicInternshipRecord<R extends Pick<InternshipRecord, "deadline" | "status">>(
  internship: R,
  now: Date,
): R {
  return deadlinePassed(internship.deadline, now)
    ? { ...internship, status: "Closed" }
    : internship;
}
