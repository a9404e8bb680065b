// Quote requests (name, e-mail, phone, service, message, status): stored from the public form, read
// and handled in the lead inbox (status, notes, deletion, CSV export). The functions come from the
// one lead store (lead-store.server.ts) that contact messages use too; phone and service are the
// quote's own fields.
import { QUOTE_STATUSES, type QuoteDoc } from "#db/collections";
import type { LeadRow, LeadView } from "./lead-inbox";
import { leadStore } from "./lead-store.server";
import { QUOTE_DELETED, QUOTE_NOT_FOUND, QUOTE_SORTABLE, type QuoteInput } from "./quote";

type QuoteFields = { phone: string; service: string };

const quotes = leadStore<QuoteDoc, QuoteInput, QuoteFields>({
  collection: "quotes",
  entity: "quote",
  noun: "quote request",
  statuses: QUOTE_STATUSES,
  sortable: QUOTE_SORTABLE,
  notFoundText: QUOTE_NOT_FOUND,
  deletedFlash: QUOTE_DELETED,
  initialStatus: "pending",
  extraFields: ({ phone, service }) => ({ phone, service }),
  mailFields: (doc) => [
    ["Phone", doc.phone],
    ["Service", doc.service],
  ],
  viewFields: ({ phone, service }) => ({ phone, service }),
  csvColumns: ["Phone", "Service"],
  csvCells: (doc) => [doc.phone, doc.service],
});

export type QuoteView = LeadView<QuoteDoc["status"]> & QuoteFields;
export type QuoteRow = LeadRow<QuoteView>;

export const createQuote = quotes.create;
export const toQuoteRow = quotes.toRow;
export const listQuotes = quotes.list;
export const getQuote = quotes.get;
export const countNewQuotes = quotes.countNew;
export const setQuoteStatus = quotes.setStatus;
export const deleteQuote = quotes.remove;
export const addQuoteNote = quotes.addNote;
export const QUOTE_CSV_HEADER = quotes.csvHeader;
export const quoteCsvRows = quotes.exportRows;
export const quoteInbox = quotes.inbox;
