// Blog posts' store and public reads: the kit's store with the post's own way of reading a
// document (older clients of the JSON API may have left fields out), a slim admin table, and
// what the public pages, the feed and the sitemap read (newest first, paged, latest few).
import { z } from "zod";
import { getCollections } from "#db/client.server";
import type { BlogDoc } from "#db/collections";
import type { BlogCardPost } from "~/components/site/blog-card";
import { markdownToPlainText } from "~/lib/format";
import { type ListPage, listPage } from "~/lib/list-page.server";
import { markdownExcerpt } from "~/lib/markdown-text.server";
import type { AboutPage } from "./about-page";
import { type BlogAuthor, type BlogPost, blogs, UNKNOWN_AUTHOR } from "./blogs";
import { altOf } from "./kit/image-alt";
import { PUBLIC_FILTER } from "./kit/publishing";
import { type AdminQuery, collectionStore, type Doc } from "./kit/store.server";

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
    imageUrlDecorative: d.imageUrlDecorative === true,
    createdAt,
    updatedAt: d.updatedAt instanceof Date ? d.updatedAt : createdAt,
  };
}

const base = collectionStore<typeof blogs>({ ...blogs, fromDocument: readPost });

export const blogStore = {
  ...base,
  /** The admin table's rows: no Markdown body, and the name the post shows as its author. */
  async listForAdmin(query: AdminQuery) {
    const list = await base.listForAdmin(query);
    const items = list.items.map((post) => ({
      _id: post._id,
      title: post.title,
      author: post.authorMember.trim() || post.authorName.trim() || post.author,
      imageUrl: post.imageUrl,
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
      updatedBy: post.updatedBy,
      publishStatus: post.publishStatus,
      hasDraft: post.hasDraft,
      publishAt: post.publishAt,
      unpublishAt: post.unpublishAt,
      lastScheduled: post.lastScheduled,
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
    filter: PUBLIC_FILTER,
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
    .find(PUBLIC_FILTER, { projection: { _id: 1, createdAt: 1, updatedAt: 1 } })
    .sort(NEWEST_FIRST)
    .toArray();
  return docs.map((d) => ({ _id: d._id.toHexString(), updatedAt: d.updatedAt ?? d.createdAt }));
}

/** Social descriptions are cut at 160 characters. */
const SUMMARY_LENGTH = 160;
/** A card's text when the author wrote no excerpt: two or three lines of a card. */
export const BLOG_CARD_LENGTH = 150;

/**
 * A post's description for meta tags and the feed: the excerpt its author wrote, else the start
 * of its Markdown as plain text, cut at a word boundary within 160 characters.
 */
export function blogSummary(post: Pick<BlogPost, "excerpt" | "description">): string {
  return post.excerpt.trim() || markdownExcerpt(post.description, SUMMARY_LENGTH);
}

// Card texts by description: the same few posts are on every uncached render of the home page,
// the blog and each post, and parsing Markdown is not free. Keyed by the text itself (an edit
// is a new key); bounded by the characters kept, since an article may be 100,000 long.
const cardTexts = new Map<string, string>();
const MAX_KEPT_CHARACTERS = 2_000_000;
let keptCharacters = 0;

/** A card's text: the excerpt the author wrote, else the start of the Markdown, cut at a word. */
export function blogCardText(post: Pick<BlogPost, "excerpt" | "description">): string {
  const excerpt = post.excerpt.trim();
  if (excerpt) return excerpt;
  let text = cardTexts.get(post.description);
  if (text === undefined) {
    text = markdownExcerpt(post.description, BLOG_CARD_LENGTH);
    if (keptCharacters + post.description.length > MAX_KEPT_CHARACTERS) {
      cardTexts.clear();
      keptCharacters = 0;
    }
    cardTexts.set(post.description, text);
    keptCharacters += post.description.length;
  }
  return text;
}

/** A team member of the about page, as a post's author. */
type Member = Pick<AboutPage["team"][number], "name" | "role" | "image">;

/** Names as typed: the same member whatever the case and spacing. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();

/** The team member a post names as its author, or undefined (none, or no longer on the team). */
export const authorMemberOf = (
  post: Pick<BlogPost, "authorMember">,
  team: readonly Member[],
): Member | undefined =>
  post.authorMember.trim() ? team.find((m) => sameName(m.name, post.authorMember)) : undefined;

/**
 * Who a post shows as its author: the team member it names (their portrait and role), else the
 * name and avatar typed on the post, else "Unknown Author".
 */
export function blogAuthor(
  post: Pick<BlogPost, "author" | "authorName" | "authorAvatar" | "authorMember">,
  team: readonly Member[],
): BlogAuthor {
  const member = authorMemberOf(post, team);
  if (member) return { name: member.name, role: member.role, avatar: member.image };
  return {
    name: post.authorName.trim() || post.author.trim() || UNKNOWN_AUTHOR,
    role: "",
    avatar: post.authorAvatar,
  };
}

/**
 * Only what a card shows, for a loader to return: the Markdown bodies stay on the server, so a
 * list page neither sends every post's whole text to the browser nor converts it there.
 */
export function toBlogCard(post: PublicPost, team: readonly Member[]): BlogCardPost {
  return {
    _id: post._id,
    title: post.title,
    summary: blogCardText(post),
    imageUrl: post.imageUrl,
    imageAlt: altOf(post, "imageUrl"),
    author: blogAuthor(post, team),
    createdAt: post.createdAt,
  };
}

/** What a card is made from (the public reads' projection of a post). */
type PublicPost = Pick<
  BlogPost,
  | "_id"
  | "title"
  | "excerpt"
  | "description"
  | "imageUrl"
  | "imageUrlAlt"
  | "imageUrlDecorative"
  | "author"
  | "authorName"
  | "authorAvatar"
  | "authorMember"
  | "createdAt"
>;

/** Minutes an average reader needs (about 200 words a minute), at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdownToPlainText(markdown).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
