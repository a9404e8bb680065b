// Internships: the public list's queries, the Toggle Active write and Mark active / inactive (the admin's and the JSON
// API's other reads and writes go through the content kit's store, content/stores.server.ts).
// Only active internships are public; one whose deadline has passed is shown as Closed and
// never counted as open, whatever its stored status says (an admin need not remember to close
// it).
import { getCollections } from "#db/client.server";
import { afterWrite } from "~/content/after-write.server";
import type { InternshipRecord } from "~/content/internships";
import { internshipStore } from "~/content/stores.server";
import { editedBy } from "~/lib/edit-stamps";
import { isWebUrl } from "~/lib/links";
import type { ListPage } from "~/lib/list-page.server";
import { parseObjectId } from "~/lib/object-id.server";
import { escapeRegExp } from "~/lib/regexp";
import type { Actor } from "./audit";
import {
  DEFAULT_INTERNSHIP_QUERY,
  deadlinePassed,
  INTERNSHIP_PAGE_SIZE,
  type InternshipQuery,
  type InternshipSort,
  type PublicInternship,
  type PublicInternshipDoc,
  toPublicInternshipRecord,
} from "./internship-list";

export type { PublicInternshipDoc };

/** Counted as an open position, and can be applied to: status Open and the deadline not passed. */
const isOpen = (d: PublicInternshipDoc, now: Date) =>
  d.status === "Open" && !deadlinePassed(d.deadline, now);

function toPublic(d: PublicInternshipDoc, now: Date): PublicInternship {
  return {
    ...toPublicInternshipRecord(d, now),
    duration: [...d.duration].sort((a, b) => a - b),
    isOpen: isOpen(d, now),
    // Only a web address becomes an Apply Now link (a `javascript:` URL would be a trap).
    applicationLink: isWebUrl(d.applicationLink) ? d.applicationLink.trim() : "",
  };
}

/**
 * Every public (active) internship, read as the admin and the JSON API read it: what the public
 * list, its counts and its filter options are computed from. Read once per content change on
 * public pages (domain/public-content.server.ts): the list is small (a company's open
 * positions), and its filters, sort and pages are computed per request in memory, where the
 * clock (deadlines passing) is always the request's own.
 */
export async function listPublicInternshipDocs(): Promise<InternshipRecord[]> {
  return (await internshipStore.list()).filter((internship) => internship.isActive);
}

/** Whether a public internship matches the list's filters (search, domain, location, duration, saved). */
function matcher(
  query: InternshipQuery,
  savedIds: readonly string[],
): (d: PublicInternshipDoc) => boolean {
  // Case-insensitive "contains": the user's text is literal, never a pattern.
  const search = query.q ? new RegExp(escapeRegExp(query.q), "i") : null;
  const location = query.location ? new RegExp(escapeRegExp(query.location), "i") : null;
  const saved = query.saved ? new Set(savedIds.map((id) => id.toLowerCase())) : null;
  return (d) =>
    (!search || search.test(d.title ?? "") || search.test(d.description ?? "")) &&
    (!query.domain || d.domain === query.domain) &&
    (!location || location.test(d.location ?? "")) &&
    // An internship offering several durations matches each of them.
    (!query.duration || d.duration.includes(query.duration)) &&
    (!saved || saved.has(d._id));
}

const compare = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The list in one of its orders:
 * - deadline: upcoming deadlines first, soonest first; passed ones after them, the most recently
 *   passed first (distance from now ascending in both groups);
 * - duration: by the shortest duration offered, internships without any at the end, then as by
 *   deadline;
 * - title: A-Z without regard to case.
 * Remaining ties go by _id, so pages never overlap or skip an item. Each internship's keys are
 * computed once, not in every comparison.
 */
function sorted<D extends PublicInternshipDoc>(docs: D[], sort: InternshipSort, now: Date): D[] {
  const time = now.getTime();
  const keyed = docs.map((d) => {
    const deadline = new Date(d.deadline).getTime();
    return {
      d,
      passed: deadline < time ? 1 : 0,
      distance: Math.abs(deadline - time),
      // The shortest duration offered: Infinity, sorting last, for an internship without any.
      minDuration: Math.min(...d.duration),
      title: (d.title ?? "").toLowerCase(),
    };
  });
  type Keyed = (typeof keyed)[number];
  const byDeadline = (a: Keyed, b: Keyed) =>
    compare(a.passed, b.passed) || compare(a.distance, b.distance);
  const first = {
    deadline: byDeadline,
    duration: (a: Keyed, b: Keyed) => compare(a.minDuration, b.minDuration) || byDeadline(a, b),
    title: (a: Keyed, b: Keyed) => compare(a.title, b.title),
  }[sort];
  return keyed.sort((a, b) => first(a, b) || compare(a.d._id, b.d._id)).map((k) => k.d);
}

/** One page of the public list for a query; a page past the end shows the last page. */
export function publicInternshipPage(
  docs: readonly PublicInternshipDoc[],
  query: InternshipQuery,
  savedIds: readonly string[],
  now: Date,
): Omit<ListPage<PublicInternship>, "items"> & { internships: PublicInternship[] } {
  const matching = sorted(docs.filter(matcher(query, savedIds)), query.sort, now);
  const total = matching.length;
  const pages = Math.max(1, Math.ceil(total / INTERNSHIP_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const shown = matching.slice((page - 1) * INTERNSHIP_PAGE_SIZE, page * INTERNSHIP_PAGE_SIZE);
  return { internships: shown.map((d) => toPublic(d, now)), total, page, pages };
}

/** The banner's count. */
export function countOpen(docs: readonly PublicInternshipDoc[], now: Date): number {
  return docs.filter((d) => isOpen(d, now)).length;
}

/** How many of these ids are public internships (the saved-only toggle's count). */
export function countSavedIn(docs: readonly PublicInternshipDoc[], ids: readonly string[]): number {
  return docs.filter(matcher({ ...DEFAULT_INTERNSHIP_QUERY, saved: true }, ids)).length;
}

/** The durations (days) public internships offer, ascending: the duration filter's options. */
export function durationsOffered(docs: readonly PublicInternshipDoc[]): number[] {
  const days = docs.flatMap((d) => d.duration.filter((n) => Number.isInteger(n) && n > 0));
  return [...new Set(days)].sort((a, b) => a - b);
}

/** Whether this id names a public (active) internship: only those can be saved. */
export async function isPublicInternship(id: string): Promise<boolean> {
  return (await internshipStore.getPublic(id))?.isActive === true;
}

/**
 * Toggle Active, the one write of its own (the others are the content kit's store's): flips
 * isActive and returns the record as now stored, or null when the id names no internship. One
 * update flips the stored value itself, so two admins toggling at once flip it twice rather
 * than both writing the same value.
 */
export async function toggleInternshipActive(
  id: string,
  actor: Actor,
): Promise<InternshipRecord | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { internships } = await getCollections();
  const doc = await internships.findOneAndUpdate(
    { _id },
    [{ $set: { isActive: { $not: "$isActive" }, ...editedBy(actor.email) } }],
    { returnDocument: "after" },
  );
  if (!doc) return null;
  await activeChanged(id, doc, actor);
  return internshipStore.get(id);
}

/**
 * Mark active / Mark inactive (the admin list's bulk action), one internship: true once it is
 * in that state, false when the id names nothing. One already so is left as it is: nothing
 * written, nothing audited (the toggle's entry says what a change was).
 */
export async function setInternshipActive(
  id: string,
  active: boolean,
  actor: Actor,
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const { internships } = await getCollections();
  const doc = await internships.findOneAndUpdate(
    { _id, isActive: { $ne: active } },
    { $set: { isActive: active, ...editedBy(actor.email) } },
    { returnDocument: "after" },
  );
  if (!doc) return (await internships.countDocuments({ _id }, { limit: 1 })) === 1;
  await activeChanged(id, doc, actor);
  return true;
}

/** The after-write steps of a change to Active, audited as a toggle whichever way it came. */
function activeChanged(id: string, doc: { title: string; isActive: boolean }, actor: Actor) {
  return afterWrite({
    actor,
    action: "toggle",
    entity: "internship",
    entityId: id,
    summary: `${doc.title}: ${doc.isActive ? "active" : "inactive"}`,
    // The document after the change, for the revisions.
    record: doc as unknown as Record<string, unknown>,
  });
}
