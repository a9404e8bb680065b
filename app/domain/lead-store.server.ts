// The domain functions of one lead collection (quote requests, contact messages), built from a
// short description: what a new lead stores beyond the common fields, its status when it comes,
// the lines of the new-lead e-mail, its view and its export columns. Both kinds keep the same
// rules (store once per submission key, announce by e-mail, newest-first lists that sort by a
// column, audited status, notes and deletion) because they run this one piece of code.
import { type Collection, ObjectId, type OptionalUnlessRequiredId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { ContactDoc, QuoteDoc } from "#db/collections";
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
import {
  insertOnce,
  type LeadOptions,
  type LeadSummary,
  notifyNewLead,
} from "./lead-notification.server";

type LeadDoc = QuoteDoc | ContactDoc;
/** The fields every lead stores, whatever its kind. */
type CommonInput = { name: string; email: string; message: string };

export interface LeadStoreSpec<Doc extends LeadDoc, Input extends CommonInput, Extra> {
  collection: "quotes" | "contacts";
  /** How the audit log and the new-lead e-mail name the kind. */
  entity: LeadSummary["kind"];
  /** What the inbox's posts say about it (LeadKind). */
  noun: string;
  statuses: readonly Doc["status"][];
  /** The stored fields the inbox list may be sorted by (its column headers). */
  sortable: readonly string[];
  notFoundText: string;
  deletedFlash: string;
  /** The status a new lead gets. */
  initialStatus: Doc["status"];
  /** The kind's own fields, as stored from the form (empty for none). */
  extraFields: (input: Input) => Omit<Doc, keyof LeadDoc | keyof CommonInput> & Extra;
  /** The kind's own lines of the new-lead e-mail. */
  mailFields: (doc: Doc) => LeadSummary["fields"];
  /** The kind's own fields in its view (what pages and the API see). */
  viewFields: (doc: Doc) => Extra;
  /** The kind's own export columns, between Message and Status, and their cells. */
  csvColumns: readonly string[];
  csvCells: (doc: Doc) => unknown[];
}

export function leadStore<Doc extends LeadDoc, Input extends CommonInput, Extra extends object>(
  spec: LeadStoreSpec<Doc, Input, Extra>,
) {
  type Status = Doc["status"];
  type View = LeadView<Status> & Extra;
  const collection = async () =>
    (await getCollections())[spec.collection] as unknown as Collection<Doc>;

  const toView = (doc: Doc): View => ({ ...leadView<Status>(doc), ...spec.viewFields(doc) });
  /** A lead as lists show it (and the JSON API answers it): no notes, no handling. */
  const toRow = (doc: Doc): LeadRow<View> => leadRow(toView(doc));

  /** Stores a new lead and announces it to the agency by e-mail. */
  async function create(
    input: Input,
    options: LeadOptions = {},
  ): Promise<{ doc: Doc; created: boolean }> {
    const { source = {}, submissionKey, now = new Date() } = options;
    const leads = await collection();
    const doc = {
      _id: new ObjectId(),
      name: input.name,
      email: input.email,
      ...spec.extraFields(input),
      message: input.message,
      status: spec.initialStatus,
      source,
      ...(submissionKey ? { submissionKey } : {}),
      createdAt: now,
      updatedAt: now,
    } as unknown as Doc;
    if (!(await insertOnce(leads, doc as OptionalUnlessRequiredId<Doc>))) {
      // A repeat of a stored post: answer with what was stored the first time.
      const stored = (await leads.findOne({ submissionKey } as never)) as Doc | null;
      return { doc: stored ?? doc, created: false };
    }
    notifyNewLead({
      kind: spec.entity,
      id: doc._id,
      name: doc.name,
      email: doc.email,
      fields: spec.mailFields(doc),
      message: doc.message,
      source,
    });
    return { doc, created: true };
  }

  /** The filter with its sort only when it names a field the kind lets staff sort by. */
  const allowed = (filter: LeadFilter): LeadFilter =>
    filter.sort && !spec.sortable.includes(filter.sort.field) ? { ...filter, sort: null } : filter;

  /**
   * One page (10 unless asked) for the admin table or the API, filtered, newest first unless
   * sorted by a column.
   */
  async function list(filter: LeadFilter, pageSize?: number): Promise<ListPage<LeadRow<View>>> {
    return listLeads(await collection(), allowed(filter), toRow, pageSize);
  }

  /** Everything stored about one lead; null for a malformed or unknown id. */
  async function get(id: string): Promise<View | null> {
    const doc = await findLead(await collection(), id);
    return doc ? toView(doc) : null;
  }

  /** How many leads still have the status a new one gets (the sidebar's count of new ones). */
  async function countNew(): Promise<number> {
    return (await collection()).countDocuments({ status: spec.initialStatus } as never);
  }

  async function setStatus(id: string, status: Status, actor: Actor): Promise<boolean> {
    return setLeadStatus(await collection(), spec.entity, id, status, actor);
  }

  async function remove(id: string, actor: Actor): Promise<boolean> {
    return deleteLead(await collection(), spec.entity, id, actor);
  }

  async function addNote(id: string, text: string, actor: Actor): Promise<AddNoteOutcome> {
    return addLeadNote(await collection(), spec.entity, id, text, actor);
  }

  const csvHeader = [
    "Received (UTC)",
    "Name",
    "Email",
    ...spec.csvColumns,
    "Message",
    "Status",
    ...LEAD_CSV_TAIL,
  ] as const;

  /**
   * The export's rows: every stored field a person needs, filter applied, in the list's order
   * (from a cursor).
   */
  async function exportRows(filter: LeadFilter): Promise<AsyncGenerator<readonly unknown[]>> {
    return csvRows(leadsForExport(await collection(), allowed(filter)), (doc) => [
      doc.createdAt,
      doc.name,
      doc.email,
      ...spec.csvCells(doc),
      doc.message,
      doc.status,
      ...leadCsvTail(doc),
    ]);
  }

  /** What the inbox's posts (domain/lead-actions.server.ts) do to this kind. */
  const inbox: LeadKind<Status> = {
    noun: spec.noun,
    statuses: spec.statuses,
    sortable: spec.sortable,
    notFoundText: spec.notFoundText,
    exists: async (id) => (await get(id)) !== null,
    nameOf: async (id) => (await get(id))?.name ?? null,
    setStatus,
    remove,
    addNote,
    deletedFlash: spec.deletedFlash,
  };

  return {
    create,
    toRow,
    list,
    get,
    countNew,
    setStatus,
    remove,
    addNote,
    csvHeader,
    exportRows,
    inbox,
  };
}
