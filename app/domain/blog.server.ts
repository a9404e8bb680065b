// Blog posts (SPEC §3): the home page's latest articles, /blog, /blog/{id}, the feed and sitemap.
import { getCollections } from "#db/client.server";
import type { BlogDoc } from "#db/collections";
import { afterWrite } from "~/content/after-write.server";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-list";
import { createdBy, type EditInfo, editedBy, editInfo } from "~/lib/edit-stamps";
import { markdownToPlainText, truncate } from "~/lib/format";
import { type ListPage, listPage, searchFilter } from "~/lib/list-page.server";
import type { Actor } from "./audit";
import type { BlogInput } from "./blog";
import { deleteImageIfUnused } from "./image.server";
import { parseObjectId } from "./object-id.server";

export interface BlogPost {
  _id: string;
  title: string;
  /** Markdown. */
  description: string;
  imageUrl: string;
  author: string;
  authorName: string;
  authorAvatar: string;
  excerpt: string;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * SPEC §3 only guarantees title, description, imageUrl and author; the rest ("as read on the
 * detail page") may be missing from posts written by older clients of the API, so every field
 * is normalised here and pages never meet an undefined.
 */
function toPost(d: BlogDoc): BlogPost {
  const createdAt = d.createdAt instanceof Date ? d.createdAt : d._id.getTimestamp();
  return {
    _id: d._id.toHexString(),
    title: text(d.title),
    description: text(d.description),
    imageUrl: text(d.imageUrl),
    author: text(d.author),
    authorName: text(d.authorName),
    authorAvatar: text(d.authorAvatar),
    excerpt: text(d.excerpt),
    // Unique, non-blank tags (duplicates would also repeat React keys).
    tags: Array.isArray(d.tags)
      ? [...new Set(d.tags.filter((t): t is string => typeof t === "string" && t.trim() !== ""))]
      : [],
    createdAt,
    updatedAt: d.updatedAt instanceof Date ? d.updatedAt : createdAt,
  };
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** The newest posts, for the home page. */
export async function listLatestBlogs(limit: number): Promise<BlogPost[]> {
  const { blogs } = await getCollections();
  const docs = await blogs.find({}).sort(NEWEST_FIRST).limit(limit).toArray();
  return docs.map(toPost);
}

/** Every post, newest first (feed, sitemap). */
export async function listAllBlogs(): Promise<BlogPost[]> {
  const { blogs } = await getCollections();
  return (await blogs.find({}).sort(NEWEST_FIRST).toArray()).map(toPost);
}

export interface BlogPage {
  posts: BlogPost[];
  page: number;
  pages: number;
  total: number;
}

/** One page of posts, newest first. A page past the end gives no posts (the route answers 404). */
export async function listBlogPage(page: number, pageSize: number): Promise<BlogPage> {
  const { blogs } = await getCollections();
  const total = await blogs.countDocuments({});
  const docs = await blogs
    .find({})
    .sort(NEWEST_FIRST)
    .skip((page - 1) * pageSize)
    .limit(pageSize)
    .toArray();
  return { posts: docs.map(toPost), page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
}

/** The post with this id, or null when the id is unknown or not an ObjectId at all. */
export async function getBlogById(id: string): Promise<BlogPost | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { blogs } = await getCollections();
  const doc = await blogs.findOne({ _id });
  return doc ? toPost(doc) : null;
}

export interface BlogStamp {
  _id: string;
  updatedAt: Date;
}

/**
 * Id and last change of every post, newest first: all the sitemap needs, without reading the
 * Markdown bodies.
 */
export async function listBlogStamps(): Promise<BlogStamp[]> {
  const { blogs } = await getCollections();
  const docs = await blogs
    .find({}, { projection: { _id: 1, createdAt: 1, updatedAt: 1 } })
    .sort(NEWEST_FIRST)
    .toArray();
  return docs.map((d) => ({ _id: d._id.toHexString(), updatedAt: d.updatedAt ?? d.createdAt }));
}

/** SPEC §9: social descriptions are cut at 160 characters. */
export const SUMMARY_LENGTH = 160;

/**
 * A post's description for meta tags and the feed (SPEC §2): its excerpt, else the start of
 * its Markdown as plain text, cut at 160 characters.
 */
export function blogSummary(post: Pick<BlogPost, "excerpt" | "description">): string {
  return post.excerpt.trim() || truncate(markdownToPlainText(post.description), SUMMARY_LENGTH);
}

/** Minutes an average reader needs (about 200 words a minute), at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdownToPlainText(markdown).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

// ---- Admin (routes/admin/blogs.tsx) ----

/** A row of the admin table. */
export interface AdminBlogRow extends EditInfo {
  _id: string;
  title: string;
  author: string;
  imageUrl: string;
}

/** The admin table: newest first (SPEC §4, created records go to the front), searchable. */
export async function listBlogsForAdmin(query: {
  q: string;
  page: number;
}): Promise<ListPage<AdminBlogRow>> {
  const { blogs } = await getCollections();
  return listPage(blogs, {
    filter: searchFilter<BlogDoc>(query.q, [
      "title",
      "description",
      "author",
      "authorName",
      "excerpt",
      "tags",
    ]),
    sort: NEWEST_FIRST,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    map: (d) => {
      const post = toPost(d);
      return {
        _id: post._id,
        title: post.title,
        // The name shown on the post, as the public page picks it.
        author: post.authorName.trim() || post.author,
        imageUrl: post.imageUrl,
        ...editInfo({ ...d, createdAt: post.createdAt, updatedAt: post.updatedAt }),
      };
    },
  });
}

/** The images a post held, to delete once nothing else uses them. */
export interface BlogImages {
  imageUrl: string;
  authorAvatar: string;
}

const imagesOf = (d: Partial<BlogDoc>): BlogImages => ({
  imageUrl: text(d.imageUrl),
  authorAvatar: text(d.authorAvatar),
});

export async function createBlog(input: BlogInput, actor: Actor): Promise<string> {
  const { blogs } = await getCollections();
  const result = await blogs.insertOne({ ...input, ...createdBy(actor.email) } as BlogDoc);
  const id = result.insertedId.toHexString();
  await afterWrite({ actor, action: "create", entity: "blog", entityId: id, summary: input.title });
  return id;
}

/**
 * Writes a post and records who changed it; answers the images it held before, or null when
 * the id names no post (deleted meanwhile, or never there).
 */
export async function updateBlog(
  id: string,
  input: BlogInput,
  actor: Actor,
): Promise<BlogImages | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { blogs } = await getCollections();
  const before = await blogs.findOneAndUpdate(
    { _id },
    { $set: { ...input, ...editedBy(actor.email) } },
    { returnDocument: "before", projection: { imageUrl: 1, authorAvatar: 1 } },
  );
  if (!before) return null;
  await afterWrite({ actor, action: "update", entity: "blog", entityId: id, summary: input.title });
  return imagesOf(before);
}

/** Deletes a post; answers the images it held, or null when the id names no post. */
export async function deleteBlog(id: string, actor: Actor): Promise<BlogImages | null> {
  const _id = parseObjectId(id);
  if (!_id) return null;
  const { blogs } = await getCollections();
  const deleted = await blogs.findOneAndDelete(
    { _id },
    { projection: { imageUrl: 1, authorAvatar: 1, title: 1 } },
  );
  if (!deleted) return null;
  await afterWrite({
    actor,
    action: "delete",
    entity: "blog",
    entityId: id,
    summary: text(deleted.title),
  });
  return imagesOf(deleted);
}

/**
 * After a post was updated (`after`: its new images) or deleted (`after` null): the images it
 * no longer shows go, unless another document still does. The editor and the JSON API both
 * call this once the write succeeded.
 */
export async function releaseBlogImages(
  before: BlogImages,
  after: BlogImages | null,
): Promise<void> {
  if (before.imageUrl !== after?.imageUrl) await deleteImageIfUnused(before.imageUrl);
  if (before.authorAvatar !== after?.authorAvatar) await deleteImageIfUnused(before.authorAvatar);
}
