// GET, PUT, DELETE /api/quotes/{id} (a token for each): one quote request with
// everything the inbox's page shows; `{status}` (pending, in-progress, completed, rejected),
// answered with the request as it now is; its deletion. The inbox's own queries and writes
// (domain/quote.server.ts: the status, when and by which admin). Unknown or malformed id: 404.
import { deleteOperation, leadGetOperation, leadStatusOperation } from "~/domain/lead-api.server";
import {
  QUOTE_DELETED,
  QUOTE_NOT_FOUND,
  QUOTE_STATUSES,
  quoteRecord,
  quoteViewRecord,
} from "~/domain/quote";
import { deleteQuote, getQuote, setQuoteStatus } from "~/domain/quote.server";
import { apiRoute } from "~/lib/api.server";

const tag = "Quote requests";
const notFoundText = QUOTE_NOT_FOUND;
const api = apiRoute("/api/quotes/{id}", {
  get: leadGetOperation({
    tag,
    summary: "One quote request, with its source, notification and notes",
    record: quoteViewRecord,
    get: getQuote,
    notFoundText,
  }),
  put: leadStatusOperation({
    tag,
    summary: "Set a quote request's status",
    statuses: QUOTE_STATUSES,
    record: quoteRecord,
    setStatus: setQuoteStatus,
    get: getQuote,
    notFoundText,
  }),
  delete: deleteOperation({
    tag,
    summary: "Delete a quote request",
    remove: deleteQuote,
    notFoundText,
    done: QUOTE_DELETED,
  }),
});

export const loader = api.loader;
export const action = api.action;
