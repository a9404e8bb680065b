// /blog: every post, newest first, nine to a page (`?page=N`), so older posts stay reachable
// for visitors and crawlers. A page past the end answers 404; a page that is not a number
// shows the first page.
import { data } from "react-router";
import { Icon } from "~/components/icon/icon";
import { BlogCard } from "~/components/site/blog-card";
import { BLOG_FEED_PATH, blogFeedLink } from "~/components/site/blog-meta";
import { PageHeader } from "~/components/site/page-header";
import { Pagination } from "~/components/site/pagination";
import { toBlogCard } from "~/content/blogs.server";
import { readBlogPage, readTeam } from "~/domain/public-content.server";
import type { PageHandle } from "~/lib/page-params";
import { parsePage } from "~/lib/pagination";
import { errorSeo, seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/blog";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

export const BLOG_PAGE_SIZE = 9;

// The only query parameter the page reads (any other: a 301 without it, lib/page-params.ts).
export const handle: PageHandle = { searchParams: ["page"] };

export async function loader({ request }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [result, team] = await Promise.all([readBlogPage(page, BLOG_PAGE_SIZE), readTeam()]);
  if (page > result.pages) throw data("This page of the blog does not exist.", { status: 404 });
  return {
    page,
    pages: result.pages,
    total: result.total,
    // Only what a card shows: the Markdown bodies stay on the server; an author from the team
    // comes with their portrait and role.
    posts: result.posts.map((post) => toBlogCard(post, team)),
  };
}

export const hrefForPage = (page: number) => (page > 1 ? `/blog?page=${page}` : "/blog");

export const meta: Route.MetaFunction = ({ loaderData, matches, location, error }) => {
  const site = siteInfo(matches);
  if (!loaderData) {
    return errorSeo(site, error, location.pathname + location.search, {
      title: "Page not found",
      description: "This page of the blog does not exist.",
    });
  }
  const { page } = loaderData;
  return seo({
    site,
    title: page > 1 ? `Blog – Page ${page}` : "Blog",
    description: `Articles from the ${site.brand} team on web and app development, SEO, design, cloud migration and careers.`,
    path: hrefForPage(page),
    extra: [blogFeedLink(site)],
  });
};

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages, total } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="Ideas and lessons from our projects"
        intro="Practical articles on web and app development, SEO, design, cloud migration and careers, written by the people who do the work."
      >
        <p className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <span>
            {total} {total === 1 ? "article" : "articles"}
            {pages > 1 ? ` · page ${page} of ${pages}` : null}
          </span>
          <a
            href={BLOG_FEED_PATH}
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-blue-700 hover:text-blue-800"
          >
            <Icon name="rss" className="h-4 w-4" weight="bold" />
            RSS feed
          </a>
        </p>
      </PageHeader>

      <section
        aria-label="Articles"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
      >
        {posts.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center text-lg text-slate-700">
            No blog articles found.
          </p>
        ) : (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              // The first row is in view on arrival: no lazy loading there.
              <BlogCard key={post._id} post={post} headingLevel={2} eager={index < 3} />
            ))}
          </div>
        )}
        <Pagination page={page} pages={pages} hrefFor={hrefForPage} label="Blog pages" />
      </section>
    </>
  );
}
