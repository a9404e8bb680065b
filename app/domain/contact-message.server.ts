// Contact messages (name, e-mail, message, status new/read/replied): stored from /contact, read and
// handled in the lead inbox (status, notes, deletion, CSV export; shared queries in
// lead-inbox.server.ts).

import { ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import { CONTACT_STATUSES, type ContactDoc, type ContactStatus } from "#db/collections";
import type { LeadFilter } from "~/lib/lead-filter";
import type { ListPage } from "~/lib/list-page.server";
import type { Actor } from "./audit";
import { CONTACT_DELETED, CONTACT_NOT_FOUND, type ContactMessageInput } from "./contact-message";
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

/** Stores a new contact message (status 'new') and announces it to the agency by e-mail. */
export async function createContactMessage(
  input: ContactMessageInput,
  options: LeadOptions = {},
): Promise<{ doc: ContactDoc; created: boolean }> {
  const { source = {}, submissionKey, now = new Date() } = options;
  const { contacts } = await getCollections();
  const doc: ContactDoc = {
    _id: new ObjectId(),
    name: input.name,
    email: input.email,
    message: input.message,
    status: "new",
    source,
    ...(submissionKey ? { submissionKey } : {}),
    createdAt: now,
    updatedAt: now,
  };
  if (!(await insertOnce(contacts, doc))) {
    // A repeat of a stored post: answer with what was stored the first time.
    const stored = await contacts.findOne({ submissionKey });
    return { doc: stored ?? doc, created: false };
  }
  notifyNewLead({
    kind: "contact",
    id: doc._id,
    name: doc.name,
    email: doc.email,
    fields: [],
    message: doc.message,
    source,
  });
  return { doc, created: true };
}

// ---- The lead inbox (/admin/dashboard/contact-forms) ----

export type ContactView = LeadView<ContactStatus>;
export type ContactRow = LeadRow<ContactView>;

function toContactView(doc: ContactDoc): ContactView {
  return leadView<ContactStatus>(doc);
}

/** A message as lists show it (and the JSON API answers it): no notes, no handling. */
export function toContactRow(doc: ContactDoc): ContactRow {
  return leadRow(toContactView(doc));
}

/** One page (10) of contact messages for the admin table (newest first, filtered). */
export async function listContactMessages(
  filter: LeadFilter,
  pageSize?: number,
): Promise<ListPage<ContactRow>> {
  const { contacts } = await getCollections();
  return listLeads(contacts, filter, toContactRow, pageSize);
}

/** Everything stored about one message; null for a malformed or unknown id. */
export async function getContactMessage(id: string): Promise<ContactView | null> {
  const { contacts } = await getCollections();
  const doc = await findLead(contacts, id);
  return doc ? toContactView(doc) : null;
}

export async function setContactStatus(
  id: string,
  status: ContactStatus,
  actor: Actor,
): Promise<boolean> {
  const { contacts } = await getCollections();
  return setLeadStatus(contacts, "contact", id, status, actor);
}

export async function deleteContactMessage(id: string, actor: Actor): Promise<boolean> {
  const { contacts } = await getCollections();
  return deleteLead(contacts, "contact", id, actor);
}

async function addContactNote(id: string, text: string, actor: Actor): Promise<AddNoteOutcome> {
  const { contacts } = await getCollections();
  return addLeadNote(contacts, "contact", id, text, actor);
}

/** Every message the filter matches, for the CSV export (a cursor, not an array). */
async function contactMessagesForExport(filter: LeadFilter): Promise<AsyncGenerator<ContactDoc>> {
  const { contacts } = await getCollections();
  return leadsForExport(contacts, filter);
}

export const CONTACT_CSV_HEADER = [
  "Received (UTC)",
  "Name",
  "Email",
  "Message",
  "Status",
  ...LEAD_CSV_TAIL,
] as const;

/** The rows of the contact-message export: every stored field a person needs, filter applied. */
export async function contactCsvRows(
  filter: LeadFilter,
): Promise<AsyncGenerator<readonly unknown[]>> {
  return csvRows(await contactMessagesForExport(filter), (doc) => [
    doc.createdAt,
    doc.name,
    doc.email,
    doc.message,
    doc.status,
    ...leadCsvTail(doc),
  ]);
}

/** What the inbox's posts (domain/lead-actions.server.ts) do to contact messages. */
export const contactInbox: LeadKind<ContactStatus> = {
  noun: "contact message",
  statuses: CONTACT_STATUSES,
  notFoundText: CONTACT_NOT_FOUND,
  exists: async (id) => (await getContactMessage(id)) !== null,
  setStatus: setContactStatus,
  remove: deleteContactMessage,
  addNote: addContactNote,
  deletedFlash: CONTACT_DELETED,
};
