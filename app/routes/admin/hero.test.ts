// The Hero editor's action and the image pipeline behind it (issue 6 "Images"), signed in:
// every validation message, refused files leave nothing stored, big images are scaled down,
// a replaced or removed image is deleted once unused, and /admin/dashboard/uploads.
import { GridFSBucket } from "mongodb";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { HERO_CTA_LINK_INVALID, HERO_IMAGE_INVALID, HERO_TITLE_REQUIRED } from "~/content/hero";
import { createAdmin } from "~/domain/admin.server";
import { OPERATOR_CLI } from "~/domain/audit";
import { IMAGE_BUCKET, isImageInUse, storeImage } from "~/domain/image.server";
import { createSession } from "~/domain/session.server";
import { REFUSED_FILES } from "../../../tests/support/admin-upload";
import { action } from "./hero";
import { action as uploadAction } from "./uploads";

afterAll(closeDatabase);

let cookie: string;

const PAGE = "http://localhost/admin/dashboard/hero?edit";
const bucket = async () => new GridFSBucket(await getDb(), { bucketName: IMAGE_BUCKET });
const storedFiles = async () => (await bucket()).find({}).toArray();

beforeEach(async () => {
  const { admins, sessions, heroSection } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({}), heroSection.deleteMany({})]);
  const files = await storedFiles();
  for (const file of files) await (await bucket()).delete(file._id);
  const created = await createAdmin(
    {
      email: "hero@bureau.test",
      password: "a long and unusual passphrase",
    },
    OPERATOR_CLI,
  );
  if (!created.ok) throw new Error(created.message);
  const session = await createSession(created.admin._id);
  cookie = session.setCookie.split(";")[0] as string;
  await heroSection.insertOne({
    _id: SINGLETON_ID,
    title: "Old title",
    subtitle: "Old subtitle",
    image: "/demo/hero-home.webp",
    ctaText: "Talk to us",
    ctaLink: "/contact",
    updatedAt: new Date("2026-01-01T00:00:00Z"),
  });
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();

function post(fields: Record<string, string | Blob>, url = PAGE, withCookie = true) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(url, {
    method: "POST",
    headers: withCookie ? { Cookie: cookie } : {},
    body,
  });
  return {
    request,
    run: (fn: (args: never) => unknown) =>
      // biome-ignore lint/suspicious/noExplicitAny: data() or a Response, depending on the branch.
      fn({ request, params: {}, context: {} } as never) as Promise<any>,
  };
}

const save = (fields: Record<string, string | Blob>) => post(fields).run(action);

async function hero() {
  const { heroSection } = await getCollections();
  return heroSection.findOne({ _id: SINGLETON_ID });
}

const valid = {
  title: "New title",
  subtitle: "New subtitle",
  image: "/demo/hero-home.webp",
  imageAlt: "The studio team around a whiteboard",
  ctaText: "Go",
  ctaLink: "/services",
};

describe("hero editor", () => {
  it("saves the hero, records who and when, and redirects with a flash", async () => {
    const response = await save(valid);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/dashboard/hero");
    const doc = await hero();
    expect(doc).toMatchObject({ ...valid, updatedBy: "hero@bureau.test" });
    expect(doc?.updatedAt.getTime()).toBeGreaterThan(Date.parse("2026-01-02"));
  });

  it.each([
    [{ ...valid, title: "   " }, "title", HERO_TITLE_REQUIRED],
    [{ ...valid, title: undefined }, "title", HERO_TITLE_REQUIRED],
    [{ ...valid, image: "javascript:alert(1)" }, "image", HERO_IMAGE_INVALID],
    [{ ...valid, image: "not an image" }, "image", HERO_IMAGE_INVALID],
    [{ ...valid, image: "//evil.example/x.png" }, "image", HERO_IMAGE_INVALID],
    [{ ...valid, ctaLink: "javascript:alert(1)" }, "ctaLink", HERO_CTA_LINK_INVALID],
    // Another site disguised as a path: browsers read `/\host` as `//host`.
    [{ ...valid, ctaLink: "/\\evil.example" }, "ctaLink", HERO_CTA_LINK_INVALID],
    [{ ...valid, ctaLink: "//evil.example" }, "ctaLink", HERO_CTA_LINK_INVALID],
  ])("refuses %o with the field's message", async (fields, field, message) => {
    const clean = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    const result = await save(clean);
    expect(result.init.status).toBe(400);
    expect(result.data.result.error[field]).toEqual([message]);
    expect((await hero())?.title).toBe("Old title");
  });

  it("accepts an https image address (Cloudinary) and empties optional fields", async () => {
    await save({
      title: "T",
      image: "https://res.cloudinary.com/demo/image/upload/x.jpg",
      imageDecorative: "on",
    });
    expect(await hero()).toMatchObject({
      title: "T",
      subtitle: "",
      ctaText: "",
      ctaLink: "",
      image: "https://res.cloudinary.com/demo/image/upload/x.jpg",
    });
  });

  it("stores a file posted with the form (no JavaScript) and serves it from /images/<id>", async () => {
    const bytes = await png(40, 30);
    const response = await save({
      ...valid,
      imageFile: new File([bytes], "hero.png", { type: "image/png" }),
    });
    expect(response.status).toBe(302);
    const doc = await hero();
    expect(doc?.image).toMatch(/^\/images\/[0-9a-f]{24}$/);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]?.metadata).toMatchObject({ contentType: "image/png", width: 40, height: 30 });
  });

  it.each([
    ...REFUSED_FILES,
    [
      "an image that does not decode",
      () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "x.jpg"),
      "Image upload failed: the file starts like a JPEG image but cannot be read; it may be damaged.",
    ] as const,
  ])("refuses %s: nothing stored, nothing changed", async (_, file, message) => {
    const before = await hero();
    const result = await save({ ...valid, imageFile: file() });
    expect(result.init.status).toBe(400);
    expect(result.data.result.error.image).toEqual([message]);
    expect(await storedFiles()).toHaveLength(0);
    expect(await hero()).toEqual(before);
  });

  it("stores nothing when another field is wrong", async () => {
    const result = await save({
      ...valid,
      title: "",
      imageFile: new File([await png(10, 10)], "a.png"),
    });
    expect(result.data.result.error.title).toEqual([HERO_TITLE_REQUIRED]);
    expect(await storedFiles()).toHaveLength(0);
  });

  it("scales an image over 2,560 px on a side down to 2,560", async () => {
    const response = await save({
      ...valid,
      imageFile: new File([await png(3000, 1000)], "wide.png"),
    });
    expect(response.status).toBe(302);
    const [file] = await storedFiles();
    expect(file?.metadata).toMatchObject({ width: 2560, height: 853 });
    const chunks: Buffer[] = [];
    for await (const chunk of (await bucket()).openDownloadStream(file?._id as never))
      chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 2560, 853]);
  });

  it("keeps, replaces and removes the image; a replaced one is deleted when unused", async () => {
    await save({ ...valid, imageFile: new File([await png(20, 20)], "one.png") });
    const first = (await hero())?.image as string;
    // Keep: the hidden field carries the address back.
    await save({ ...valid, image: first });
    expect((await hero())?.image).toBe(first);
    expect(await storedFiles()).toHaveLength(1);
    // Replace: the old file goes.
    await save({ ...valid, image: first, imageFile: new File([await png(30, 30)], "two.png") });
    const second = (await hero())?.image as string;
    expect(second).not.toBe(first);
    const files = await storedFiles();
    expect(files.map((f) => `/images/${f._id.toHexString()}`)).toEqual([second]);
    // Still used elsewhere (the contact page's picture): kept.
    const { contactInfo } = await getCollections();
    await contactInfo.insertOne({ _id: SINGLETON_ID, email: "a@b.test", image: second } as never);
    expect(await isImageInUse(second)).toBe(true);
    await save({ ...valid, image: second, imageRemove: "on" });
    expect((await hero())?.image).toBe("");
    expect(await storedFiles()).toHaveLength(1);
    await contactInfo.deleteMany({});
  });

  it("removes an unused image entirely", async () => {
    await save({ ...valid, imageFile: new File([await png(20, 20)], "one.png") });
    const first = (await hero())?.image as string;
    await save({ ...valid, image: first, imageRemove: "on" });
    expect((await hero())?.image).toBe("");
    expect(await storedFiles()).toHaveLength(0);
  });
});

describe("/admin/dashboard/uploads", () => {
  const UPLOADS = "http://localhost/admin/dashboard/uploads";

  it("stores a picked file and answers its address", async () => {
    const response: Response = await post(
      { file: new File([await png(12, 12)], "a.png") },
      UPLOADS,
    ).run(uploadAction);
    expect(response.status).toBe(200);
    const { url } = await response.json();
    expect(url).toMatch(/^\/images\/[0-9a-f]{24}$/);
    expect(await storedFiles()).toHaveLength(1);
  });

  it.each(REFUSED_FILES)(
    "refuses %s saying what was wrong, storing nothing",
    async (_, file, message) => {
      const response: Response = await post({ file: file() }, UPLOADS).run(uploadAction);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
      expect(await storedFiles()).toHaveLength(0);
    },
  );

  it("requires a session", async () => {
    const { run } = post({ file: new File([await png(12, 12)], "a.png") }, UPLOADS, false);
    const thrown = await run(uploadAction).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(302);
    expect(await storedFiles()).toHaveLength(0);
  });
});

describe("storeImage", () => {
  it("accepts JPEG, WebP, GIF and AVIF read from the bytes", async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } });
    for (const format of ["jpeg", "webp", "gif", "avif"] as const) {
      const bytes = await base.clone().toFormat(format).toBuffer();
      const stored = await storeImage(new Blob([bytes]));
      expect(stored.ok, format).toBe(true);
    }
    const types = (await storedFiles()).map((f) => f.metadata?.contentType).sort();
    expect(types).toEqual(["image/avif", "image/gif", "image/jpeg", "image/webp"]);
  });
});
