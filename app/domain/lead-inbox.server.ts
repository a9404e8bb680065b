// The queries the lead inbox runs on both lead collections (quotes, contacts): the filter of
// the URL as a MongoDB query, one page of it, one lead, its status, its notes, deletion and a
// cursor for the CSV export. quote.server.ts and contact-message.server.ts call these with
// their collection and their own mapping to plain objects.
import type { Collection, Filter } from "mongodb";
import type { ContactDoc, LeadNote, QuoteDoc } from "#db/collections";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-list";
import { dayRange, type LeadFilter } from "~/lib/lead-filter";
import { type ListPage, listOrder, listPage, searchFilter } from "~/lib/list-page.server";
import { parseObjectId } from "~/lib/object-id.server";
import type { Actor } from "./audit";
import { recordAudit } from "./audit.server";
import { type LeadNoteView, type LeadView, NOTES_PER_LEAD_MAX } from "./lead-inbox";

type LeadDoc = QuoteDoc | ContactDoc;
/** How the audit log names the two lead collections. */
type LeadEntity = "quote" | "contact";

/** Fields the inbox search looks in: "name, e-mail or text". */
const SEARCHED = ["name", "email", "message"] as const;

/** Newest first; the id breaks ties between leads of the same millisecond. */
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The URL's filter (page aside) as a query. */
function leadQuery<T extends LeadDoc>(filter: LeadFilter): Filter<T> {
  const and: Filter<T>[] = [];
  if (filter.status) and.push({ status: filter.status } as Filter<T>);
  const range = dayRange(filter);
  if (range.gte || range.lt) {
    and.push({
      createdAt: {
        ...(range.gte ? { $gte: range.gte } : {}),
        ...(range.lt ? { $lt: range.lt } : {}),
      },
    } as Filter<T>);
  }
  if (filter.q) and.push(searchFilter<T>(filter.q, SEARCHED));
  return and.length === 0
    ? {}
    : and.length === 1
      ? (and[0] as Filter<T>)
      : ({ $and: and } as Filter<T>);
}

/** The fields every lead view has, from either collection. */
export function leadView<Status extends string>(doc: LeadDoc): Omit<LeadView<Status>, never> {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    email: doc.email,
    message: doc.message,
    status: doc.status as Status,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    updatedBy: doc.updatedBy ?? null,
    source: {
      ...(doc.source?.page ? { page: doc.source.page } : {}),
      ...(doc.source?.referrer ? { referrer: doc.source.referrer } : {}),
      ...(doc.source?.utm && Object.keys(doc.source.utm).length
        ? { utm: { ...doc.source.utm } }
        : {}),
    },
    notification: doc.notification
      ? {
          status: doc.notification.status,
          at: doc.notification.at.toISOString(),
          detail: doc.notification.detail ?? null,
        }
      : null,
    notes: (doc.notes ?? []).map(
      (note): LeadNoteView => ({
        text: note.text,
        author: note.author,
        createdAt: note.createdAt.toISOString(),
      }),
    ),
  };
}

/**
 * One page of the filtered leads, newest first unless the filter sorts by a column (a field the
 * kind's store has checked); a page past the end shows the last. The admin pages show 10; the
 * JSON API lets its client ask for another page size.
 */
export function listLeads<T extends LeadDoc, Row>(
  collection: Collection<T>,
  filter: LeadFilter,
  map: (doc: T) => Row,
  pageSize: number = ADMIN_PAGE_SIZE,
): Promise<ListPage<Row>> {
  return listPage(collection, {
    filter: leadQuery<T>(filter),
    ...listOrder(filter.sort, NEWEST_FIRST),
    page: filter.page,
    pageSize,
    map,
  });
}

/** The lead an id names, or null when the id is malformed or names nothing. */
export async function findLead<T extends LeadDoc>(
  collection: Collection<T>,
  id: string,
): Promise<T | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  return (await collection.findOne({ _id } as Filter<T>)) as T | null;
}

// The audit entries of leads name the record by id and say what changed, without the visitor's
// name, address or words: the log outlives a deleted lead (docs/decisions/015-audit-log.md).

/** Sets a (checked) status; false when the id names nothing. */
export async function setLeadStatus<T extends LeadDoc>(
  collection: Collection<T>,
  entity: LeadEntity,
  id: string,
  status: T["status"],
  actor: Actor,
  now = new Date(),
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const before = await (collection as unknown as Collection<LeadDoc>).findOneAndUpdate(
    { _id },
    { $set: { status, updatedAt: now, updatedBy: actor.email } },
    { projection: { status: 1 } },
  );
  if (!before) return false;
  await recordAudit(actor, {
    action: "status",
    entity,
    entityId: id,
    summary: before.status === status ? `${status} (unchanged)` : `${before.status} → ${status}`,
  });
  return true;
}

/** False when the id names nothing. */
export async function deleteLead<T extends LeadDoc>(
  collection: Collection<T>,
  entity: LeadEntity,
  id: string,
  actor: Actor,
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const deleted = await (collection as unknown as Collection<LeadDoc>).findOneAndDelete(
    { _id },
    { projection: { status: 1, createdAt: 1 } },
  );
  if (!deleted) return false;
  await recordAudit(actor, {
    action: "delete",
    entity,
    entityId: id,
    summary: `Received ${deleted.createdAt.toISOString().slice(0, 10)}, ${deleted.status}`,
  });
  return true;
}

export type AddNoteOutcome = "added" | "not-found" | "full";

/**
 * Appends a note (newest last). Refused, not trimmed, once the lead has NOTES_PER_LEAD_MAX:
 * the condition sits in the update itself, so two admins adding the last note at once cannot
 * both pass it.
 */
export async function addLeadNote<T extends LeadDoc>(
  collection: Collection<T>,
  entity: LeadEntity,
  id: string,
  text: string,
  actor: Actor,
  now = new Date(),
): Promise<AddNoteOutcome> {
  const _id = parseObjectId(id);
  if (!_id) return "not-found";
  const leads = collection as unknown as Collection<LeadDoc>;
  const note: LeadNote = { text, author: actor.email, createdAt: now };
  const result = await leads.updateOne(
    { _id, [`notes.${NOTES_PER_LEAD_MAX - 1}`]: { $exists: false } },
    { $push: { notes: note } },
  );
  if (result.matchedCount === 1) {
    // The note's length, not its words: notes stay on the lead, and go with it.
    const length = Array.from(text).length;
    await recordAudit(actor, {
      action: "note",
      entity,
      entityId: id,
      summary: `Note added (${length} ${length === 1 ? "character" : "characters"})`,
    });
    return "added";
  }
  return (await leads.countDocuments({ _id }, { limit: 1 })) === 1 ? "full" : "not-found";
}

/**
 * Every lead the filter matches (all pages), in the list's order (newest first unless sorted by
 * a column), read as the export goes.
 */
export async function* leadsForExport<T extends LeadDoc>(
  collection: Collection<T>,
  filter: LeadFilter,
): AsyncGenerator<T> {
  const order = listOrder(filter.sort, NEWEST_FIRST);
  const cursor = collection
    .find(leadQuery<T>(filter), order.collation ? { collation: order.collation } : {})
    .sort(order.sort)
    .batchSize(500);
  try {
    for await (const doc of cursor) yield doc as T;
  } finally {
    await cursor.close();
  }
}

/** The columns every lead export ends with: where the visitor came from, and the handling. */
export const LEAD_CSV_TAIL = [
  "Source page",
  "Referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "Notification",
  "Status changed by",
  "Last updated (UTC)",
  "Notes",
] as const;

export function leadCsvTail(doc: LeadDoc): unknown[] {
  const utm = doc.source?.utm ?? {};
  return [
    doc.source?.page,
    doc.source?.referrer,
    utm.source,
    utm.medium,
    utm.campaign,
    utm.term,
    utm.content,
    doc.notification?.status,
    doc.updatedBy,
    doc.updatedAt,
    doc.notes?.length ?? 0,
  ];
}

/** A cursor's documents as CSV rows. */
export async function* csvRows<T>(
  docs: AsyncIterable<T>,
  row: (doc: T) => readonly unknown[],
): AsyncGenerator<readonly unknown[]> {
  for await (const doc of docs) yield row(doc);
}
