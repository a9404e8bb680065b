// Revisions and restore over every content type (the kit's collections and single documents):
// each write through a type's store leaves a revision naming who, when, through which door and
// the record as it then was; the history page shows them with what changed and needs a session;
// Restore as draft puts an old revision back as a draft and never publishes it; the JSON API
// lists and restores with a token only. Types are taken from the registry, never named here.
import { ObjectId } from "mongodb";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { issueApiToken } from "~/domain/api-token.server";
import type { Actor } from "~/domain/audit";
import { deleteImageIfUnused, isMissingStoredImage, storeImage } from "~/domain/image.server";
import { toggleInternshipActive } from "~/domain/internship.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { openApiDocument } from "~/lib/openapi.server";
import { flashCarried, signInFresh } from "../../tests/support/admin-request";
import { pngFile } from "../../tests/support/admin-upload";
import { STORE_CASES, storedExample, titleField } from "../../tests/support/content-types";
import { DOCUMENT_STORES } from "./documents.server";
import { HISTORY_TEXTS, RESTORE_INTENT } from "./history";
import { historyHref } from "./history.server";
import { historyAction, historyLoader } from "./history-admin.server";
import { internships } from "./internships";
import { type DocumentType, rowLists, setAt, valueAt } from "./kit/document";
import type { CollectionType } from "./kit/types";
import { DOCUMENT_TYPES } from "./registry";
import { leaves } from "./revision-diff";
import { listRevisions } from "./revisions.server";
import { revisionsApi } from "./revisions-api.server";
import { internshipStore, STORES } from "./stores.server";

afterAll(closeDatabase);

const actor: Actor = { email: "cli@bureau.test", via: "cli" };
let cookie = "";
let token = "";

beforeEach(async () => {
  ({ cookie } = await signInFresh("history@bureau.test"));
  const admin = await (await getCollections()).admins.findOne({ email: "history@bureau.test" });
  ({ token } = await issueApiToken(admin?._id as never));
  await (await getCollections()).revisions.deleteMany({});
});

function context() {
  const provided = new RouterContextProvider();
  provided.set(clientIpContext, "203.0.113.9");
  return provided;
}

const page = (entity: string, id?: string, withCookie = cookie) =>
  historyLoader({
    request: new Request(`http://localhost${historyHref(entity, id ?? null)}`, {
      headers: withCookie ? { Cookie: withCookie } : {},
    }),
    params: { entity, id },
  }).catch((thrown) => thrown);

const restore = (entity: string, id: string | undefined, revision: string) =>
  historyAction({
    request: new Request(`http://localhost${historyHref(entity, id ?? null)}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: RESTORE_INTENT, revision }),
    }),
    params: { entity, id },
    context: context(),
  }).catch((thrown) => thrown);

/** The revisions JSON API of `segment` (a type's API path), as a client calls it. */
function api(
  single: boolean,
  params: Record<string, string>,
  options: { restore?: boolean; auth?: boolean } = {},
) {
  const route = revisionsApi(single)[options.restore ? "restore" : "list"];
  const request = new Request("http://localhost/api/x", {
    method: options.restore ? "POST" : "GET",
    headers: options.auth === false ? {} : { Authorization: `Bearer ${token}` },
  });
  const args = { request, params, context: context() };
  return options.restore ? route.action(args) : route.loader(args);
}

const segment = (type: { api: { path: string } }) => type.api.path.replace("/api/", "");

describe.each(STORE_CASES)("%s", (entity, type) => {
  const store = STORES[entity as keyof typeof STORES] as unknown as {
    create(input: unknown, actor: Actor): Promise<{ _id: string }>;
    update(id: string, input: unknown, actor: Actor): Promise<boolean>;
    remove(id: string, actor: Actor): Promise<boolean>;
    restore(id: string, actor: Actor): Promise<boolean>;
    purge(id: string, actor: Actor): Promise<boolean>;
    get(id: string): Promise<Record<string, unknown> | null>;
  };
  const title = titleField(type as CollectionType);
  const input = (value: string) => ({ ...storedExample(type), [title]: value });

  beforeEach(async () => {
    await (await getCollections())[type.collection].deleteMany({});
  });

  it("stores a revision for each create, update, delete (to the trash), restore and purge, whoever wrote", async () => {
    const { _id } = await store.create(input("First title"), actor);
    await store.update(_id, input("Second title"), { ...actor, via: "api" });
    await store.remove(_id, { ...actor, via: "admin" });
    await store.restore(_id, { ...actor, via: "admin" });
    await store.remove(_id, { ...actor, via: "admin" });
    await store.purge(_id, { ...actor, via: "job" });
    const { items } = await listRevisions(entity, _id, 1);
    expect(items.map((r) => [r.action, r.via, r.actor])).toEqual([
      ["purge", "job", actor.email],
      ["trash", "admin", actor.email],
      ["restore", "admin", actor.email],
      ["trash", "admin", actor.email],
      ["update", "api", actor.email],
      ["create", "cli", actor.email],
    ]);
    expect(items.map((r) => r.snapshot.fields[title])).toEqual([
      "Second title",
      "Second title",
      "Second title",
      "Second title",
      "Second title",
      "First title",
    ]);
  });

  it.runIf((type as CollectionType).ordered)("stores a revision for a move", async () => {
    const { _id } = await store.create(input("First"), actor);
    await store.create(input("Second"), actor);
    await (store as unknown as { move: typeof store.update }).move(_id, 2 as never, actor);
    const [newest] = (await listRevisions(entity, _id, 1)).items;
    expect(newest).toMatchObject({ action: "move", summary: expect.stringMatching(/position 2/) });
  });

  it("shows the history to an admin only, each revision with what changed", async () => {
    const { _id } = await store.create(input("First title"), actor);
    await store.update(_id, input("Second title"), actor);
    const signedOut = await page(entity, _id, "");
    expect(signedOut).toBeInstanceOf(Response);
    expect(signedOut.headers.get("Location")).toMatch(/^\/admin\/login/);
    const shown = await page(entity, _id);
    expect(shown.total).toBe(2);
    const [update, create] = shown.items;
    expect(update.changes.map((c: { path: string }) => c.path)).toEqual([title]);
    expect(update.changes[0].parts).toEqual([
      { text: "First title", change: "removed" },
      { text: "Second title", change: "added" },
    ]);
    expect(create.compared).toBe("created");
    // No id, an id that names nothing: no page.
    expect((await page(entity)).init?.status).toBe(404);
    expect((await page(entity, new ObjectId().toHexString())).init?.status).toBe(404);
  });

  it("restores a revision as a draft, never published, itself a revision", async () => {
    const { _id } = await store.create(input("First title"), actor);
    await store.update(_id, input("Second title"), actor);
    const created = (await listRevisions(entity, _id, 1)).items[1];
    const response = await restore(entity, _id, created?.id ?? "");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(historyHref(entity, _id));
    expect((await flashCarried(response)).message).toMatch(/is now a draft/);
    // The site still shows the published record; the old title waits as its draft.
    expect((await store.get(_id))?.[title]).toBe("Second title");
    const stored = await (await getCollections())[type.collection].findOne({
      _id: new ObjectId(_id),
    });
    expect((stored as { draft?: Record<string, unknown> })?.draft?.[title]).toBe("First title");
    const [newest] = (await listRevisions(entity, _id, 1)).items;
    expect(newest).toMatchObject({ action: "draft", restoredFrom: created?.at });
    // A revision that is not this record's: 404.
    expect((await restore(entity, _id, new ObjectId().toHexString())).init?.status).toBe(404);
  });

  it("lists and restores over the JSON API with a token only", async () => {
    const { _id } = await store.create(input("First title"), actor);
    await store.update(_id, input("Second title"), actor);
    const params = { type: segment(type), id: _id };
    expect((await api(false, params, { auth: false })).status).toBe(401);
    const listed = await api(false, params);
    expect(listed.status).toBe(200);
    const body = await listed.json();
    expect(body).toMatchObject({ success: true, total: 2, page: 1, pages: 1 });
    expect(body.data[1]).toMatchObject({ action: "create", content: { [title]: "First title" } });
    const restored = await api(false, { ...params, rev: body.data[1]._id }, { restore: true });
    expect(restored.status).toBe(200);
    expect((await restored.json()).data.restoredFrom).toBe(body.data[1].at);
    expect((await store.get(_id))?.[title]).toBe("Second title");
    const missing = { ...params, rev: new ObjectId().toHexString() };
    expect((await api(false, missing, { restore: true })).status).toBe(404);
    // A single document's path is not a collection's, and the other way round.
    expect((await api(false, { ...params, type: "hero-section" })).status).toBe(404);
    expect((await api(true, { type: segment(type) })).status).toBe(404);
  });
});

describe.each(DOCUMENT_TYPES.map((type) => [type.entity, type] as const))("%s", (entity, type) => {
  const store = DOCUMENT_STORES[entity as keyof typeof DOCUMENT_STORES] as unknown as {
    save(input: unknown, actor: Actor): Promise<void>;
    get(): Promise<Record<string, unknown> | null>;
    getDraft(): Promise<Record<string, unknown> | null>;
  };
  const blank = () =>
    structuredClone((type as DocumentType).toRecord(null)) as Record<string, unknown>;
  // What the tests change, whatever the document: its first text that it stores itself (a
  // value it shares lives in another document's history), else a cell of its first row list.
  let path = "";
  const textOf = (record: unknown) => leaves(record).get(path);
  const choosePath = async () => {
    await store.save(blank(), actor);
    const raw = await (await getCollections())[type.collection].findOne({ _id: SINGLETON_ID });
    const own = [...leaves(blank()).keys()].find(
      (at) => typeof valueAt(raw, at) === "string" && !Array.isArray(valueAt(blank(), at)),
    );
    const list = rowLists(type as DocumentType)[0];
    const cell = list?.fields.find((f) => f.kind === "text" || f.kind === "textarea");
    path = own ?? `${list?.name}.0.${cell?.name}`;
    await (await getCollections()).revisions.deleteMany({});
    return list;
  };

  beforeEach(async () => {
    await (await getCollections())[type.collection].deleteOne({ _id: SINGLETON_ID });
  });

  it("stores a revision for each save, restores one as a draft, over the page and the API", async () => {
    const list = await choosePath();
    const text = (value: string) => {
      const record = blank();
      // A row list's cell: its row must not be blank (a blank row is not stored).
      if (list && path.startsWith(`${list.name}.`))
        setAt(record, `${list.name}.0`, { ...list.blank });
      setAt(record, path, value);
      return record;
    };
    await store.save(text("First text"), actor);
    await store.save(text("Second text"), { ...actor, via: "api" });
    const { items } = await listRevisions(entity, null, 1);
    expect(items.map((r) => [r.action, r.via])).toEqual([
      ["update", "api"],
      ["update", "cli"],
    ]);
    const shown = await page(entity);
    expect(shown.items[0].changes.map((c: { path: string }) => c.path)).toContain(path);
    // A single document's history has no id.
    expect((await page(entity, "x")).init?.status).toBe(404);

    const response = await restore(entity, undefined, items[1]?.id ?? "");
    expect(response.status).toBe(302);
    expect(textOf(await store.get())).toBe("Second text");
    expect(textOf(await store.getDraft())).toBe("First text");

    const params = { type: segment(type) };
    expect((await api(true, params, { auth: false })).status).toBe(401);
    const listed = await (await api(true, params)).json();
    expect(listed.data.map((r: { action: string }) => r.action)).toEqual([
      "draft",
      "update",
      "update",
    ]);
    const again = await api(true, { ...params, rev: items[0]?.id ?? "" }, { restore: true });
    expect(again.status).toBe(200);
    expect(textOf(await store.getDraft())).toBe("Second text");
    expect(textOf(await store.get())).toBe("Second text");
  });
});

it("stores a revision for a type's own write: an internship's Active toggle", async () => {
  const { _id } = await internshipStore.create(storedExample(internships as never) as never, actor);
  await toggleInternshipActive(_id, actor);
  const [newest] = (await listRevisions("internship", _id, 1)).items;
  expect(newest?.action).toBe("toggle");
  expect(newest?.snapshot.fields.isActive).toBe(!storedExample(internships as never).isActive);
});

it("describes the revision routes in the OpenAPI document, {type} as the types' paths", () => {
  const openapi = openApiDocument({ path: "/api/openapi.json", operations: {} }) as {
    paths: Record<string, Record<string, { parameters: { name: string; schema: object }[] }>>;
  };
  const typeOf = (path: string, method: string) =>
    openapi.paths[path]?.[method]?.parameters.find((p) => p.name === "type")?.schema;
  const collections = STORE_CASES.map(([, type]) => segment(type)).sort();
  const documents = DOCUMENT_TYPES.map((type) => segment(type)).sort();
  const sorted = (schema: object | undefined) => ({
    ...schema,
    enum: [...((schema as { enum?: string[] })?.enum ?? [])].sort(),
  });
  expect(sorted(typeOf("/api/{type}/{id}/revisions", "get"))).toEqual({
    type: "string",
    enum: collections,
  });
  expect(sorted(typeOf("/api/{type}/{id}/revisions/{rev}/restore", "post")).enum).toEqual(
    collections,
  );
  expect(sorted(typeOf("/api/{type}/revisions", "get")).enum).toEqual(documents);
  expect(sorted(typeOf("/api/{type}/revisions/{rev}/restore", "post")).enum).toEqual(documents);
});

it("answers an unknown type with a 404, on the page and over the API", async () => {
  expect((await page("nothing", "x")).init?.status).toBe(404);
  expect(HISTORY_TEXTS.notFound).toBeTruthy();
  expect((await api(false, { type: "nothing", id: "x" })).status).toBe(404);
});

describe("a restored revision's pictures", () => {
  it("leaves out a stored picture deleted since, and says so; keeps one that is still there", async () => {
    const kept = await storeImage(await pngFile("kept.png"));
    const gone = await storeImage(await pngFile("gone.png"));
    if (!kept.ok || !gone.ok) throw new Error("the pictures were not stored");
    const type = STORES.blog.type;
    const { _id } = await STORES.blog.create(
      { ...storedExample(type), imageUrl: gone.url, authorAvatar: kept.url } as never,
      actor,
    );
    await STORES.blog.update(
      _id,
      { ...storedExample(type), imageUrl: kept.url, authorAvatar: kept.url } as never,
      actor,
    );
    // The first picture is deleted for good (as emptying the trash or the clean-up does).
    await deleteImageIfUnused(gone.url);
    expect(await isMissingStoredImage(gone.url)).toBe(true);

    const created = (await listRevisions("blog", _id, 1)).items[1];
    const response = await restore("blog", _id, created?.id ?? "");
    expect((await flashCarried(response)).message).toContain(
      "A picture it showed has been deleted since: choose another in the editor.",
    );
    expect(await STORES.blog.getForEditor(_id)).toMatchObject({
      imageUrl: "",
      authorAvatar: kept.url,
      hasDraft: true,
    });
  });
});
