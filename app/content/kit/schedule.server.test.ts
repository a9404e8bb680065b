// Scheduled publishing over every content type and single document (kit/schedule.server.ts): a
// schedule is stored and audited; the runner's job publishes (or unpublishes) once however many
// runners poll, through the store (audited via "job", caches told); a job made for a time the
// record no longer carries does nothing; a change whose time passed while no runner was up runs
// when one starts and is flagged late. Runners here poll every 100 ms.
import { type Collection, type Document, ObjectId } from "mongodb";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import type { Actor } from "~/domain/audit";
import { contentGeneration } from "~/lib/content-version.server";
import { createJobRunner, JOBS_COLLECTION, type JobRunner } from "~/lib/jobs.server";
import { STORE_CASES, storedExample, titleField } from "../../../tests/support/content-types";
import { DOCUMENT_STORES } from "../documents.server";
import { contentScheduleJobs } from "../schedule-jobs.server";
import { STORES } from "../stores.server";
import type { DocumentType } from "./document";
import type { DocumentStore } from "./document-store.server";
import {
  lateNote,
  PUBLISH_JOB,
  SCHEDULE_IN_PAST,
  scheduleProblems,
  UNPUBLISH_BEFORE_PUBLISH,
  UNPUBLISH_JOB,
} from "./schedule";
import type { CollectionStore } from "./store.server";
import type { CollectionType } from "./types";

afterAll(closeDatabase);

const actor: Actor = { email: "ana@bureau.test", via: "admin" };
const POLL = 100;
const lines: string[] = [];
const runners: JobRunner[] = [];
const soon = (ms: number) => new Date(Date.now() + ms);

async function startRunner(name: string): Promise<JobRunner> {
  const runner = createJobRunner(
    await getDb(),
    contentScheduleJobs((l) => lines.push(l)) as never,
    {
      log: (line) => lines.push(line),
      pollMs: POLL,
      name,
    },
  );
  runners.push(runner);
  await runner.start();
  return runner;
}

async function until(check: () => Promise<boolean>, ms = 8_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not within the time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, POLL * 8));

/** The job runner's handler for `name`, as a runner would call it (for a stale job). */
const handler = (name: string) => {
  const job = contentScheduleJobs((l) => lines.push(l)).find((one) => one.name === name);
  if (!job) throw new Error(`no ${name} job`);
  return job.run;
};

const auditOf = async (entity: string) =>
  (await getCollections()).auditLog.find({ entity }, { sort: { at: 1, _id: 1 } }).toArray();

beforeEach(async () => {
  await (await getDb()).collection(JOBS_COLLECTION).deleteMany({});
  lines.length = 0;
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

describe("a requested schedule", () => {
  it("refuses a time in the past and an unpublish before the publish", () => {
    const now = new Date("2026-12-01T10:00:00Z");
    const at = (iso: string) => new Date(iso);
    expect(
      scheduleProblems({ publishAt: at("2026-12-01T09:59:00Z"), unpublishAt: null }, now),
    ).toEqual({
      publishAt: SCHEDULE_IN_PAST,
    });
    expect(
      scheduleProblems(
        { publishAt: at("2026-12-02T10:00:00Z"), unpublishAt: at("2026-12-02T09:00:00Z") },
        now,
      ),
    ).toEqual({ unpublishAt: UNPUBLISH_BEFORE_PUBLISH });
    expect(
      scheduleProblems(
        { publishAt: at("2026-12-02T10:00:00Z"), unpublishAt: at("2026-12-03T10:00:00Z") },
        now,
      ),
    ).toEqual({});
    expect(scheduleProblems({ publishAt: null, unpublishAt: null }, now)).toEqual({});
  });

  it("says how late a change ran, and nothing when it was on time", () => {
    const at = "2026-12-01T10:00:00.000Z";
    expect(lateNote({ action: "publish", at, late: true, lateMs: 4 * 60_000 })).toBe(
      "Published 4 min late: the site was down at its time.",
    );
    expect(lateNote({ action: "unpublish", at, late: true, lateMs: 125 * 60_000 })).toBe(
      "Unpublished 2 h 5 min late: the site was down at its time.",
    );
    expect(lateNote({ action: "publish", at, late: false, lateMs: 900 })).toBeNull();
  });
});

describe.each(STORE_CASES)("%s: scheduled publishing", (entity, type) => {
  const store = STORES[entity as keyof typeof STORES] as unknown as CollectionStore<CollectionType>;
  const title = titleField(type);
  const input = (name: string) => ({ ...storedExample(type), [title]: name }) as never;
  const collection = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Document>;
  const jobsFor = async (id: string) =>
    (await getDb())
      .collection(JOBS_COLLECTION)
      .find({ "data.id": id, nextRunAt: { $ne: null } })
      .toArray();

  beforeEach(async () => {
    await (await collection()).deleteMany({});
    await (await getCollections()).auditLog.deleteMany({});
  });

  it("stores the schedule with one job per time, audited; cancelling removes both", async () => {
    const draft = await store.create(input("Later"), actor, { status: "draft" });
    const times = { publishAt: soon(3_600_000), unpublishAt: soon(7_200_000) };
    expect(await store.schedule(draft._id, times, actor)).toBe(true);
    const editor = await store.getForEditor(draft._id);
    expect(editor).toMatchObject({
      publishAt: times.publishAt.toISOString(),
      unpublishAt: times.unpublishAt.toISOString(),
    });
    const row = (await store.listForAdmin({ q: "", page: 1 })).items[0];
    expect(row).toMatchObject({ publishAt: times.publishAt.toISOString() });
    const jobs = await jobsFor(draft._id);
    expect(jobs.map((job) => [job.name, job.nextRunAt.getTime()]).sort()).toEqual(
      [
        [PUBLISH_JOB, times.publishAt.getTime()],
        [UNPUBLISH_JOB, times.unpublishAt.getTime()],
      ].sort(),
    );
    expect((await auditOf(type.entity)).at(-1)).toMatchObject({
      action: "schedule",
      entityId: draft._id,
      via: "admin",
    });

    expect(await store.schedule(draft._id, { publishAt: null, unpublishAt: null }, actor)).toBe(
      true,
    );
    expect(await store.getForEditor(draft._id)).toMatchObject({
      publishAt: null,
      unpublishAt: null,
    });
    expect(await jobsFor(draft._id)).toEqual([]);
    expect(await store.schedule("0123456789abcdef01234567", times, actor)).toBe(false);
    expect(await store.schedule("nope", times, actor)).toBe(false);
  });

  it("publishes at its time once, however many runners poll, audited via job", async () => {
    await Promise.all(["a", "b"].map(startRunner));
    const draft = await store.create(input("Soon"), actor, { status: "draft" });
    const before = contentGeneration();
    await store.schedule(draft._id, { publishAt: soon(400), unpublishAt: null }, actor);
    await until(async () => (await store.getPublic(draft._id)) !== null);
    await settle();
    const publishes = (await auditOf(type.entity)).filter((e) => e.action === "publish");
    expect(publishes).toHaveLength(1);
    expect(publishes[0]).toMatchObject({ via: "job", actor: "operator", entityId: draft._id });
    expect(contentGeneration()).toBeGreaterThan(before);
    const editor = await store.getForEditor(draft._id);
    expect(editor).toMatchObject({ publishStatus: "published", publishAt: null });
    expect(editor?.lastScheduled).toMatchObject({ action: "publish", late: false });
    expect(lines).toEqual([]);
  });

  it("unpublishes at its time", async () => {
    await startRunner("a");
    const live = await store.create(input("Until"), actor);
    await store.schedule(live._id, { publishAt: null, unpublishAt: soon(300) }, actor);
    await until(async () => (await store.getPublic(live._id)) === null);
    expect(await store.getForEditor(live._id)).toMatchObject({
      publishStatus: "draft",
      unpublishAt: null,
    });
  });

  it("does nothing with a job made for a time the record no longer carries", async () => {
    const draft = await store.create(input("Moved"), actor, { status: "draft" });
    const first = soon(3_600_000);
    await store.schedule(draft._id, { publishAt: first, unpublishAt: null }, actor);
    const later = soon(7_200_000);
    await store.schedule(draft._id, { publishAt: later, unpublishAt: null }, actor);
    // Only the new time's job is left…
    expect((await jobsFor(draft._id)).map((job) => job.nextRunAt.getTime())).toEqual([
      later.getTime(),
    ]);
    // …and the old one, had a runner claimed it already, changes nothing when it runs.
    const publish = handler(PUBLISH_JOB);
    await publish({ entity, id: draft._id, dueAt: first.toISOString() }, { lateMs: 0 });
    expect(await store.getForEditor(draft._id)).toMatchObject({
      publishStatus: "draft",
      publishAt: later.toISOString(),
    });
    // The job for the time it carries does publish, once: run again, it finds nothing to do.
    await publish({ entity, id: draft._id, dueAt: later.toISOString() }, { lateMs: 0 });
    await publish({ entity, id: draft._id, dueAt: later.toISOString() }, { lateMs: 0 });
    expect((await auditOf(type.entity)).filter((e) => e.action === "publish")).toHaveLength(1);
    expect(await store.getPublic(draft._id)).not.toBeNull();
  });

  it("changes nothing when staff already made the change by hand", async () => {
    const draft = await store.create(input("By hand"), actor, { status: "draft" });
    const due = soon(3_600_000);
    await store.schedule(draft._id, { publishAt: due, unpublishAt: null }, actor);
    await store.publish(draft._id, actor);
    // Published by hand: the schedule is spent at once, in the editor and the list.
    expect(await store.getForEditor(draft._id)).toMatchObject({ publishAt: null });
    const before = (await auditOf(type.entity)).length;
    await handler(PUBLISH_JOB)({ entity, id: draft._id, dueAt: due.toISOString() }, { lateMs: 0 });
    expect(await auditOf(type.entity)).toHaveLength(before);
    // The schedule is spent: no badge left behind.
    expect(await store.getForEditor(draft._id)).toMatchObject({ publishAt: null });
  });

  it("drops a scheduled unpublish when staff unpublish by hand; keeps a scheduled publish", async () => {
    const live = await store.create(input("Campaign"), actor);
    const times = { publishAt: null, unpublishAt: soon(3_600_000) };
    await store.schedule(live._id, times, actor);
    await store.unpublish(live._id, actor);
    expect(await store.getForEditor(live._id)).toMatchObject({ unpublishAt: null });
    const again = soon(7_200_000);
    await store.schedule(live._id, { publishAt: again, unpublishAt: null }, actor);
    await store.unpublish(live._id, actor);
    expect(await store.getForEditor(live._id)).toMatchObject({ publishAt: again.toISOString() });
  });

  it("drops a scheduled publish when a save publishes (the editor's Publish, an Update) or its draft is discarded", async () => {
    const due = soon(3_600_000);
    const editorPublish = await store.create(input("Saved live"), actor, { status: "draft" });
    await store.schedule(editorPublish._id, { publishAt: due, unpublishAt: null }, actor);
    await store.update(editorPublish._id, input("Saved live"), actor, { status: "published" });
    expect(await store.getForEditor(editorPublish._id)).toMatchObject({ publishAt: null });

    const live = await store.create(input("Live"), actor);
    await store.saveDraft(live._id, input("Live, pending"), actor);
    await store.schedule(live._id, { publishAt: due, unpublishAt: null }, actor);
    await store.update(live._id, input("Live, updated"), actor);
    expect(await store.getForEditor(live._id)).toMatchObject({ publishAt: null });

    await store.saveDraft(live._id, input("Live, pending again"), actor);
    await store.schedule(live._id, { publishAt: due, unpublishAt: null }, actor);
    await store.discardDraft(live._id, actor);
    expect(await store.getForEditor(live._id)).toMatchObject({ publishAt: null, hasDraft: false });

    // A draft record's own save keeps both of its times.
    const later = await store.create(input("Later"), actor, { status: "draft" });
    const times = { publishAt: due, unpublishAt: soon(7_200_000) };
    await store.schedule(later._id, times, actor);
    await store.saveDraft(later._id, input("Later, edited"), actor);
    expect(await store.getForEditor(later._id)).toMatchObject({
      publishAt: times.publishAt.toISOString(),
      unpublishAt: times.unpublishAt.toISOString(),
    });
  });

  it("runs a change whose time passed while no runner was up when one starts, flagged late", async () => {
    const draft = await store.create(input("Late"), actor, { status: "draft" });
    await store.schedule(draft._id, { publishAt: soon(60_000), unpublishAt: null }, actor);
    // The site was down at its time: four minutes ago now.
    const due = new Date(Date.now() - 4 * 60_000);
    await (await collection()).updateOne(
      { _id: new ObjectId(draft._id) },
      { $set: { publishAt: due } },
    );
    await (await getDb()).collection(JOBS_COLLECTION).updateOne(
      { "data.id": draft._id },
      {
        $set: {
          nextRunAt: due,
          "data._dueAt": due.toISOString(),
          "data.dueAt": due.toISOString(),
        },
      },
    );
    await startRunner("restarted");
    await until(async () => (await store.getPublic(draft._id)) !== null);
    const last = (await store.getForEditor(draft._id))?.lastScheduled;
    expect(last).toMatchObject({ action: "publish", late: true });
    expect(lateNote(last)).toMatch(/^Published 4 min late/);
    // Scheduling again clears the flag.
    await store.schedule(draft._id, { publishAt: null, unpublishAt: soon(60_000) }, actor);
    expect((await store.getForEditor(draft._id))?.lastScheduled).toBeNull();
  });
});

describe.each(Object.entries(DOCUMENT_STORES) as [string, DocumentStore<DocumentType>][])(
  "%s: a scheduled publish of the pending draft",
  (_name, store) => {
    const type = store.type;
    const collection = async () =>
      (await getCollections())[type.collection as never] as unknown as Collection<Document>;

    beforeEach(async () => {
      await (await collection()).deleteMany({});
      await (await getCollections()).auditLog.deleteMany({});
    });

    it("needs a draft, then publishes it at its time once across runners", async () => {
      expect(await store.schedule(soon(400), actor)).toBe(false);
      await store.saveDraft(type.toRecord({}) as never, actor);
      expect(await store.schedule(soon(60_000), actor)).toBe(true);
      expect(await store.getSchedule()).toMatchObject({ publishAt: expect.any(String) });
      // Rescheduled sooner: the first job goes, the second fires.
      await Promise.all(["a", "b"].map(startRunner));
      expect(await store.schedule(soon(400), actor)).toBe(true);
      await until(async () => (await store.getDraft()) === null);
      await settle();
      const entries = await auditOf(type.entity);
      const publishes = entries.filter((e) => e.action === "publish");
      expect(publishes).toHaveLength(1);
      expect(publishes[0]).toMatchObject({ via: "job" });
      expect(await store.getSchedule()).toMatchObject({
        publishAt: null,
        lastScheduled: { action: "publish", late: false },
      });
      const stored = await (await collection()).findOne({ _id: SINGLETON_ID as never });
      expect(stored?.draft).toBeUndefined();
    });

    it("drops the schedule when staff publish or save by hand first", async () => {
      await store.saveDraft(type.toRecord({}) as never, actor);
      const due = soon(3_600_000);
      expect(await store.schedule(due, actor)).toBe(true);
      expect(await store.publish(actor)).toBe(true);
      expect(await store.getSchedule()).toMatchObject({ publishAt: null });
      // Its job, should it still run, finds nothing to publish and records nothing.
      const before = (await auditOf(type.entity)).length;
      await handler(PUBLISH_JOB)(
        { entity: type.entity, id: String(SINGLETON_ID), dueAt: due.toISOString() },
        { lateMs: 0 },
      );
      expect(await auditOf(type.entity)).toHaveLength(before);

      await store.saveDraft(type.toRecord({}) as never, actor);
      expect(await store.schedule(due, actor)).toBe(true);
      await store.save(type.toRecord({}) as never, actor);
      expect(await store.getSchedule()).toMatchObject({ publishAt: null });
    });
  },
);
