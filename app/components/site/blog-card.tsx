// A post in a list (home page 'Latest Blog Articles', /blog): image, date, title, the
// description cut at 150 characters plus an ellipsis, author. The whole card is
// one link to /blog/{id}.
import { Link } from "react-router";
import { formatDate, isoDate, markdownToPlainText, truncate } from "~/lib/format";
import { Avatar, CardImage } from "./fallback-image";

export const BLOG_CARD_TRUNCATE = 150;

// Summaries by description: the same few posts are on every uncached render of the home page,
// the blog and each post, and the Markdown-to-text pass over a whole article is not free. Keyed
// by the text itself (an edit is a new key); bounded by the characters kept, since an article
// may be 100,000 long.
const summaries = new Map<string, string>();
const MAX_KEPT_CHARACTERS = 2_000_000;
let keptCharacters = 0;

/** The card's text: the description as plain text, cut at 150 characters plus an ellipsis. */
export function blogCardSummary(markdown: string): string {
  let summary = summaries.get(markdown);
  if (summary === undefined) {
    summary = truncate(markdownToPlainText(markdown), BLOG_CARD_TRUNCATE);
    if (keptCharacters + markdown.length > MAX_KEPT_CHARACTERS) {
      summaries.clear();
      keptCharacters = 0;
    }
    summaries.set(markdown, summary);
    keptCharacters += markdown.length;
  }
  return summary;
}

export interface BlogCardPost {
  _id: string;
  title: string;
  /** Markdown; the card shows `blogCardSummary` of it unless `summary` is given. */
  description?: string;
  /**
   * The card text worked out by the loader, so a list page need not send every post's whole
   * Markdown to the browser.
   */
  summary?: string;
  imageUrl: string;
  authorName: string;
  author: string;
  authorAvatar: string;
  createdAt: Date | string;
}

/**
 * Only what a card shows, for a loader to return: the Markdown bodies stay on the server, so a
 * list page neither sends every post's whole text to the browser nor converts it there.
 */
export function toBlogCardPost(post: BlogCardPost & { description: string }): BlogCardPost {
  return {
    _id: post._id,
    title: post.title,
    summary: blogCardSummary(post.description),
    imageUrl: post.imageUrl,
    author: post.author,
    authorName: post.authorName,
    authorAvatar: post.authorAvatar,
    createdAt: post.createdAt,
  };
}

export function BlogCard({
  post,
  headingLevel = 3,
  eager = false,
}: {
  post: BlogCardPost;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const author = post.authorName || post.author || "Unknown Author";
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <CardImage src={post.imageUrl} width={1200} eager={eager} />
      <div className="flex flex-1 flex-col p-6">
        <time dateTime={isoDate(post.createdAt)} className="text-sm text-slate-600">
          {formatDate(post.createdAt)}
        </time>
        <Heading className="mt-2 text-lg font-bold text-slate-900 group-hover:text-blue-700">
          <Link to={`/blog/${post._id}`} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">
          {post.summary ?? blogCardSummary(post.description ?? "")}
        </p>
        <div className="mt-5 flex items-center gap-3">
          <Avatar
            src={post.authorAvatar}
            size={40}
            loading="lazy"
            className="h-10 w-10 rounded-full bg-slate-100 object-cover"
          />
          <span className="text-sm font-medium text-slate-800">{author}</span>
        </div>
      </div>
    </article>
  );
}
