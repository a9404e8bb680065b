// Internships: the positions on /internships, described once for the content kit: the admin
// form's schema (checked in the browser and by the action), the JSON API's body, the record,
// the editor's fields, the texts and the screen. The kit gives them their store, the admin
// loader and action (kit/admin.server.ts) and the JSON API (kit/api.server.ts). What only
// internships do stays with them: the comma lists and durations (here), the Toggle Active write
// and the public list's filters and sorts (domain/internship.server.ts, domain/internship-list.ts,
// which runs on public pages without zod), and the admin screen's always-open form and twelve
// columns (routes/admin/internships.tsx, components/admin/internship-*.tsx).
import { z } from "zod";
import { INTERNSHIP_DOMAINS, INTERNSHIP_STATUSES } from "#db/collections";
import { MAX_DURATION_DAYS, toPublicInternshipRecord } from "~/domain/internship-list";
import { isWebUrl } from "~/lib/links";
import { requiredText } from "./kit/schema";
import { defineCollection, recordFrom } from "./kit/types";

export const INTERNSHIP_TOGGLED = "Internship active status toggled successfully!";
/** What a failure says when the server gives no list of errors, exactly as written. */
export const INTERNSHIP_ERROR = "An error occurred";

// Every text field and the application link are required; the two checkboxes are not.
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

const M = INTERNSHIP_MESSAGES;
const L = INTERNSHIP_LIMITS;

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
  if (items.length === 0) return M.durationRequired;
  if (!items.every((item) => /^\d{1,6}$/.test(item))) return M.durationFormat;
  const days = items.map(Number);
  if (days.some((d) => d < 1 || d > MAX_DURATION_DAYS)) return M.durationRange;
  const unique = [...new Set(days)].sort((a, b) => a - b);
  if (unique.length > L.durations) return `At most ${L.durations} durations.`;
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

/** A transform that turns a parser's text answer into the field's error. */
const parsed =
  <I, T>(parse: (input: I) => T | string) =>
  (input: I, ctx: z.RefinementCtx): T => {
    const value = parse(input);
    if (typeof value !== "string") return value as T;
    ctx.addIssue({ code: "custom", message: value });
    return z.NEVER;
  };

/**
 * The items of a list (requirements, benefits), from the form's comma-separated text or the
 * JSON API's array: at least one, at most INTERNSHIP_LIMITS.items, each at most
 * INTERNSHIP_LIMITS.item characters.
 */
const checkedItems = (message: string, what: string) =>
  parsed((items: string[]) => {
    if (items.length === 0) return message;
    if (items.length > L.items) return `At most ${L.items} ${what}.`;
    if (items.some((item) => item.length > L.item)) {
      return `Each of the ${what} can be at most ${L.item} characters long.`;
    }
    return items;
  });

const list = (message: string, what: string) =>
  requiredText(message, INTERNSHIP_LIMITS.listText, what)
    .transform(splitList)
    .transform(checkedItems(message, what));

const isoDateTime = z.iso.datetime({ offset: true });

// conform turns an empty field into undefined (hence the "required" messages on a missing
// value) and an unchecked checkbox into nothing at all (hence false).
const checkbox = z
  .boolean()
  .optional()
  .transform((value) => value ?? false);

export const internshipFormSchema = z.object({
  title: requiredText(M.title, L.title, "title"),
  domain: z.enum(INTERNSHIP_DOMAINS, {
    error: (issue) =>
      typeof issue.input !== "string" || issue.input.trim() === ""
        ? M.domainRequired
        : M.domainInvalid,
  }),
  company: requiredText(M.company, L.company, "company name"),
  location: requiredText(M.location, L.location, "location"),
  duration: requiredText(M.durationRequired, 200, "duration").transform(parsed(parseDurationText)),
  salary: requiredText(M.salary, L.salary, "salary"),
  // "2026-12-31", or (from the JSON API) an ISO date-time such as its own
  // "2026-12-31T23:59:59.999Z".
  deadline: z
    .string({ error: M.deadlineRequired })
    .transform((text) => {
      const trimmed = text.trim();
      if (!isoDateTime.safeParse(trimmed).success) return text;
      // The day it is in UTC, where the site keeps deadlines (parseDeadline).
      const date = new Date(trimmed);
      return Number.isNaN(date.getTime()) ? text : date.toISOString().slice(0, 10);
    })
    .transform(
      parsed((text) =>
        text.trim() === "" ? M.deadlineRequired : (parseDeadline(text) ?? M.deadlineInvalid),
      ),
    ),
  // Open unless chosen otherwise.
  status: z.enum(INTERNSHIP_STATUSES, { error: M.status }).default("Open"),
  urgent: checkbox,
  description: requiredText(M.description, L.description, "description"),
  requirements: list(M.requirements, "requirements"),
  benefits: list(M.benefits, "benefits"),
  isActive: checkbox,
  applicationLink: requiredText(M.linkRequired, L.link, "application link", true).refine(
    (link) => isWebUrl(link),
    M.linkInvalid,
  ),
});

export type InternshipInput = z.output<typeof internshipFormSchema>;

// The JSON API's body: the form's field schemas and messages, with what JSON carries instead
// of the form's text: the duration and the lists as arrays (the form's comma-separated text is
// still accepted), booleans as booleans. Field names are as stored: `company`, `urgent`.
export const INTERNSHIP_API_MESSAGES = {
  list: (what: string) => `The ${what} must be a list of texts or comma-separated text.`,
  boolean: (name: string) => `${name} must be true or false.`,
} as const;

/** `[30, 60]`, or the form's "30,60": the same field schema either way (parseDurationText). */
const durationBody = z
  .union([z.array(z.number()), z.string()], {
    error: (issue) => (issue.input === undefined ? M.durationRequired : M.durationFormat),
  })
  .transform((value) => (Array.isArray(value) ? value.join(",") : value))
  .pipe(internshipFormSchema.shape.duration);

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

const flag = (name: string, fallback: boolean) =>
  z.boolean({ error: INTERNSHIP_API_MESSAGES.boolean(name) }).default(fallback);

export const internshipBodySchema = internshipFormSchema.extend({
  duration: durationBody,
  // Not urgent and active unless said otherwise.
  urgent: flag("urgent", false),
  requirements: listBody(M.requirements, "requirements"),
  benefits: listBody(M.benefits, "benefits"),
  isActive: flag("isActive", true),
}) satisfies z.ZodType<InternshipInput, unknown>;

/** An internship as the admin and the JSON API read it: every stored field, dates as ISO strings. */
const record = recordFrom(internshipFormSchema, {
  duration: z.array(z.number().int()),
  deadline: z.string().describe("ISO date-time: the end of the deadline's day in UTC"),
  requirements: z.array(z.string()),
  benefits: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type InternshipRecord = z.infer<typeof record> & { _id: string };

/** What a document written before these fields existed reads as. */
const LACKING: Record<string, unknown> = { duration: [], requirements: [], benefits: [] };

const LIST_HINT = "Separate the items with commas.";

export const internships = defineCollection({
  entity: "internship",
  own: "an always-open form with the Active toggle and a table of twelve columns",
  collection: "internships",
  schema: internshipFormSchema,
  apiSchema: internshipBodySchema,
  record,
  // Field for field, dates as ISO strings, and defaults for what older documents lack (the two
  // boxes unticked, no link).
  fromDocument: (doc) =>
    Object.fromEntries(
      Object.entries(record.shape).map(([field, type]) => {
        const value = doc[field] ?? LACKING[field] ?? (type instanceof z.ZodBoolean ? false : "");
        return [field, value instanceof Date ? value.toISOString() : value];
      }),
    ) as z.output<typeof record>,
  // In the editor's order: the half-width ones two to a row from the `sm` breakpoint.
  fields: [
    {
      kind: "text",
      name: "title",
      label: "Title",
      placeholder: "Frontend Development Intern",
      maxLength: L.title,
      half: true,
    },
    {
      kind: "select",
      name: "domain",
      label: "Domain",
      options: INTERNSHIP_DOMAINS,
      placeholder: "Select a domain",
      half: true,
    },
    {
      kind: "text",
      name: "company",
      label: "Company name",
      placeholder: "Bureau Digital",
      maxLength: L.company,
      half: true,
    },
    {
      kind: "text",
      name: "location",
      label: "Location",
      placeholder: "Hybrid - Berlin",
      maxLength: L.location,
      hint: "Starting with Remote, Hybrid or On-site lets visitors filter by it.",
      half: true,
    },
    {
      kind: "list",
      name: "duration",
      label: "Duration (days)",
      inputMode: "numeric",
      placeholder: "30,60",
      maxLength: 200,
      hint: "Whole days, separated by commas.",
      separator: ",",
      half: true,
    },
    {
      kind: "text",
      name: "salary",
      label: "Salary",
      placeholder: "€1,000 / month",
      maxLength: L.salary,
      half: true,
    },
    {
      kind: "date",
      name: "deadline",
      label: "Deadline",
      hint: "Applications close at the end of this day (UTC).",
      half: true,
    },
    { kind: "choice", name: "status", label: "Status", options: INTERNSHIP_STATUSES, half: true },
    {
      kind: "textarea",
      name: "description",
      label: "Description",
      rows: 5,
      maxLength: L.description,
    },
    {
      kind: "list",
      name: "requirements",
      label: "Requirements",
      rows: 3,
      placeholder: "Good written English, Basic Git",
      maxLength: L.listText,
      hint: LIST_HINT,
      half: true,
    },
    {
      kind: "list",
      name: "benefits",
      label: "Benefits",
      rows: 3,
      placeholder: "Mentor, Learning budget",
      maxLength: L.listText,
      hint: LIST_HINT,
      half: true,
    },
    {
      kind: "url",
      name: "applicationLink",
      label: "Application link",
      placeholder: "https://jobs.example.com/frontend-intern",
      maxLength: L.link,
      hint: "Apply Now opens it in a new tab.",
    },
    {
      kind: "checkbox",
      name: "urgent",
      label: "Urgent",
      hint: "Marked as urgent on the internships page.",
      half: true,
    },
    {
      kind: "checkbox",
      name: "isActive",
      label: "Active",
      hint: "Shown on the internships page. Inactive ones are kept but hidden.",
      // A new internship is active unless chosen otherwise.
      defaultValue: true,
      half: true,
    },
  ],
  texts: {
    created: "Internship added successfully!",
    updated: "Internship updated successfully!",
    deleted: "Internship deleted successfully!",
    // A failed write shows the site's one generic failure text.
    createFailed: INTERNSHIP_ERROR,
    updateFailed: INTERNSHIP_ERROR,
    deleteFailed: INTERNSHIP_ERROR,
  },
  summary: (internship) => internship.title,
  searchFields: ["title", "domain", "company", "location", "description"],
  // The JSON API's list: newest first, as the admin table. The public page has its own orders
  // (deadline, duration, title), computed per request (domain/internship.server.ts).
  publicSort: { createdAt: -1, _id: -1 },
  // An inactive internship is a draft or withdrawn: as absent from the API as from the site.
  publicView: (internship, now) =>
    internship.isActive ? toPublicInternshipRecord(internship, now) : null,
  admin: {
    // Spelled so on purpose: the address the admin has always had.
    path: "/admin/dashboard/intership-page",
    title: "Internships",
    description:
      "The positions on the careers page. Inactive ones stay here but are hidden there, and one whose deadline has passed shows as Closed by itself.",
    siteLink: "/internships",
    addLabel: "Add New Internship",
    formTitle: { create: "Add New Internship", edit: "Edit Internship" },
    noun: ["internship", "internships"],
    search: {
      label: "Search internships",
      placeholder: "Title, domain, company, location or description",
    },
    emptyText: "No internships found.",
    titleColumn: { label: "Title", title: "title", sort: true },
    // The screen draws its own twelve columns (components/admin/internship-screen.tsx); these
    // sort (the columns shown in the table: the secondary ones sit under the title, where a
    // header link would be an invisible stop for the keyboard).
    columns: [],
    sortable: ["deadline", "status", "urgent", "isActive"],
    subject: (internship) => String(internship.title),
    // The form is long: a change lands on the lines below it, with the list right under them.
    resultId: "internship-result",
  },
  api: {
    path: "/api/internships",
    tag: "Internships",
    listSummary: "Every internship, newest first: with a token also the inactive ones",
    createDescription:
      "duration: whole days as an array ([30, 60]) or comma-separated text ('30,60'); requirements and benefits: arrays of texts or comma-separated text; deadline: YYYY-MM-DD or an ISO date-time (kept as the end of that day in UTC). status defaults to Open, urgent to false, isActive to true.",
    summaries: {
      create: "Add an internship",
      one: "One internship (an inactive one only with a token)",
      update: "Replace an internship (the full body, as for POST)",
      delete: "Delete an internship",
    },
  },
  example: {
    title: "Frontend intern",
    domain: "Tech",
    company: "Bureau",
    location: "Remote",
    duration: "30, 60",
    salary: "Unpaid",
    deadline: "2030-01-31",
    urgent: false,
    description: "Build pages with us.",
    requirements: "React, TypeScript",
    benefits: "Mentoring",
    isActive: true,
    applicationLink: "https://jobs.example.com/frontend-intern",
  },
});

/** The intents of the admin screen's own forms (save and delete are the kit's). */
export const TOGGLE_INTENT = "toggle";
/** Posted by the Toggle Active form once JavaScript runs: answer with data, not a redirect. */
export const RESPOND_FIELD = "respond";
