// Contact messages (name, e-mail, message, status new/read/replied): stored from /contact, read and
// handled in the lead inbox (status, notes, deletion, CSV export). The functions come from the
// one lead store (lead-store.server.ts) that quote requests use too.
import { CONTACT_STATUSES, type ContactDoc } from "#db/collections";
import { CONTACT_DELETED, CONTACT_NOT_FOUND, type ContactMessageInput } from "./contact-message";
import { LEAD_SORTABLE, type LeadRow, type LeadView } from "./lead-inbox";
import { leadStore } from "./lead-store.server";

const contacts = leadStore<ContactDoc, ContactMessageInput, object>({
  collection: "contacts",
  entity: "contact",
  noun: "contact message",
  statuses: CONTACT_STATUSES,
  sortable: LEAD_SORTABLE,
  notFoundText: CONTACT_NOT_FOUND,
  deletedFlash: CONTACT_DELETED,
  initialStatus: "new",
  extraFields: () => ({}),
  mailFields: () => [],
  viewFields: () => ({}),
  csvColumns: [],
  csvCells: () => [],
});

export type ContactView = LeadView<ContactDoc["status"]>;
export type ContactRow = LeadRow<ContactView>;

export const createContactMessage = contacts.create;
export const toContactRow = contacts.toRow;
export const listContactMessages = contacts.list;
export const getContactMessage = contacts.get;
export const countNewContactMessages = contacts.countNew;
export const setContactStatus = contacts.setStatus;
export const deleteContactMessage = contacts.remove;
export const CONTACT_CSV_HEADER = contacts.csvHeader;
export const contactCsvRows = contacts.exportRows;
export const contactInbox = contacts.inbox;
