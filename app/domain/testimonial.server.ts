// Testimonials (SPEC §3): shown in the home page carousel, managed at
// /admin/dashboard/testimonials.
import { getCollections } from "#db/client.server";
import type { TestimonialDoc } from "#db/collections";
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
import { deleteImageIfUnused } from "./image.server";
import { parseObjectId } from "./object-id.server";
import type { TestimonialInput } from "./testimonial";

export interface Testimonial {
  _id: string;
  name: string;
  title: string;
  image: string;
  text: string;
  /** 1-5. */
  rating: number;
}

export type AdminTestimonial = Testimonial & EditInfo;

const toTestimonial = (d: TestimonialDoc): Testimonial => ({
  _id: d._id.toHexString(),
  name: d.name,
  title: d.title,
  image: d.image,
  text: d.text,
  rating: d.rating,
});

/** Every testimonial, oldest first, so the carousel keeps a stable order. */
export async function listTestimonials(): Promise<Testimonial[]> {
  const { testimonials } = await getCollections();
  const docs = await testimonials.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
  return docs.map(toTestimonial);
}

/** The admin table: newest first (SPEC §4, created records go to the front), searchable. */
export async function listTestimonialsForAdmin(query: {
  q: string;
  page: number;
}): Promise<ListPage<AdminTestimonial>> {
  const { testimonials } = await getCollections();
  return listPage(testimonials, {
    filter: searchFilter<TestimonialDoc>(query.q, ["name", "title", "text"]),
    sort: { createdAt: -1, _id: -1 },
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    map: (d) => ({ ...toTestimonial(d), ...editInfo(d) }),
  });
}

/** The testimonial an id names, or null when the id is malformed or names nothing. */
export async function getTestimonial(id: string): Promise<Testimonial | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { testimonials } = await getCollections();
  const doc = await testimonials.findOne({ _id });
  return doc ? toTestimonial(doc) : null;
}

export async function createTestimonial(
  input: TestimonialInput,
  actor: Actor,
): Promise<Testimonial> {
  const { testimonials } = await getCollections();
  const doc = await testimonials.insertOne({
    ...input,
    ...createdBy(actor.email),
  } as TestimonialDoc);
  const _id = doc.insertedId.toHexString();
  await recordAudit(actor, {
    action: "create",
    entity: "testimonial",
    entityId: _id,
    summary: input.name,
  });
  return { _id, ...input };
}

/**
 * Writes the new values; then the image the testimonial showed before, if replaced or removed, goes
 * once nothing else uses it. False when the id names no testimonial (deleted meanwhile, or never
 * there). The editor and the JSON API both update through this.
 */
export async function updateTestimonial(
  id: string,
  input: TestimonialInput,
  actor: Actor,
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { testimonials } = await getCollections();
  const before = await testimonials.findOneAndUpdate(
    { _id },
    { $set: { ...input, ...editedBy(actor.email) } },
    { returnDocument: "before" },
  );
  if (!before) return false;
  await recordAudit(actor, {
    action: "update",
    entity: "testimonial",
    entityId: id,
    summary: input.name,
  });
  if (before.image !== input.image) await deleteImageIfUnused(before.image);
  return true;
}

/**
 * Deletes a testimonial; then its image goes once nothing else uses it. False when the id names no
 * testimonial. The editor and the JSON API both delete through this.
 */
export async function deleteTestimonial(id: string, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { testimonials } = await getCollections();
  const deleted = await testimonials.findOneAndDelete({ _id });
  if (!deleted) return false;
  await recordAudit(actor, {
    action: "delete",
    entity: "testimonial",
    entityId: id,
    summary: deleted.name,
  });
  await deleteImageIfUnused(deleted.image);
  return true;
}
