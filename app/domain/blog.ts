// The blog post form (SPEC §3, §5, §8): shared by the browser (conform's instant checks) and the
// admin action. SPEC §5: title and description non-blank, an image that exists, an author.
// The image fields follow components/admin/image-field.tsx: the hidden address (`imageUrl`),
// the file picked without JavaScript (`imageUrlFile`) and the "Remove image" box
// (`imageUrlRemove`); the post needs an image from the address or the file.
import { z } from "zod";
import { imageFieldNames, isValidImageUrl } from "./image";

export const BLOG_REQUIRED = "Title and description are required.";
export const BLOG_IMAGE_REQUIRED = "Please upload a valid image before submitting.";
export const BLOG_AUTHOR_REQUIRED = "Author is required.";
/** SPEC §8: what a failed save says, above the form (which keeps its values). */
export const BLOG_CREATE_FAILED = "Failed to create blog.";
export const BLOG_UPDATE_FAILED = "Failed to update blog.";
/** SPEC §6. */
export const BLOG_DELETE_CONFIRM = "Are you sure you want to delete this blog?";

/** The editor's flash and the JSON API's message after a write. */
export const BLOG_CREATED = "Blog created.";
export const BLOG_UPDATED = "Blog updated.";
export const BLOG_DELETED = "Blog deleted.";
/**
 * An id that is malformed or names no post: SPEC §2 (blog detail) 'Blog not found.', what
 * /blog/{id} and the JSON API (which that page's clients read) answer.
 */
export const BLOG_NOT_FOUND = "Blog not found.";
/** The editor's 404 for a post that is not there (its own, longer text). */
export const BLOG_EDITOR_NOT_FOUND = "This blog post does not exist (it may have been deleted).";

export const TITLE_MAX = 200;
/** About 15,000 words: far more than any post, far less than the body limit. */
export const DESCRIPTION_MAX = 100_000;
export const AUTHOR_MAX = 100;
export const EXCERPT_MAX = 300;
export const TAGS_MAX = 20;
export const TAG_MAX = 40;
/** SPEC §5: the Markdown textarea's height. */
export const DESCRIPTION_ROWS = 6;

/** The names ImageField gives its inputs (written out in the schema below). */
export const IMAGE_FIELD = imageFieldNames("imageUrl");
export const AVATAR_FIELD = imageFieldNames("authorAvatar");

/**
 * "SEO, react , seo,,Cloud" -> ["SEO", "react", "Cloud"]: trimmed, blanks dropped, a tag that
 * differs from an earlier one only in case left out (the public page shows tags in capitals,
 * so they would look the same).
 */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

const hasFile = (value: unknown) =>
  typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;

/** Browsers post a textarea's line breaks as CRLF; the stored Markdown uses LF. */
const lf = (value: string) => value.replace(/\r\n?/g, "\n");

// conform turns an empty field into undefined; a blank one is empty once trimmed.
const required = (message: string, max: number, what: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `The ${what} can be at most ${max} characters long.`)
    .transform(lf);

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${what} can be at most ${max} characters long.`)
    .optional()
    .transform((value) => lf(value ?? ""));

/** An image field's kept or uploaded address: empty, or one a document may hold. */
const imageAddress = z
  .string()
  .trim()
  .optional()
  .transform((value) => value ?? "")
  .refine((value) => value === "" || isValidImageUrl(value), BLOG_IMAGE_REQUIRED);

export const blogSchema = z
  .object({
    title: required(BLOG_REQUIRED, TITLE_MAX, "title"),
    description: required(BLOG_REQUIRED, DESCRIPTION_MAX, "description"),
    imageUrl: imageAddress,
    // Read by resolveImageField (domain/image.server.ts); here only to know an image is coming.
    imageUrlFile: z.any().optional(),
    imageUrlRemove: z.string().optional(),
    author: required(BLOG_AUTHOR_REQUIRED, AUTHOR_MAX, "author"),
    authorName: optionalText(AUTHOR_MAX, "author name"),
    authorAvatar: imageAddress,
    authorAvatarFile: z.any().optional(),
    authorAvatarRemove: z.string().optional(),
    excerpt: optionalText(EXCERPT_MAX, "excerpt"),
    tags: z
      .string()
      .optional()
      .transform((value) => parseTags(value ?? ""))
      .refine((tags) => tags.length <= TAGS_MAX, `At most ${TAGS_MAX} tags.`)
      .refine(
        (tags) => tags.every((tag) => tag.length <= TAG_MAX),
        `A tag can be at most ${TAG_MAX} characters long.`,
      ),
  })
  .refine(
    (value) => {
      // A new file, or an address that is kept (not ticked for removal).
      const url = typeof value.imageUrl === "string" ? value.imageUrl.trim() : "";
      return hasFile(value.imageUrlFile) || (url !== "" && value.imageUrlRemove !== "on");
    },
    {
      path: [IMAGE_FIELD.url],
      message: BLOG_IMAGE_REQUIRED,
      // Checked even when another field is wrong: every message comes with the first submit.
      // The value may then be the raw input, hence the type checks above.
      when: () => true,
    },
  );

/** The file fields never go back to the page in a reply (a File does not serialise). */
export const BLOG_FILE_FIELDS = [IMAGE_FIELD.file, AVATAR_FIELD.file];

/** What is stored (db/collections.ts BlogDoc), once the images are resolved. */
export interface BlogInput {
  title: string;
  description: string;
  imageUrl: string;
  author: string;
  authorName: string;
  authorAvatar: string;
  excerpt: string;
  tags: string[];
}

// ---- The JSON API (routes/api/blog.ts, blog-id.ts) ----

/**
 * A post's JSON body: the form's own field schemas (same rules, same messages), with what JSON
 * says differently. The image is its address only (uploaded first through POST /api/images) and
 * is required; tags may be a list of strings or the comma-separated text the old form sent,
 * both read by parseTags (a tag cannot hold a comma: the editor would split it on the next save).
 */
export const blogApiSchema = z.object({
  title: blogSchema.shape.title,
  description: blogSchema.shape.description,
  imageUrl: z
    .string({ error: BLOG_IMAGE_REQUIRED })
    .optional()
    .pipe(blogSchema.shape.imageUrl)
    .refine((url) => url !== "", BLOG_IMAGE_REQUIRED),
  author: blogSchema.shape.author,
  authorName: blogSchema.shape.authorName,
  authorAvatar: blogSchema.shape.authorAvatar,
  excerpt: blogSchema.shape.excerpt,
  tags: z
    .union([z.array(z.string()).transform((tags) => tags.join(",")), z.string()], {
      error: "Tags are a list of strings, or one string of comma-separated tags.",
    })
    .optional()
    .pipe(blogSchema.shape.tags),
}) satisfies z.ZodType<BlogInput>;

/** A post as the JSON API answers it: dates as ISO strings. */
export const blogRecord = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string().describe("Markdown"),
  imageUrl: z.string(),
  author: z.string(),
  authorName: z.string(),
  authorAvatar: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
