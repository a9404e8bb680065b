// The store every content type writes through (kit/store.server.ts, or a type's own store built
// on it: the highlights' order, the posts' reader), run over every registered type, its escape
// hatch or not: the public list's order and fields, a malformed or unknown id, and each write with
// its stamps and after-write steps (an audit entry naming the record, the content generation
// moved). Every writer (admin editor, JSON API, CLI) goes through these, so the rules are proved
// here once; the screen's own rules are in kit.test.ts, the images' in kit-images.test.ts.
import { type Collection, type Document, ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import type { Actor } from "~/domain/audit";
import type { ListSort } from "~/lib/admin-list";
import { contentGeneration } from "~/lib/content-version.server";
import { STORE_CASES, storedExample, titleField } from "../../../tests/support/content-types";
import { STORES } from "../stores.server";
import type { CollectionStore } from "./store.server";
import { type CollectionType, sortFields } from "./types";

afterAll(closeDatabase);

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";
const BAD_IDS = ["nope", MISSING, "0123456789abcdef0123456z", ""];
const actor: Actor = { email: "ana@bureau.test", via: "cli" };

describe.each(STORE_CASES)("%s", (entity, type) => {
  const store = STORES[entity as keyof typeof STORES] as unknown as CollectionStore<CollectionType>;
  const title = titleField(type);
  const input = (change: Record<string, unknown> = {}) =>
    ({ ...storedExample(type), ...change }) as never;

  const collection = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Document>;
  const audit = async () =>
    (await getCollections()).auditLog.find({}, { sort: { at: 1, _id: 1 } }).toArray();
  let generation = 0;
  /** Whether the content generation moved since the last look (caches learn of a write). */
  const moved = () => {
    const now = contentGeneration();
    const ok = now > generation;
    generation = now;
    return ok;
  };

  beforeEach(async () => {
    await (await collection()).deleteMany({});
    await (await getCollections()).auditLog.deleteMany({});
    generation = contentGeneration();
  });

  describe("the trash", () => {
    const titles = async () =>
      (await store.list()).map((r) => (r as Record<string, unknown>)[title]);

    it("takes a deleted record off the site and the admin at once, and gives it back on restore", async () => {
      // The one binned comes first, so an ordered type's restore shows it moved to the end.
      const b = await store.create(input({ [title]: "Binned" }), actor);
      const a = await store.create(input({ [title]: "Kept" }), actor);
      moved();
      expect(await store.remove(b._id, actor)).toBe(true);
      expect(moved(), "caches learn of it").toBe(true);
      expect(await titles()).toEqual(["Kept"]);
      expect(await store.get(b._id)).toBeNull();
      expect((await store.listForAdmin({ q: "", page: 1 })).total).toBe(1);
      // Not twice, and no edit of a record in the trash.
      expect(await store.remove(b._id, actor)).toBe(false);
      expect(await store.update(b._id, input({ [title]: "Edited" }), actor)).toBe(false);
      // Nor a draft, a publish or an unpublish of it, nor its editor.
      expect(await store.saveDraft(b._id, input({ [title]: "Edited" }), actor)).toBe(false);
      expect(await store.publish(b._id, actor)).toBe(false);
      expect(await store.unpublish(b._id, actor)).toBe(false);
      expect(await store.getForEditor(b._id)).toBeNull();
      expect((await store.listAll()).map((r) => r._id)).not.toContain(b._id);
      const [trashed] = await store.listTrash();
      expect(trashed).toMatchObject({ _id: b._id, [title]: "Binned", deletedBy: actor.email });
      expect(Date.parse(trashed?.deletedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

      expect(await store.restore(b._id, actor)).toBe(true);
      expect(await store.restore(b._id, actor)).toBe(false);
      expect(await store.listTrash()).toEqual([]);
      // Back on the site (an ordered type: last, not where it was).
      expect((await titles()).sort()).toEqual(["Binned", "Kept"]);
      if (type.ordered) expect(await titles()).toEqual(["Kept", "Binned"]);
      expect(await store.get(a._id)).not.toBeNull();
      expect((await audit()).map((e) => e.action)).toEqual([
        "create",
        "create",
        "trash",
        "restore",
      ]);
    });

    it("purges only what is in the trash, and what has been there longer than the trash keeps", async () => {
      const old = await store.create(input({ [title]: "Old" }), actor);
      const fresh = await store.create(input({ [title]: "Fresh" }), actor);
      const live = await store.create(input({ [title]: "Live" }), actor);
      expect(await store.purge(live._id, actor)).toBe(false);
      await store.remove(old._id, actor);
      await store.remove(fresh._id, actor);
      await (await collection()).updateOne(
        { _id: new ObjectId(old._id) },
        { $set: { deletedAt: new Date(Date.now() - 31 * 86_400_000) } },
      );
      expect(await store.purgeExpired(new Date(), 30, actor)).toBe(1);
      expect((await store.listTrash()).map((r) => r._id)).toEqual([fresh._id]);
      expect(await (await collection()).countDocuments({ _id: new ObjectId(old._id) })).toBe(0);
      expect(await store.purge(fresh._id, actor)).toBe(true);
      expect(await store.listTrash()).toEqual([]);
      expect(await titles()).toEqual(["Live"]);
    });
  });

  it("lists in the description's public order, each record its fields and its id only", async () => {
    // Created on other days than in the order of creation, so an unsorted read would show.
    for (const [name, n] of [
      ["B", 2],
      ["A", 1],
      ["C", 3],
    ] as const) {
      const created = await store.create(input({ [title]: name }), actor);
      await (await collection()).updateOne(
        { _id: new ObjectId(created._id) },
        { $set: { createdAt: day(n), updatedAt: day(n) } },
      );
    }
    const docs = await (await collection()).find({}).sort(type.publicSort).toArray();
    const list = await store.list();
    expect(list.map((r) => r._id)).toEqual(docs.map((d) => d._id.toHexString()));
    for (const record of list) {
      expect(Object.keys(record).sort()).toEqual(["_id", ...Object.keys(type.record.shape)].sort());
    }
  });

  it("shows visitors published records only, and a published record's draft only once published", async () => {
    const names = async () => (await store.list()).map((r) => r[title as never]);
    const draft = await store.create(input({ [title]: "Draft" }), actor, { status: "draft" });
    const live = await store.create(input({ [title]: "Live" }), actor);
    expect(await names()).toEqual(["Live"]);
    expect(await store.getPublic(draft._id)).toBeNull();
    expect((await store.get(draft._id))?.[title as never]).toBe("Draft");
    const states = await Promise.all(
      (await store.listAll()).map(async (r) => [
        r[title as never],
        (await store.getForEditor(r._id))?.publishStatus,
      ]),
    );
    expect(states.sort()).toEqual([
      ["Draft", "draft"],
      ["Live", "published"],
    ]);
    // A stored document without a status (written before drafts) is published.
    await (await collection()).updateOne(
      { _id: new ObjectId(live._id) },
      { $unset: { publishStatus: "" } },
    );
    expect(await names()).toEqual(["Live"]);

    // Changes saved as a draft wait beside the published record.
    moved();
    expect(await store.saveDraft(live._id, input({ [title]: "Live, edited" }), actor)).toBe(true);
    expect(await names()).toEqual(["Live"]);
    expect(await store.getForEditor(live._id)).toMatchObject({
      [title]: "Live, edited",
      publishStatus: "published",
      hasDraft: true,
    });
    expect(await store.publish(live._id, actor)).toBe(true);
    expect(moved()).toBe(true);
    expect(await names()).toEqual(["Live, edited"]);
    expect(await store.getForEditor(live._id)).toMatchObject({ hasDraft: false });
    // A draft record's own save keeps it a draft.
    expect(await store.saveDraft(draft._id, input({ [title]: "Draft 2" }), actor)).toBe(true);
    expect(await store.getForEditor(draft._id)).toMatchObject({
      [title]: "Draft 2",
      publishStatus: "draft",
      hasDraft: false,
    });
    expect(await store.unpublish(live._id, actor)).toBe(true);
    expect(await names()).toEqual([]);
    const actions = (await audit()).map((entry) => entry.action);
    expect(actions).toEqual(["create", "create", "draft", "publish", "draft", "unpublish"]);
    for (const id of BAD_IDS) {
      expect(await store.publish(id, actor), id).toBe(false);
      expect(await store.saveDraft(id, input(), actor), id).toBe(false);
    }
  });

  it("dates the published version apart from its pending draft", async () => {
    const live = await store.create(input({ [title]: "Dated" }), actor);
    const raw = async () =>
      (await (await collection()).findOne({ _id: new ObjectId(live._id) })) as Document;
    const published = (await raw()).updatedAt as Date;
    const editor: Actor = { email: "bo@bureau.test", via: "admin" };
    const row = async () =>
      (await store.listForAdmin({ q: "", page: 1 })).items.find((r) => r._id === live._id);
    await new Promise((resolve) => setTimeout(resolve, 5));

    // Work nobody can see yet leaves the published version's date (the post page's
    // dateModified, the sitemap, the API's updatedAt); staff see who saved the draft, when.
    await store.saveDraft(live._id, input({ [title]: "Dated, edited" }), editor);
    const drafted = await raw();
    expect(drafted.updatedAt).toEqual(published);
    expect(drafted.draftAt).toBeInstanceOf(Date);
    expect(await row()).toMatchObject({
      updatedBy: editor.email,
      updatedAt: (drafted.draftAt as Date).toISOString(),
    });
    await store.discardDraft(live._id, editor);
    const discarded = await raw();
    expect(discarded.updatedAt).toEqual(published);
    expect(discarded.draftAt).toBeUndefined();
    expect(await row()).toMatchObject({ updatedBy: actor.email });

    // Publishing the draft is a change of the published version.
    await store.saveDraft(live._id, input({ [title]: "Dated, again" }), editor);
    await store.publish(live._id, editor);
    const after = await raw();
    expect((after.updatedAt as Date).getTime()).toBeGreaterThan(published.getTime());
    expect(after).toMatchObject({ updatedBy: editor.email });
    expect(after.draftAt).toBeUndefined();
  });

  it("finds nothing, changes nothing and records nothing for a malformed or unknown id", async () => {
    const kept = await store.create(input({ [title]: "Kept" }), actor);
    moved();
    await (await getCollections()).auditLog.deleteMany({});
    for (const id of BAD_IDS) {
      expect(await store.get(id), id).toBeNull();
      expect(await store.update(id, input({ [title]: "Changed" }), actor), id).toBe(false);
      expect(await store.remove(id, actor), id).toBe(false);
    }
    expect(moved()).toBe(false);
    expect(await audit()).toEqual([]);
    expect((await store.get(kept._id))?.[title as never]).toBe("Kept");
  });

  it("creates, updates and sends to the trash with the stamps and the after-write steps", async () => {
    const created = await store.create(input(), actor);
    expect(moved(), "create").toBe(true);
    expect(await store.get(created._id)).toEqual(created);
    expect(await store.get(created._id.toUpperCase()), "an id in capitals").toEqual(created);
    const doc = await (await collection()).findOne({ _id: new ObjectId(created._id) });
    expect(doc).toMatchObject({ updatedBy: actor.email, createdAt: expect.any(Date) });

    expect(await store.update(created._id, input({ [title]: "Renamed" }), actor)).toBe(true);
    expect(moved(), "update").toBe(true);
    const after = await (await collection()).findOne({ _id: new ObjectId(created._id) });
    expect(after).toMatchObject({ [title]: "Renamed", createdAt: doc?.createdAt });
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(doc?.updatedAt.getTime());

    expect(await store.remove(created._id, actor)).toBe(true);
    expect(moved(), "delete").toBe(true);
    expect(await store.get(created._id)).toBeNull();
    // A delete is a trashing: the document stays, stamped, until the trash is purged.
    const trashed = await (await collection()).findOne({ _id: new ObjectId(created._id) });
    expect(trashed).toMatchObject({ [title]: "Renamed", deletedBy: actor.email });
    expect(trashed?.deletedAt).toBeInstanceOf(Date);

    const entry = { entity: type.entity, entityId: created._id, actor: actor.email, via: "cli" };
    expect(await audit()).toEqual([
      expect.objectContaining({ ...entry, action: "create", summary: expect.any(String) }),
      expect.objectContaining({ ...entry, action: "update", summary: expect.any(String) }),
      expect.objectContaining({ ...entry, action: "trash", summary: expect.any(String) }),
    ]);
    // The summary names the record: its title as it was when written.
    const summaries = (await audit()).map((e) => e.summary);
    expect(summaries[0]).toContain(String(storedExample(type)[title]));
    expect(summaries[1]).toContain("Renamed");
    expect(summaries[2]).toContain("Renamed");
  });
});

/**
 * Values of each stored kind, and the order (indexes) they sort in ascending. The text differs
 * from a binary order ("Banana" before "apple"), so a sort that ignored the collation fails; the
 * booleans tie, so the order shows the id breaking ties.
 */
const SORT_VALUES: Record<string, { values: unknown[]; ascending: number[] }> = {
  string: { values: ["apple", "Banana", "cherry"], ascending: [0, 1, 2] },
  number: { values: [10, 2, 1], ascending: [2, 1, 0] },
  date: { values: [day(3), day(1), day(2)], ascending: [1, 2, 0] },
  boolean: { values: [true, false, true], ascending: [1, 0, 2] },
};
const kindOf = (value: unknown) => (value instanceof Date ? "date" : typeof value);

describe.each(STORE_CASES)("%s: the admin table's column order", (entity, type) => {
  const store = STORES[entity as keyof typeof STORES] as unknown as CollectionStore<CollectionType>;
  const collection = async () =>
    (await getCollections())[type.collection] as unknown as Collection<Document>;
  const sortable = sortFields(type);
  const ids = async () => {
    await (await collection()).deleteMany({});
    const made: string[] = [];
    for (const name of ["One", "Two", "Three"]) {
      const record = await store.create(
        { ...storedExample(type), [titleField(type)]: name } as never,
        actor,
      );
      made.push(record._id);
    }
    return made;
  };
  const listed = async (sort: ListSort | null, q = "") =>
    (await store.listForAdmin({ q, page: 1, sort })).items.map((item) => item._id);

  it("declares its title column sortable, and a stored field for each sortable column", async () => {
    expect(sortable.get(titleField(type))).toBe(titleField(type));
    const made = await ids();
    const doc = await (await collection()).findOne({ _id: new ObjectId(made[0]) });
    for (const [key, field] of sortable) {
      expect(
        SORT_VALUES[kindOf(doc?.[field])],
        `${key} sorts by ${field}, a stored value`,
      ).toBeDefined();
    }
  });

  it("sorts by each declared column both ways, text in any case, ties by id", async () => {
    const made = await ids();
    for (const [key, field] of sortable) {
      const doc = await (await collection()).findOne({ _id: new ObjectId(made[0]) });
      const kind = SORT_VALUES[kindOf(doc?.[field])];
      if (!kind) throw new Error(`${key} sorts by ${field}, which holds no sortable value`);
      const { values, ascending } = kind;
      for (const [i, id] of made.entries()) {
        await (await collection()).updateOne(
          { _id: new ObjectId(id) },
          { $set: { [field]: values[i] } },
        );
      }
      const asc = ascending.map((i) => made[i]);
      expect(await listed({ field: key, dir: "asc" }), `${key} ascending`).toEqual(asc);
      expect(await listed({ field: key, dir: "desc" }), `${key} descending`).toEqual(
        [...asc].reverse(),
      );
    }
  });

  it("keeps its own order for a field it does not declare, and sorts what a search finds", async () => {
    const made = await ids();
    // Real text fields, but not columns that sort: given values whose order is neither the
    // table's own nor the ids', so a sort by them would show.
    const doc = await (await collection()).findOne({ _id: new ObjectId(made[0]) });
    const texts = [...type.fields.map((f) => f.name), "updatedBy"].filter(
      (name) => !sortable.has(name) && typeof doc?.[name] === "string",
    );
    for (const [i, id] of made.entries()) {
      const value = ["b", "c", "a"][i];
      await (await collection()).updateOne(
        { _id: new ObjectId(id) },
        { $set: Object.fromEntries(texts.map((name) => [name, value])) },
      );
    }
    const own = await listed(null);
    for (const field of [...texts, "$where", "_id"]) {
      expect(await listed({ field, dir: "desc" }), field).toEqual(own);
    }
    const title = titleField(type);
    // A word only two titles hold: the search finds those two, Z to A, and not "One".
    for (const i of [1, 2]) {
      await (await collection()).updateOne(
        { _id: new ObjectId(made[i]) },
        { $set: { [title]: `Quokka ${["", "Two", "Three"][i]}` } },
      );
    }
    const found = await listed({ field: title, dir: "desc" }, "quokka");
    expect(found).toEqual([made[1], made[2]]);
  });
});
