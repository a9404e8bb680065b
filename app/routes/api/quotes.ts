// POST, GET /api/quotes: a quote request (no token, "no auth header"; the quote
// form's schema, honeypot, rate limit and new-lead e-mail, lib/visitor-api.server.ts), and the
// requests received (a token; the query of /admin/dashboard/quotes, domain/quote.server.ts).
// The SPEC's quote screen shows the whole list without pages, so a page here is the largest
// allowed (API_LIMIT_MAX, 1,000) unless `limit` asks for fewer; `pagination` says when there is more.
import { leadListOperation, leadPostOperation } from "~/domain/lead-api.server";
import { QUOTE_STATUSES, QUOTE_SUCCESS, quoteApiSchema, quoteRecord } from "~/domain/quote";
import { createQuote, listQuotes, toQuoteRow } from "~/domain/quote.server";
import { apiRoute } from "~/lib/api.server";
import { API_LIMIT_MAX } from "~/lib/api-list";

const tag = "Quote requests";
const api = apiRoute("/api/quotes", {
  post: leadPostOperation({
    tag,
    summary: "Request a quote (the quote form, for API clients)",
    form: "quote form",
    scope: "quote",
    body: quoteApiSchema,
    record: quoteRecord,
    create: createQuote,
    toRow: toQuoteRow,
    success: QUOTE_SUCCESS,
  }),
  get: leadListOperation({
    tag,
    summary: "The quote requests received, newest first",
    statuses: QUOTE_STATUSES,
    defaultLimit: API_LIMIT_MAX,
    record: quoteRecord,
    list: listQuotes,
    message: "Quote requests fetched successfully.",
  }),
});

export const loader = api.loader;
export const action = api.action;
