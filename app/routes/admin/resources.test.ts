// Resources admin: the loader's list and form states, the action's create / update / delete
// with the image field (a file posted without JavaScript, kept, replaced, removed, refused),
// every validation message, link validation, 404 for malformed or unknown ids, the session,
// and /resources seeing the change.
import { ObjectId } from "mongodb";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import {
  RESOURCE_IMAGE_INVALID,
  RESOURCE_LINK_INVALID,
  RESOURCE_LINK_REQUIRED,
  RESOURCE_REQUIRED,
  resources,
} from "~/content/resources";
import { IMAGE_UPLOAD_FAILED } from "~/domain/image";
import {
  callRoute,
  type SignedIn,
  signInFresh,
  statusOf,
} from "../../../tests/support/admin-request";
import {
  callMultipart,
  clearStoredImages,
  pngFile,
  REFUSED_FILES,
  storedImageUrls,
} from "../../../tests/support/admin-upload";
import { itKeepsTheRowWhenDeleteFails } from "../../../tests/support/failed-delete";
import { loader as resourcesLoader } from "../resources";
import { action, loader } from "./resources";

const { texts } = resources;
const PAGE = resources.admin.path;
const RESOURCE_NOT_FOUND = texts.notFound;
const RESOURCE_CREATE_FAILED = texts.createFailed;
const RESOURCE_UPDATE_FAILED = texts.updateFailed;

const failures = vi.hoisted(() => ({ on: false }));
vi.mock("~/content/stores.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/stores.server")>();
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      failures.on ? Promise.reject(new Error("secret driver detail")) : fn(...args);
  const store = original.resourceStore;
  return {
    ...original,
    resourceStore: {
      ...store,
      create: failing(store.create),
      update: failing(store.update),
      remove: failing(store.remove),
    },
  };
});

afterAll(closeDatabase);

let me: SignedIn;
beforeEach(async () => {
  failures.on = false;
  const { resources } = await getCollections();
  await resources.deleteMany({});
  await clearStoredImages();
  me = await signInFresh();
});

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string | Blob>, path = PAGE) =>
  callMultipart(action, path, { cookie: me.cookie, fields });

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";
const DEMO_IMAGE = "/demo/resource-mdn.webp";

async function addResource(title: string, createdAt: Date, extra: Record<string, unknown> = {}) {
  const { resources } = await getCollections();
  const _id = new ObjectId();
  await resources.insertOne({
    _id,
    title,
    description: `All about ${title}.`,
    image: DEMO_IMAGE,
    link: "https://example.com/",
    createdAt,
    updatedAt: createdAt,
    ...extra,
  });
  return _id.toHexString();
}

async function stored(id: string) {
  const { resources } = await getCollections();
  return resources.findOne({ _id: new ObjectId(id) });
}

const count = async () => (await getCollections()).resources.countDocuments({});

const valid = {
  intent: "save",
  title: "The accessibility handbook",
  description: "Everything about WCAG, with examples.",
  link: "https://www.w3.org/WAI/",
  image: DEMO_IMAGE,
};

describe("the resources list", () => {
  it("shows the newest first, with when and by whom each was changed", async () => {
    await addResource("Old", day(1));
    await addResource("New", day(3), { updatedBy: "ana@bureau.test" });
    await addResource("Middle", day(2));
    const page = await get(PAGE);
    expect(page.items.map((r: { title: string }) => r.title)).toEqual(["New", "Middle", "Old"]);
    expect(page.items[0]).toMatchObject({
      description: "All about New.",
      link: "https://example.com/",
      image: DEMO_IMAGE,
      updatedAt: day(3).toISOString(),
      updatedBy: "ana@bureau.test",
    });
    expect(page).toMatchObject({ total: 3, page: 1, pages: 1, formOpen: false, editing: null });
  });

  it("searches titles, descriptions and links, any case", async () => {
    await addResource("MDN", day(1));
    await addResource("Other", day(2), { link: "https://mdn.example/" });
    await addResource("Third", day(3));
    const page = await get(`${PAGE}?q=mdn`);
    expect(page.items.map((r: { title: string }) => r.title)).toEqual(["Other", "MDN"]);
    expect((await get(`${PAGE}?q=.*`)).total).toBe(0);
  });

  it("pages by ten", async () => {
    for (let i = 1; i <= 11; i++) await addResource(`Resource ${i}`, day(i));
    expect(await get(PAGE)).toMatchObject({ total: 11, pages: 2 });
    const second = await get(`${PAGE}?page=2`);
    expect(second.items.map((r: { title: string }) => r.title)).toEqual(["Resource 1"]);
  });

  it("opens the form for creating and editing, and the delete step", async () => {
    const id = await addResource("Edit me", day(1));
    expect(await get(`${PAGE}?new`)).toMatchObject({ formOpen: true, editing: null });
    expect(await get(`${PAGE}?edit=${id}`)).toMatchObject({
      formOpen: true,
      editing: { _id: id, title: "Edit me", link: "https://example.com/", image: DEMO_IMAGE },
    });
    expect(await get(`${PAGE}?delete=${id}`)).toMatchObject({
      deleting: { _id: id, title: "Edit me" },
    });
  });

  it("answers 404 for a malformed or unknown id to edit or delete", async () => {
    for (const query of ["edit=nope", `edit=${MISSING}`, "edit=", `delete=${MISSING}`]) {
      const outcome = await get(`${PAGE}?${query}`);
      expect(statusOf(outcome), query).toBe(404);
      expect(outcome.data).toBe(RESOURCE_NOT_FOUND);
    }
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(loader, PAGE);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("creating a resource", () => {
  it("stores it trimmed, stamped with the admin, and redirects with a flash", async () => {
    const response = await post({ ...valid, title: "  Spaced  " }, `${PAGE}?page=2&new`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    const { resources } = await getCollections();
    expect(await resources.findOne({})).toMatchObject({
      title: "Spaced",
      description: valid.description,
      link: valid.link,
      image: DEMO_IMAGE,
      updatedBy: "editor@bureau.test",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
  });

  it("needs no image (the card shows the default one)", async () => {
    expect((await post({ ...valid, image: "" })).status).toBe(302);
    const { resources } = await getCollections();
    expect((await resources.findOne({}))?.image).toBe("");
  });

  it.each([
    [{ title: "" }, { title: [RESOURCE_REQUIRED] }],
    [{ description: "  " }, { description: [RESOURCE_REQUIRED] }],
    [
      { title: "", description: "" },
      { title: [RESOURCE_REQUIRED], description: [RESOURCE_REQUIRED] },
    ],
    [{ link: "" }, { link: [RESOURCE_LINK_REQUIRED] }],
    [{ image: "javascript:alert(1)" }, { image: [RESOURCE_IMAGE_INVALID] }],
  ])("refuses %j with its message", async (change, errors) => {
    const outcome = await post({ ...valid, ...change });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual(errors);
    expect(await count()).toBe(0);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/path",
    "/\\evil.example",
    "ftp://files.example/x",
    "mailto:someone@example.com",
    "example.com",
    "https://",
    "https://exa mple.com",
  ])("refuses the link %s", async (link) => {
    const outcome = await post({ ...valid, link });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({ link: [RESOURCE_LINK_INVALID] });
    expect(await count()).toBe(0);
  });

  it.each([
    "https://developer.mozilla.org/en-US/",
    "http://example.com/a?b=c#d",
    "/blog",
    "/blog/123?x=1",
  ])("accepts the link %s", async (link) => {
    expect((await post({ ...valid, link })).status).toBe(302);
    const { resources } = await getCollections();
    expect((await resources.findOne({}))?.link).toBe(link);
  });

  it("stores an image posted with the form (no JavaScript) and uses it", async () => {
    const response = await post({ ...valid, image: "", imageFile: await pngFile() });
    expect(response.status).toBe(302);
    const urls = await storedImageUrls();
    expect(urls).toHaveLength(1);
    const { resources } = await getCollections();
    expect((await resources.findOne({}))?.image).toBe(urls[0]);
  });

  it.each(REFUSED_FILES)(
    "refuses %s: 'Image upload failed. Please try again.', nothing stored",
    async (_, file) => {
      const outcome = await post({ ...valid, imageFile: file() });
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.result.error).toEqual({ image: [IMAGE_UPLOAD_FAILED] });
      expect(await storedImageUrls()).toEqual([]);
      expect(await count()).toBe(0);
    },
  );

  it("stores no file when another field is wrong", async () => {
    const outcome = await post({ ...valid, link: "javascript:x", imageFile: await pngFile() });
    expect(outcome.data.result.error).toEqual({ link: [RESOURCE_LINK_INVALID] });
    expect(await storedImageUrls()).toEqual([]);
  });

  it("says 'Failed to create resource.' when the write fails, and drops the new file", async () => {
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ ...valid, imageFile: await pngFile() });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error).toEqual({ "": [RESOURCE_CREATE_FAILED] });
    expect(outcome.data.result.initialValue).toMatchObject({ title: valid.title });
    expect(JSON.stringify(outcome.data)).not.toContain("secret driver detail");
    expect(await storedImageUrls()).toEqual([]);
  });

  it("refuses an unknown intent with 400", async () => {
    const outcome = await post({ intent: "explode" });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.listError).toBe("Unknown action.");
  });

  it("is refused without a session, and nothing is stored", async () => {
    const outcome = await callMultipart(action, PAGE, {
      fields: { ...valid, imageFile: await pngFile() },
    });
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await count()).toBe(0);
    expect(await storedImageUrls()).toEqual([]);
  });

  it("shows first on /resources on the next request", async () => {
    await addResource("Earlier", day(1));
    await post(valid);
    const page = await resourcesLoader();
    expect(page.resources.map((r) => r.title)).toEqual([valid.title, "Earlier"]);
    expect(page.resources[0]).toMatchObject({ link: valid.link, image: DEMO_IMAGE });
  });
});

describe("editing a resource", () => {
  it("updates it, stamps the admin, keeps its creation date and the list's place", async () => {
    const id = await addResource("Before", day(1));
    const response = await post(
      { ...valid, id, title: "After", link: "/blog" },
      `${PAGE}?q=fore&page=1&edit=${id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=fore`);
    const doc = await stored(id);
    expect(doc).toMatchObject({
      title: "After",
      link: "/blog",
      createdAt: day(1),
      updatedBy: "editor@bureau.test",
    });
    expect(doc?.updatedAt.getTime()).toBeGreaterThan(day(1).getTime());
  });

  it("keeps, replaces and removes the image; an unused file is deleted", async () => {
    const id = await addResource("Pic", day(1));
    await post({ ...valid, id, imageFile: await pngFile("one.png") });
    const [first] = await storedImageUrls();
    expect((await stored(id))?.image).toBe(first);
    await post({ ...valid, id, image: first as string, description: "Kept." });
    expect((await stored(id))?.image).toBe(first);
    await post({ ...valid, id, image: first as string, imageFile: await pngFile("two.png") });
    const second = (await stored(id))?.image;
    expect(second).not.toBe(first);
    expect(await storedImageUrls()).toEqual([second]);
    await post({ ...valid, id, image: second as string, imageRemove: "on" });
    expect((await stored(id))?.image).toBe("");
    expect(await storedImageUrls()).toEqual([]);
  });

  it("says 'Failed to update resource.' when the write fails", async () => {
    const id = await addResource("Stays", day(1));
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ ...valid, id, imageFile: await pngFile() });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error).toEqual({ "": [RESOURCE_UPDATE_FAILED] });
    expect((await stored(id))?.title).toBe("Stays");
    expect(await storedImageUrls()).toEqual([]);
  });

  it("answers 404 for a malformed or unknown id, storing nothing", async () => {
    await addResource("Untouched", day(1));
    for (const id of ["nope", MISSING]) {
      const outcome = await post({ ...valid, id, imageFile: await pngFile() });
      expect(statusOf(outcome), id).toBe(404);
    }
    const { resources } = await getCollections();
    expect((await resources.find({}).toArray()).map((r) => r.title)).toEqual(["Untouched"]);
    expect(await storedImageUrls()).toEqual([]);
  });
});

describe("deleting a resource", () => {
  it("removes it and its unused image, and returns to the same list page", async () => {
    const id = await addResource("Doomed", day(1));
    await post({ ...valid, id, imageFile: await pngFile() });
    expect(await storedImageUrls()).toHaveLength(1);
    const keep = await addResource("Kept", day(2));
    const response = await callRoute(action, `${PAGE}?q=e&delete=${id}`, {
      cookie: me.cookie,
      fields: { intent: "delete", id },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=e`);
    const { resources } = await getCollections();
    expect((await resources.find({}).toArray()).map((r) => r._id.toHexString())).toEqual([keep]);
    expect(await storedImageUrls()).toEqual([]);
  });

  it("answers 404 for a malformed, unknown or missing id", async () => {
    await addResource("Stays", day(1));
    for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
      expect(statusOf(await post({ intent: "delete", ...fields }))).toBe(404);
    }
    expect(await count()).toBe(1);
  });

  itKeepsTheRowWhenDeleteFails({
    page: PAGE,
    add: () => addResource("Stays", day(1)),
    stored: stored,
    post,
    failures,
  });

  it("is refused without a session, and nothing is deleted", async () => {
    const id = await addResource("Stays", day(1));
    const outcome = await callRoute(action, PAGE, { fields: { intent: "delete", id } });
    expect(outcome.status).toBe(302);
    expect(await count()).toBe(1);
  });
});
