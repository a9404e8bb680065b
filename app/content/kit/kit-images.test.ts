// The content kit's image fields, over every registered type that has one: a file posted with
// the form (no JavaScript) is stored and used, a refused file or another wrong field leaves
// nothing stored, a failed save drops the file it stored, and a stored file the record no longer
// shows is deleted once nothing else uses it (replace, remove, a purge from the trash), kept
// while another record, or one in the trash, shows it. The rest of the kit's rules are in kit.test.ts.
import { type Collection, type Document, ObjectId } from "mongodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { imageFieldNames } from "~/domain/image";
import { type SignedIn, signInFresh, statusOf } from "../../../tests/support/admin-request";
import {
  callMultipart,
  clearStoredImages,
  pngFile,
  REFUSED_FILES,
  storedImageUrls,
} from "../../../tests/support/admin-upload";
import {
  blankCases,
  blankValue,
  exampleOf,
  formValues,
  imageFieldsOf,
  storedExample,
  TYPE_CASES,
  titleField,
} from "../../../tests/support/content-types";
import { DRIVER_DETAIL } from "../../../tests/support/failing-writes";
import { collectionAdmin } from "./admin.server";
import { collectionStore } from "./store.server";

afterAll(closeDatabase);

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";

const IMAGE_CASES = TYPE_CASES.flatMap(([entity, type]) =>
  imageFieldsOf(type).map((field) => [`${entity} ${field.name}`, type, field] as const),
);

describe.each(IMAGE_CASES)("%s", (_, type, field) => {
  const PAGE = type.admin.path;
  const title = titleField(type);
  const names = imageFieldNames(field.name);
  const store = collectionStore(type);
  const failures = { on: false };
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      failures.on ? Promise.reject(new Error(DRIVER_DETAIL)) : fn(...args);
  const { action } = collectionAdmin({
    ...store,
    create: failing(store.create),
    update: failing(store.update),
  });

  let me: SignedIn;
  beforeAll(async () => {
    me = await signInFresh();
  });
  beforeEach(async () => {
    failures.on = false;
    await (await collection()).deleteMany({});
    await clearStoredImages();
  });

  const collection = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Document>;
  const count = async () => (await collection()).countDocuments({});
  const imageOf = async (id: string) =>
    (await (await collection()).findOne({ _id: new ObjectId(id) }))?.[field.name];

  async function add(name: string, createdAt: Date, extra: Record<string, unknown> = {}) {
    const _id = new ObjectId();
    await (await collection()).insertOne({
      ...storedExample(type),
      [title]: name,
      createdAt,
      updatedAt: createdAt,
      ...extra,
      _id,
    });
    return _id.toHexString();
  }

  const post = (fields: Record<string, string | Blob>, path = PAGE) =>
    callMultipart(action, path, { cookie: me.cookie, fields });
  const filled = (change: Record<string, string | Blob> = {}) => ({
    intent: "save",
    ...formValues(exampleOf(type)),
    ...change,
  });
  /** The example's own address: a site path, not a stored file. */
  const exampleImage = String(storedExample(type)[field.name] ?? "");

  it("stores a file posted with the form (no JavaScript) and shows it", async () => {
    const response = await post(filled({ [field.name]: "", [names.file]: await pngFile() }));
    expect(response.status).toBe(302);
    const urls = await storedImageUrls();
    expect(urls).toHaveLength(1);
    expect((await (await collection()).findOne({}))?.[field.name]).toBe(urls[0]);
  });

  it.each(REFUSED_FILES)(
    "refuses %s saying what was wrong, storing nothing",
    async (_, file, message) => {
      const outcome = await post(filled({ [names.file]: file() }));
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.result.error).toEqual({ [field.name]: [message] });
      expect(await storedImageUrls()).toEqual([]);
      expect(await count()).toBe(0);
    },
  );

  it("stores no file when another field is wrong, or the id names nothing", async () => {
    const [other] = blankCases(type).find(([name, m]) => name !== field.name && m !== null) ?? [];
    const otherField = type.fields.find((f) => f.name === other);
    if (!other || !otherField) throw new Error("no other required field");
    const refused = await post(
      filled({ [other]: blankValue(otherField), [names.file]: await pngFile() }),
    );
    expect(statusOf(refused)).toBe(400);
    expect(Object.keys(refused.data.result.error)).toEqual([other]);
    for (const id of ["nope", MISSING]) {
      expect(statusOf(await post(filled({ id, [names.file]: await pngFile() })))).toBe(404);
    }
    expect(await storedImageUrls()).toEqual([]);
    expect(await count()).toBe(0);
  });

  it("stores no file for a signed-out visitor", async () => {
    const outcome = await callMultipart(action, PAGE, {
      fields: filled({ [names.file]: await pngFile() }),
    });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await storedImageUrls()).toEqual([]);
    expect(await count()).toBe(0);
  });

  it("drops the file it stored when the save fails", async () => {
    const id = await add("Stays", day(1));
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const fields of [filled(), filled({ id })]) {
      const outcome = await post({ ...fields, [names.file]: await pngFile() });
      expect(statusOf(outcome)).toBe(500);
    }
    spy.mockRestore();
    expect(await storedImageUrls()).toEqual([]);
    expect(await imageOf(id)).toBe(exampleImage);
  });

  it("keeps, replaces and removes the image; a file nothing shows any more is deleted", async () => {
    const id = await add("Pictured", day(1));
    await post(filled({ id, [names.file]: await pngFile("one.png") }));
    const [first] = await storedImageUrls();
    expect(await imageOf(id)).toBe(first);
    // Kept: the hidden field carries the address back.
    await post(filled({ id, [field.name]: first as string, [title]: "Kept" }));
    expect(await imageOf(id)).toBe(first);
    // Replaced: the old file goes.
    await post(
      filled({ id, [field.name]: first as string, [names.file]: await pngFile("two.png") }),
    );
    const second = await imageOf(id);
    expect(second).not.toBe(first);
    expect(await storedImageUrls()).toEqual([second]);
    // Removed: a required image refuses it and keeps the file; an optional one is emptied.
    const removed = await post(filled({ id, [field.name]: second, [names.remove]: "on" }));
    if (field.required) {
      expect(statusOf(removed)).toBe(400);
      expect(removed.data.result.error).toEqual({ [field.name]: [field.required] });
      expect(await storedImageUrls()).toEqual([second]);
      // Back to an address that is no stored file: the stored one goes.
      await post(filled({ id }));
      expect(await imageOf(id)).toBe(exampleImage);
    } else {
      expect(removed.status).toBe(302);
      expect(await imageOf(id)).toBe("");
    }
    expect(await storedImageUrls()).toEqual([]);
  });

  it("keeps a file another record shows, through a replace, a delete and a purge", async () => {
    const a = await add("A", day(1));
    await post(filled({ id: a, [names.file]: await pngFile() }));
    const shared = (await imageOf(a)) as string;
    const b = await add("B", day(2), { [field.name]: shared });
    await post(filled({ id: a }));
    expect(await storedImageUrls()).toEqual([shared]);
    await post(filled({ id: a, [field.name]: shared }));
    await post({ intent: "delete", id: a });
    await post({ intent: "purge", id: a });
    expect(await storedImageUrls()).toEqual([shared]);
    // The last record showing it goes to the trash: kept (a restore shows it again); purged: gone.
    await post({ intent: "delete", id: b });
    expect(await storedImageUrls()).toEqual([shared]);
    await post({ intent: "purge", id: b });
    expect(await storedImageUrls()).toEqual([]);
  });

  it("keeps the file while the record is in the trash, and deletes it with the record's purge", async () => {
    const id = await add("Doomed", day(1));
    await post(filled({ id, [names.file]: await pngFile() }));
    expect(await storedImageUrls()).toHaveLength(1);
    const response = await post({ intent: "delete", id });
    expect(response.status).toBe(302);
    expect(await storedImageUrls()).toHaveLength(1);
    await post({ intent: "restore", id });
    expect(await storedImageUrls()).toHaveLength(1);
    await post({ intent: "delete", id });
    expect((await post({ intent: "purge", id })).status).toBe(302);
    expect(await storedImageUrls()).toEqual([]);
  });
});
