// What the server does to an uploaded image before storing it (issue 6): the type is
// read from the bytes, oversize images are scaled to 2,560 px, camera metadata is removed (with
// the picture turned upright), and clean files are kept byte for byte. Also the sweep of stored
// files nothing refers to.
import { ObjectId } from "mongodb";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { heroStore } from "~/content/documents.server";
import { getEnv } from "~/env.server";
import { IMAGE_MAX_SIDE, imageRefusalText } from "./image";
import {
  checkImage,
  IMAGE_BUCKET,
  imageAddressToSave,
  storeImage,
  sweepUnusedImages,
  UNUSED_IMAGE_GRACE_MS,
} from "./image.server";

afterAll(closeDatabase);

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3366cc" } });

async function ok(bytes: Uint8Array | Buffer) {
  const checked = await checkImage(new Uint8Array(bytes));
  if (!checked.ok) throw new Error(`refused: ${JSON.stringify(checked.reason)}`);
  return checked.image;
}

describe("what a refusal says was wrong", () => {
  const refusal = async (bytes: Uint8Array | Buffer) => {
    const checked = await checkImage(new Uint8Array(bytes));
    if (checked.ok) throw new Error("accepted");
    return imageRefusalText(checked.reason);
  };

  it("names the type a file is instead, read from its bytes", async () => {
    expect(await refusal(Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n"))).toBe(
      "Image upload failed: PDF files are not accepted; choose a JPEG, PNG, WebP, GIF or AVIF image.",
    );
    expect(await refusal(Buffer.from('<?xml version="1.0"?>\n<svg width="1"></svg>'))).toBe(
      "Image upload failed: SVG drawings are not accepted (they can carry scripts). Export it as PNG or WebP.",
    );
    expect(await refusal(Buffer.from("just some words"))).toBe(
      "Image upload failed: the file is not an image; choose a JPEG, PNG, WebP, GIF or AVIF image.",
    );
  });

  it("gives the size of a file over 5 MB and says when a file is empty", async () => {
    expect(await refusal(new Uint8Array(7 * 1024 * 1024))).toBe(
      "Image upload failed: the file is 7 MB; images may be at most 5 MB.",
    );
    expect(await refusal(new Uint8Array(0))).toBe("Image upload failed: the file is empty.");
  });

  it("gives the dimensions of an image with more pixels than are read", async () => {
    const huge = await solid(12_000, 9_000).png({ compressionLevel: 9 }).toBuffer();
    expect(await refusal(huge)).toBe(
      "Image upload failed: the image is 12,000 × 9,000 pixels; at most 100 million pixels (10,000 × 10,000) can be read.",
    );
  });

  it("says that a file which starts like an image but does not decode may be damaged", async () => {
    const png = await solid(20, 20).png().toBuffer();
    expect(await refusal(png.subarray(0, 40))).toBe(
      "Image upload failed: the file starts like a PNG image but cannot be read; it may be damaged.",
    );
  });
});

describe("checkImage", () => {
  it("keeps a clean PNG byte for byte", async () => {
    const png = await solid(30, 20).png().toBuffer();
    const image = await ok(png);
    expect(Buffer.from(image.bytes).equals(png)).toBe(true);
    expect(image).toMatchObject({ contentType: "image/png", width: 30, height: 20 });
  });

  it("removes EXIF from a photo and turns it upright", async () => {
    // A phone photo: 40×20 pixels stored sideways, EXIF orientation 6, a camera and a place.
    const photo = await solid(40, 20)
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo", Model: "X1", Copyright: "Staff member" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    const image = await ok(photo);
    const after = await sharp(Buffer.from(image.bytes)).metadata();
    expect(after.exif).toBeUndefined();
    expect(Buffer.from(image.bytes).includes(Buffer.from("PhoneCo"))).toBe(false);
    expect(after.format).toBe("jpeg");
    expect([image.width, image.height]).toEqual([20, 40]);
    expect([after.width, after.height]).toEqual([20, 40]);
  });

  it("scales an image over 2,560 px down, keeping its proportions and type", async () => {
    const big = await solid(IMAGE_MAX_SIDE * 2, 1000)
      .webp()
      .toBuffer();
    const image = await ok(big);
    expect(image.contentType).toBe("image/webp");
    expect(image.width).toBe(IMAGE_MAX_SIDE);
    expect(image.height).toBe(500);
  });

  it("keeps every frame of an oversize animated GIF it scales down", async () => {
    const frames = await Promise.all(
      ["#f00", "#0f0", "#00f"].map((background) =>
        sharp({ create: { width: 2600, height: 100, channels: 4, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const image = await ok(animated);
    expect(image.contentType).toBe("image/gif");
    expect(image.width).toBe(IMAGE_MAX_SIDE);
    expect((await sharp(Buffer.from(image.bytes)).metadata()).pages).toBe(3);
  });

  it("refuses SVG, a renamed program, an empty file and a file over 5 MB", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const program = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(1000, 0x90)]);
    const huge = Buffer.concat([await solid(8, 8).png().toBuffer(), Buffer.alloc(6 * 1024 * 1024)]);
    for (const bytes of [svg, program, Buffer.alloc(0), huge]) {
      expect((await checkImage(new Uint8Array(bytes))).ok).toBe(false);
    }
  });

  it("refuses bytes that start like a PNG but do not decode", async () => {
    const png = await solid(8, 8).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await checkImage(new Uint8Array(broken))).ok).toBe(false);
  });
});

async function storedFiles(): Promise<string[]> {
  const files = await (await getDb()).collection(`${IMAGE_BUCKET}.files`).find({}).toArray();
  return files.map((f) => `/images/${f._id.toHexString()}`);
}

describe("sweepUnusedImages", () => {
  it("deletes old files nothing refers to, and keeps used and recent ones", async () => {
    const png = new Blob([await solid(8, 8).png().toBuffer()]);
    const used = await storeImage(png);
    const orphan = await storeImage(png);
    if (!used.ok || !orphan.ok) throw new Error("store failed");
    const { testimonials } = await getCollections();
    const now = new Date();
    await testimonials.insertOne({
      name: "Ana",
      title: "CTO",
      text: "Great",
      rating: 5,
      image: used.url,
      createdAt: now,
      updatedAt: now,
    } as never);

    // Within the grace period nothing goes: an editor may still be open with that upload.
    expect(await sweepUnusedImages()).toBe(0);
    expect(await storedFiles()).toEqual(expect.arrayContaining([used.url, orphan.url]));

    const later = new Date(Date.now() + UNUSED_IMAGE_GRACE_MS + 60_000);
    expect(await sweepUnusedImages({ now: later })).toBe(1);
    const left = await storedFiles();
    expect(left).toContain(used.url);
    expect(left).not.toContain(orphan.url);
    const chunks = await (await getDb())
      .collection(`${IMAGE_BUCKET}.chunks`)
      .countDocuments({ files_id: storedIdOf(orphan.url) });
    expect(chunks).toBe(0);
  });
});

function storedIdOf(url: string) {
  return new ObjectId(url.slice("/images/".length));
}

describe("an image field's kept address", () => {
  it("names a stored image only exactly, and one that is gone is refused", async () => {
    const { isValidImageUrl } = await import("./image");
    const { resolveImageField } = await import("./image.server");
    expect(isValidImageUrl("/images/0123456789abcdef01234567")).toBe(true);
    expect(isValidImageUrl("/images/0123456789abcdef01234567?v=2")).toBe(false);
    expect(isValidImageUrl("/images/../admin")).toBe(false);

    const stored = await storeImage(new Blob([await solid(8, 8).png().toBuffer()]));
    if (!stored.ok) throw new Error("store failed");
    const form = (url: string) => {
      const data = new FormData();
      data.set("image", url);
      return data;
    };
    expect(await resolveImageField(form(stored.url), "image")).toEqual({
      ok: true,
      url: stored.url,
      stored: false,
    });
    // Swept (or deleted) meanwhile: saving the address would show a broken image.
    expect(await resolveImageField(form("/images/0123456789abcdef01234567"), "image")).toEqual({
      ok: false,
      message: "Image upload failed. Please try again.",
    });
  });
});

describe("an absolute address of our own stored image", () => {
  it("keeps a file saved by its absolute address (the API's secure_url)", async () => {
    const png = new Blob([await solid(8, 8).png().toBuffer()]);
    const stored = await storeImage(png);
    if (!stored.ok) throw new Error("store failed");
    const secureUrl = new URL(stored.url, getEnv().SITE_URL).href;
    const address = await imageAddressToSave(secureUrl);
    expect(address).toBe(stored.url);
    await heroStore.save(
      {
        title: "T",
        subtitle: "S",
        image: address ?? "",
        ctaText: "",
        ctaLink: "",
        imageAlt: "",
        imageDecorative: false,
      },
      { email: "admin@example.com", via: "admin" },
    );
    const { heroSection } = await getCollections();
    expect((await heroSection.findOne({}))?.image).toBe(stored.url);

    const later = new Date(Date.now() + UNUSED_IMAGE_GRACE_MS + 60_000);
    await sweepUnusedImages({ now: later });
    expect(await storedFiles()).toContain(stored.url);
  });
});

describe("imageAddressToSave", () => {
  it("refuses our own address of a missing image or in another form, keeps others", async () => {
    const site = getEnv().SITE_URL;
    const missing = `/images/${new ObjectId().toHexString()}`;
    expect(await imageAddressToSave(new URL(missing, site).href)).toBeNull();
    expect(await imageAddressToSave(missing)).toBeNull();
    const stored = await storeImage(new Blob([await solid(8, 8).png().toBuffer()]));
    if (!stored.ok) throw new Error("store failed");
    expect(await imageAddressToSave(new URL(`${stored.url}?v=2`, site).href)).toBeNull();
    expect(await imageAddressToSave(`${new URL(site).origin}/${stored.url}`)).toBeNull();
    expect(await imageAddressToSave(stored.url)).toBe(stored.url);
    expect(await imageAddressToSave("https://res.cloudinary.com/x/a.png")).toBe(
      "https://res.cloudinary.com/x/a.png",
    );
    expect(await imageAddressToSave("")).toBe("");
  });

  it("is kept as /images/<id> by the editors too, or refused in another form", async () => {
    const { resolveImageField } = await import("./image.server");
    const stored = await storeImage(new Blob([await solid(8, 8).png().toBuffer()]));
    if (!stored.ok) throw new Error("store failed");
    const form = (url: string) => {
      const data = new FormData();
      data.set("image", url);
      return data;
    };
    const absolute = new URL(stored.url, getEnv().SITE_URL).href;
    expect(await resolveImageField(form(absolute), "image")).toEqual({
      ok: true,
      url: stored.url,
      stored: false,
    });
    expect(await resolveImageField(form(`${absolute}?v=2`), "image")).toEqual({
      ok: false,
      message: "Image upload failed. Please try again.",
    });
  });
});
