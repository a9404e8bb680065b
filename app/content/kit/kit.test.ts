// The shared tests of the content kit: every rule the kit gives a content type, proved once per
// mechanism and run over every registered type (app/content/registry.ts), through the admin
// screen's loader and action (admin.server.ts). A new type is covered the moment it is
// registered; what only one type does stays in its own tests (app/routes/admin/<type>.test.ts).
// The store's rules (public order, ids, writes and their after-write steps) are in
// kit-store.test.ts, over every type; the image field's own rules are in kit-images.test.ts.
import { type Collection, type Document, ObjectId } from "mongodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { contentGeneration } from "~/lib/content-version.server";
import {
  callRoute,
  flashCarried,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { callMultipart } from "../../../tests/support/admin-upload";
import {
  blankCases,
  blankValue,
  exampleOf,
  fieldsOfKind,
  formValues,
  imageFieldsOf,
  refusals,
  SAFE_LINKS,
  storedExample,
  TYPE_CASES,
  titleField,
  UNSAFE_IMAGES,
  UNSAFE_LINKS,
  ZOD_DEFAULT_MESSAGE,
} from "../../../tests/support/content-types";
import { itKeepsTheRowWhenDeleteFails } from "../../../tests/support/failed-delete";
import { DRIVER_DETAIL } from "../../../tests/support/failing-writes";
import { faqs } from "../faqs";
import { collectionAdmin } from "./admin.server";
import { collectionStore } from "./store.server";

afterAll(closeDatabase);

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";
const SEARCH_WORD = "Quokka";

describe.each(TYPE_CASES)("%s", (_, type) => {
  const PAGE = type.admin.path;
  const { texts } = type;
  const title = titleField(type);
  const store = collectionStore(type);
  // The store as the screen sees it, with writes that fail on demand.
  const failures = { on: false };
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      failures.on ? Promise.reject(new Error(DRIVER_DETAIL)) : fn(...args);
  const { loader, action } = collectionAdmin({
    ...store,
    create: failing(store.create),
    update: failing(store.update),
    remove: failing(store.remove),
  });

  let me: SignedIn;
  beforeAll(async () => {
    me = await signInFresh();
  });
  beforeEach(async () => {
    failures.on = false;
    await (await collection()).deleteMany({});
    await (await getCollections()).auditLog.deleteMany({});
  });

  const collection = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Document>;
  const count = async () => (await collection()).countDocuments({});
  const stored = async (id: string) => (await collection()).findOne({ _id: new ObjectId(id) });
  const titles = (items: Record<string, unknown>[]) => items.map((item) => item[title]);

  /** A record as the store keeps it, written straight to the collection. */
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

  const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
  const post = (fields: Record<string, string | Blob>, path = PAGE) =>
    callMultipart(action, path, { cookie: me.cookie, fields });
  /** The editor's form filled with the example, changed by `change`. */
  const filled = (change: Record<string, string | Blob> = {}) => ({
    intent: "save",
    ...formValues(exampleOf(type)),
    ...change,
  });

  describe("the admin list", () => {
    it("is newest first, with when and by whom each record was changed", async () => {
      expect(await get(PAGE)).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });
      await add("Old", day(1));
      await add("New", day(3), { updatedBy: "ana@bureau.test" });
      await add("Middle", day(2));
      const page = await get(PAGE);
      expect(titles(page.items)).toEqual(["New", "Middle", "Old"]);
      expect(page.items[0]).toMatchObject({
        ...storedExample(type),
        [title]: "New",
        createdAt: day(3).toISOString(),
        updatedAt: day(3).toISOString(),
        updatedBy: "ana@bureau.test",
      });
      expect(page.items[2].updatedBy).toBeNull();
      expect(page).toMatchObject({ total: 3, page: 1, pages: 1, formOpen: false, editing: null });
    });

    it("searches every search field, in any case, taking metacharacters literally", async () => {
      const found: string[] = [];
      for (const [index, field] of type.searchFields.entries()) {
        const value = `${String(storedExample(type)[field] ?? "")} ${SEARCH_WORD}${index}`;
        found.push(await add(`Record ${index}`, day(index + 1), { [field]: value }));
      }
      await add("Plans (a+b)*", day(20), { [type.searchFields[0] as string]: "Plans (a+b)*" });
      for (const [index, id] of found.entries()) {
        const page = await get(`${PAGE}?q=${SEARCH_WORD.toUpperCase()}${index}`);
        expect(
          page.items.map((r: { _id: string }) => r._id),
          type.searchFields[index],
        ).toEqual([id]);
        expect(page.q).toBe(`${SEARCH_WORD.toUpperCase()}${index}`);
      }
      expect((await get(`${PAGE}?q=${encodeURIComponent("(a+b)*")}`)).total).toBe(1);
      expect((await get(`${PAGE}?q=.*`)).total).toBe(0);
    });

    it("pages by ten; a page past the end shows the last", async () => {
      for (let i = 1; i <= 12; i++) await add(`Item ${i}`, day(i));
      const first = await get(PAGE);
      expect(first.items).toHaveLength(10);
      expect(first).toMatchObject({ total: 12, page: 1, pages: 2 });
      for (const page of ["2", "9"]) {
        const last = await get(`${PAGE}?page=${page}`);
        expect(last.page).toBe(2);
        expect(titles(last.items)).toEqual(["Item 2", "Item 1"]);
      }
    });

    it("sorts by its title column as the URL asks, and ignores a column that does not sort", async () => {
      await add("bea", day(1));
      await add("Ana", day(2));
      await add("Cleo", day(3));
      const own = titles((await get(PAGE)).items);
      const asc = await get(`${PAGE}?sort=${title}&dir=asc`);
      expect(titles(asc.items)).toEqual(["Ana", "bea", "Cleo"]);
      expect(asc.sort).toEqual({ field: title, dir: "asc" });
      const desc = await get(`${PAGE}?sort=${title}&dir=desc`);
      expect(titles(desc.items)).toEqual(["Cleo", "bea", "Ana"]);
      for (const field of ["updatedBy", "createdAt_", "$where"]) {
        const page = await get(`${PAGE}?sort=${encodeURIComponent(field)}&dir=desc`);
        expect(titles(page.items), field).toEqual(own);
        expect(page.sort, field).toBeNull();
      }
    });

    it("opens the form for ?new and ?edit=<id>, and the delete step for ?delete=<id>", async () => {
      const id = await add("Edit me", day(1));
      const record = { ...storedExample(type), [title]: "Edit me", _id: id };
      expect(await get(`${PAGE}?new`)).toMatchObject({ formOpen: true, editing: null });
      expect(await get(`${PAGE}?edit=${id}`)).toMatchObject({ formOpen: true, editing: record });
      expect(await get(`${PAGE}?delete=${id}`)).toMatchObject({
        formOpen: false,
        deleting: record,
      });
    });

    it("answers 404 with the type's text for a malformed or unknown id", async () => {
      for (const query of [
        "edit=nope",
        `edit=${MISSING}`,
        "edit=",
        "delete=x'%22",
        `delete=${MISSING}`,
      ]) {
        const outcome = await get(`${PAGE}?${query}`);
        expect(statusOf(outcome), query).toBe(404);
        expect(outcome.data).toBe(texts.notFound);
      }
    });
  });

  describe("creating", () => {
    it("stores the values trimmed, stamped with the admin, and shows the list with a flash", async () => {
      const padded = Object.fromEntries(
        type.fields
          .filter((f) => typeof exampleOf(type)[f.name] === "string" && f.kind !== "image")
          .map((f) => [f.name, ` \n ${exampleOf(type)[f.name]}\t `]),
      );
      const response = await post(filled(padded), `${PAGE}?q=x&page=2&new`);
      expect(response.status).toBe(302);
      // A new record is first in the list: page 1 of the whole list.
      expect(response.headers.get("Location")).toBe(PAGE);
      expect(await flashCarried(response)).toEqual({ message: texts.created, tone: "success" });
      expect(await (await collection()).findOne({})).toMatchObject({
        ...storedExample(type),
        updatedBy: me.email,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
    });

    it("refuses every blank required field with its own message, storing nothing", async () => {
      const required = blankCases(type).filter(([, messages]) => messages !== null);
      expect(required.length, "a type has at least one required field").toBeGreaterThan(0);
      for (const [name, messages] of required) {
        const field = type.fields.find((f) => f.name === name);
        if (!field) throw new Error(name);
        const outcome = await post(filled({ [name]: blankValue(field) }));
        expect(statusOf(outcome), name).toBe(400);
        expect(outcome.data.result.error, name).toEqual({ [name]: messages });
        for (const message of messages ?? [])
          expect(message, name).not.toMatch(ZOD_DEFAULT_MESSAGE);
      }
      // Nothing filled in: every field the schema requires says so at once.
      const outcome = await post({ intent: "save" });
      expect(statusOf(outcome)).toBe(400);
      const all = refusals(type, {});
      expect(Object.keys(all).length).toBeGreaterThan(0);
      expect(outcome.data.result.error).toEqual(all);
      expect(await count()).toBe(0);
    });

    it("accepts every field the description allows to be blank", async () => {
      const optional = blankCases(type).filter(([, message]) => message === null);
      for (const [name] of optional) {
        const field = type.fields.find((f) => f.name === name);
        if (!field) throw new Error(name);
        const response = await post(filled({ [name]: blankValue(field) }));
        expect(response.status, name).toBe(302);
      }
      expect(await count()).toBe(optional.length);
    });

    it("refuses unsafe addresses in link and image fields, and accepts safe ones", async () => {
      for (const name of fieldsOfKind(type, "link")) {
        const messages = new Set<string>();
        for (const link of UNSAFE_LINKS) {
          const outcome = await post(filled({ [name]: link }));
          expect(statusOf(outcome), link).toBe(400);
          expect(Object.keys(outcome.data.result.error), link).toEqual([name]);
          messages.add(outcome.data.result.error[name][0]);
        }
        // One message, in words: what a link may be.
        expect(messages.size).toBe(1);
        expect([...messages][0]).not.toMatch(ZOD_DEFAULT_MESSAGE);
        expect(await count()).toBe(0);
        for (const link of SAFE_LINKS) {
          const response = await post(filled({ [name]: link }));
          expect(response.status, link).toBe(302);
          const last = await (await collection()).find({}).sort({ _id: -1 }).limit(1).next();
          expect(last?.[name]).toBe(link);
        }
        await (await collection()).deleteMany({});
      }
      for (const field of imageFieldsOf(type)) {
        for (const url of UNSAFE_IMAGES) {
          const outcome = await post(filled({ [field.name]: url }));
          expect(statusOf(outcome), url).toBe(400);
          expect(outcome.data.result.error, url).toEqual({ [field.name]: [field.invalid] });
        }
      }
      expect(await count()).toBe(0);
    });

    it("says the type's createFailed text (500) when the write fails, keeping what was typed", async () => {
      failures.on = true;
      const spy = vi.spyOn(console, "error").mockImplementation(() => {});
      const outcome = await post(filled({ [title]: "Kept as typed" }));
      spy.mockRestore();
      expect(statusOf(outcome)).toBe(500);
      expect(outcome.data.result.error).toEqual({ "": [texts.createFailed] });
      expect(outcome.data.result.initialValue).toMatchObject({ [title]: "Kept as typed" });
      expect(JSON.stringify(outcome.data)).not.toContain(DRIVER_DETAIL);
      expect(await count()).toBe(0);
    });

    it("refuses an unknown intent with 400", async () => {
      const outcome = await post({ intent: "explode" });
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.listError).toBe("Unknown action.");
    });

    it("sends a signed-out visitor to sign in, writing nothing", async () => {
      const id = await add("Stays", day(1));
      for (const fields of [filled(), filled({ id }), { intent: "delete", id }]) {
        const outcome = await callMultipart(action, PAGE, { fields });
        expect(outcome.status).toBe(302);
        expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
      }
      expect(await (await collection()).find({}).toArray()).toEqual([
        expect.objectContaining({ [title]: "Stays", updatedAt: day(1) }),
      ]);
      expect(await (await getCollections()).auditLog.countDocuments({})).toBe(0);
    });
  });

  describe("editing", () => {
    it("updates the record, stamps the admin, keeps its creation date and the list's place", async () => {
      const id = await add("Before", day(1));
      const response = await post(
        filled({ id, [title]: "After" }),
        `${PAGE}?q=fore&page=2&edit=${id}`,
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`${PAGE}?q=fore&page=2`);
      expect(await flashCarried(response)).toEqual({ message: texts.updated, tone: "success" });
      // The order rides along too; one that does not sort is dropped.
      const sorted = `?q=fore&sort=${title}&dir=desc&page=2`;
      const again = await post(filled({ id, [title]: "After" }), `${PAGE}${sorted}&edit=${id}`);
      expect(again.headers.get("Location")).toBe(`${PAGE}${sorted}`);
      const unsorted = await post(filled({ id, [title]: "After" }), `${PAGE}?sort=nope&edit=${id}`);
      expect(unsorted.headers.get("Location")).toBe(PAGE);
      const doc = await stored(id);
      expect(doc).toMatchObject({
        ...storedExample(type),
        [title]: "After",
        createdAt: day(1),
        updatedBy: me.email,
      });
      expect(doc?.updatedAt.getTime()).toBeGreaterThan(day(1).getTime());
    });

    it("validates like creating", async () => {
      const id = await add("Before", day(1));
      const [name, messages] = blankCases(type).find(([, m]) => m !== null) ?? [];
      const field = type.fields.find((f) => f.name === name);
      if (!field || !name) throw new Error("no required field");
      const outcome = await post(filled({ id, [name]: blankValue(field) }));
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.result.error).toEqual({ [name]: messages });
      expect((await stored(id))?.[title]).toBe("Before");
    });

    it("says the type's updateFailed text (500) when the write fails, changing nothing", async () => {
      const id = await add("Stays", day(1));
      failures.on = true;
      const spy = vi.spyOn(console, "error").mockImplementation(() => {});
      const outcome = await post(filled({ id, [title]: "Changed" }));
      spy.mockRestore();
      expect(statusOf(outcome)).toBe(500);
      expect(outcome.data.result.error).toEqual({ "": [texts.updateFailed] });
      expect(JSON.stringify(outcome.data)).not.toContain(DRIVER_DETAIL);
      expect((await stored(id))?.[title]).toBe("Stays");
    });

    it("answers 404 with the type's text for a malformed or unknown id, changing nothing", async () => {
      await add("Untouched", day(1));
      for (const id of ["nope", MISSING, "0123456789abcdef0123456z"]) {
        const outcome = await post(filled({ id, [title]: "Changed" }));
        expect(statusOf(outcome), id).toBe(404);
        expect(outcome.data, id).toBe(texts.notFound);
      }
      expect(titles(await (await collection()).find({}).toArray())).toEqual(["Untouched"]);
    });
  });

  describe("deleting", () => {
    it("removes the record and returns to the same list page with a flash", async () => {
      const id = await add("Doomed", day(1));
      const keep = await add("Kept", day(2));
      const response = await post({ intent: "delete", id }, `${PAGE}?q=e&page=2&delete=${id}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`${PAGE}?q=e&page=2`);
      expect(await flashCarried(response)).toEqual({ message: texts.deleted, tone: "success" });
      const left = await (await collection()).find({}).toArray();
      expect(left.map((doc) => doc._id.toHexString())).toEqual([keep]);
    });

    it("answers 404 with the type's text for a malformed, unknown or missing id", async () => {
      await add("Stays", day(1));
      for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
        const outcome = await post({ intent: "delete", ...fields });
        expect(statusOf(outcome), JSON.stringify(fields)).toBe(404);
        expect(outcome.data).toBe(texts.notFound);
      }
      expect(await count()).toBe(1);
    });

    itKeepsTheRowWhenDeleteFails({
      page: PAGE,
      add: () => add("Stays", day(1)),
      stored,
      post,
      failures,
    });
  });

  describe("after every write", () => {
    it("records who did what in the audit log and moves the content generation on", async () => {
      const audit = async () =>
        (await getCollections()).auditLog.find({}, { sort: { at: 1, _id: 1 } }).toArray();
      const input = storedExample(type);
      let generation = contentGeneration();
      const moved = () => {
        const now = contentGeneration();
        const ok = now > generation;
        generation = now;
        return ok;
      };

      await post(filled());
      expect(moved(), "create").toBe(true);
      const doc = await (await collection()).findOne({});
      const id = doc?._id.toHexString() as string;
      await post(filled({ id, [title]: "Renamed" }));
      expect(moved(), "update").toBe(true);
      await post({ intent: "delete", id });
      expect(moved(), "delete").toBe(true);

      // A refused form writes nothing: no entry, the same generation.
      await post({ intent: "save" });
      expect(moved(), "refused").toBe(false);

      const entry = { entity: type.entity, entityId: id, actor: me.email, via: "admin" };
      expect(await audit()).toEqual([
        expect.objectContaining({ ...entry, action: "create", summary: type.summary(input) }),
        expect.objectContaining({
          ...entry,
          action: "update",
          summary: type.summary({ ...input, [title]: "Renamed" }),
        }),
        expect.objectContaining({
          ...entry,
          action: "delete",
          summary: type.summary({ ...input, [title]: "Renamed" }),
        }),
      ]);
    });
  });
});

describe("a store's settle step (a type's own part of a write)", () => {
  const actor = { email: "editor@bureau.test", via: "admin" as const };
  const audited = async () =>
    (await getCollections()).auditLog.find({}, { sort: { at: 1, _id: 1 } }).toArray();
  beforeEach(async () => {
    await (await getCollections()).faqs.deleteMany({});
    await (await getCollections()).auditLog.deleteMany({});
  });

  it("runs once a write has landed, before the after-write steps; a create answers what it left", async () => {
    const seen: string[] = [];
    const store = collectionStore(faqs, {
      settle: async ({ _id, input }) => {
        seen.push(`${input ? input.question : "deleted"}, audited: ${(await audited()).length}`);
        // A change of its own, which the created record shows.
        if (input)
          await (await getCollections()).faqs.updateOne({ _id }, { $set: { answer: "Settled." } });
      },
    });
    const created = await store.create(faqs.example as never, actor);
    expect(created.answer).toBe("Settled.");
    await store.update(created._id, { ...faqs.example, question: "Renamed?" } as never, actor);
    await store.remove(created._id, actor);
    expect(seen).toEqual([
      `${faqs.example?.question}, audited: 0`,
      "Renamed?, audited: 1",
      "deleted, audited: 2",
    ]);
  });

  it("that fails: the write is reported failed, and is still audited and clears the caches", async () => {
    const store = collectionStore(faqs, {
      settle: () => Promise.reject(new Error("renumbering failed")),
    });
    const generation = contentGeneration();
    await expect(store.create(faqs.example as never, actor)).rejects.toThrow("renumbering failed");
    expect(contentGeneration()).not.toBe(generation);
    expect((await audited()).map((e) => e.action)).toEqual(["create"]);
  });
});
