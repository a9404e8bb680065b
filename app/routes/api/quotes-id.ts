// GET, PUT, DELETE /api/quotes/{id} (SPEC §7, a token for each): one quote request with
// everything the inbox's page shows; `{status}` (pending, in-progress, completed, rejected),
// answered with the request as it now is; its deletion. The inbox's own queries and writes
// (domain/quote.server.ts: the status, when and by which admin). Unknown or malformed id: 404.
import { z } from "zod";
import { leadRow, leadStatusBody, statusSetText } from "~/domain/lead-inbox";
import {
  QUOTE_DELETED,
  QUOTE_NOT_FOUND,
  QUOTE_STATUSES,
  quoteRecord,
  quoteViewRecord,
} from "~/domain/quote";
import { deleteQuote, getQuote, setQuoteStatus } from "~/domain/quote.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/quotes/{id}", {
  get: operation({
    tag: "Quote requests",
    summary: "One quote request, with its source, notification and notes",
    auth: "bearer",
    response: okResponse(quoteViewRecord),
    handler: async ({ params }) => {
      const quote = await getQuote(params.id ?? "");
      if (!quote) apiNotFound(QUOTE_NOT_FOUND);
      return apiJson({ success: true, data: quote });
    },
  }),
  put: operation({
    tag: "Quote requests",
    summary: "Set a quote request's status",
    auth: "bearer",
    body: leadStatusBody(QUOTE_STATUSES),
    response: okResponse(quoteRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await setQuoteStatus(id, body.status, actor))) apiNotFound(QUOTE_NOT_FOUND);
      const quote = await getQuote(id);
      if (!quote) apiNotFound(QUOTE_NOT_FOUND);
      return apiJson({ success: true, data: leadRow(quote), message: statusSetText(body.status) });
    },
  }),
  delete: operation({
    tag: "Quote requests",
    summary: "Delete a quote request",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await deleteQuote(params.id ?? "", actor))) apiNotFound(QUOTE_NOT_FOUND);
      return apiJson({ success: true, message: QUOTE_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
