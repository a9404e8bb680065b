// A post in a list (home page 'Latest Blog Articles', /blog): image, date, title, the excerpt
// its author wrote (else the start of the post, cut at a word: content/blogs.server.ts
// blogCardText), and who wrote it (a team member's portrait and role, or the name typed on the
// post). The whole card is one link to /blog/{id}.
import { Link } from "react-router";
import type { BlogAuthor } from "~/content/blogs";
import { formatDate, isoDate } from "~/lib/format";
import { Avatar, CardImage } from "./fallback-image";

/** Only what a card shows (content/blogs.server.ts toBlogCard): no Markdown body. */
export interface BlogCardPost {
  _id: string;
  title: string;
  /** Plain text, worked out on the server. */
  summary: string;
  imageUrl: string;
  /** The cover image's alt text; "" when decorative or not yet described. */
  imageAlt: string;
  author: BlogAuthor;
  createdAt: Date | string;
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
  const { author } = post;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <CardImage src={post.imageUrl} alt={post.imageAlt} width={1200} eager={eager} />
      <div className="flex flex-1 flex-col p-6">
        <time dateTime={isoDate(post.createdAt)} className="text-sm text-slate-600">
          {formatDate(post.createdAt)}
        </time>
        <Heading className="mt-2 text-lg font-bold text-slate-900 group-hover:text-blue-700">
          <Link to={`/blog/${post._id}`} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">{post.summary}</p>
        <div className="mt-5 flex items-center gap-3">
          <Avatar
            src={author.avatar}
            size={40}
            loading="lazy"
            className="h-10 w-10 shrink-0 rounded-full bg-slate-100 object-cover"
          />
          <p className="grid text-sm">
            <span className="font-medium text-slate-800">{author.name}</span>
            {author.role ? <span className="text-slate-600">{author.role}</span> : null}
          </p>
        </div>
      </div>
    </article>
  );
}
