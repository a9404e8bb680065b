// Testimonials admin: the loader's list and form states, the action's create / update / delete
// with the image field (a file posted without JavaScript, kept, replaced, removed, refused),
// every validation message, rating bounds and default, 404 for malformed or unknown ids, the
// session, and the home page carousel seeing the change.
import { ObjectId } from "mongodb";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import {
  TESTIMONIAL_IMAGE_REQUIRED,
  TESTIMONIAL_RATING_RANGE,
  TESTIMONIAL_REQUIRED,
  testimonials,
} from "~/content/testimonials";
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
import { loader as homeLoader } from "../home";
import { action, loader } from "./testimonials";

const { texts } = testimonials;
const PAGE = testimonials.admin.path;
const TESTIMONIAL_NOT_FOUND = texts.notFound;
const TESTIMONIAL_CREATE_FAILED = texts.createFailed;
const TESTIMONIAL_UPDATE_FAILED = texts.updateFailed;

const failures = vi.hoisted(() => ({ on: false }));
vi.mock("~/content/stores.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/stores.server")>();
  const failing =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      failures.on ? Promise.reject(new Error("secret driver detail")) : fn(...args);
  const store = original.testimonialStore;
  return {
    ...original,
    testimonialStore: {
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
  const { testimonials } = await getCollections();
  await testimonials.deleteMany({});
  await clearStoredImages();
  me = await signInFresh();
});

const get = (path: string) => callRoute(loader, path, { cookie: me.cookie });
const post = (fields: Record<string, string | Blob>, path = PAGE) =>
  callMultipart(action, path, { cookie: me.cookie, fields });

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const MISSING = "0123456789abcdef01234567";
const AVATAR = "/demo/client-daniel-whitaker.webp";

async function addTestimonial(name: string, createdAt: Date, extra: Record<string, unknown> = {}) {
  const { testimonials } = await getCollections();
  const _id = new ObjectId();
  await testimonials.insertOne({
    _id,
    name,
    title: `CEO of ${name} Ltd`,
    text: `Words of ${name}.`,
    image: AVATAR,
    rating: 5,
    createdAt,
    updatedAt: createdAt,
    ...extra,
  });
  return _id.toHexString();
}

async function stored(id: string) {
  const { testimonials } = await getCollections();
  return testimonials.findOne({ _id: new ObjectId(id) });
}

const valid = {
  intent: "save",
  name: "Ada Lovelace",
  title: "Analyst, Engines Ltd",
  text: "They made our engine sing.",
  rating: "4",
  image: AVATAR,
};

describe("the testimonials list", () => {
  it("shows the newest first, with when and by whom each was changed", async () => {
    await addTestimonial("Old", day(1));
    await addTestimonial("New", day(3), { updatedBy: "ana@bureau.test" });
    await addTestimonial("Middle", day(2));
    const page = await get(PAGE);
    expect(page.items.map((t: { name: string }) => t.name)).toEqual(["New", "Middle", "Old"]);
    expect(page.items[0]).toMatchObject({
      title: "CEO of New Ltd",
      rating: 5,
      image: AVATAR,
      updatedAt: day(3).toISOString(),
      updatedBy: "ana@bureau.test",
    });
    expect(page).toMatchObject({ total: 3, page: 1, pages: 1, formOpen: false, editing: null });
  });

  it("searches names, titles and texts, any case", async () => {
    await addTestimonial("Grace", day(1));
    await addTestimonial("Alan", day(2), { text: "grace under pressure" });
    await addTestimonial("Edsger", day(3));
    const page = await get(`${PAGE}?q=GRACE`);
    expect(page.items.map((t: { name: string }) => t.name)).toEqual(["Alan", "Grace"]);
    expect((await get(`${PAGE}?q=.*`)).total).toBe(0);
  });

  it("pages by ten", async () => {
    for (let i = 1; i <= 11; i++) await addTestimonial(`Client ${i}`, day(i));
    expect(await get(PAGE)).toMatchObject({ total: 11, pages: 2 });
    const second = await get(`${PAGE}?page=2`);
    expect(second.items.map((t: { name: string }) => t.name)).toEqual(["Client 1"]);
  });

  it("opens the form for creating and editing, and the delete step", async () => {
    const id = await addTestimonial("Edit me", day(1));
    expect(await get(`${PAGE}?new`)).toMatchObject({ formOpen: true, editing: null });
    expect(await get(`${PAGE}?edit=${id}`)).toMatchObject({
      formOpen: true,
      editing: { _id: id, name: "Edit me", rating: 5, image: AVATAR },
    });
    expect(await get(`${PAGE}?delete=${id}`)).toMatchObject({
      formOpen: false,
      deleting: { _id: id, name: "Edit me" },
    });
  });

  it("answers 404 for a malformed or unknown id to edit or delete", async () => {
    for (const query of ["edit=nope", `edit=${MISSING}`, "edit=", "delete=x'%22"]) {
      const outcome = await get(`${PAGE}?${query}`);
      expect(statusOf(outcome), query).toBe(404);
      expect(outcome.data).toBe(TESTIMONIAL_NOT_FOUND);
    }
  });

  it("is only for signed-in admins", async () => {
    const outcome = await callRoute(loader, PAGE);
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("creating a testimonial", () => {
  it("stores it trimmed, stamped with the admin, and redirects with a flash", async () => {
    const response = await post({ ...valid, name: "  Ada Lovelace  " }, `${PAGE}?q=x&new`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(response.headers.get("Set-Cookie")).toMatch(/^bureau_flash=/);
    const { testimonials } = await getCollections();
    expect(await testimonials.findOne({})).toMatchObject({
      name: "Ada Lovelace",
      title: "Analyst, Engines Ltd",
      text: "They made our engine sing.",
      rating: 4,
      image: AVATAR,
      updatedBy: "editor@bureau.test",
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
  });

  it("rates 5 when no rating is sent (SPEC default)", async () => {
    const { rating: _, ...noRating } = valid;
    expect((await post(noRating)).status).toBe(302);
    const { testimonials } = await getCollections();
    expect((await testimonials.findOne({}))?.rating).toBe(5);
  });

  it.each(["1", "5"])("accepts the rating %s", async (rating) => {
    expect((await post({ ...valid, rating })).status).toBe(302);
  });

  it.each(["0", "6", "-1", "4.5", "abc", "99999999999"])(
    "refuses the rating %s with 'Rating must be between 1 and 5.'",
    async (rating) => {
      const outcome = await post({ ...valid, rating });
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.result.error).toEqual({ rating: [TESTIMONIAL_RATING_RANGE] });
      const { testimonials } = await getCollections();
      expect(await testimonials.countDocuments({})).toBe(0);
    },
  );

  it.each([
    [{ name: "" }, ["name"]],
    [{ title: "  " }, ["title"]],
    [{ text: "\n" }, ["text"]],
    [{ name: "", title: "", text: "" }, ["name", "title", "text"]],
  ])("refuses %j with 'Name, title, and text are required.'", async (blank, names) => {
    const outcome = await post({ ...valid, ...blank });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual(
      Object.fromEntries(names.map((name) => [name, [TESTIMONIAL_REQUIRED]])),
    );
    const { testimonials } = await getCollections();
    expect(await testimonials.countDocuments({})).toBe(0);
  });

  it.each([
    ["no image", {}],
    ["an unsafe address", { image: "javascript:alert(1)" }],
  ])("requires a valid image (%s)", async (_, image) => {
    const { image: __, ...noImage } = valid;
    const outcome = await post({ ...noImage, ...image });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({ image: [TESTIMONIAL_IMAGE_REQUIRED] });
  });

  it("stores an image posted with the form (no JavaScript) and uses it", async () => {
    const { image: _, ...noImage } = valid;
    const response = await post({ ...noImage, imageFile: await pngFile() });
    expect(response.status).toBe(302);
    const urls = await storedImageUrls();
    expect(urls).toHaveLength(1);
    const { testimonials } = await getCollections();
    expect((await testimonials.findOne({}))?.image).toBe(urls[0]);
  });

  it.each(REFUSED_FILES)(
    "refuses %s: 'Image upload failed. Please try again.', nothing stored",
    async (_, file) => {
      const outcome = await post({ ...valid, image: "", imageFile: file() });
      expect(statusOf(outcome)).toBe(400);
      expect(outcome.data.result.error).toEqual({ image: [IMAGE_UPLOAD_FAILED] });
      expect(await storedImageUrls()).toEqual([]);
      const { testimonials } = await getCollections();
      expect(await testimonials.countDocuments({})).toBe(0);
    },
  );

  it("stores no file when another field is wrong", async () => {
    const outcome = await post({ ...valid, name: "", imageFile: await pngFile() });
    expect(outcome.data.result.error).toEqual({ name: [TESTIMONIAL_REQUIRED] });
    expect(await storedImageUrls()).toEqual([]);
  });

  it("says 'Failed to create testimonial.' when the write fails, and drops the new file", async () => {
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ ...valid, imageFile: await pngFile() });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error).toEqual({ "": [TESTIMONIAL_CREATE_FAILED] });
    expect(outcome.data.result.initialValue).toMatchObject({ name: "Ada Lovelace" });
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
    const { testimonials } = await getCollections();
    expect(await testimonials.countDocuments({})).toBe(0);
    expect(await storedImageUrls()).toEqual([]);
  });

  it("shows in the home page carousel on the next request", async () => {
    await addTestimonial("Earlier", day(1));
    await post(valid);
    const home = await homeLoader({
      request: new Request("http://localhost/"),
      params: {},
      context: new RouterContextProvider(),
    } as never);
    expect(home.testimonials.map((t: { name: string }) => t.name)).toEqual([
      "Earlier",
      "Ada Lovelace",
    ]);
    expect(home.testimonials[1]).toMatchObject({ rating: 4, image: AVATAR });
  });
});

describe("editing a testimonial", () => {
  it("updates it, stamps the admin, keeps its creation date and the list's place", async () => {
    const id = await addTestimonial("Before", day(1));
    const response = await post(
      { ...valid, id, name: "After", rating: "2" },
      `${PAGE}?q=fore&edit=${id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=fore`);
    const doc = await stored(id);
    expect(doc).toMatchObject({
      name: "After",
      rating: 2,
      createdAt: day(1),
      updatedBy: "editor@bureau.test",
    });
    expect(doc?.updatedAt.getTime()).toBeGreaterThan(day(1).getTime());
  });

  it("keeps, replaces and removes the image; the replaced file is deleted when unused", async () => {
    const id = await addTestimonial("Pic", day(1));
    await post({ ...valid, id, imageFile: await pngFile("one.png") });
    const [first] = await storedImageUrls();
    expect((await stored(id))?.image).toBe(first);
    // Kept: the hidden field carries the address back.
    await post({ ...valid, id, image: first as string, text: "Kept." });
    expect((await stored(id))?.image).toBe(first);
    // Replaced: the old file goes.
    await post({ ...valid, id, image: first as string, imageFile: await pngFile("two.png") });
    const second = (await stored(id))?.image;
    expect(second).not.toBe(first);
    expect(await storedImageUrls()).toEqual([second]);
    // Removing leaves no image, which a testimonial needs: refused, file kept.
    const outcome = await post({ ...valid, id, image: second as string, imageRemove: "on" });
    expect(outcome.data.result.error).toEqual({ image: [TESTIMONIAL_IMAGE_REQUIRED] });
    expect(await storedImageUrls()).toEqual([second]);
    // Back to a demo image: the stored file goes.
    await post({ ...valid, id, image: AVATAR });
    expect(await storedImageUrls()).toEqual([]);
  });

  it("keeps a replaced file another testimonial still uses", async () => {
    const a = await addTestimonial("A", day(1));
    await post({ ...valid, id: a, imageFile: await pngFile() });
    const shared = (await stored(a))?.image as string;
    await addTestimonial("B", day(2), { image: shared });
    await post({ ...valid, id: a, image: AVATAR });
    expect(await storedImageUrls()).toEqual([shared]);
  });

  it("says 'Failed to update testimonial.' when the write fails", async () => {
    const id = await addTestimonial("Stays", day(1));
    failures.on = true;
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = await post({ ...valid, id, imageFile: await pngFile() });
    spy.mockRestore();
    expect(statusOf(outcome)).toBe(500);
    expect(outcome.data.result.error).toEqual({ "": [TESTIMONIAL_UPDATE_FAILED] });
    expect((await stored(id))?.name).toBe("Stays");
    expect(await storedImageUrls()).toEqual([]);
  });

  it("validates like creating", async () => {
    const id = await addTestimonial("Before", day(1));
    const outcome = await post({ ...valid, id, rating: "7" });
    expect(statusOf(outcome)).toBe(400);
    expect(outcome.data.result.error).toEqual({ rating: [TESTIMONIAL_RATING_RANGE] });
  });

  it("answers 404 for a malformed or unknown id, storing nothing", async () => {
    await addTestimonial("Untouched", day(1));
    for (const id of ["nope", MISSING, "0123456789abcdef0123456z"]) {
      const outcome = await post({ ...valid, id, imageFile: await pngFile() });
      expect(statusOf(outcome), id).toBe(404);
    }
    const { testimonials } = await getCollections();
    expect((await testimonials.find({}).toArray()).map((t) => t.name)).toEqual(["Untouched"]);
    expect(await storedImageUrls()).toEqual([]);
  });
});

describe("deleting a testimonial", () => {
  it("removes it and its unused image, and returns to the same list page", async () => {
    const id = await addTestimonial("Doomed", day(1));
    await post({ ...valid, id, imageFile: await pngFile() });
    expect(await storedImageUrls()).toHaveLength(1);
    const keep = await addTestimonial("Kept", day(2));
    const response = await callRoute(action, `${PAGE}?q=e&delete=${id}`, {
      cookie: me.cookie,
      fields: { intent: "delete", id },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PAGE}?q=e`);
    const { testimonials } = await getCollections();
    expect((await testimonials.find({}).toArray()).map((t) => t._id.toHexString())).toEqual([keep]);
    expect(await storedImageUrls()).toEqual([]);
  });

  it("keeps an image another testimonial uses", async () => {
    const id = await addTestimonial("Doomed", day(1));
    await post({ ...valid, id, imageFile: await pngFile() });
    const shared = (await stored(id))?.image as string;
    await addTestimonial("Sharer", day(2), { image: shared });
    await post({ intent: "delete", id });
    expect(await storedImageUrls()).toEqual([shared]);
  });

  it("answers 404 for a malformed, unknown or missing id", async () => {
    await addTestimonial("Stays", day(1));
    for (const fields of [{ id: "nope" }, { id: MISSING }, {}] as Record<string, string>[]) {
      expect(statusOf(await post({ intent: "delete", ...fields }))).toBe(404);
    }
    const { testimonials } = await getCollections();
    expect(await testimonials.countDocuments({})).toBe(1);
  });

  itKeepsTheRowWhenDeleteFails({
    page: PAGE,
    add: () => addTestimonial("Stays", day(1)),
    stored: stored,
    post,
    failures,
  });

  it("is refused without a session, and nothing is deleted", async () => {
    const id = await addTestimonial("Stays", day(1));
    const outcome = await callRoute(action, PAGE, { fields: { intent: "delete", id } });
    expect(outcome.status).toBe(302);
    const { testimonials } = await getCollections();
    expect(await testimonials.countDocuments({})).toBe(1);
  });
});
