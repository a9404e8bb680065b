// POST, GET /api/quotes (SPEC §7): a quote request (no token, "no auth header"; the quote
// form's schema, honeypot, rate limit and new-lead e-mail, lib/visitor-api.server.ts), and the
// requests received (a token; the query of /admin/dashboard/quotes, domain/quote.server.ts).
// The SPEC's quote screen shows the whole list without pages, so a page here is the largest
// allowed (API_LIMIT_MAX, 1,000) unless `limit` asks for fewer; `pagination` says when there is more.
import { apiLeadListQuery, leadFilterOf, leadReceipt } from "~/domain/lead-inbox";
import { QUOTE_STATUSES, QUOTE_SUCCESS, quoteApiSchema, quoteRecord } from "~/domain/quote";
import { createQuote, listQuotes, toQuoteRow } from "~/domain/quote.server";
import { apiJson, apiRoute, okResponse, operation } from "~/lib/api.server";
import { API_LIMIT_MAX, pagedListResponse, paginationOf } from "~/lib/api-list";
import { acceptVisitorPost } from "~/lib/visitor-api.server";

const api = apiRoute("/api/quotes", {
  post: operation({
    tag: "Quote requests",
    summary: "Request a quote (the quote form, for API clients)",
    description:
      "No token. The quote form's validation, spam trap and per-address limit (FORM_IP_LIMIT an hour, shared with the form); the agency is e-mailed as for the form. Send an Idempotency-Key header to make a retry safe: the same key with the same body is stored once and answered with the first record.",
    auth: "none",
    body: quoteApiSchema,
    response: okResponse(quoteRecord.omit({ updatedBy: true })),
    status: 201,
    errors: { 429: "Too many posts from this address; see Retry-After" },
    handler: async ({ request, context, body }) => {
      const { website, ...input } = body;
      const { doc } = await acceptVisitorPost({
        request,
        context,
        scope: "quote",
        honeypot: website,
        payload: input,
        store: (meta) => createQuote(input, meta),
      });
      return apiJson(
        { success: true, data: leadReceipt(toQuoteRow(doc)), message: QUOTE_SUCCESS },
        201,
      );
    },
  }),
  get: operation({
    tag: "Quote requests",
    summary: "The quote requests received, newest first",
    auth: "bearer",
    query: apiLeadListQuery(QUOTE_STATUSES, API_LIMIT_MAX),
    response: pagedListResponse(quoteRecord),
    handler: async ({ query }) => {
      const list = await listQuotes(leadFilterOf(query), query.limit);
      return apiJson({
        success: true,
        data: list.items,
        pagination: paginationOf(list, query.limit),
        message: "Quote requests fetched successfully.",
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
