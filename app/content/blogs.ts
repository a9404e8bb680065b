// Blog posts: the articles of /blog, /blog/{id}, the home page's latest, the feed and the
// sitemap. Title, description (Markdown) and author are required, and so is a cover image;
// the author's name and avatar, the excerpt and the tags are optional. Tags are typed as one
// comma-separated line and kept as a list. The post's own behaviour lives beside this file:
// how stored posts are read and the public reads (blogs.server.ts), the editor with its
// Markdown preview (blog-editor.tsx).
//
// The image fields follow components/admin/image-field.tsx: the hidden address (`imageUrl`),
// the file picked without JavaScript (`imageUrlFile`) and the "Remove image" box
// (`imageUrlRemove`); the form's schema names the file too, so that every message (the cover
// image's included) comes with the first submit.
import { z } from "zod";
import { imageFieldNames, isValidImageUrl } from "~/domain/image";
import { address } from "./kit/document-schema";
import { altFields } from "./kit/image-alt-schema";
import { requiredText } from "./kit/schema";
import { collectionTexts, defineCollection, recordFrom } from "./kit/types";

export const BLOG_REQUIRED = "Title and description are required.";
export const BLOG_IMAGE_REQUIRED = "Please upload a valid image before submitting.";
export const BLOG_AUTHOR_REQUIRED = "Author is required.";
/**
 * An id that is malformed or names no post: what /blog/{id} and the JSON API (which that
 * page's clients read) answer. The editor has its own, longer text.
 */
export const BLOG_NOT_FOUND = "Blog not found.";

const TITLE_MAX = 200;
/** About 15,000 words: far more than any post, far less than the body limit. */
const DESCRIPTION_MAX = 100_000;
const AUTHOR_MAX = 100;
const EXCERPT_MAX = 300;
const TAGS_MAX = 20;
const TAG_MAX = 40;

/** The names ImageField gives the cover image's inputs (written out in the schema below). */
const IMAGE_FIELD = imageFieldNames("imageUrl");

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

/** A file was picked (an empty part is what a form posts when none was). */
export const hasFile = (value: unknown) =>
  typeof Blob !== "undefined" && value instanceof Blob && value.size > 0;

/** Browsers post a textarea's line breaks as CRLF; the stored Markdown uses LF. */
const lf = (value: string) => value.replace(/\r\n?/g, "\n");

const required = (message: string, max: number, what: string) =>
  requiredText(message, max, what).transform(lf);

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${what} can be at most ${max} characters long.`)
    .optional()
    .transform((value) => lf(value ?? ""));

/** An image field's kept or uploaded address: empty, or one a document may hold. */
const imageAddress = address(BLOG_IMAGE_REQUIRED, isValidImageUrl);

const tags = z
  .string()
  .optional()
  .transform((value) => parseTags(value ?? ""))
  .refine((list) => list.length <= TAGS_MAX, `At most ${TAGS_MAX} tags.`)
  .refine(
    (list) => list.every((tag) => tag.length <= TAG_MAX),
    `A tag can be at most ${TAG_MAX} characters long.`,
  );

/** What a client sends as JSON, and the form too (besides its image files and boxes). */
const post = z.object({
  title: required(BLOG_REQUIRED, TITLE_MAX, "title"),
  description: required(BLOG_REQUIRED, DESCRIPTION_MAX, "description"),
  imageUrl: imageAddress,
  ...altFields("imageUrl"),
  author: required(BLOG_AUTHOR_REQUIRED, AUTHOR_MAX, "author"),
  authorName: optionalText(AUTHOR_MAX, "author name"),
  authorAvatar: imageAddress,
  // A team member of the about page, by name: the post shows their portrait and role. A name
  // the team no longer has falls back to the author fields above.
  authorMember: optionalText(AUTHOR_MAX, "team member"),
  excerpt: optionalText(EXCERPT_MAX, "excerpt"),
  tags,
});

const schema = post
  .extend({
    // Read by the kit's image step (domain/image.server.ts resolveImageField); here only for
    // the check below to know a cover image is coming.
    imageUrlFile: z.any().optional(),
    imageUrlRemove: z.string().optional(),
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

/**
 * A post's JSON body: the form's field schemas (same rules, same messages), with what JSON says
 * differently. The images are their addresses only (uploaded first through POST /api/images;
 * the kit requires the cover image, kit/api.server.ts apiBody); tags may be a list of strings or
 * the comma-separated text the old form sent, both read by parseTags (a tag cannot hold a comma:
 * the editor would split it on the next save).
 */
const blogApiSchema = post.extend({
  tags: z
    .union([z.array(z.string()).transform((list) => list.join(",")), z.string()], {
      error: "Tags are a list of strings, or one string of comma-separated tags.",
    })
    .optional()
    .pipe(tags),
});

/** What a post holds besides its id and dates (db/collections.ts BlogDoc). */
const fields = recordFrom(post, {
  description: z.string().describe("Markdown"),
  tags: z.array(z.string()),
});

export const blogs = defineCollection({
  entity: "blog",
  own: "the Markdown preview, the cover image and avatar, tags, and a slimmer table row",
  collection: "blogs",
  schema,
  apiSchema: blogApiSchema,
  record: fields.extend({ createdAt: z.date(), updatedAt: z.date() }),
  // JSON answers the dates as ISO strings.
  apiRecord: fields.extend({ createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() }),
  fields: [
    { kind: "text", name: "title", label: "Title", maxLength: TITLE_MAX },
    {
      kind: "markdown",
      name: "description",
      label: "Description",
      rows: 6,
      maxLength: DESCRIPTION_MAX,
    },
    {
      kind: "textarea",
      name: "excerpt",
      label: "Excerpt",
      rows: 2,
      maxLength: EXCERPT_MAX,
      hint: "A sentence or two for search results and social cards. Empty: the start of the description.",
    },
    {
      kind: "tags",
      name: "tags",
      label: "Tags",
      placeholder: "e.g. SEO, Web Development",
      hint: "Separated by commas. Repeated tags are kept once.",
    },
    {
      kind: "image",
      name: "imageUrl",
      label: "Cover image",
      required: BLOG_IMAGE_REQUIRED,
      invalid: BLOG_IMAGE_REQUIRED,
      hint: "JPEG, PNG, WebP, GIF or AVIF, at most 5 MB. Larger than 2,560 px on a side is scaled down.",
      removable: false,
    },
    {
      kind: "text",
      name: "author",
      label: "Author",
      maxLength: AUTHOR_MAX,
      hint: "Who wrote the post.",
      half: true,
    },
    {
      kind: "text",
      name: "authorName",
      label: "Author name",
      maxLength: AUTHOR_MAX,
      hint: "The name the post shows. Empty: the author.",
      half: true,
    },
    {
      kind: "image",
      name: "authorAvatar",
      label: "Author avatar",
      invalid: BLOG_IMAGE_REQUIRED,
      hint: "Square works best. Empty: a default avatar. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.",
      decorative: "Shown beside the author's name, which says who it is.",
    },
    {
      // Drawn by the post's editor as a choice of the about page's team (blog-editor.tsx).
      kind: "text",
      name: "authorMember",
      label: "Team member",
      maxLength: AUTHOR_MAX,
      hint: "The post shows their name, portrait and role. None: the author fields below.",
    },
  ],
  // The flashes and the delete question say "blog"; the 404 says "blog post" (the noun).
  texts: {
    ...collectionTexts("blog"),
    notFound: "This blog post does not exist (it may have been deleted).",
    apiNotFound: BLOG_NOT_FOUND,
  },
  summary: (post) => post.title,
  searchFields: ["title", "description", "author", "authorName", "excerpt", "tags"],
  // Newest first everywhere: /blog, the feed, the JSON API and the admin table.
  publicSort: { createdAt: -1, _id: -1 },
  admin: {
    path: "/admin/dashboard/blogs",
    title: "Blog Posts",
    description: "The articles on the blog, the home page and the feed, newest first.",
    siteLink: "/blog",
    addLabel: "Add New Blog Post",
    formTitle: { create: "Add New Blog Post", edit: "Edit Blog Post" },
    noun: ["blog post", "blog posts"],
    search: { label: "Search blog posts", placeholder: "Words in a title, text, author or tag" },
    emptyText: "No blog articles found.",
    titleColumn: {
      label: "Title",
      title: "title",
      siteHref: (post) => `/blog/${post._id}`,
      sort: true,
    },
    columns: [
      { label: "Image", field: "imageUrl", kind: "image", from: "sm", before: true },
      // The name the post shows (blogs.server.ts listForAdmin): one of three stored fields, so
      // no stored order matches it and it does not sort.
      { label: "Author", field: "author", kind: "text", from: "lg" },
      { label: "Date", field: "createdAt", kind: "date", from: "lg", sort: true },
    ],
    subject: (post) => String(post.title),
  },
  api: {
    path: "/api/blog",
    tag: "Blog",
    listSummary: "Every post, newest first (the order of /blog)",
    createDescription:
      "imageUrl is required: upload the picture first (POST /api/images) and send its secure_url. tags: a list of strings or comma-separated text.",
    updateDescription:
      "The whole post, as for POST. Images it no longer shows are deleted once nothing else uses them.",
    summaries: {
      create: "Publish a post",
      one: "One post",
      update: "Replace a post",
      delete: "Delete a post",
    },
  },
  example: {
    title: "Shipping on Fridays",
    description: "## Why not\n\nTests, and a way back.",
    imageUrl: "/demo/resource-wcag.webp",
    imageUrlAlt: "A release checklist pinned to a whiteboard",
    author: "Ana Lima",
    tags: "process, releases",
  },
});

/** Who a post shows as its author (blogs.server.ts blogAuthor). */
export interface BlogAuthor {
  name: string;
  /** The team member's role; "" for an author typed on the post. */
  role: string;
  /** The portrait or avatar address; "" for the default avatar. */
  avatar: string;
}

/** A post shows this when neither a team member nor a name is given (older API clients). */
export const UNKNOWN_AUTHOR = "Unknown Author";

/** A post as read: every field filled (blogs.server.ts normalises older documents). */
export type BlogPost = z.output<typeof blogs.record> & { _id: string };
