// The editors' Schedule and Cancel schedule (kit/schedule-admin.server.ts) over every kit screen
// and every single document, as plain form posts (no JavaScript): times typed in the site's
// time zone are stored as their UTC instant, a time in the past, an unpublish before the
// publish or a malformed time is refused with 400 and a message next to its field, a single
// document needs a draft to schedule, and the loaders give the zone the screen shows.
import { type Collection, type Document, ObjectId } from "mongodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { JOBS_COLLECTION } from "~/lib/jobs.server";
import { utcToZoned } from "~/lib/zoned-time";
import {
  callRoute,
  flashCarried,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { callMultipart } from "../../../tests/support/admin-upload";
import { storedExample, TYPE_CASES } from "../../../tests/support/content-types";
import { DOCUMENT_STORES } from "../documents.server";
import { collectionAdmin } from "./admin.server";
import type { DocumentType } from "./document";
import { documentAdmin } from "./document-admin.server";
import type { DocumentStore } from "./document-store.server";
import {
  SCHEDULE_IN_PAST,
  SCHEDULE_INTENT,
  SCHEDULE_INVALID,
  SCHEDULE_NO_DRAFT,
  SCHEDULE_NOTHING,
  UNPUBLISH_BEFORE_PUBLISH,
  UNSCHEDULE_INTENT,
} from "./schedule";
import { collectionStore } from "./store.server";
import type { CollectionType } from "./types";

afterAll(closeDatabase);

const ZONE = "Europe/Paris";
const inZone = (ms: number) => utcToZoned(new Date(Date.now() + ms), ZONE);
const HOUR = 3_600_000;
let me: SignedIn;

beforeAll(async () => {
  me = await signInFresh();
});
beforeEach(async () => {
  const { siteSettings, auditLog } = await getCollections();
  await siteSettings.updateOne(
    { _id: SINGLETON_ID },
    { $set: { brandName: "Bureau", timeZone: ZONE } },
    { upsert: true },
  );
  await auditLog.deleteMany({});
  await (await getDb()).collection(JOBS_COLLECTION).deleteMany({});
});

describe.each(TYPE_CASES)("%s: the editor's schedule", (_, type) => {
  const store = collectionStore(type as CollectionType);
  const { loader, action } = collectionAdmin(store);
  const PAGE = type.admin.path;
  const collection = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Document>;
  const post = (fields: Record<string, string>) =>
    callMultipart(action, PAGE, { cookie: me.cookie, fields });
  let id = "";

  beforeEach(async () => {
    await (await collection()).deleteMany({});
    id = (
      await store.create(
        storedExample(type) as never,
        { email: me.email, via: "admin" },
        {
          status: "draft",
        },
      )
    )._id;
  });

  it("stores a time typed in the site's zone as its instant, says when, and cancels", async () => {
    const publishAt = inZone(2 * HOUR);
    const unpublishAt = inZone(5 * HOUR);
    const answer = await post({ intent: SCHEDULE_INTENT, id, publishAt, unpublishAt });
    expect(statusOf(answer)).toBe(302);
    expect(answer.headers.get("Location")).toContain(`edit=${id}`);
    const { message } = await flashCarried(answer);
    expect(message).toMatch(/^Scheduled\. Publishes on .+ \(Europe\/Paris\)\. Unpublishes on /);
    const doc = await (await collection()).findOne({ _id: new ObjectId(id) });
    expect(utcToZoned(doc?.publishAt, ZONE)).toBe(publishAt);
    expect(utcToZoned(doc?.unpublishAt, ZONE)).toBe(unpublishAt);
    // The time is the zone's: an hour or two off UTC's reading of the same digits.
    expect(utcToZoned(doc?.publishAt, "UTC")).not.toBe(publishAt);

    const screen = await callRoute(loader, `${PAGE}?edit=${id}`, { cookie: me.cookie });
    expect(screen.timeZone).toBe(ZONE);
    expect(screen.editing).toMatchObject({ publishAt: doc?.publishAt.toISOString() });
    expect(screen.items[0]).toMatchObject({ publishAt: doc?.publishAt.toISOString() });

    const cancelled = await post({ intent: UNSCHEDULE_INTENT, id, publishAt });
    expect(statusOf(cancelled)).toBe(302);
    expect((await flashCarried(cancelled)).message).toBe("Schedule cancelled.");
    const after = await (await collection()).findOne({ _id: new ObjectId(id) });
    expect(after?.publishAt).toBeUndefined();
    expect(after?.unpublishAt).toBeUndefined();
  });

  it("refuses a past time, an unpublish before the publish, a malformed or no time: 400 by the field", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ publishAt: inZone(-HOUR) }, { publishAt: SCHEDULE_IN_PAST }],
      [
        { publishAt: inZone(3 * HOUR), unpublishAt: inZone(2 * HOUR) },
        { unpublishAt: UNPUBLISH_BEFORE_PUBLISH },
      ],
      [{ publishAt: "next tuesday" }, { publishAt: SCHEDULE_INVALID }],
      [{ publishAt: "", unpublishAt: "" }, { publishAt: SCHEDULE_NOTHING }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await post({ intent: SCHEDULE_INTENT, id, ...fields });
      expect(statusOf(answer)).toBe(400);
      expect(answer.data.schedule.errors).toEqual(errors);
      // The typed values come back to the form.
      expect(answer.data.schedule.values.publishAt).toBe(fields.publishAt ?? "");
    }
    const doc = await (await collection()).findOne({ _id: new ObjectId(id) });
    expect(doc?.publishAt).toBeUndefined();
  });

  it("answers 404 for a record that is not there", async () => {
    const answer = await post({
      intent: SCHEDULE_INTENT,
      id: "0123456789abcdef01234567",
      publishAt: inZone(HOUR),
    });
    expect(statusOf(answer)).toBe(404);
  });
});

describe.each(Object.entries(DOCUMENT_STORES) as [string, DocumentStore<DocumentType>][])(
  "%s: the editor's schedule of the draft",
  (_, store) => {
    const { type } = store;
    const { loader, action } = documentAdmin(store);
    const PAGE = type.admin.path;
    const post = (fields: Record<string, string>) =>
      callRoute(action, PAGE, { cookie: me.cookie, fields });

    beforeEach(async () => {
      // Not the settings themselves: they carry the zone this suite reads.
      if (type.entity !== "site-settings")
        await (
          (await getCollections())[type.collection as never] as unknown as Collection<Document>
        ).deleteMany({});
      else
        await (await getCollections()).siteSettings.updateOne(
          { _id: SINGLETON_ID },
          { $unset: { draft: "", publishAt: "" } },
        );
    });

    it("needs a draft, then stores the time in the site's zone; the loader gives the zone", async () => {
      const publishAt = inZone(HOUR);
      const none = await post({ intent: SCHEDULE_INTENT, publishAt });
      expect(statusOf(none)).toBe(400);
      expect(none.data.schedule.errors).toEqual({ publishAt: SCHEDULE_NO_DRAFT });

      await store.saveDraft(type.toRecord({}) as never, { email: me.email, via: "admin" });
      const past = await post({ intent: SCHEDULE_INTENT, publishAt: inZone(-HOUR) });
      expect(statusOf(past)).toBe(400);
      expect(past.data.schedule.errors).toEqual({ publishAt: SCHEDULE_IN_PAST });

      const answer = await post({ intent: SCHEDULE_INTENT, publishAt });
      expect(statusOf(answer)).toBe(302);
      const schedule = await store.getSchedule();
      expect(utcToZoned(new Date(schedule.publishAt as string), ZONE)).toBe(publishAt);
      const screen = await callRoute(loader, PAGE, { cookie: me.cookie });
      expect(screen).toMatchObject({ timeZone: ZONE, schedule: { publishAt: schedule.publishAt } });
    });
  },
);
