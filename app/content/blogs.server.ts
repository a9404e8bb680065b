// Blog posts' store and public reads: the kit's store with the post's own way of reading a
// document (older clients of the JSON API may have left fields out), a slim admin table, and
// what the public pages, the feed and the sitemap read (newest first, paged, latest few).
import { z } from "zod";
import { getCollections } from "#db/client.server";
import type { BlogDoc } from "#db/collections";
import { markdownToPlainText, truncate } from "~/lib/format";
import { type ListPage, listPage } from "~/lib/list-page.server";
import { type BlogPost, blogs } from "./blogs";
import { collectionStore, type Doc } from "./kit/store.server";

/** The post's text fields, in the record's order (a JSON answer's too). */
const TEXTS = Object.keys(blogs.record.shape).filter(
  (key) => blogs.record.shape[key as keyof typeof blogs.record.shape] instanceof z.ZodString,
);

/**
 * A stored post with every field filled: only title, description, imageUrl and author are
 * guaranteed (the rest may be missing from posts older clients of the API wrote), so pages
 * never meet an undefined.
 */
function readPost(d: Doc): Omit<BlogPost, "_id"> {
  const createdAt = d.createdAt instanceof Date ? d.createdAt : d._id.getTimestamp();
  const texts = TEXTS.map((key) => [key, typeof d[key] === "string" ? d[key] : ""]);
  return {
    ...(Object.fromEntries(texts) as Omit<BlogPost, "_id" | "tags" | "createdAt" | "updatedAt">),
    // Unique, non-blank tags (duplicates would also repeat React keys).
    tags: Array.isArray(d.tags)
      ? [...new Set(d.tags.filter((t): t is string => typeof t === "string" && t.trim() !== ""))]
      : [],
    createdAt,
    updatedAt: d.updatedAt instanceof Date ? d.updatedAt : createdAt,
  };
}

const base = collectionStore<typeof blogs>({ ...blogs, fromDocument: readPost });

export const blogStore = {
  ...base,
  /** The admin table's rows: no Markdown body, and the name the post shows as its author. */
  async listForAdmin(query: { q: string; page: number }) {
    const list = await base.listForAdmin(query);
    const items = list.items.map((post) => ({
      _id: post._id,
      title: post.title,
      author: post.authorName.trim() || post.author,
      imageUrl: post.imageUrl,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      updatedBy: post.updatedBy,
    }));
    return { ...list, items };
  },
};

const collection = async () => (await getCollections()).blogs;
const NEWEST_FIRST = blogs.publicSort;
const toPost = (d: BlogDoc): BlogPost => ({ ...readPost(d), _id: d._id.toHexString() });

/** One page of posts, newest first (past the end: the last page, and the route answers 404). */
export async function listBlogPage(page: number, pageSize: number): Promise<ListPage<BlogPost>> {
  return listPage(await collection(), {
    filter: {},
    sort: NEWEST_FIRST,
    page,
    pageSize,
    map: toPost,
  });
}

/** The newest posts, for the home page. */
export const listLatestBlogs = async (limit: number) => (await listBlogPage(1, limit)).items;

/**
 * Id and last change of every post, newest first: all the sitemap needs, without reading the
 * Markdown bodies.
 */
export async function listBlogStamps() {
  const docs = await (await collection())
    .find({}, { projection: { _id: 1, createdAt: 1, updatedAt: 1 } })
    .sort(NEWEST_FIRST)
    .toArray();
  return docs.map((d) => ({ _id: d._id.toHexString(), updatedAt: d.updatedAt ?? d.createdAt }));
}

/** Social descriptions are cut at 160 characters. */
const SUMMARY_LENGTH = 160;

/**
 * A post's description for meta tags and the feed: its excerpt, else the start of its Markdown
 * as plain text, cut at 160 characters.
 */
export function blogSummary(post: Pick<BlogPost, "excerpt" | "description">): string {
  return post.excerpt.trim() || truncate(markdownToPlainText(post.description), SUMMARY_LENGTH);
}

/** Minutes an average reader needs (about 200 words a minute), at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdownToPlainText(markdown).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
