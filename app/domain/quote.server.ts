// Quote requests (name, e-mail, phone, service, message, status): stored from the public form, read
// and handled in the lead inbox (status, notes, deletion, CSV export; shared queries in
// lead-inbox.server.ts).

import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import { QUOTE_STATUSES, type QuoteDoc, type QuoteStatus } from "#db/collections";
import type { LeadFilter } from "~/lib/lead-filter";
import type { ListPage } from "~/lib/list-page.server";
import type { Actor } from "./audit";
import type { LeadKind } from "./lead-actions.server";
import { type LeadRow, type LeadView, leadRow } from "./lead-inbox";
import {
  type AddNoteOutcome,
  addLeadNote,
  csvRows,
  deleteLead,
  findLead,
  LEAD_CSV_TAIL,
  leadCsvTail,
  leadsForExport,
  leadView,
  listLeads,
  setLeadStatus,
} from "./lead-inbox.server";
import { insertOnce, type LeadOptions, notifyNewLead } from "./lead-notification.server";
import { QUOTE_DELETED, QUOTE_NOT_FOUND, type QuoteInput } from "./quote";

/** Stores a new quote request (status 'pending') and announces it to the agency by e-mail. */
export async function createQuote(
  input: QuoteInput,
  options: LeadOptions = {},
): Promise<{ doc: QuoteDoc; created: boolean }> {
  const { source = {}, submissionKey, now = new Date() } = options;
  const { quotes } = await getCollections();
  const doc: QuoteDoc = {
    _id: new ObjectId(),
    name: input.name,
    email: input.email,
    phone: input.phone,
    service: input.service,
    message: input.message,
    status: "pending",
    source,
    ...(submissionKey ? { submissionKey } : {}),
    createdAt: now,
    updatedAt: now,
  };
  if (!(await insertOnce(quotes, doc))) {
    // A repeat of a stored post: answer with what was stored the first time.
    const stored = await quotes.findOne({ submissionKey });
    return { doc: stored ?? doc, created: false };
  }
  notifyNewLead({
    kind: "quote",
    id: doc._id,
    name: doc.name,
    email: doc.email,
    fields: [
      ["Phone", doc.phone],
      ["Service", doc.service],
    ],
    message: doc.message,
    source,
  });
  return { doc, created: true };
}

// ---- The lead inbox (/admin/dashboard/quotes) ----

export type QuoteView = LeadView<QuoteStatus> & { phone: string; service: string };
export type QuoteRow = LeadRow<QuoteView>;

function toQuoteView(doc: QuoteDoc): QuoteView {
  return { ...leadView<QuoteStatus>(doc), phone: doc.phone, service: doc.service };
}

/** A quote request as lists show it (and the JSON API answers it): no notes, no handling. */
export function toQuoteRow(doc: QuoteDoc): QuoteRow {
  return leadRow(toQuoteView(doc));
}

/** One page of quote requests for the admin table (newest first, filtered). */
export async function listQuotes(
  filter: LeadFilter,
  pageSize?: number,
): Promise<ListPage<QuoteRow>> {
  const { quotes } = await getCollections();
  return listLeads(quotes, filter, toQuoteRow, pageSize);
}

/** Everything stored about one quote request; null for a malformed or unknown id. */
export async function getQuote(id: string): Promise<QuoteView | null> {
  const { quotes } = await getCollections();
  const doc = await findLead(quotes, id);
  return doc ? toQuoteView(doc) : null;
}

export async function setQuoteStatus(
  id: string,
  status: QuoteStatus,
  actor: Actor,
): Promise<boolean> {
  const { quotes } = await getCollections();
  return setLeadStatus(quotes, "quote", id, status, actor);
}

export async function deleteQuote(id: string, actor: Actor): Promise<boolean> {
  const { quotes } = await getCollections();
  return deleteLead(quotes, "quote", id, actor);
}

export async function addQuoteNote(
  id: string,
  text: string,
  actor: Actor,
): Promise<AddNoteOutcome> {
  const { quotes } = await getCollections();
  return addLeadNote(quotes, "quote", id, text, actor);
}

/** Every quote request the filter matches, for the CSV export (a cursor, not an array). */
async function quotesForExport(filter: LeadFilter): Promise<AsyncGenerator<QuoteDoc>> {
  const { quotes } = await getCollections();
  return leadsForExport(quotes, filter);
}

export const QUOTE_CSV_HEADER = [
  "Received (UTC)",
  "Name",
  "Email",
  "Phone",
  "Service",
  "Message",
  "Status",
  ...LEAD_CSV_TAIL,
] as const;

/** The rows of the quote export: every stored field a person needs, filter applied. */
export async function quoteCsvRows(
  filter: LeadFilter,
): Promise<AsyncGenerator<readonly unknown[]>> {
  return csvRows(await quotesForExport(filter), (doc) => [
    doc.createdAt,
    doc.name,
    doc.email,
    doc.phone,
    doc.service,
    doc.message,
    doc.status,
    ...leadCsvTail(doc),
  ]);
}

/** What the inbox's posts (domain/lead-actions.server.ts) do to quote requests. */
export const quoteInbox: LeadKind<QuoteStatus> = {
  noun: "quote request",
  statuses: QUOTE_STATUSES,
  notFoundText: QUOTE_NOT_FOUND,
  exists: async (id) => (await getQuote(id)) !== null,
  setStatus: setQuoteStatus,
  remove: deleteQuote,
  addNote: addQuoteNote,
  deletedFlash: QUOTE_DELETED,
};
