// The shared tests of the content kit: every rule the kit gives a content type, proved once per
// mechanism and run over every registered type (app/content/registry.ts), through the admin
// screen's loader and action (admin.server.ts). A new type is covered the moment it is
// registered; what only one type does stays in its own tests (app/routes/admin/<type>.test.ts).
// The store's rules (public order, ids, writes and their after-write steps) are in
// kit-store.test.ts, over every type; the image field's own rules are in kit-images.test.ts.
import { Collection, type Document, ObjectId } from "mongodb";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { DISCARD_INTENT, SAVE_AS_DRAFT, UNPUBLISH_INTENT } from "~/components/admin/publishing";
import type { Actor } from "~/domain/audit";
import { BULK_MAX, BULK_TRASH, counted } from "~/lib/bulk";
import { contentGeneration } from "~/lib/content-version.server";
import type { FlashUndo } from "~/lib/flash";
import { runAsPreview } from "~/lib/preview-context.server";
import {
  callRoute,
  flashCarried,
  flashUndoCarried,
  pressUndo,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import { callMultipart } from "../../../tests/support/admin-upload";
import { type BulkPost, postBulk } from "../../../tests/support/bulk-post";
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
import { collectionAdmin } from "./admin.server";
import { DRAFT_SAVED, LIVE_FILTER } from "./publishing";
import { collectionStore } from "./store.server";
import { trashHref } from "./trash";
import { POSITION_MESSAGE } from "./types";

afterAll(closeDatabase);

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";
const SEARCH_WORD = "Quokka";
const actor = (me: SignedIn): Actor => ({ email: me.email, via: "admin" });

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
    restore: failing(store.restore),
    purge: failing(store.purge),
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
  /** Records not in the trash: what the list and the site show. */
  const liveCount = async () => (await collection()).countDocuments(LIVE_FILTER);
  const stored = async (id: string) => (await collection()).findOne({ _id: new ObjectId(id) });
  const titles = (items: Record<string, unknown>[]) => items.map((item) => item[title]);
  // Records never placed by hand keep oldest first in an ordered type's table.
  const inTableOrder = (newestFirst: string[]) =>
    type.ordered ? [...newestFirst].reverse() : newestFirst;

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
    it("is newest first (an ordered type: in its order), with when and by whom each record was changed", async () => {
      expect(await get(PAGE)).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });
      await add("Old", day(1));
      await add("New", day(3), { updatedBy: "ana@bureau.test" });
      await add("Middle", day(2));
      const page = await get(PAGE);
      expect(titles(page.items)).toEqual(inTableOrder(["New", "Middle", "Old"]));
      expect(
        page.items.find((item: Record<string, unknown>) => item[title] === "New"),
      ).toMatchObject({
        ...storedExample(type),
        [title]: "New",
        createdAt: day(3).toISOString(),
        updatedAt: day(3).toISOString(),
        updatedBy: "ana@bureau.test",
      });
      expect(
        page.items.find((item: Record<string, unknown>) => item[title] === "Old").updatedBy,
      ).toBeNull();
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
        // The two records after the first ten, in the table's order.
        expect(titles(last.items)).toEqual(
          type.ordered ? ["Item 11", "Item 12"] : ["Item 2", "Item 1"],
        );
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

  describe("drafts (decision 033)", () => {
    const audited = async () =>
      (
        await (
          await getCollections()
        ).auditLog
          .find({ entity: type.entity })
          .sort({ at: 1 })
          .toArray()
      ).map((entry) => entry.action);
    const publicTitles = async () => titles(await store.list());

    it("Save as draft makes a record only staff see, and its editor's Publish puts it on the site", async () => {
      const response = await post(filled({ [title]: "Quiet", as: SAVE_AS_DRAFT }));
      expect(response.status).toBe(302);
      const [record] = await (await collection()).find({}).toArray();
      const id = String(record?._id);
      expect(record?.publishStatus).toBe("draft");
      // It stays open in its editor, which says what it is.
      expect(response.headers.get("Location")).toBe(`${PAGE}?edit=${id}`);
      expect((await flashCarried(response)).message).toBe(DRAFT_SAVED);
      const screen = await get(`${PAGE}?edit=${id}`);
      expect(screen.editing).toMatchObject({ [title]: "Quiet", publishStatus: "draft" });
      expect(screen.items[0]).toMatchObject({ publishStatus: "draft", hasDraft: false });
      // Nowhere public: the list, one record, the JSON API's reads.
      expect(await publicTitles()).toEqual([]);
      expect(await store.getPublic(id)).toBeNull();

      const published = await post(filled({ id, [title]: "Quiet" }));
      expect(published.status).toBe(302);
      expect(await publicTitles()).toEqual(["Quiet"]);
      expect((await stored(id))?.publishStatus).toBe("published");
      expect(await audited()).toEqual(["create", "publish"]);
    });

    it("keeps a published record's draft beside it: the site shows what is published until the draft is", async () => {
      const generation = contentGeneration();
      const { _id: id } = await store.create(storedExample(type) as never, actor(me));
      await store.update(id, { ...storedExample(type), [title]: "Live" } as never, actor(me));
      const saved = await post(filled({ id, [title]: "Pending", as: SAVE_AS_DRAFT }));
      expect(saved.headers.get("Location")).toBe(`${PAGE}?edit=${id}`);
      expect((await store.getPublic(id))?.[title as never]).toBe("Live");
      expect(await publicTitles()).toEqual(["Live"]);
      const screen = await get(`${PAGE}?edit=${id}`);
      expect(screen.editing).toMatchObject({ [title]: "Pending", hasDraft: true });
      expect(screen.items[0]).toMatchObject({ [title]: "Pending", hasDraft: true });
      // A private preview of it shows the draft, to that request only.
      expect(titles(await runAsPreview({ entity: type.entity, id }, () => store.list()))).toEqual([
        "Pending",
      ]);
      expect(await publicTitles()).toEqual(["Live"]);

      // Discard: the published version is the editor's again.
      const discarded = await post({ intent: DISCARD_INTENT, id });
      expect(discarded.status).toBe(302);
      expect(await store.getForEditor(id)).toMatchObject({ [title]: "Live", hasDraft: false });

      // Publish the draft: the site shows it, the caches moved on.
      await post(filled({ id, [title]: "Pending", as: SAVE_AS_DRAFT }));
      await store.publish(id, actor(me));
      expect(await publicTitles()).toEqual(["Pending"]);
      expect((await stored(id))?.draft).toBeUndefined();
      expect(contentGeneration()).toBeGreaterThan(generation);

      // Unpublish: off the site at once, a draft again.
      const unpublished = await post({ intent: UNPUBLISH_INTENT, id });
      expect((await flashCarried(unpublished)).message).toMatch(/unpublished/);
      expect(await publicTitles()).toEqual([]);
      expect(await store.getForEditor(id)).toMatchObject({
        [title]: "Pending",
        publishStatus: "draft",
      });
      expect(await audited()).toEqual([
        "create",
        "update",
        "draft",
        "discard",
        "draft",
        "publish",
        "unpublish",
      ]);
    });

    it("answers 404 for Unpublish or Discard of an unknown id, changing nothing", async () => {
      for (const intent of [UNPUBLISH_INTENT, DISCARD_INTENT]) {
        for (const id of ["nope", MISSING]) {
          expect(statusOf(await post({ intent, id })), `${intent} ${id}`).toBe(404);
        }
      }
      expect(await audited()).toEqual([]);
    });
  });

  describe("bulk actions (Delete selected)", () => {
    const [one, many] = type.admin.noun;
    const bulk = (post: BulkPost, path = PAGE, cookie: string | undefined = me.cookie) =>
      postBulk(action, path, cookie, post);
    const subject = async (id: string) => type.admin.subject((await stored(id)) ?? {});
    const remaining = async () =>
      (await (await collection()).find(LIVE_FILTER).toArray()).map((doc) => doc[title]);
    const audited = async () =>
      (await getCollections()).auditLog.find({}, { sort: { at: 1, _id: 1 } }).toArray();

    it("asks once without writing: the confirmation names how many and which records", async () => {
      const a = await add("Alpha", day(1));
      const b = await add("Beta", day(2));
      await add("Gamma", day(3));
      const outcome = await bulk({ action: "delete", ids: [a, b] });
      expect(statusOf(outcome)).toBe(200);
      expect(outcome.data.bulk).toEqual({
        confirm: {
          action: "delete",
          to: "",
          ids: [a, b],
          subjects: [await subject(a), await subject(b)],
        },
      });
      expect(BULK_TRASH.question(counted(2, type.admin.noun), "")).toBe(
        `Move 2 ${many} to the trash?`,
      );
      expect(await count()).toBe(3);
      expect(await audited()).toEqual([]);
    });

    it("on Confirm sends each one to the trash through the store: audited, caches cleared, flash counts", async () => {
      const a = await add("Alpha", day(1));
      const b = await add("Beta", day(2));
      await add("Gamma", day(3));
      const generation = contentGeneration();
      const response = await bulk(
        { action: "delete", ids: [a, b], confirmed: true },
        `${PAGE}?q=a&page=2`,
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`${PAGE}?q=a&page=2`);
      expect(await flashCarried(response)).toEqual({
        message: `2 ${many} moved to the trash.`,
        tone: "success",
      });
      expect(await remaining()).toEqual(["Gamma"]);
      expect(await count(), "kept in the trash").toBe(3);
      expect(contentGeneration()).toBeGreaterThan(generation);
      const entries = await audited();
      expect(entries.map((e) => [e.action, e.entity, e.entityId, e.actor])).toEqual([
        ["trash", type.entity, a, me.email],
        ["trash", type.entity, b, me.email],
      ]);
      // Undo beside the flash brings both back, to the list.
      const undo = await flashUndoCarried(response);
      expect(undo).toEqual({ action: trashHref(PAGE), intent: "restore", ids: [a, b] });
      const undone = await pressUndo(action, undo as FlashUndo, me.cookie);
      expect(undone.headers.get("Location")).toBe(PAGE);
      expect(await flashCarried(undone)).toEqual({
        message: `2 ${many} restored.`,
        tone: "success",
      });
      expect((await remaining()).sort()).toEqual(["Alpha", "Beta", "Gamma"]);
    });

    it("'select all on this page' takes the page's ids; a record gone meanwhile is skipped", async () => {
      const a = await add("Alpha", day(1));
      const b = await add("Beta", day(2));
      const gone = new ObjectId().toHexString();
      const response = await bulk({ action: "delete", page: [a, b, gone], confirmed: true });
      expect(await flashCarried(response)).toEqual({
        message: `2 ${many} moved to the trash. 1 ${one} no longer existed.`,
        tone: "success",
      });
      expect(await liveCount()).toBe(0);
      // The step without JavaScript leaves the gone one out; none left: 404 with a message.
      const c = await add("Gamma", day(3));
      expect((await bulk({ action: "delete", ids: [gone, c] })).data.bulk.confirm.ids).toEqual([c]);
      const none = await bulk({ action: "delete", ids: [gone] });
      expect(statusOf(none)).toBe(404);
      expect(none.data.bulk.error).toBe(
        `The selected ${many} no longer exist (they may have been deleted).`,
      );
    });

    it("refuses with 400 and a message for the bar, writing nothing", async () => {
      const a = await add("Stays", day(1));
      const cases: [BulkPost, string][] = [
        [{ action: "delete", confirmed: true }, `Select at least one ${one}.`],
        [{ action: "delete", page: [], confirmed: true }, `Select at least one ${one}.`],
        [
          { action: "delete", ids: [a, "nope"], confirmed: true },
          `“nope” is not the id of a ${one}. Reload the list and select again.`,
        ],
        [
          {
            action: "delete",
            ids: Array.from({ length: BULK_MAX + 1 }, () => new ObjectId().toHexString()),
            confirmed: true,
          },
          `Select at most ${BULK_MAX} ${many} at a time (${BULK_MAX + 1} were sent).`,
        ],
        [{ action: "explode", ids: [a], confirmed: true }, "Unknown bulk action."],
      ];
      for (const [post, message] of cases) {
        const outcome = await bulk(post);
        expect(statusOf(outcome), message).toBe(400);
        expect(outcome.data.bulk, message).toEqual({ error: message });
      }
      expect(await remaining()).toEqual(["Stays"]);
      expect(await audited()).toEqual([]);
    });

    it("sends a signed-out visitor to sign in, writing nothing", async () => {
      const a = await add("Stays", day(1));
      const outcome = await bulk({ action: "delete", ids: [a], confirmed: true }, PAGE, "");
      expect(outcome.status).toBe(302);
      expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
      expect(await count()).toBe(1);
    });

    it("stops at a failed write with an error flash saying how many are left", async () => {
      const a = await add("Alpha", day(1));
      const b = await add("Beta", day(2));
      failures.on = true;
      const spy = vi.spyOn(console, "error").mockImplementation(() => {});
      const response = await bulk({ action: "delete", ids: [a, b], confirmed: true });
      spy.mockRestore();
      expect(await flashCarried(response)).toEqual({
        message: `Unexpected error: the change could not be saved. Please try again. 2 ${many} left unchanged.`,
        tone: "error",
      });
      expect(await count()).toBe(2);
    });
  });

  describe("deleting", () => {
    it("sends the record to the trash and returns to the same list page with a flash", async () => {
      const id = await add("Doomed", day(1));
      const keep = await add("Kept", day(2));
      const response = await post({ intent: "delete", id }, `${PAGE}?q=e&page=2&delete=${id}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`${PAGE}?q=e&page=2`);
      expect(await flashCarried(response)).toEqual({ message: texts.trashed, tone: "success" });
      const left = await (await collection()).find(LIVE_FILTER).toArray();
      expect(left.map((doc) => doc._id.toHexString())).toEqual([keep]);
      expect(await stored(id), "kept in the trash").toMatchObject({ deletedBy: me.email });

      // The flash offers Undo: a Restore of that record, back to the list, saying so.
      const undo = await flashUndoCarried(response);
      expect(undo).toEqual({ action: trashHref(PAGE), intent: "restore", ids: [id] });
      const undone = await pressUndo(action, undo as FlashUndo, me.cookie);
      expect(undone.status).toBe(302);
      expect(undone.headers.get("Location")).toBe(PAGE);
      expect(await flashCarried(undone)).toEqual({ message: texts.restored, tone: "success" });
      expect(await (await collection()).countDocuments(LIVE_FILTER)).toBe(2);
      // Pressed again (it is no longer in the trash): 404, nothing changes.
      expect(statusOf(await pressUndo(action, undo as FlashUndo, me.cookie))).toBe(404);
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

  describe.runIf(type.ordered)("the order staff set (Move up / Move down)", () => {
    const publicTitles = async () => titles(await store.list());
    const audited = async () =>
      (await getCollections()).auditLog.find({}, { sort: { at: 1, _id: 1 } }).toArray();

    it("puts a new record last, and moves one to the place posted, on the site too", async () => {
      // Records from before the type was ordered keep oldest first, then new ones follow.
      await add("Older", day(2));
      await add("Oldest", day(1));
      for (const name of ["Third", "Fourth"]) {
        expect((await post(filled({ [title]: name }))).status).toBe(302);
      }
      expect(await publicTitles()).toEqual(["Oldest", "Older", "Third", "Fourth"]);
      const rows = await get(PAGE);
      expect(rows.items.map((r: { position: number }) => r.position)).toEqual([1, 2, 3, 4]);
      expect(rows.count).toBe(4);

      const fourth = rows.items[3]._id;
      const response = await post({ intent: "move", id: fourth, position: "1" }, `${PAGE}?page=1`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(PAGE);
      const Noun = `${type.admin.noun[0].charAt(0).toUpperCase()}${type.admin.noun[0].slice(1)}`;
      expect(await flashCarried(response)).toEqual({
        message: `${Noun} moved to position 1.`,
        tone: "success",
      });
      expect(await publicTitles()).toEqual(["Fourth", "Oldest", "Older", "Third"]);
      // Stored as 0, 1, 2… without gaps; a delete closes its gap.
      const numbers = async () =>
        (await (await collection()).find(LIVE_FILTER).sort({ order: 1 }).toArray()).map(
          (d) => d.order,
        );
      expect(await numbers()).toEqual([0, 1, 2, 3]);
      expect((await post({ intent: "delete", id: rows.items[0]._id })).status).toBe(302);
      expect(await publicTitles()).toEqual(["Fourth", "Older", "Third"]);
      expect(await numbers()).toEqual([0, 1, 2]);
      // Past the end: last.
      await post({ intent: "move", id: fourth, position: "9" });
      expect(await publicTitles()).toEqual(["Older", "Third", "Fourth"]);
      const moves = (await audited()).filter((entry) => entry.action === "move");
      expect(moves).toHaveLength(2);
      expect(moves[0]).toMatchObject({ entity: type.entity, entityId: fourth, actor: me.email });
    });

    it("keeps a write that landed when renumbering the others fails: done, audited, logged", async () => {
      const made = [];
      for (const name of ["First", "Second", "Third"]) {
        made.push(
          await store.create({ ...exampleOf(type), [title]: name } as never, {
            email: me.email,
            via: "admin",
          }),
        );
      }
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      // The first write after the delete is the renumbering of the two left.
      const renumber = vi
        .spyOn(Collection.prototype, "updateOne")
        .mockRejectedValueOnce(new Error("connection reset"));
      let errors: unknown[][];
      try {
        expect(await store.remove(made[0]?._id as string, { email: me.email, via: "admin" })).toBe(
          true,
        );
      } finally {
        errors = [...logged.mock.calls];
        renumber.mockRestore();
        logged.mockRestore();
      }
      expect(errors).toContainEqual([
        `[kit] Renumbering the ${type.entity} list failed:`,
        expect.any(Error),
      ]);
      expect(await publicTitles()).toEqual(["Second", "Third"]);
      expect((await audited()).map((entry) => entry.action)).toContain("trash");
    });

    it("refuses a position that is no place (400) and an unknown record (404), moving nothing", async () => {
      const id = await add("Stays", day(1));
      await add("Second", day(2));
      for (const position of ["0", "-1", "1.5", "two", ""]) {
        const outcome = await post({ intent: "move", id, position });
        expect(statusOf(outcome), position).toBe(400);
        expect(outcome.data.listError, position).toBe(POSITION_MESSAGE);
      }
      for (const fields of [{ id: MISSING, position: "1" }, { position: "1" }] as Record<
        string,
        string
      >[]) {
        const outcome = await post({ intent: "move", ...fields });
        expect(statusOf(outcome), JSON.stringify(fields)).toBe(404);
      }
      expect(await publicTitles()).toEqual(["Stays", "Second"]);
      expect(await audited()).toEqual([]);
    });
  });

  describe("the trash", () => {
    const TRASH = trashHref(PAGE);
    const remove = (id: string) => post({ intent: "delete", id });

    it("shows what was deleted, by whom, with the days left; the list links to it with its count", async () => {
      const id = await add("Binned", day(1));
      await add("Kept", day(2));
      expect((await get(PAGE)).trash).toMatchObject({ count: 0, days: 30, items: null });
      expect((await remove(id)).status).toBe(302);
      const list = await get(PAGE);
      expect(titles(list.items)).toEqual(["Kept"]);
      expect(list.trash).toMatchObject({ count: 1, items: null, purging: null });
      const trash = await get(TRASH);
      expect(trash.trash.items).toEqual([
        {
          _id: id,
          subject: type.admin.subject((await stored(id)) ?? {}),
          deletedAt: expect.any(String),
          deletedBy: me.email,
          daysLeft: 30,
        },
      ]);
      // Delete forever's step without JavaScript names the record; one not in the trash: 404.
      expect((await get(trashHref(PAGE, id))).trash.purging).toMatchObject({ _id: id });
      for (const other of [MISSING, "nope"]) {
        expect(statusOf(await get(trashHref(PAGE, other))), other).toBe(404);
      }
    });

    it("pages by ten, the last deleted first; a page's buttons come back to that page", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push(await add(`Binned ${i}`, day(1)));
      // Deleted one a minute apart, the first one longest ago.
      for (const [i, id] of ids.entries()) {
        await (await collection()).updateOne(
          { _id: new ObjectId(id) },
          { $set: { deletedAt: new Date(Date.now() - (20 - i) * 60_000), deletedBy: me.email } },
        );
      }
      const first = (await get(TRASH)).trash;
      expect(first).toMatchObject({ count: 12, page: 1, pages: 2 });
      expect(first.items.map((row: { _id: string }) => row._id)).toEqual(ids.slice(2).reverse());
      const second = (await get(trashHref(PAGE, undefined, 2))).trash;
      expect(second).toMatchObject({ count: 12, page: 2, pages: 2 });
      expect(second.items.map((row: { _id: string }) => row._id)).toEqual([ids[1], ids[0]]);
      // Delete forever's step names a record of another page too (a URL written by hand).
      expect((await get(trashHref(PAGE, ids[0]))).trash.purging).toMatchObject({ _id: ids[0] });
      // Restore on page 2 comes back to page 2.
      const restored = await post(
        { intent: "restore", id: ids[0] as string },
        trashHref(PAGE, undefined, 2),
      );
      expect(restored.headers.get("Location")).toBe(trashHref(PAGE, undefined, 2));
      expect((await get(trashHref(PAGE, undefined, 2))).trash.items).toHaveLength(1);
    });

    it("restores a record: back on the list and the site, out of the trash, audited", async () => {
      const id = await add("Binned", day(1));
      await remove(id);
      const response = await post({ intent: "restore", id }, TRASH);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(TRASH);
      expect(await flashCarried(response)).toEqual({ message: texts.restored, tone: "success" });
      expect(titles((await get(PAGE)).items)).toEqual(["Binned"]);
      expect(titles(await store.list())).toEqual(["Binned"]);
      expect((await get(TRASH)).trash.items).toEqual([]);
      const actions = (await (await getCollections()).auditLog.find({}).toArray()).map(
        (e) => e.action,
      );
      expect(actions).toEqual(["trash", "restore"]);
      // Only what is in the trash: a live record, an unknown or malformed id, none: 404.
      for (const fields of [{ id }, { id: MISSING }, { id: "nope" }, {}] as Record<
        string,
        string
      >[]) {
        const outcome = await post({ intent: "restore", ...fields }, TRASH);
        expect(statusOf(outcome), JSON.stringify(fields)).toBe(404);
      }
    });

    it("deletes forever only from the trash, with a flash; then it is gone", async () => {
      const id = await add("Binned", day(1));
      const live = await add("Live", day(2));
      expect(statusOf(await post({ intent: "purge", id: live }, TRASH))).toBe(404);
      await remove(id);
      const response = await post({ intent: "purge", id }, trashHref(PAGE, id));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(TRASH);
      expect(await flashCarried(response)).toEqual({ message: texts.purged, tone: "success" });
      expect(await stored(id)).toBeNull();
      expect(await stored(live)).not.toBeNull();
      expect(statusOf(await post({ intent: "purge", id }, TRASH))).toBe(404);
      expect(statusOf(await post({ intent: "restore", id }, TRASH))).toBe(404);
    });

    it("keeps the record in the trash when Restore or Delete forever fails, and says so", async () => {
      const id = await add("Binned", day(1));
      await remove(id);
      failures.on = true;
      const spy = vi.spyOn(console, "error").mockImplementation(() => {});
      const restore = await post({ intent: "restore", id }, TRASH);
      const purge = await post({ intent: "purge", id }, TRASH);
      // With JavaScript: 500 and the line above the trash; the page stays.
      const enhanced = await post({ intent: "purge", id, _enhanced: "1" }, TRASH);
      spy.mockRestore();
      for (const response of [restore, purge]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe(TRASH);
        expect(await flashCarried(response)).toEqual({
          message: "Unexpected error: the change could not be saved. Please try again.",
          tone: "error",
        });
      }
      expect(statusOf(enhanced)).toBe(500);
      expect(enhanced.data.listError).toMatch(/^Unexpected error: /);
      expect(await stored(id)).toMatchObject({ deletedBy: me.email });
    });

    it("sends a signed-out visitor to sign in, changing nothing", async () => {
      const id = await add("Binned", day(1));
      await remove(id);
      for (const intent of ["restore", "purge"]) {
        const outcome = await callMultipart(action, TRASH, { fields: { intent, id } });
        expect(outcome.status).toBe(302);
        expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
      }
      expect(await stored(id)).toMatchObject({ deletedBy: me.email });
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
          action: "trash",
          summary: type.summary({ ...input, [title]: "Renamed" }),
        }),
      ]);
    });
  });
});
