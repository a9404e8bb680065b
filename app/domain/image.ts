// Image fields shared by the browser and the server (issue 6 "Images"): limits, texts and which
// image addresses a saved document may hold. The storage itself is in image.server.ts.

/** Largest accepted file: 5 MB (SPEC/issue 6). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Longest side kept; larger images are scaled down to it on upload. */
export const IMAGE_MAX_SIDE = 2560;
/** What the file picker offers; the server still reads the type from the bytes. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";
export const IMAGE_UPLOAD_FAILED = "Image upload failed. Please try again.";
export const IMAGE_UPLOAD_NETWORK = "Image upload failed. Please check your connection.";

/** Why a file was refused: what the editor is told beside the field, so it can be put right. */
export type ImageRefusal =
  | { kind: "empty" }
  | { kind: "too-large"; bytes: number }
  /** `found`: what the file is instead ("PDF", "SVG"), when that can be told. */
  | { kind: "type"; found: string | null }
  | { kind: "too-many-pixels"; width: number; height: number }
  | { kind: "unreadable"; format: string };

/** The most pixels an upload may have: 100 million (10,000 × 10,000). */
export const IMAGE_MAX_PIXELS = 10_000 * 10_000;

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;

/**
 * The message for a refused file: "Image upload failed" and what was wrong with it (its type,
 * size or dimensions). "Please try again" would only bring the same refusal.
 */
export function imageRefusalText(refusal: ImageRefusal): string {
  const wrong = (() => {
    switch (refusal.kind) {
      case "empty":
        return "the file is empty.";
      case "too-large":
        return `the file is ${megabytes(refusal.bytes)}; images may be at most 5 MB.`;
      case "type":
        return refusal.found === "SVG"
          ? "SVG drawings are not accepted (they can carry scripts). Export it as PNG or WebP."
          : `${refusal.found ? `${refusal.found} files are not accepted` : "the file is not an image"}; choose a JPEG, PNG, WebP, GIF or AVIF image.`;
      case "too-many-pixels":
        return `the image is ${refusal.width.toLocaleString("en")} × ${refusal.height.toLocaleString("en")} pixels; at most 100 million pixels (10,000 × 10,000) can be read.`;
      case "unreadable":
        return `the file starts like a ${refusal.format} image but cannot be read; it may be damaged.`;
    }
  })();
  return `Image upload failed: ${wrong}`;
}
/** Where the ImageField posts a picked file with JavaScript (routes/admin/uploads.ts). */
export const UPLOAD_ACTION = "/admin/dashboard/uploads";
/** The image field's line under the picker, unless an editor says more. */
export const IMAGE_HINT =
  "JPEG, PNG, WebP, GIF or AVIF, at most 5 MB. Larger than 2,560 px on a side is scaled down.";

/**
 * The widths /images/<id>?w= answers (docs/decisions/017): a fixed set, so the stored copies
 * stay few and nobody can make the server encode thousands of sizes. 96 and 160 serve avatars
 * (40-80 CSS px at 1-2x), the rest content images up to a full-width hero.
 */
export const IMAGE_WIDTHS: readonly number[] = [96, 160, 320, 480, 640, 960, 1280, 1920];

/** `/images/<ObjectId>`: an image stored in this site's GridFS bucket. */
export const STORED_IMAGE_PATH = /^\/images\/([0-9a-f]{24})$/;

/**
 * An image address a document may keep: one of ours (`/images/<id>`), another site path (the
 * demo content's `/demo/...`) or an http(s) address (Cloudinary's secure_url). Never
 * `javascript:`, `data:` or a protocol-relative `//host`.
 */
export function isValidImageUrl(value: string): boolean {
  if (value.length > 2048) return false;
  // A stored image only by its exact address: the in-use check (and so the clean-up of replaced
  // files) compares addresses exactly, so `/images/<id>?v=2` would lose its file.
  if (value.startsWith("/images/")) return STORED_IMAGE_PATH.test(value);
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * The form field names of an image field called `name`: the kept or uploaded address (hidden),
 * the file picked without JavaScript, and the "Remove image" checkbox.
 */
export function imageFieldNames(name: string) {
  return { url: name, file: `${name}File`, remove: `${name}Remove` } as const;
}

/**
 * An image address as documents keep it: the JSON API hands out absolute addresses of stored
 * images (`secure_url`: its clients accept only http(s) addresses), and a client saves them back as
 * such. `https://site/images/<id>` on this site's own origin becomes `/images/<id>` (a trailing
 * `#fragment` dropped), the only form the in-use check and the clean-up of unused files
 * recognise. Any other address of our own origin under /images/ (a `?query`, `//images/...`,
 * `/images/<id>/x`, an upper-case id, an encoded path) is refused with null: kept as-is it would
 * name a stored file that the in-use check cannot see, and the sweep would delete it. Anything
 * else (relative addresses, other origins, our own non-image paths) is unchanged; the form
 * check of an address is isValidImageUrl's, which refuses the same relative forms.
 */
export function storedImagePath(url: string, siteUrl: string): string | null {
  let parsed: URL;
  let site: URL;
  try {
    parsed = new URL(url);
    site = new URL(siteUrl);
  } catch {
    return url;
  }
  if (parsed.origin !== site.origin) return url;
  let path = parsed.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: judged by the raw path.
  }
  if (!/^\/+images(\/|$)/i.test(path.replace(/\\/g, "/"))) return url;
  if (parsed.search || url.includes("?")) return null;
  return STORED_IMAGE_PATH.test(parsed.pathname) ? parsed.pathname : null;
}
