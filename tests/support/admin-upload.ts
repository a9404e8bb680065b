// Posting a multipart admin form (an editor with an image field) the way a browser without
// JavaScript does, and looking at what GridFS holds. Shared by the action tests of the editors
// with images (app/routes/admin/{testimonials,resources}.test.ts).
import { GridFSBucket } from "mongodb";
import sharp from "sharp";
import { getDb } from "#db/client.server";
import { IMAGE_BUCKET } from "~/domain/image.server";
import { runRoute } from "./admin-request";

/** Runs an action with a multipart POST of `fields`; answers what it returned or threw. */
export async function callMultipart(
  fn: (args: never) => unknown,
  path: string,
  options: { cookie?: string; fields: Record<string, string | Blob> },
  // biome-ignore lint/suspicious/noExplicitAny: data(), a Response or plain data, per branch.
): Promise<any> {
  const body = new FormData();
  for (const [name, value] of Object.entries(options.fields)) body.append(name, value);
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: options.cookie ? { Cookie: options.cookie } : {},
    body,
  });
  return runRoute(fn, request);
}

const bucket = async () => new GridFSBucket(await getDb(), { bucketName: IMAGE_BUCKET });

/** The files in the images bucket. */
export async function storedImages() {
  return (await bucket()).find({}).toArray();
}

/** The addresses (`/images/<id>`) of the stored files. */
export async function storedImageUrls(): Promise<string[]> {
  return (await storedImages()).map((file) => `/images/${file._id.toHexString()}`);
}

export async function clearStoredImages(): Promise<void> {
  const images = await bucket();
  for (const file of await images.find({}).toArray()) await images.delete(file._id);
}

/** A real PNG of the given size. */
export async function pngFile(name = "photo.png", width = 40, height = 40): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

/** What an image field says for a file that is not an image, and for an SVG. */
export const NOT_AN_IMAGE =
  "Image upload failed: the file is not an image; choose a JPEG, PNG, WebP, GIF or AVIF image.";
export const SVG_REFUSED =
  "Image upload failed: SVG drawings are not accepted (they can carry scripts). Export it as PNG or WebP.";

/**
 * Files every image field must refuse, with the message that says what was wrong (the name the
 * browser gave the file is not trusted: the text file is called .png).
 */
export const REFUSED_FILES: ReadonlyArray<[string, () => File, string]> = [
  [
    "a text file",
    () => new File(["hello, not an image"], "notes.png", { type: "image/png" }),
    NOT_AN_IMAGE,
  ],
  [
    "an SVG",
    () =>
      new File(
        ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
        "x.svg",
        { type: "image/svg+xml" },
      ),
    SVG_REFUSED,
  ],
  [
    "a 6 MB file",
    () => {
      const bytes = new Uint8Array(6_000_000);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return new File([bytes], "big.png", { type: "image/png" });
    },
    "Image upload failed: the file is 5.7 MB; images may be at most 5 MB.",
  ],
];
