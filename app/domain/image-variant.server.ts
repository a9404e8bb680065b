// Resized copies of stored images (issue 10 "Images"; docs/decisions/017-responsive-images.md).
// GET /images/<id>?w=<width> answers the image at one of IMAGE_WIDTHS (never wider than the
// file), in AVIF or WebP when the browser's Accept names them, else in the file's own format.
// Each variant is encoded by sharp once and kept in the `imageVariants` collection, keyed by
// (source, width, format), so every instance reuses it; deleting the source deletes them.
import { Binary, GridFSBucket, type ObjectId } from "mongodb";
import sharp, { type OutputInfo } from "sharp";
import { getCollections, getDb } from "#db/client.server";
import { parseObjectId } from "~/lib/object-id.server";
import { IMAGE_WIDTHS } from "./image";
import { IMAGE_BUCKET } from "./image.server";

export type VariantFormat = "avif" | "webp" | "jpeg" | "png" | "gif";

const FORMAT_OF_TYPE: Record<string, VariantFormat> = {
  "image/avif": "avif",
  "image/webp": "webp",
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
};

/**
 * Encoder settings. AVIF at effort 2 rather than sharp's default 4: measured here on the demo
 * hero at 1920 px, 0.6 s instead of 7 s for a file 10 % larger, and the first visitor waits
 * for it. Quality: sharp's defaults for AVIF (50) and a little under for WebP (75), which keep
 * photographs and flat illustrations free of visible artefacts at display size.
 */
const ENCODE: Record<VariantFormat, object> = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75 },
  jpeg: { quality: 80, mozjpeg: true },
  png: { compressionLevel: 9 },
  gif: {},
};

/** As for uploads (image.server.ts): a file cannot make sharp decode more than this. */
const MAX_INPUT_PIXELS = 10_000 * 10_000;

/**
 * The width a `?w=` value asks for: null without one (the original is answered), "invalid" for
 * anything but exactly one of IMAGE_WIDTHS written plainly (`w=0640`, `w=641`, `w=640&w=320`).
 */
export function requestedWidth(search: URLSearchParams): number | null | "invalid" {
  const values = search.getAll("w");
  if (values.length === 0) return null;
  if (values.length > 1) return "invalid";
  const width = IMAGE_WIDTHS.find((w) => String(w) === values[0]);
  return width ?? "invalid";
}

/**
 * The format to answer for an Accept header: AVIF when named with a non-zero q, else WebP, else
 * the file's own. Only explicit types count: `image/*` or `*\/*` say nothing about AVIF
 * support (older browsers send `image/webp,*\/*`), and the file's format is always acceptable.
 */
export function formatForAccept(accept: string | null, original: VariantFormat): VariantFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [type, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (type) accepted.add(type);
  }
  if (accepted.has("image/avif")) return "avif";
  if (accepted.has("image/webp")) return "webp";
  return original;
}

export type VariantAnswer =
  /** Unknown or malformed id, or not an image we serve. */
  | { kind: "missing" }
  /** The stored file itself is the answer (it already is that width and format, or animated). */
  | { kind: "original" }
  | { kind: "variant"; contentType: string; bytes: Uint8Array };

interface SourceFile {
  _id: ObjectId;
  length: number;
  metadata?: { contentType?: string; width?: number; height?: number };
}

/** Encodes in progress on this instance: simultaneous requests for one variant encode once. */
const inFlight = new Map<string, Promise<VariantAnswer>>();

/** Counts sharp encodes, for the tests that prove a stored variant is reused. */
export const variantStats = { encodes: 0 };

/**
 * The variant of image `id` at `width` for a browser sending `accept`: read from the database
 * when an instance made it before, else encoded now and stored. Never throws for a missing or
 * undecodable file (answers "missing" or "original"); a database failure does throw.
 */
export async function imageVariant(
  id: string,
  width: number,
  accept: string | null,
): Promise<VariantAnswer> {
  const sourceId = parseObjectId(id);
  if (!sourceId) return { kind: "missing" };
  const db = await getDb();
  const source = await db
    .collection<SourceFile>(`${IMAGE_BUCKET}.files`)
    .findOne({ _id: sourceId }, { projection: { length: 1, metadata: 1 } });
  const original = FORMAT_OF_TYPE[String(source?.metadata?.contentType ?? "")];
  if (!source || !original) return { kind: "missing" };
  // Animated GIFs stay as they are: a resized animation is not worth its encode time here.
  if (original === "gif") return { kind: "original" };
  const format = formatForAccept(accept, original);
  const sourceWidth = source.metadata?.width;
  // Never upscaled: a width at or past the file's own is the file's own, so a 400 px avatar
  // asked at 480, 640 and 960 px is one variant.
  const target = sourceWidth && sourceWidth < width ? sourceWidth : width;
  if (format === original && sourceWidth && target >= sourceWidth) return { kind: "original" };

  const key = `${sourceId.toHexString()}:${target}:${format}`;
  const { imageVariants } = await getCollections();
  const stored = await imageVariants.findOne({ _id: key });
  if (stored) {
    return { kind: "variant", contentType: stored.contentType, bytes: stored.data.buffer };
  }
  let pending = inFlight.get(key);
  if (!pending) {
    pending = encodeAndStore(sourceId, key, target, format).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function encodeAndStore(
  sourceId: ObjectId,
  key: string,
  width: number,
  format: VariantFormat,
): Promise<VariantAnswer> {
  const bytes = await readSource(sourceId);
  if (!bytes) return { kind: "missing" };
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: true });
    const meta = await input.metadata();
    // An animated WebP or AVIF: resizing only its first frame would stop it moving.
    if ((meta.pages ?? 1) > 1) return { kind: "original" };
    variantStats.encodes += 1;
    encoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width, withoutEnlargement: true })
      .toFormat(format, ENCODE[format])
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Stored before today's checks, or damaged: the file is answered as it is.
    return { kind: "original" };
  }
  const contentType = `image/${format}`;
  const { imageVariants } = await getCollections();
  try {
    await imageVariants.insertOne({
      _id: key,
      source: sourceId,
      width: encoded.info.width,
      height: encoded.info.height,
      contentType,
      data: new Binary(encoded.data),
      createdAt: new Date(),
    });
  } catch (error) {
    // Another instance stored the same variant first (duplicate key): its copy is kept and
    // ours, made from the same bytes with the same settings, is answered and forgotten.
    if ((error as { code?: unknown }).code !== 11000) throw error;
  }
  return { kind: "variant", contentType, bytes: new Uint8Array(encoded.data) };
}

/** The stored file's bytes (at most 5 MB: see checkImage), or null when it is gone. */
async function readSource(id: ObjectId): Promise<Buffer | null> {
  const bucket = new GridFSBucket(await getDb(), { bucketName: IMAGE_BUCKET });
  const parts: Buffer[] = [];
  try {
    for await (const chunk of bucket.openDownloadStream(id)) parts.push(chunk as Buffer);
  } catch {
    return null;
  }
  return Buffer.concat(parts);
}
