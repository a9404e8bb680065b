// Revisions: every change to a content record or single document, whoever made it (an admin
// editor, the JSON API, the CLI, a scheduled job, a restore), is kept with who, when, through
// which door and the record as it was after the change. The after-write step (after-write
// .server.ts) stores them; the history page (routes/admin/history.tsx) and the JSON API read
// them here and restore one as a draft (revision-restore.server.ts).
//
// Kept per record: always the newest REVISIONS_KEEP (50 unless configured), and every revision
// from the last REVISIONS_MONTHS months (12) however many there are. The older rest goes when
// the record's next revision is stored: one read past the newest REVISIONS_KEEP, and a delete
// only when there is anything to delete, so a record's history never needs a sweep of its own.
import type { Collection, Filter } from "mongodb";
import { getCollections } from "#db/client.server";
import type { RevisionDoc } from "#db/collections";
import type { Actor } from "~/domain/audit";
import { getEnv } from "~/env.server";
import type { ListPage } from "~/lib/list-page.server";
import { parseObjectId } from "~/lib/object-id.server";

/** Revisions per page of the history page and the JSON API. */
export const REVISIONS_PAGE_SIZE = 20;

/**
 * What a stored record carries besides its content: the store's own bookkeeping (dates, who
 * last saved it, its publishing state, its place in a hand-ordered list). Not part of what a
 * revision compares or restores.
 */
const BOOKKEEPING = new Set([
  "_id",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
  "publishStatus",
  "draft",
  "draftAt",
  "draftBy",
  "publishAt",
  "unpublishAt",
  "deletedAt",
  "deletedBy",
  "order",
]);

type Snapshot = RevisionDoc["snapshot"];

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** The record's content, its publishing state and its pending draft, as a revision keeps them. */
export function snapshotOf(record: Record<string, unknown>): Snapshot {
  const fields = Object.fromEntries(
    Object.entries(record).filter(([key]) => !BOOKKEEPING.has(key)),
  );
  const status = record.publishStatus === "draft" ? "draft" : "published";
  const draft = isObject(record.draft) ? record.draft : undefined;
  return { fields, status, ...(draft ? { draft } : {}) };
}

/** What the editor showed after the change: the record with its pending draft applied. */
export function contentOf(snapshot: Snapshot): Record<string, unknown> {
  return snapshot.draft ? { ...snapshot.fields, ...snapshot.draft } : snapshot.fields;
}

export interface RevisionWrite {
  entity: string;
  entityId: string | null;
  action: string;
  summary: string;
  actor: Actor;
  record: Record<string, unknown>;
}

const handle = async (): Promise<Collection<RevisionDoc>> => (await getCollections()).revisions;

/** The date `months` calendar months before `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Stores one revision, then lets the record's oldest go (see the top of this file). */
export async function storeRevision(write: RevisionWrite, now = new Date()): Promise<void> {
  const revisions = await handle();
  await revisions.insertOne({
    entity: write.entity,
    entityId: write.entityId,
    at: now,
    actor: write.actor.email,
    ...(write.actor.adminId ? { actorId: write.actor.adminId } : {}),
    via: write.actor.via,
    action: write.action,
    summary: write.summary,
    snapshot: snapshotOf(write.record),
  } as RevisionDoc);
  await pruneRevisions(revisions, write.entity, write.entityId, now);
}

const NEWEST_FIRST = { at: -1, _id: -1 } as const;

async function pruneRevisions(
  revisions: Collection<RevisionDoc>,
  entity: string,
  entityId: string | null,
  now: Date,
): Promise<void> {
  const { REVISIONS_KEEP: keep, REVISIONS_MONTHS: months } = getEnv();
  const mine: Filter<RevisionDoc> = { entity, entityId };
  // The newest revision past the ones always kept: none, and there is nothing to prune.
  const [first] = await revisions
    .find(mine, { projection: { at: 1 } })
    .sort(NEWEST_FIRST)
    .skip(keep)
    .limit(1)
    .toArray();
  if (!first) return;
  const cutoff = monthsBefore(now, months);
  await revisions.deleteMany({
    ...mine,
    at: { $lt: cutoff },
    // That one and everything older (ties on `at` broken by id, as the history sorts them).
    $or: [{ at: { $lt: first.at } }, { at: first.at, _id: { $lte: first._id } }],
  });
}

export interface Revision {
  id: string;
  at: Date;
  actor: string;
  via: string;
  action: string;
  summary: string;
  snapshot: Snapshot;
  restoredFrom: Date | null;
}

const toRevision = (doc: RevisionDoc): Revision => ({
  id: doc._id.toHexString(),
  at: doc.at,
  actor: doc.actor,
  via: doc.via,
  action: doc.action,
  summary: doc.summary,
  snapshot: doc.snapshot,
  restoredFrom: doc.restoredFrom ?? null,
});

/** A page of revisions, newest first, each with the one before it (null: none kept). */
export type RevisionPage = ListPage<Revision & { previous: Revision | null }>;

/** One page of a record's revisions, newest first; a page past the end shows the last one. */
export async function listRevisions(
  entity: string,
  entityId: string | null,
  page: number,
  pageSize = REVISIONS_PAGE_SIZE,
): Promise<RevisionPage> {
  const revisions = await handle();
  const filter: Filter<RevisionDoc> = { entity, entityId };
  const total = await revisions.countDocuments(filter);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, page), pages);
  // One more than the page holds: the last one's earlier revision, to compare it with.
  const docs = await revisions
    .find(filter)
    .sort(NEWEST_FIRST)
    .skip((shown - 1) * pageSize)
    .limit(pageSize + 1)
    .toArray();
  const all = docs.map(toRevision);
  const items = all
    .slice(0, pageSize)
    .map((revision, i) => ({ ...revision, previous: all[i + 1] ?? null }));
  return { items, total, page: shown, pages };
}

/** How many revisions a record has (the editors' "History (N)"). */
export async function countRevisions(entity: string, entityId: string | null): Promise<number> {
  return (await handle()).countDocuments({ entity, entityId });
}

/** One revision of a record, or null when the id is malformed or names none of its revisions. */
export async function getRevision(
  entity: string,
  entityId: string | null,
  id: string,
): Promise<Revision | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const doc = await (await handle()).findOne({ _id, entity, entityId });
  return doc ? toRevision(doc) : null;
}

/**
 * Marks the revision a restore's own write stored (the record's newest by `actor` since `since`)
 * as bringing back the revision made at `from`, so the history says what was restored.
 */
export async function markRestored(
  write: { entity: string; entityId: string | null; actor: string },
  since: Date,
  from: Date,
): Promise<void> {
  await (await handle()).findOneAndUpdate(
    { ...write, at: { $gte: since } },
    { $set: { restoredFrom: from } },
    { sort: NEWEST_FIRST },
  );
}
