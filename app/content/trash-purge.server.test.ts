// The trash's purge as the job runner runs it (a real runner polling the test database): every
// content type's records deleted more than the trash's days ago are deleted for good, those
// deleted since are kept, and a stored image a trashed record shows survives until its record is
// purged, then goes. The store's own rules (purge only what is in the trash) are in
// kit/kit-store.test.ts.
import { type Collection, type Document, ObjectId } from "mongodb";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { OPERATOR, OPERATOR_CLI } from "~/domain/audit";
import { storeImage } from "~/domain/image.server";
import { createJobRunner, JOBS_COLLECTION, type JobRunner } from "~/lib/jobs.server";
import { clearStoredImages, pngFile, storedImageUrls } from "../../tests/support/admin-upload";
import {
  imageFieldsOf,
  STORE_CASES,
  storedExample,
  titleField,
} from "../../tests/support/content-types";
import { STORES } from "./stores.server";
import { trashPurgeJob } from "./trash-purge.server";

afterAll(closeDatabase);

const DAY = 24 * 60 * 60 * 1000;
const lines: string[] = [];
let runner: JobRunner | null = null;

beforeEach(async () => {
  const c = await getCollections();
  await (await getDb()).collection(JOBS_COLLECTION).deleteMany({});
  await c.auditLog.deleteMany({});
  for (const [, type] of STORE_CASES) await c[type.collection].deleteMany({});
  await clearStoredImages();
  lines.length = 0;
});
afterEach(async () => {
  await runner?.stop();
  runner = null;
});

const collectionOf = async (name: (typeof STORE_CASES)[number][1]["collection"]) =>
  (await getCollections())[name] as unknown as Collection<Document>;

/** Waits until `check` holds (the runner polls in the background), at most 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("not within the time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the trash's purge job", () => {
  it("purges every type's records trashed longer than the trash keeps them, and their images only then", async () => {
    const made: { entity: string; old: string; recent: string; live: string; image?: string }[] =
      [];
    for (const [entity, type] of STORE_CASES) {
      const store = STORES[entity as keyof typeof STORES] as unknown as {
        create(
          input: Record<string, unknown>,
          actor: typeof OPERATOR_CLI,
        ): Promise<{ _id: string }>;
        remove(id: string, actor: typeof OPERATOR_CLI): Promise<boolean>;
      };
      // A stored image on the record purged and on the one kept, where the type has images.
      const [field] = imageFieldsOf(type);
      const image = field ? await storeImage(await pngFile(`${entity}.png`)) : null;
      if (image && !image.ok) throw new Error("the test image was not stored");
      const url = image?.ok ? image.url : undefined;
      const record = (name: string) =>
        store.create(
          {
            ...storedExample(type),
            [titleField(type)]: name,
            ...(field && url ? { [field.name]: url } : {}),
          },
          OPERATOR_CLI,
        );
      const old = await record("Old");
      const recent = await record("Recent");
      const live = await record("Live");
      for (const one of [old, recent]) await store.remove(one._id, OPERATOR_CLI);
      const collection = await collectionOf(type.collection);
      const backdate = (id: string, days: number) =>
        collection.updateOne(
          { _id: new ObjectId(id) },
          { $set: { deletedAt: new Date(Date.now() - days * DAY) } },
        );
      await backdate(old._id, 31);
      await backdate(recent._id, 29);
      made.push({ entity, old: old._id, recent: recent._id, live: live._id, image: url });
    }
    const imagesBefore = await storedImageUrls();
    expect(imagesBefore.length).toBeGreaterThan(0);

    runner = createJobRunner(
      await getDb(),
      [
        trashPurgeJob(
          (line) => lines.push(line),
          () => 30,
        ),
      ],
      {
        log: (line) => lines.push(line),
        pollMs: 100,
        name: "test",
      },
    );
    await runner.start();
    const { auditLog } = await getCollections();
    await until(
      async () => (await auditLog.countDocuments({ action: "purge" })) === STORE_CASES.length,
    );

    for (const { entity, old, recent, live } of made) {
      const [, type] = STORE_CASES.find(([e]) => e === entity) ?? [];
      if (!type) throw new Error(entity);
      const collection = await collectionOf(type.collection);
      const left = (await collection.find({}).toArray()).map((doc) => doc._id.toHexString());
      expect(left.sort(), entity).toEqual([recent, live].sort());
      expect(left, entity).not.toContain(old);
    }
    // Each purge audited as the job's, naming the record.
    const purges = await auditLog.find({ action: "purge" }).toArray();
    expect(purges.map((e) => [e.actor, e.via, e.summary])).toEqual(
      STORE_CASES.map(() => [OPERATOR, "job", expect.stringContaining("Old")]),
    );
    // The images are still shown by the records kept (the one trashed 29 days ago, the live
    // one): none went. Now purge those and delete the live ones: the images go with the last.
    expect(await storedImageUrls()).toEqual(imagesBefore);
    for (const { entity, recent, live, image } of made) {
      if (!image) continue;
      const store = STORES[entity as keyof typeof STORES];
      await store.remove(live, OPERATOR_CLI);
      await store.purge(recent, OPERATOR_CLI);
      expect(
        await storedImageUrls(),
        `${entity}: kept while a record in the trash shows it`,
      ).toContain(image);
      await store.purge(live, OPERATOR_CLI);
      expect(await storedImageUrls(), `${entity}: gone with the last record`).not.toContain(image);
    }
    expect(await storedImageUrls()).toEqual([]);
    expect(lines.filter((line) => line.startsWith("Purged 1 "))).toHaveLength(STORE_CASES.length);
  });

  it("releases a purged record's image at once when nothing else shows it", async () => {
    const [entity, type] = STORE_CASES.find(([, t]) => imageFieldsOf(t).length > 0) ?? [];
    if (!entity || !type) throw new Error("no type with an image field");
    const store = STORES[entity as keyof typeof STORES];
    const [field] = imageFieldsOf(type);
    const image = await storeImage(await pngFile());
    if (!image.ok || !field) throw new Error("the test image was not stored");
    const created = await store.create(
      { ...storedExample(type), [field.name]: image.url } as never,
      OPERATOR_CLI,
    );
    await store.remove(created._id, OPERATOR_CLI);
    await (await collectionOf(type.collection)).updateOne(
      { _id: new ObjectId(created._id) },
      { $set: { deletedAt: new Date(Date.now() - 31 * DAY) } },
    );
    expect(await storedImageUrls()).toEqual([image.url]);
    await trashPurgeJob(
      () => {},
      () => 30,
    ).run({}, { lateMs: 0 });
    expect(await storedImageUrls()).toEqual([]);
  });
});
