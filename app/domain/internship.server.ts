// Internships (SPEC §3, §5, §9): the public list's queries. Only active internships are public;
// one whose deadline has passed is shown as Closed and never counted as open, whatever its
// stored status says (an admin need not remember to close it).
import type { Filter, ObjectId } from "mongodb";
import { getCollections } from "#db/client.server";
import type { InternshipDoc } from "#db/collections";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-list";
import { isWebUrl } from "~/lib/links";
import type { Actor } from "./audit";
import { recordAudit } from "./audit.server";
import {
  createdBy,
  editedBy,
  editInfo,
  type ListPage,
  listPage,
  searchFilter,
} from "./content-list.server";
import {
  type AdminInternship,
  deadlinePassed,
  INTERNSHIP_PAGE_SIZE,
  type InternshipInput,
  type InternshipQuery,
  type InternshipSort,
  type PublicInternship,
} from "./internship";
import { parseObjectId } from "./object-id.server";

function toPublic(d: InternshipDoc, now: Date): PublicInternship {
  const passed = deadlinePassed(d.deadline, now);
  return {
    _id: d._id.toHexString(),
    title: d.title,
    domain: d.domain,
    company: d.company,
    location: d.location,
    duration: [...(d.duration ?? [])].sort((a, b) => a - b),
    salary: d.salary,
    deadline: d.deadline,
    createdAt: d.createdAt,
    status: passed ? "Closed" : d.status,
    isOpen: !passed && d.status === "Open",
    urgent: Boolean(d.urgent),
    description: d.description,
    requirements: d.requirements ?? [],
    benefits: d.benefits ?? [],
    // Only a web address becomes an Apply Now link (a `javascript:` URL would be a trap).
    applicationLink: isWebUrl(d.applicationLink) ? d.applicationLink.trim() : "",
  };
}

/** For a user-typed text inside a regular expression: every metacharacter is literal. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const PUBLIC: Filter<InternshipDoc> = { isActive: true };

/** The MongoDB filter of a list state (the sort and page aside). */
export function internshipFilter(
  query: InternshipQuery,
  savedIds: readonly string[],
): Filter<InternshipDoc> {
  const and: Filter<InternshipDoc>[] = [PUBLIC];
  if (query.q) {
    const pattern = { $regex: escapeRegExp(query.q), $options: "i" };
    and.push({ $or: [{ title: pattern }, { description: pattern }] });
  }
  if (query.domain) and.push({ domain: query.domain });
  if (query.location) {
    and.push({ location: { $regex: escapeRegExp(query.location), $options: "i" } });
  }
  // Equality on an array field matches when the array contains the value (SPEC §5: inclusion).
  if (query.duration) and.push({ duration: query.duration });
  if (query.saved) {
    const ids = savedIds.map(parseObjectId).filter((id): id is ObjectId => id !== null);
    and.push({ _id: { $in: ids } });
  }
  return and.length === 1 ? PUBLIC : { $and: and };
}

// Sort keys computed in the pipeline, so the order is the same on mongod and on the embedded
// server and does not depend on how either compares arrays:
// - deadline: upcoming deadlines first, soonest first; passed ones after them, the most recently
//   passed first (distance from now ascending in both groups);
// - duration: by the shortest duration offered, internships without any at the end;
// - title: A-Z without regard to case.
// Ties fall back to the deadline and then _id, so pages never overlap or skip an item.
function sortStages(sort: InternshipSort, now: Date) {
  const keys = {
    deadline: { _passed: 1, _distance: 1, _id: 1 },
    duration: { _minDuration: 1, _passed: 1, _distance: 1, _id: 1 },
    title: { _title: 1, _id: 1 },
  }[sort];
  return [
    {
      $addFields: {
        _passed: { $lt: ["$deadline", now] },
        _distance: { $abs: { $subtract: ["$deadline", now] } },
        _minDuration: { $ifNull: [{ $min: "$duration" }, Number.MAX_SAFE_INTEGER] },
        _title: { $toLower: "$title" },
      },
    },
    { $sort: keys },
    { $project: { _passed: 0, _distance: 0, _minDuration: 0, _title: 0 } },
  ];
}

export interface InternshipListPage {
  internships: PublicInternship[];
  /** Matching internships on all pages. */
  total: number;
  /** The page shown: the one asked for, clamped to the last page. */
  page: number;
  /** At least 1. */
  pages: number;
}

/** One page of the public list for a query; a page past the end shows the last page. */
export async function listPublicInternships(
  query: InternshipQuery,
  savedIds: readonly string[],
  now = new Date(),
): Promise<InternshipListPage> {
  const { internships } = await getCollections();
  const filter = internshipFilter(query, savedIds);
  const total = await internships.countDocuments(filter);
  const pages = Math.max(1, Math.ceil(total / INTERNSHIP_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const docs = await internships
    .aggregate<InternshipDoc>([
      { $match: filter },
      ...sortStages(query.sort, now),
      { $skip: (page - 1) * INTERNSHIP_PAGE_SIZE },
      { $limit: INTERNSHIP_PAGE_SIZE },
    ])
    .toArray();
  return { internships: docs.map((d) => toPublic(d, now)), total, page, pages };
}

/** The banner's count: active, status Open and the deadline not passed. */
export async function countOpenInternships(now = new Date()): Promise<number> {
  const { internships } = await getCollections();
  return internships.countDocuments({ isActive: true, status: "Open", deadline: { $gte: now } });
}

/** How many of these ids are public internships (the saved-only toggle's count). */
export async function countPublicInternshipsIn(ids: readonly string[]): Promise<number> {
  const objectIds = ids.map(parseObjectId).filter((id): id is ObjectId => id !== null);
  if (objectIds.length === 0) return 0;
  const { internships } = await getCollections();
  return internships.countDocuments({ isActive: true, _id: { $in: objectIds } });
}

/** The durations (days) public internships offer, ascending: the duration filter's options. */
export async function listInternshipDurations(): Promise<number[]> {
  const { internships } = await getCollections();
  const values = await internships.distinct("duration", PUBLIC);
  return values
    .filter((v): v is number => typeof v === "number" && Number.isInteger(v) && v > 0)
    .sort((a, b) => a - b);
}

/** Whether this id names a public (active) internship: only those can be saved. */
export async function isPublicInternship(id: string): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { internships } = await getCollections();
  return (await internships.countDocuments({ _id, isActive: true }, { limit: 1 })) > 0;
}

// ---------------------------------------------------------------------------------------
// The admin (/admin/dashboard/intership-page): every internship, active or not, as stored.

function toAdmin(d: InternshipDoc): AdminInternship {
  return {
    _id: d._id.toHexString(),
    title: d.title,
    domain: d.domain,
    company: d.company,
    location: d.location,
    duration: [...(d.duration ?? [])],
    salary: d.salary,
    deadline: d.deadline.toISOString(),
    status: d.status,
    urgent: Boolean(d.urgent),
    description: d.description,
    requirements: d.requirements ?? [],
    benefits: d.benefits ?? [],
    isActive: Boolean(d.isActive),
    applicationLink: d.applicationLink ?? "",
    ...editInfo(d),
  };
}

const ADMIN_SEARCH_FIELDS = ["title", "domain", "company", "location", "description"] as const;

/** The admin table: newest first (SPEC §4, created records go to the front), searchable. */
export async function listInternshipsForAdmin(query: {
  q: string;
  page: number;
}): Promise<ListPage<AdminInternship>> {
  const { internships } = await getCollections();
  return listPage(internships, {
    filter: searchFilter<InternshipDoc>(query.q, ADMIN_SEARCH_FIELDS),
    sort: { createdAt: -1, _id: -1 },
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    map: toAdmin,
  });
}

/**
 * Every internship, active or not, newest first: the JSON API's list (SPEC §7), which the
 * SPEC's admin screen and dashboard read whole (its toggle needs the inactive ones too).
 */
export async function listAllInternships(
  options: { activeOnly?: boolean } = {},
): Promise<AdminInternship[]> {
  const { internships } = await getCollections();
  const docs = await internships
    .find(options.activeOnly ? PUBLIC : {})
    .sort({ createdAt: -1, _id: -1 })
    .toArray();
  return docs.map(toAdmin);
}

/** The internship an id names, or null when the id is malformed or names nothing. */
export async function getInternship(id: string): Promise<AdminInternship | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { internships } = await getCollections();
  const doc = await internships.findOne({ _id });
  return doc ? toAdmin(doc) : null;
}

export async function createInternship(input: InternshipInput, actor: Actor): Promise<string> {
  const { internships } = await getCollections();
  const result = await internships.insertOne({
    ...input,
    ...createdBy(actor.email),
  } as InternshipDoc);
  const id = result.insertedId.toHexString();
  await recordAudit(actor, {
    action: "create",
    entity: "internship",
    entityId: id,
    summary: input.title,
  });
  return id;
}

/** False when the id names no internship (deleted meanwhile, or never there). */
export async function updateInternship(
  id: string,
  input: InternshipInput,
  actor: Actor,
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { internships } = await getCollections();
  const result = await internships.updateOne(
    { _id },
    { $set: { ...input, ...editedBy(actor.email) } },
  );
  if (result.matchedCount !== 1) return false;
  await recordAudit(actor, {
    action: "update",
    entity: "internship",
    entityId: id,
    summary: input.title,
  });
  return true;
}

/** False when the id names no internship. */
export async function deleteInternship(id: string, actor: Actor): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { internships } = await getCollections();
  const deleted = await internships.findOneAndDelete({ _id }, { projection: { title: 1 } });
  if (!deleted) return false;
  await recordAudit(actor, {
    action: "delete",
    entity: "internship",
    entityId: id,
    summary: deleted.title,
  });
  return true;
}

/**
 * SPEC §4 Toggle Active: flips isActive and returns the record as now stored, or null when the
 * id names no internship. The write is conditional on the value read, so two admins toggling
 * at once flip it twice rather than both writing the same value.
 */
export async function toggleInternshipActive(
  id: string,
  actor: Actor,
): Promise<AdminInternship | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { internships } = await getCollections();
  for (let tries = 0; tries < 5; tries++) {
    const doc = await internships.findOne({ _id });
    if (!doc) return null;
    const isActive = !doc.isActive;
    const result = await internships.updateOne(
      { _id, isActive: doc.isActive },
      { $set: { isActive, ...editedBy(actor.email) } },
    );
    if (result.matchedCount === 1) {
      await recordAudit(actor, {
        action: "toggle",
        entity: "internship",
        entityId: id,
        summary: `${doc.title}: ${isActive ? "active" : "inactive"}`,
      });
      const updated = await internships.findOne({ _id });
      return updated ? toAdmin(updated) : null;
    }
  }
  throw new Error("The internship kept changing while being toggled");
}
