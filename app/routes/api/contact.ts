// POST, GET /api/contact (SPEC §7): a visitor's message (no token; the contact form's schema,
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
import { apiLeadListQuery, leadFilterOf, leadReceipt } from "~/domain/lead-inbox";
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";
import { pagedListResponse, paginationOf } from "~/lib/api-list";
import { acceptVisitorPost } from "~/lib/visitor-api.server";

const api = apiRoute("/api/contact", {
  post: operation({
    tag: "Contact messages",
    summary: "Send a message (the contact form, for API clients)",
    description:
      "No token. The contact form's validation, spam trap and per-address limit (FORM_IP_LIMIT an hour, shared with the form); the agency is e-mailed as for the form. Send an Idempotency-Key header to make a retry safe: the same key with the same body is stored once and answered with the first record.",
    auth: "none",
    body: contactMessageApiSchema,
    response: okResponse(contactRecord.omit({ updatedBy: true })),
    status: 201,
    errors: { 429: "Too many posts from this address; see Retry-After" },
    handler: async ({ request, context, body }) => {
      const { website, ...input } = body;
      const { doc } = await acceptVisitorPost({
        request,
        context,
        scope: "contact",
        honeypot: website,
        payload: input,
        store: (meta) => createContactMessage(input, meta),
      });
      return apiJson(
        { success: true, data: leadReceipt(toContactRow(doc)), message: CONTACT_SUCCESS },
        201,
      );
    },
  }),
  get: operation({
    tag: "Contact messages",
    summary: "The messages received, newest first, a page at a time",
    auth: "bearer",
    query: apiLeadListQuery(CONTACT_STATUSES),
    response: pagedListResponse(contactRecord),
    handler: async ({ query }) => {
      const list = await listContactMessages(leadFilterOf(query), query.limit);
      return apiJson({
        success: true,
        data: list.items,
        pagination: paginationOf(list, query.limit),
        message: "Contacts fetched successfully.",
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
