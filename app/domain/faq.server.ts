// FAQs (SPEC §3): shown on the internships page, managed at /admin/dashboard/faq.
import { getCollections } from "#db/client.server";
import type { FaqDoc } from "#db/collections";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-list";
import type { Actor } from "./audit";
import { recordAudit } from "./audit.server";
import {
  createdBy,
  type EditInfo,
  editedBy,
  editInfo,
  type ListPage,
  listPage,
  searchFilter,
} from "./content-list.server";
import type { FaqInput } from "./faq";
import { parseObjectId } from "./object-id.server";

export interface Faq {
  _id: string;
  question: string;
  answer: string;
}

export type AdminFaq = Faq & EditInfo;

const toFaq = (d: FaqDoc): Faq => ({
  _id: d._id.toHexString(),
  question: d.question,
  answer: d.answer,
});

/**
 * Every FAQ in the order it was written: the public page reads like a conversation that grows
 * at the end, and editing an answer does not move it.
 */
export async function listFaqs(): Promise<Faq[]> {
  const { faqs } = await getCollections();
  const docs = await faqs.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
  return docs.map(toFaq);
}

/** The admin table: newest first (SPEC §4, created records go to the front), searchable. */
export async function listFaqsForAdmin(query: {
  q: string;
  page: number;
}): Promise<ListPage<AdminFaq>> {
  const { faqs } = await getCollections();
  return listPage(faqs, {
    filter: searchFilter<FaqDoc>(query.q, ["question", "answer"]),
    sort: { createdAt: -1, _id: -1 },
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    map: (d) => ({ ...toFaq(d), ...editInfo(d) }),
  });
}

/** The FAQ an id names, or null when the id is malformed or names nothing. */
export async function getFaq(id: string): Promise<Faq | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { faqs } = await getCollections();
  const doc = await faqs.findOne({ _id });
  return doc ? toFaq(doc) : null;
}

export async function createFaq(input: FaqInput, actor: Actor): Promise<Faq> {
  const { faqs } = await getCollections();
  const doc = await faqs.insertOne({ ...input, ...createdBy(actor.email) } as FaqDoc);
  const _id = doc.insertedId.toHexString();
  await recordAudit(actor, {
    action: "create",
    entity: "faq",
    entityId: _id,
    summary: input.question,
  });
  return { _id, ...input };
}

/** False when the id names no FAQ (deleted meanwhile, or never there). */
export async function updateFaq(id: string, input: FaqInput, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { faqs } = await getCollections();
  const result = await faqs.updateOne({ _id }, { $set: { ...input, ...editedBy(actor.email) } });
  if (result.matchedCount !== 1) return false;
  await recordAudit(actor, {
    action: "update",
    entity: "faq",
    entityId: id,
    summary: input.question,
  });
  return true;
}

/** False when the id names no FAQ. */
export async function deleteFaq(id: string, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { faqs } = await getCollections();
  const deleted = await faqs.findOneAndDelete({ _id }, { projection: { question: 1 } });
  if (!deleted) return false;
  await recordAudit(actor, {
    action: "delete",
    entity: "faq",
    entityId: id,
    summary: deleted.question,
  });
  return true;
}
