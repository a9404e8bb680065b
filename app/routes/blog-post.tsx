// /blog/{id}: one post, rendered on the server with its Markdown, share
// links that work without JavaScript, a consultation call to action and a few more articles.
// An unknown or malformed id answers 404 'Blog not found.' inside the site's shell.
import { data, Link, useMatches } from "react-router";
import { Icon } from "~/components/icon/icon";
import { BlogArticleBody } from "~/components/site/blog-article-body";
import { BlogCard } from "~/components/site/blog-card";
import { blogFeedLink } from "~/components/site/blog-meta";
import { Avatar, DEFAULT_IMAGE, FallbackImage } from "~/components/site/fallback-image";
import { JsonLd } from "~/components/site/json-ld";
import { ShareLinks } from "~/components/site/share-links";
import { BLOG_NOT_FOUND } from "~/content/blogs";
import { blogAuthor, toBlogCard } from "~/content/blogs.server";
import { altOf } from "~/content/kit/image-alt";
import { readBlogArticle, readLatestBlogs, readTeam } from "~/domain/public-content.server";
import { publicSiteUrl } from "~/domain/site-content.server";
import { formatDate } from "~/lib/format";
import { isSafeImageSrc } from "~/lib/links";
import { absoluteUrl, errorSeo, seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

const MORE_ARTICLES = 3;

export async function loader({ params }: Route.LoaderArgs) {
  // Null for an id that is not an ObjectId at all, without asking the database, so a malformed
  // id is the same clean 404 as an unknown one.
  const article = await readBlogArticle(params.id);
  if (!article) throw data(BLOG_NOT_FOUND, { status: 404 });
  const { post } = article;

  const siteUrl = publicSiteUrl();
  const path = `/blog/${post._id}`;
  const [latest, team] = await Promise.all([readLatestBlogs(MORE_ARTICLES + 1), readTeam()]);
  return {
    post: {
      _id: post._id,
      title: post.title,
      imageUrl: post.imageUrl,
      imageAlt: altOf(post, "imageUrl"),
      // A team member's name, portrait and role, else the author typed on the post.
      author: blogAuthor(post, team),
      tags: post.tags.filter((tag) => tag.trim()),
      createdAt: post.createdAt,
      updatedAt: post.updatedAt,
    },
    // The Markdown, already turned into safe HTML on the server.
    html: article.html,
    path,
    url: `${siteUrl}${path}`,
    summary: article.summary,
    minutes: article.minutes,
    // Social cards and structured data need an absolute image URL.
    shareImage: absoluteUrl(
      siteUrl,
      isSafeImageSrc(post.imageUrl) ? post.imageUrl.trim() : DEFAULT_IMAGE,
    ),
    more: latest
      .filter((p) => p._id !== post._id)
      .slice(0, MORE_ARTICLES)
      .map((p) => toBlogCard(p, team)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location, error }) => {
  const site = siteInfo(matches);
  if (!loaderData) {
    return errorSeo(site, error, location.pathname, {
      title: "Blog not found",
      description: "This blog article does not exist.",
    });
  }
  const { post, summary, shareImage, path } = loaderData;
  return seo({
    site,
    title: `${post.title} | ${site.brand} Blog`,
    exactTitle: true,
    description: summary,
    path,
    image: shareImage,
    type: "article",
    extra: [
      { property: "article:published_time", content: new Date(post.createdAt).toISOString() },
      { property: "article:modified_time", content: new Date(post.updatedAt).toISOString() },
      { property: "article:author", content: post.author.name },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
      blogFeedLink(site),
    ],
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, html, url, summary, minutes, shareImage, more } = loaderData;
  const site = siteInfo(useMatches());
  const published = new Date(post.createdAt);

  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: summary,
          image: [shareImage],
          datePublished: published.toISOString(),
          dateModified: new Date(post.updatedAt).toISOString(),
          author: {
            "@type": "Person",
            name: post.author.name,
            ...(post.author.role ? { jobTitle: post.author.role } : {}),
          },
          publisher: { "@type": "Organization", name: site.brand, url: site.siteUrl || undefined },
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
          url,
          ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
        }}
      />
      {/* Keyed by post: moving to another post starts its share status and images afresh. */}
      <article key={post._id}>
        <header className="bg-gradient-to-b from-blue-50 via-white to-white">
          <div className="mx-auto max-w-4xl px-4 pt-8 sm:px-6 sm:pt-12 sm:text-center lg:px-8">
            <Link
              to="/blog"
              className="inline-flex items-center gap-2 rounded-md text-sm font-semibold text-blue-700 hover:text-blue-800"
            >
              <Icon name="arrow-left" className="h-4 w-4" weight="bold" />
              All articles
            </Link>
            {post.tags.length ? (
              <ul aria-label="Tags" className="mt-6 flex flex-wrap gap-2 sm:justify-center">
                {post.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-blue-100/70 px-3 py-1 text-xs font-semibold tracking-wide text-blue-800 uppercase"
                  >
                    {tag}
                  </li>
                ))}
              </ul>
            ) : null}
            <h1 className="mt-5 text-3xl leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-tight">
              {post.title}
            </h1>
            <div className="mt-8 flex items-center gap-4 sm:justify-center">
              <Avatar
                src={post.author.avatar}
                size={56}
                className="h-14 w-14 shrink-0 rounded-full bg-slate-100 object-cover shadow ring-2 ring-white"
              />
              <div className="min-w-0 text-left text-sm">
                <p className="text-base font-semibold text-slate-900">
                  {post.author.name}
                  {post.author.role ? (
                    <span className="font-normal text-slate-600">, {post.author.role}</span>
                  ) : null}
                </p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-slate-600">
                  <time dateTime={published.toISOString()}>{formatDate(published)}</time>
                  <span aria-hidden="true">·</span>
                  <span className="inline-flex items-center gap-1">
                    <Icon name="clock" className="h-4 w-4" />
                    {minutes} min read
                  </span>
                </p>
              </div>
            </div>
          </div>
        </header>

        <div className="mx-auto mt-10 max-w-5xl px-4 sm:px-6 lg:px-8">
          <FallbackImage
            src={post.imageUrl}
            fallback={DEFAULT_IMAGE}
            alt={post.imageAlt}
            width={1200}
            height={630}
            // max-w-5xl less its padding.
            sizes="(min-width: 1024px) 960px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            loading="eager"
            fetchPriority="high"
            className="aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover shadow-sm"
          />
        </div>

        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <BlogArticleBody html={html} />

          <footer className="mt-14 space-y-10 border-t border-slate-200 pt-10">
            <section aria-labelledby="share-heading">
              <ShareLinks headingId="share-heading" target={{ url, title: post.title, summary }} />
            </section>

            <section
              aria-labelledby="consultation-heading"
              className="rounded-2xl bg-slate-900 px-6 py-8 text-white sm:px-10 sm:py-10"
            >
              <h2 id="consultation-heading" className="text-2xl font-bold tracking-tight">
                Planning a project like this?
              </h2>
              <p className="mt-3 max-w-xl text-slate-200">
                Tell us about your website, app or growth plans. The first consultation is free and
                comes with no obligation.
              </p>
              <Link
                to="/contact"
                className="mt-6 inline-flex items-center gap-2 rounded-lg bg-blue-600 px-5 py-3 font-semibold text-white shadow-sm hover:bg-blue-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Book a free consultation
                <Icon name="arrow-right" className="h-5 w-5" weight="bold" />
              </Link>
            </section>
          </footer>
        </div>
      </article>

      {more.length ? (
        <section
          aria-labelledby="more-heading"
          className="border-t border-slate-200 bg-slate-50 py-16 sm:py-20"
        >
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h2
                id="more-heading"
                className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
              >
                More articles
              </h2>
              <Link
                to="/blog"
                className="inline-flex items-center gap-2 rounded-md font-semibold text-blue-700 hover:text-blue-800"
              >
                View all articles
                <Icon name="arrow-right" className="h-4 w-4" weight="bold" />
              </Link>
            </div>
            <div className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {more.map((p) => (
                <BlogCard key={p._id} post={p} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
