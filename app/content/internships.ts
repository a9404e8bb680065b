// Internships: the positions on /internships, described for the content kit. The kit gives them
// their store (list, admin page, get, create, update, remove, each write running the after-write
// steps) and the editor's inputs (fields as data). What only internships do stays in their own
// modules: the form's and the JSON API's schemas with the comma lists, the deadline and the
// durations (domain/internship.ts); the public list's filters, sorts and Closed-after-deadline
// rule and the Toggle Active write (domain/internship.server.ts); the admin screen with its
// twelve columns and toggle (routes/admin/internships.tsx); the JSON API, whose reads hide
// inactive internships from anonymous callers (routes/api/internships*.ts).
import type { InternshipDoc } from "#db/collections";
import {
  INTERNSHIP_ADDED,
  INTERNSHIP_DELETE_CONFIRM,
  INTERNSHIP_DELETED,
  INTERNSHIP_DOMAINS,
  INTERNSHIP_ERROR,
  INTERNSHIP_LIMITS,
  INTERNSHIP_NOT_FOUND,
  INTERNSHIP_STATUSES,
  INTERNSHIP_UPDATED,
  internshipBodySchema,
  internshipFormSchema,
  internshipFromDocument,
  internshipRecord,
} from "~/domain/internship";
import { defineCollection } from "./kit/types";

const LIST_HINT = "Separate the items with commas.";

export const internships = defineCollection({
  entity: "internship",
  own: "a table of twelve columns with the active toggle, and an API whose anonymous reads hide inactive positions",
  collection: "internships",
  schema: internshipFormSchema,
  apiSchema: internshipBodySchema,
  record: internshipRecord.omit({ _id: true }),
  fromDocument: (doc) => internshipFromDocument(doc as unknown as InternshipDoc),
  // In the editor's order: the half-width ones two to a row from the `sm` breakpoint.
  fields: [
    {
      kind: "text",
      name: "title",
      label: "Title",
      placeholder: "Frontend Development Intern",
      maxLength: INTERNSHIP_LIMITS.title,
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
      maxLength: INTERNSHIP_LIMITS.company,
      half: true,
    },
    {
      kind: "text",
      name: "location",
      label: "Location",
      placeholder: "Hybrid - Berlin",
      maxLength: INTERNSHIP_LIMITS.location,
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
      half: true,
    },
    {
      kind: "text",
      name: "salary",
      label: "Salary",
      placeholder: "€1,000 / month",
      maxLength: INTERNSHIP_LIMITS.salary,
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
      maxLength: INTERNSHIP_LIMITS.description,
    },
    {
      kind: "list",
      name: "requirements",
      label: "Requirements",
      rows: 3,
      placeholder: "Good written English, Basic Git",
      maxLength: INTERNSHIP_LIMITS.listText,
      hint: LIST_HINT,
      half: true,
    },
    {
      kind: "list",
      name: "benefits",
      label: "Benefits",
      rows: 3,
      placeholder: "Mentor, Learning budget",
      maxLength: INTERNSHIP_LIMITS.listText,
      hint: LIST_HINT,
      half: true,
    },
    {
      kind: "url",
      name: "applicationLink",
      label: "Application link",
      placeholder: "https://jobs.example.com/frontend-intern",
      maxLength: INTERNSHIP_LIMITS.link,
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
      half: true,
    },
  ],
  texts: {
    created: INTERNSHIP_ADDED,
    updated: INTERNSHIP_UPDATED,
    deleted: INTERNSHIP_DELETED,
    notFound: INTERNSHIP_NOT_FOUND,
    deleteConfirm: INTERNSHIP_DELETE_CONFIRM,
    // A failed save shows the site's one generic failure text.
    createFailed: INTERNSHIP_ERROR,
    updateFailed: INTERNSHIP_ERROR,
  },
  summary: (internship) => internship.title,
  searchFields: ["title", "domain", "company", "location", "description"],
  // The JSON API's list: newest first, as the admin table. The public page has its own orders
  // (deadline, duration, title), computed per request (domain/internship.server.ts).
  publicSort: { createdAt: -1, _id: -1 },
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
    titleColumn: { label: "Title", title: "title" },
    // The screen draws its own twelve columns (components/admin/internship-table.tsx).
    columns: [],
    subject: (internship) => String(internship.title),
  },
  api: {
    path: "/api/internships",
    tag: "Internships",
    listSummary: "Every internship, newest first: with a token also the inactive ones",
    createDescription:
      "duration: whole days as an array ([30, 60]) or comma-separated text ('30,60'); requirements and benefits: arrays of texts or comma-separated text; deadline: YYYY-MM-DD or an ISO date-time (kept as the end of that day in UTC). status defaults to Open, urgent to false, isActive to true.",
  },
});

/** The admin screen's address. */
export const INTERNSHIPS_PAGE = internships.admin.path;

/** The intents of the admin screen's forms (delete has the shared DELETE_INTENT). */
export const SAVE_INTENT = "save";
export const TOGGLE_INTENT = "toggle";
/** Posted by the Toggle Active form once JavaScript runs: answer with data, not a redirect. */
export const RESPOND_FIELD = "respond";
/**
 * Where a change lands: the success and error lines below the form, with the list right under
 * them. The form is long, so without this the confirmation would be out of sight at the top of
 * the page; the browser (or React Router's scroll restoration) scrolls to the fragment.
 */
export const RESULT_ID = "internship-result";
