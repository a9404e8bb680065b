// The demo content's pictures (public/demo/*.webp, made by db/seed/images/generate.ts) are
// seeded into the GridFS bucket `images`, like an upload, so the demo pages are served the same
// way as real content: /images/<id>, with resized AVIF/WebP variants (docs/decisions/017).
// Each file gets a stable id derived from its name: seeding twice, or two instances at once,
// stores each picture once. The files stay in public/demo: a database seeded before kept
// `/demo/...` addresses, and the fallback pictures (default-*.webp) are served from there.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { type Db, GridFSBucket, ObjectId } from "mongodb";
import sharp from "sharp";

/** The images bucket (app/domain/image.server.ts IMAGE_BUCKET; db code does not import app). */
const BUCKET = "images";

/** The fallback pictures of the site's components: static files, never content. */
const NOT_CONTENT = new Set(["default-avatar.webp", "default-image.webp"]);

/** The GridFS id of a demo picture, the same in every database. */
export function demoImageId(file: string): ObjectId {
  const digest = createHash("sha256").update(`bureau-demo:image:${file}`).digest();
  return new ObjectId(digest.subarray(0, 12));
}

/** The address the demo content keeps for a picture of public/demo. */
export function demoImageUrl(file: string): string {
  return `/images/${demoImageId(file).toHexString()}`;
}

/**
 * public/demo: next to db/ in the source tree, and two levels up from the server build
 * (build/server/index.js) too; else the working directory's (the server starts from the root).
 */
export function demoImageDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.resolve(here, "../../public/demo");
  return existsSync(beside) ? beside : path.resolve("public/demo");
}

/** The demo pictures that are content (every public/demo file but the fallbacks). */
export function demoImageFiles(): string[] {
  return readdirSync(demoImageDir())
    .filter((file) => file.endsWith(".webp") && !NOT_CONTENT.has(file))
    .sort();
}

/**
 * Stores every demo picture that is not in the bucket yet; answers how many it stored. Safe to
 * run on several instances at once: a picture another instance is storing fails here on the
 * bucket's unique indexes (file id, chunk number) and is left to that instance, never cleaned
 * up (that would delete the other instance's copy, which has the same id).
 */
export async function seedDemoImages(db: Db): Promise<number> {
  const bucket = new GridFSBucket(db, { bucketName: BUCKET });
  const files = db.collection(`${BUCKET}.files`);
  const dir = demoImageDir();
  let stored = 0;
  for (const file of demoImageFiles()) {
    const id = demoImageId(file);
    if (await files.countDocuments({ _id: id }, { limit: 1 })) continue;
    const bytes = readFileSync(path.join(dir, file));
    const { width, height } = await sharp(bytes).metadata();
    const upload = bucket.openUploadStreamWithId(id, file, {
      metadata: { contentType: "image/webp", width, height, uploadedBy: null },
    });
    try {
      await pipeline(Readable.from([bytes]), upload);
      stored += 1;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
    }
  }
  return stored;
}
