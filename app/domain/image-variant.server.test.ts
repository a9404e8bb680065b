// Resized variants at /images/<id>?w= (docs/decisions/017): the format follows Accept, only the
// fixed widths are answered, nothing is upscaled, a variant is encoded once and then read back
// (on any instance), two instances encoding it at once store one copy, and deleting the image
// deletes its variants.
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import * as dbClient from "#db/client.server";
import { closeDatabase, getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { loader } from "~/routes/images";
import { deleteImageIfUnused, storedImageId, storeImage, sweepUnusedImages } from "./image.server";
import {
  formatForAccept,
  imageVariant,
  requestedWidth,
  variantStats,
} from "./image-variant.server";

afterAll(closeDatabase);

const AVIF_FIRST = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const WEBP_ONLY = "image/webp,*/*";

/** A stored PNG with some detail (a gradient), answered as /images/<id>. */
async function storedPng(width: number, height: number): Promise<{ id: string; url: string }> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7) % 251;
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const stored = await storeImage(new Blob([new Uint8Array(png)]));
  if (!stored.ok) throw new Error(stored.message);
  return { id: stored.url.slice("/images/".length), url: stored.url };
}

async function get(id: string, query: string, accept?: string): Promise<Response> {
  const request = new Request(`http://localhost/images/${id}${query}`, {
    headers: accept ? { Accept: accept } : {},
  });
  return (await loader({ request, params: { id } } as unknown as Parameters<
    typeof loader
  >[0])) as Response;
}

async function variantCount(url: string): Promise<number> {
  const { imageVariants } = await getCollections();
  return imageVariants.countDocuments({ source: storedImageId(url) ?? undefined });
}

describe("formatForAccept", () => {
  it.each([
    [AVIF_FIRST, "avif"],
    ["image/webp,image/apng,image/*,*/*;q=0.8", "webp"],
    ["image/avif;q=0, image/webp", "webp"],
    ["IMAGE/AVIF", "avif"],
    ["image/*,*/*", "png"],
    ["", "png"],
  ])("%s → %s", (accept, format) => {
    expect(formatForAccept(accept, "png")).toBe(format);
  });
  it("answers the file's own format without an Accept", () => {
    expect(formatForAccept(null, "jpeg")).toBe("jpeg");
  });
});

describe("requestedWidth", () => {
  it.each([
    ["", null],
    ["w=640", 640],
    ["w=96", 96],
    ["w=1920", 1920],
    ["w=641", "invalid"],
    ["w=0640", "invalid"],
    ["w=640.0", "invalid"],
    ["w=", "invalid"],
    ["w=abc", "invalid"],
    ["w=3840", "invalid"],
    ["w=640&w=320", "invalid"],
  ])("?%s → %s", (query, width) => {
    expect(requestedWidth(new URLSearchParams(query))).toBe(width);
  });
});

describe("GET /images/<id>?w=", () => {
  it("answers AVIF, WebP or the original format by Accept, resized, with the strict headers", async () => {
    const { id } = await storedPng(1000, 500);
    for (const [accept, type] of [
      [AVIF_FIRST, "image/avif"],
      [WEBP_ONLY, "image/webp"],
      ["*/*", "image/png"],
    ]) {
      const response = await get(id, "?w=640", accept);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Vary")).toBe("Accept");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(640);
      expect(meta.height).toBe(320);
    }
  });

  it("keeps today's answer without w, and refuses other widths with a 400", async () => {
    const { id } = await storedPng(400, 200);
    const original = await get(id, "", AVIF_FIRST);
    expect(original.status).toBe(200);
    expect(original.headers.get("Content-Type")).toBe("image/png");
    expect(original.headers.get("Vary")).toBeNull();
    for (const query of ["?w=641", "?w=abc", "?w=", "?w=640&w=320", "?w=99999999999999999999"]) {
      const response = await get(id, query, AVIF_FIRST);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    expect((await get("0123456789abcdef01234567", "?w=640", AVIF_FIRST)).status).toBe(404);
    expect((await get("not-an-id", "?w=640", AVIF_FIRST)).status).toBe(404);
  });

  it("never upscales: a width past the file's own is the file's own width", async () => {
    const { id, url } = await storedPng(400, 200);
    for (const w of [480, 960, 1920]) {
      const response = await get(id, `?w=${w}`, AVIF_FIRST);
      expect(response.headers.get("Content-Type")).toBe("image/avif");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(400);
    }
    // One stored copy serves all three.
    expect(await variantCount(url)).toBe(1);
    // Same format, same width: the stored file itself, nothing encoded.
    const before = variantStats.encodes;
    const same = await get(id, "?w=960", "image/png");
    expect(same.headers.get("Content-Type")).toBe("image/png");
    expect(variantStats.encodes).toBe(before);
  });

  it("encodes a variant once: the second request reads the stored copy", async () => {
    const { id, url } = await storedPng(800, 400);
    const before = variantStats.encodes;
    const first = Buffer.from(await (await get(id, "?w=320", AVIF_FIRST)).arrayBuffer());
    expect(variantStats.encodes).toBe(before + 1);
    const second = Buffer.from(await (await get(id, "?w=320", AVIF_FIRST)).arrayBuffer());
    expect(variantStats.encodes).toBe(before + 1);
    expect(second.equals(first)).toBe(true);
    // Simultaneous first requests on one instance share one encode.
    await Promise.all([1, 2, 3].map(() => imageVariant(id, 480, AVIF_FIRST)));
    expect(variantStats.encodes).toBe(before + 2);
    expect(await variantCount(url)).toBe(2);
  });

  it("stores one copy when two instances encode the same variant at once", async () => {
    const { id, url } = await storedPng(800, 400);
    // A second copy of the module, as another instance has: its own in-progress encodes, the
    // same database.
    vi.resetModules();
    vi.doMock("#db/client.server", () => dbClient);
    const other = await import("./image-variant.server");
    vi.doUnmock("#db/client.server");
    expect(other.imageVariant).not.toBe(imageVariant);
    const before = variantStats.encodes;
    const [a, b] = await Promise.all([
      imageVariant(id, 640, WEBP_ONLY),
      other.imageVariant(id, 640, WEBP_ONLY),
    ]);
    expect(a.kind).toBe("variant");
    expect(b.kind).toBe("variant");
    // Both encoded (neither found a stored copy), one insert lost on the unique key.
    expect(variantStats.encodes - before + other.variantStats.encodes).toBe(2);
    expect(await variantCount(url)).toBe(1);
    // Afterwards both read the stored copy.
    const encodes = other.variantStats.encodes;
    expect((await other.imageVariant(id, 640, WEBP_ONLY)).kind).toBe("variant");
    expect(other.variantStats.encodes).toBe(encodes);
  });
});

describe("deleting an image", () => {
  it("deletes its variants; the sweep never takes a variant for an unused upload", async () => {
    const { id, url } = await storedPng(800, 400);
    await get(id, "?w=320", AVIF_FIRST);
    await get(id, "?w=320", WEBP_ONLY);
    expect(await variantCount(url)).toBe(2);
    expect(await deleteImageIfUnused(url)).toBe(true);
    expect(await variantCount(url)).toBe(0);
    expect((await get(id, "?w=320", AVIF_FIRST)).status).toBe(404);
  });

  it("sweeps variants left without their image, and keeps those of images in use", async () => {
    const kept = await storedPng(800, 400);
    const orphan = await storedPng(800, 400);
    await get(kept.id, "?w=320", AVIF_FIRST);
    await get(orphan.id, "?w=320", AVIF_FIRST);
    const { imageVariants, heroSection } = await getCollections();
    await heroSection.insertOne({
      _id: SINGLETON_ID,
      title: "Hero",
      subtitle: "",
      image: kept.url,
      ctaText: "",
      ctaLink: "/contact",
      updatedAt: new Date(),
    });
    // The image went while its variant was being encoded.
    const orphanId = storedImageId(orphan.url) ?? undefined;
    await (await dbClient.getDb()).collection("images.files").deleteOne({ _id: orphanId });
    // A zero grace period: every unreferenced upload is swept, as after a day.
    await sweepUnusedImages({ graceMs: -60_000 });
    expect(await imageVariants.countDocuments({ source: orphanId })).toBe(0);
    expect(await variantCount(kept.url)).toBe(1);
    // The other tests' images were unused: they went with their variants.
    expect(await imageVariants.countDocuments({})).toBe(1);
  });
});
