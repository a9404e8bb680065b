// Images of the content editors (issue 6 "Images"; docs/decisions/011-image-storage.md):
// - validate: the type is read from the bytes (JPEG, PNG, WebP, GIF, AVIF; never SVG), at most
//   5 MB, decodable, and scaled down to 2,560 px on the longest side when larger;
// - store: in MongoDB GridFS (bucket `images`, served by routes/images.ts at /images/<id>), or
//   on Cloudinary when CLOUDINARY_CLOUD_NAME and CLOUDINARY_UPLOAD_PRESET are set;
// - delete: a replaced or removed image goes when no document refers to it any more (a scan of
//   the known image fields, IMAGE_REFERENCES below).
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseFormData } from "@remix-run/form-data-parser";
import { fileTypeFromBuffer } from "file-type";
import { GridFSBucket, type ObjectId } from "mongodb";
import sharp from "sharp";
import { getCollections, getDb } from "#db/client.server";
import type { Collections } from "#db/collections";
import { getEnv } from "~/env.server";
import { UPLOAD_MAX_BODY_BYTES } from "~/lib/body-limit.server";
import { parseObjectId } from "~/lib/object-id.server";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_UPLOAD_FAILED,
  type ImageRefusal,
  imageFieldNames,
  imageRefusalText,
  STORED_IMAGE_PATH,
  storedImagePath,
} from "./image";

export const IMAGE_BUCKET = "images";

/** The types accepted, as file-type names them. SVG is never one: it can carry script. */
const ALLOWED_TYPES: Record<string, "jpeg" | "png" | "webp" | "gif" | "avif"> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};

/** Pixels sharp agrees to decode: a 5 MB file could otherwise claim 50,000 × 50,000 pixels. */
const MAX_INPUT_PIXELS = IMAGE_MAX_PIXELS;

/** Re-encoding keeps what a visitor can see: near-lossless settings per format. */
const REENCODE_QUALITY: Record<string, { quality?: number }> = {
  jpeg: { quality: 90 },
  webp: { quality: 90 },
  avif: { quality: 70 },
  png: {},
  gif: {},
};

export interface CheckedImage {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
}

export type ImageCheck = { ok: true; image: CheckedImage } | { ok: false; reason: ImageRefusal };

/** What a refused file is instead, when its bytes tell: "PDF", "SVG", "ZIP"... */
function foundType(input: Uint8Array, detected: { ext: string } | undefined): string | null {
  // SVG is text (file-type names it XML at best): told by its root element.
  const head = new TextDecoder().decode(input.subarray(0, 1024));
  if (/<svg[\s>]/i.test(head)) return "SVG";
  return detected ? detected.ext.toUpperCase() : null;
}

/** The dimensions a file's header claims, read without decoding it (no pixel limit). */
async function claimedSize(input: Uint8Array): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

/** Validates an uploaded file's bytes and scales it down when larger than IMAGE_MAX_SIDE. */
export async function checkImage(input: Uint8Array): Promise<ImageCheck> {
  if (input.byteLength === 0) return { ok: false, reason: { kind: "empty" } };
  if (input.byteLength > IMAGE_MAX_BYTES) {
    return { ok: false, reason: { kind: "too-large", bytes: input.byteLength } };
  }
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? ALLOWED_TYPES[detected.mime] : undefined;
  if (!detected || !format) {
    return { ok: false, reason: { kind: "type", found: foundType(input, detected) } };
  }
  const unreadable: ImageCheck = {
    ok: false,
    reason: { kind: "unreadable", format: format.toUpperCase() },
  };
  try {
    const options = {
      animated: format === "gif" || format === "webp",
      limitInputPixels: MAX_INPUT_PIXELS,
    };
    const meta = await sharp(input, options).metadata();
    const width = meta.width;
    // Animated images report the frames stacked; one frame is what is shown.
    const height = meta.pageHeight ?? meta.height;
    if (!width || !height) return unreadable;
    // Camera metadata (EXIF: often the GPS position where a team photo was taken, the phone's
    // serial; XMP; IPTC) is not ours to publish: such files are re-encoded without it, turned
    // upright first since the orientation lived in that metadata. The colour profile stays.
    // Files without it are stored byte for byte (no needless loss of quality).
    const carriesMetadata = Boolean(meta.exif || meta.xmp || meta.iptc);
    const oversize = width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE;
    if (!oversize && !carriesMetadata) {
      return { ok: true, image: { bytes: input, contentType: detected.mime, width, height } };
    }
    const { data, info } = await sharp(input, options)
      .autoOrient()
      .resize({
        width: IMAGE_MAX_SIDE,
        height: IMAGE_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .keepIccProfile()
      .toFormat(format, REENCODE_QUALITY[format])
      .toBuffer({ resolveWithObject: true });
    if (data.byteLength > IMAGE_MAX_BYTES) {
      return { ok: false, reason: { kind: "too-large", bytes: data.byteLength } };
    }
    return {
      ok: true,
      image: {
        bytes: new Uint8Array(data),
        contentType: detected.mime,
        width: info.width,
        height: info.pageHeight ?? info.height,
      },
    };
  } catch {
    // More pixels than we decode, or bytes that start like an image but do not decode.
    const size = await claimedSize(input);
    if (size && size.width * size.height > MAX_INPUT_PIXELS) {
      return { ok: false, reason: { kind: "too-many-pixels", ...size } };
    }
    return unreadable;
  }
}

async function bucket(): Promise<GridFSBucket> {
  return new GridFSBucket(await getDb(), { bucketName: IMAGE_BUCKET });
}

/**
 * A stored file's address, or a refusal: `message` is the SPEC's failure text (the JSON API's
 * contract), `detail` what the editors show beside the field when the file itself was wrong.
 */
export type StoreResult =
  | { ok: true; url: string }
  | { ok: false; message: string; detail?: string };

/**
 * Validates and stores an uploaded file; answers its address, or the SPEC's failure text.
 * Nothing is kept when any step fails.
 */
export async function storeImage(
  file: Blob,
  meta: { filename?: string; uploadedBy?: string } = {},
): Promise<StoreResult> {
  let checked: ImageCheck;
  try {
    checked = await checkImage(new Uint8Array(await file.arrayBuffer()));
  } catch {
    // The body could not be read (a broken upload): nothing to say about the file itself.
    return { ok: false, message: IMAGE_UPLOAD_FAILED };
  }
  if (!checked.ok) {
    return { ok: false, message: IMAGE_UPLOAD_FAILED, detail: imageRefusalText(checked.reason) };
  }
  const env = getEnv();
  try {
    const url =
      env.CLOUDINARY_CLOUD_NAME && env.CLOUDINARY_UPLOAD_PRESET
        ? await uploadToCloudinary(
            checked.image,
            env.CLOUDINARY_CLOUD_NAME,
            env.CLOUDINARY_UPLOAD_PRESET,
          )
        : await storeInGridFs(checked.image, meta);
    return { ok: true, url };
  } catch (error) {
    console.error("Image upload failed:", error instanceof Error ? error.message : error);
    return { ok: false, message: IMAGE_UPLOAD_FAILED };
  }
}

async function storeInGridFs(
  image: CheckedImage,
  meta: { filename?: string; uploadedBy?: string },
): Promise<string> {
  const images = await bucket();
  const filename = (meta.filename ?? "image").replace(/[^\w.-]+/g, "_").slice(0, 100) || "image";
  const upload = images.openUploadStream(filename, {
    metadata: {
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      uploadedBy: meta.uploadedBy ?? null,
    },
  });
  try {
    await pipeline(Readable.from([Buffer.from(image.bytes)]), upload);
  } catch (error) {
    // A half-written file: drop its chunks too.
    await images.delete(upload.id).catch(() => undefined);
    throw error;
  }
  return `/images/${upload.id.toHexString()}`;
}

/** An unsigned upload (fields file and upload_preset); the answer's secure_url is kept. */
async function uploadToCloudinary(
  image: CheckedImage,
  cloud: string,
  preset: string,
): Promise<string> {
  const body = new FormData();
  body.append("file", new Blob([Buffer.from(image.bytes)], { type: image.contentType }), "image");
  body.append("upload_preset", preset);
  const response = await fetch(
    `https://api.cloudinary.com/v1_1/${encodeURIComponent(cloud)}/image/upload`,
    { method: "POST", body, signal: AbortSignal.timeout(30_000) },
  );
  if (!response.ok) throw new Error(`Cloudinary answered ${response.status}`);
  const json = (await response.json()) as { secure_url?: unknown };
  if (typeof json.secure_url !== "string" || !json.secure_url.startsWith("https://")) {
    throw new Error("Cloudinary returned no secure_url");
  }
  return json.secure_url;
}

export interface StoredImage {
  contentType: string;
  length: number;
  body: ReadableStream<Uint8Array>;
}

/** A stored image by the id in its URL, or null (unknown or malformed id). */
export async function openStoredImage(id: string): Promise<StoredImage | null> {
  const objectId = parseObjectId(id);
  if (!objectId) return null;
  const images = await bucket();
  const [file] = await images.find({ _id: objectId }).limit(1).toArray();
  if (!file) return null;
  const contentType = String(file.metadata?.contentType ?? "");
  if (!(contentType in ALLOWED_TYPES)) return null;
  const stream = images.openDownloadStream(objectId);
  return {
    contentType,
    length: file.length,
    body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
  };
}

async function storedImageExists(id: ObjectId): Promise<boolean> {
  const images = await bucket();
  return (await images.find({ _id: id }).limit(1).toArray()).length === 1;
}

/** The GridFS id an image address names, or null (Cloudinary, demo files, anything else). */
export function storedImageId(url: string | null | undefined): ObjectId | null {
  const match = url ? STORED_IMAGE_PATH.exec(url) : null;
  return match ? parseObjectId(match[1]) : null;
}

/**
 * Every document field that may hold an image address: the reference check scans these before
 * deleting a file. A new image field in a collection must be added here.
 */
export const IMAGE_REFERENCES: ReadonlyArray<{ collection: keyof Collections; field: string }> = [
  { collection: "heroSection", field: "image" },
  { collection: "servicePage", field: "hero.image" },
  { collection: "aboutPage", field: "team.image" },
  { collection: "contactInfo", field: "image" },
  { collection: "blogs", field: "imageUrl" },
  { collection: "blogs", field: "authorAvatar" },
  { collection: "testimonials", field: "image" },
  { collection: "resources", field: "image" },
];

/** Whether any document still refers to `url`. */
export async function isImageInUse(url: string): Promise<boolean> {
  const collections = await getCollections();
  for (const { collection, field } of IMAGE_REFERENCES) {
    // A record's pending draft (decision 033) may show an image the published version does not.
    const filter = { $or: [{ [field]: url }, { [`draft.${field}`]: url }] };
    const found = await collections[collection].countDocuments(filter as never, { limit: 1 });
    if (found > 0) return true;
  }
  return false;
}

/**
 * Deletes a stored image once nothing refers to it (call after the document that dropped it was
 * saved). Other addresses (Cloudinary, /demo/...) are left alone. Never throws: a file left
 * behind is better than a failed save.
 */
export async function deleteImageIfUnused(url: string | null | undefined): Promise<boolean> {
  const id = storedImageId(url);
  if (!id || !url) return false;
  try {
    if (await isImageInUse(url)) return false;
    await (await bucket()).delete(id);
    await deleteImageVariants(id);
    return true;
  } catch {
    return false;
  }
}

/** Deletes a file stored by this request when the save that was to use it failed. */
export async function discardImage(url: string | null | undefined): Promise<void> {
  const id = storedImageId(url);
  if (!id) return;
  await (await bucket()).delete(id).catch(() => undefined);
  await deleteImageVariants(id).catch(() => undefined);
}

/**
 * Deletes the resized copies of a stored image (image-variant.server.ts) once the image itself
 * is deleted. They live in their own collection, never in the images bucket, so the sweep below
 * never mistakes one for an unused upload.
 */
export async function deleteImageVariants(source: ObjectId): Promise<void> {
  const { imageVariants } = await getCollections();
  await imageVariants.deleteMany({ source });
}

/**
 * Deletes variants whose image is gone: one encoded while its image was being deleted would
 * otherwise stay for good. Answers how many images' variants it deleted.
 */
export async function sweepOrphanVariants(): Promise<number> {
  const { imageVariants } = await getCollections();
  const images = await bucket();
  let swept = 0;
  for (const source of await imageVariants.distinct("source")) {
    if ((await images.find({ _id: source }).limit(1).toArray()).length > 0) continue;
    await imageVariants.deleteMany({ source });
    swept += 1;
  }
  return swept;
}

/**
 * Reads an admin form that may carry files: streamed by @remix-run/form-data-parser, each file
 * capped at the upload body limit (the express limit refuses bigger bodies before this), files
 * kept in memory as Blobs for storeImage. Call AFTER requireAdmin: nobody signed out gets to
 * send a body this big. Null when the body is not a readable form.
 */
export async function readUploadForm(request: Request): Promise<FormData | null> {
  try {
    return await parseFormData(request, {
      // Every file input is a part, picked or not: the About editor has one per team member
      // (up to 50) besides its own.
      maxFiles: 64,
      maxFileSize: UPLOAD_MAX_BODY_BYTES,
      maxTotalSize: UPLOAD_MAX_BODY_BYTES,
    });
  } catch {
    return null;
  }
}

/**
 * Stores the image a multipart request sends in its `file` field (the field the clients'
 * uploads always used): the editors' uploads with JavaScript (routes/admin/uploads.ts) and
 * POST /api/images.
 * Call AFTER the caller is authorised (see readUploadForm). Answers the stored address, or the
 * SPEC's failure text for no file, an unreadable body, or a file that is not an image we take.
 */
export async function storeUploadedImage(
  request: Request,
  uploadedBy: string,
): Promise<StoreResult> {
  const form = await readUploadForm(request);
  const file = form?.get("file");
  if (!(file instanceof Blob) || file.size === 0)
    return { ok: false, message: IMAGE_UPLOAD_FAILED };
  return storeImage(file, { filename: file instanceof File ? file.name : undefined, uploadedBy });
}

export type ImageFieldResult =
  | { ok: true; url: string; stored: boolean }
  | { ok: false; message: string };

/**
 * The value an image field ends with after a post (see components/admin/image-field.tsx):
 * a file picked without JavaScript is stored (replace); the "Remove image" box empties it
 * (remove); otherwise the hidden address stays (keep, or a file uploaded with JavaScript).
 * `stored` says a file was stored by this call, to discard if the save then fails.
 */
export async function resolveImageField(
  form: FormData,
  name: string,
  meta: { uploadedBy?: string } = {},
): Promise<ImageFieldResult> {
  const names = imageFieldNames(name);
  const file = form.get(names.file);
  if (file instanceof Blob && file.size > 0) {
    const stored = await storeImage(file, {
      filename: file instanceof File ? file.name : undefined,
      uploadedBy: meta.uploadedBy,
    });
    if (!stored.ok) return { ok: false, message: stored.detail ?? stored.message };
    return { ok: true, url: stored.url, stored: true };
  }
  if (form.get(names.remove) === "on") return { ok: true, url: "", stored: false };
  const value = form.get(names.url);
  // Checked by the editor's schema (isValidImageUrl) before this is called.
  const url = await imageAddressToSave(typeof value === "string" ? value.trim() : "");
  if (url === null) return { ok: false, message: IMAGE_UPLOAD_FAILED };
  return { ok: true, url, stored: false };
}

/**
 * The address a document keeps for an image address an editor or a JSON API client sent (its
 * form already checked by isValidImageUrl), or null to refuse it: this site's own absolute
 * address of a stored image becomes `/images/<id>`, any other own address under /images/ is
 * refused (see storedImagePath), and so is a stored image that is not there.
 */
export async function imageAddressToSave(url: string): Promise<string | null> {
  const address = storedImagePath(url, getEnv().SITE_URL);
  if (address === null || (await isMissingStoredImage(address))) return null;
  return address;
}

/**
 * Whether an address names a file of ours that is not there: a stored file that is gone (an
 * upload left unsaved for more than a day is swept, see sweepUnusedImages) must not be saved as
 * if it were. Other addresses (site paths, http(s)) are not ours to check. The editors and the
 * JSON API both ask before saving an image address.
 */
export async function isMissingStoredImage(url: string): Promise<boolean> {
  const id = storedImageId(url);
  return id !== null && !(await storedImageExists(id));
}

/** How long a stored file may wait for the document that will use it (see sweepUnusedImages). */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes stored files that no document refers to and that are older than the grace period:
 * files uploaded with JavaScript whose form was never saved (cancelled, tab closed), and any
 * file a failed clean-up left behind. The grace period covers an editor left open for hours;
 * at most `limit` files are deleted per run, oldest first, each with its resized variants, and
 * variants left without their file go too. Safe to run on several instances at once (a delete
 * of a file already gone is ignored). Answers how many files were deleted.
 */
export async function sweepUnusedImages(
  options: { now?: Date; graceMs?: number; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.graceMs ?? UNUSED_IMAGE_GRACE_MS));
  const images = await bucket();
  const limit = options.limit ?? 500;
  let deleted = 0;
  for await (const file of images.find({ uploadDate: { $lt: cutoff } }).sort({ uploadDate: 1 })) {
    if (deleted >= limit) break;
    const url = `/images/${file._id.toHexString()}`;
    if (await isImageInUse(url)) continue;
    try {
      await images.delete(file._id);
      deleted += 1;
    } catch {
      // Deleted meanwhile by another instance's sweep.
    }
    await deleteImageVariants(file._id);
  }
  await sweepOrphanVariants();
  return deleted;
}
