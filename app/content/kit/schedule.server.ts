// Scheduled publishing (issue 24, decision 033), once for every content type: staff (or the
// JSON API) store when a record publishes or unpublishes, and the job runner
// (lib/jobs.server.ts) does it at that time, on whichever app instance claims the job first,
// with or without visitors, after a restart too (a change whose time passed while the site was
// down happens at start-up and is flagged as late).
//
// The record carries the schedule (`publishAt` / `unpublishAt`); each job carries the due time
// it was made for. Rescheduling or cancelling removes the old job, and a job only acts when the
// record still carries its due time, clearing it in the same atomic update: so a job that was
// already claimed when the schedule changed does nothing, and no change happens twice. The
// change itself goes through the store (publish / unpublish), as staff's would: its after-write
// steps audit it (via "job") and clear the caches of every instance.
import type { Collection, Document } from "mongodb";
import { ObjectId } from "mongodb";
import { getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { type Actor, OPERATOR_JOB } from "~/domain/audit";
import { cancelJobs, type JobDefinition, LATE_AFTER_MS, queueJob } from "~/lib/jobs.server";
import { parseObjectId } from "~/lib/object-id.server";
import { afterWrite } from "../after-write.server";
import type { DocumentType } from "./document";
import type { DocumentStore } from "./document-store.server";
import { LIVE_FILTER, statusOf } from "./publishing";
import { PUBLISH_JOB, type ScheduleTimes, UNPUBLISH_JOB } from "./schedule";
import type { CollectionStore } from "./store.server";
import type { CollectionType } from "./types";

type Scheduled = { entity: string; collection: string };

const handleOf = async (of: Scheduled) =>
  (await getCollections())[of.collection as never] as unknown as Collection<Document>;

/** The schedule's part of an update: set what is scheduled, unset what is not. */
function scheduleUpdate(times: Partial<ScheduleTimes>) {
  const $set: Document = {};
  const $unset: Document = { lastScheduled: "" };
  for (const [field, value] of Object.entries(times)) {
    if (value) $set[field] = value;
    else $unset[field] = "";
  }
  return { $set, $unset };
}

/** Replaces the record's jobs with one per scheduled time. */
async function replaceJobs(entity: string, id: string, times: Partial<ScheduleTimes>) {
  const db = await getDb();
  for (const [field, job] of [
    ["publishAt", PUBLISH_JOB],
    ["unpublishAt", UNPUBLISH_JOB],
  ] as const) {
    if (!(field in times)) continue;
    await cancelJobs(db, job, { entity, id });
    const when = times[field];
    if (when) await queueJob(db, job, when, { entity, id, dueAt: when.toISOString() });
  }
}

const inWords = (times: Partial<ScheduleTimes>) => {
  const parts = [
    times.publishAt ? `publish at ${times.publishAt.toISOString()}` : null,
    times.unpublishAt ? `unpublish at ${times.unpublishAt.toISOString()}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "schedule cancelled";
};

/**
 * Sets (or with nulls cancels) when a record publishes and unpublishes; audited as `schedule`.
 * False when the id names no live record. The times are checked by the caller
 * (scheduleProblems).
 */
export async function scheduleRecord(
  type: CollectionType,
  id: string,
  times: ScheduleTimes,
  actor: Actor,
): Promise<boolean> {
  const _id = parseObjectId(id);
  if (!_id) return false;
  const record = await (await handleOf(type)).findOneAndUpdate(
    { _id, ...LIVE_FILTER },
    scheduleUpdate(times),
    { returnDocument: "after" },
  );
  if (!record) return false;
  await replaceJobs(type.entity, id, times);
  await afterWrite({
    entity: type.entity,
    action: "schedule",
    entityId: id,
    summary: `${type.summary(record as never)}: ${inWords(times)}`,
    actor,
    record,
  });
  return true;
}

/**
 * Sets (or with null cancels) when a single document's pending draft is published. False when
 * there is no draft to publish (cancelling always works).
 */
export async function scheduleDocument(
  type: DocumentType,
  publishAt: Date | null,
  actor: Actor,
): Promise<boolean> {
  const record = await (await handleOf(type)).findOneAndUpdate(
    { _id: SINGLETON_ID as never, ...(publishAt ? { draft: { $exists: true } } : {}) },
    scheduleUpdate({ publishAt }),
    { returnDocument: "after" },
  );
  if (!record) return false;
  await replaceJobs(type.entity, SINGLETON_ID, { publishAt });
  const summary = record.draft ? type.summary(type.toRecord(record.draft) as never) : type.entity;
  await afterWrite({
    entity: type.entity,
    action: "schedule",
    summary: `${summary}: ${inWords({ publishAt })}`,
    actor,
    record,
  });
  return true;
}

/** A job's data: which record, and the due time it was made for. */
interface ScheduleJobData {
  entity: string;
  id: string;
  dueAt: string;
}

/**
 * The runner's `content.publish` and `content.unpublish` jobs over these stores. Each claims its
 * change on the record (the due time still stored, cleared in the same update, with a note of
 * when it ran and how late), then makes it through the store as the job's actor.
 */
export function scheduleJobs(
  collections: readonly CollectionStore<CollectionType>[],
  documents: readonly DocumentStore<DocumentType>[],
  log: (line: string) => void,
  actor: Actor = OPERATOR_JOB,
): JobDefinition<ScheduleJobData>[] {
  const job = (action: "publish" | "unpublish"): JobDefinition<ScheduleJobData> => ({
    name: action === "publish" ? PUBLISH_JOB : UNPUBLISH_JOB,
    async run({ entity, id, dueAt }, { lateMs }) {
      const field = action === "publish" ? "publishAt" : "unpublishAt";
      const store = collections.find((one) => one.type.entity === entity);
      const document = documents.find((one) => one.type.entity === entity);
      const type = store?.type ?? document?.type;
      const _id = store ? (ObjectId.isValid(id) ? new ObjectId(id) : null) : SINGLETON_ID;
      if (!type || !_id) return log(`[jobs] ${action}: nothing is called ${entity} ${id}`);
      const late = lateMs > LATE_AFTER_MS;
      const claimed = await (await handleOf(type)).findOneAndUpdate(
        { _id: _id as never, [field]: new Date(dueAt), ...LIVE_FILTER },
        {
          $unset: { [field]: "" },
          $set: { lastScheduled: { action, at: new Date(), late, lateMs } },
        },
      );
      // Rescheduled, cancelled or deleted since: another job (or none) is the record's now.
      if (!claimed) return;
      // Staff already did it by hand (published with nothing pending, or a draft already).
      const published = statusOf(claimed as { publishStatus?: unknown }) === "published";
      if (store && (action === "publish" ? published && !claimed.draft : !published)) return;
      const done = store
        ? await (action === "publish" ? store.publish(id, actor) : store.unpublish(id, actor))
        : await (document as DocumentStore<DocumentType>).publish(actor);
      if (!done) log(`[jobs] ${action} ${entity} ${id}: nothing to ${action} any more`);
    },
  });
  return [job("publish"), job("unpublish")];
}
