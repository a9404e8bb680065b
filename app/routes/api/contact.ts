// POST, GET /api/contact: a visitor's message (no token; the contact form's schema,
// honeypot, rate limit and new-lead e-mail, lib/visitor-api.server.ts), and the inbox's list
// `?page&limit&status&search` with `pagination` (a token: the same query as
// /admin/dashboard/contact-forms, domain/contact-message.server.ts).
import {
  CONTACT_STATUSES,
  CONTACT_SUCCESS,
  contactMessageApiSchema,
  contactRecord,
} from "~/domain/contact-message";
import {
  createContactMessage,
  listContactMessages,
  toContactRow,
} from "~/domain/contact-message.server";
import { leadListOperation, leadPostOperation } from "~/domain/lead-api.server";
import { apiRoute } from "~/lib/api.server";

const tag = "Contact messages";
const api = apiRoute("/api/contact", {
  post: leadPostOperation({
    tag,
    summary: "Send a message (the contact form, for API clients)",
    form: "contact form",
    scope: "contact",
    body: contactMessageApiSchema,
    record: contactRecord,
    create: createContactMessage,
    toRow: toContactRow,
    success: CONTACT_SUCCESS,
  }),
  get: leadListOperation({
    tag,
    summary: "The messages received, newest first, a page at a time",
    statuses: CONTACT_STATUSES,
    record: contactRecord,
    list: listContactMessages,
    message: "Contacts fetched successfully.",
  }),
});

export const loader = api.loader;
export const action = api.action;
