// /sitemap.xml (https://www.sitemaps.org/protocol.html): every public page and every post, as
// absolute URLs on SITE_URL, each with the date its content last changed (see
// lastModifiedByPage). Listing pages are not split by `?page=`: every post is listed itself.
import { listBlogStamps } from "~/content/blogs.server";
import { lastModifiedByPage, PUBLIC_PAGES, publicSiteUrl } from "~/domain/site-content.server";
import { cachedDocumentResponse } from "~/lib/conditional-get.server";
import { escapeXml, w3cDateTime } from "~/lib/xml";
import type { Route } from "./+types/sitemap-xml";

interface Entry {
  path: string;
  lastModified: Date | null;
}

function urlElement(siteUrl: string, { path, lastModified }: Entry): string {
  const loc = `    <loc>${escapeXml(`${siteUrl}${path === "/" ? "/" : path}`)}</loc>`;
  // A page with nothing in it yet has no honest date: <lastmod> is optional, so it is left out.
  const lastmod = lastModified ? `\n    <lastmod>${w3cDateTime(lastModified)}</lastmod>` : "";
  return `  <url>\n${loc}${lastmod}\n  </url>`;
}

export async function loader({ request }: Route.LoaderArgs) {
  // Built once per content version: crawlers fetch it often, and most fetches get a 304.
  return cachedDocumentResponse(request, "feed:sitemap", buildSitemap, {
    "Content-Type": "application/xml; charset=utf-8",
    // Short, so an edit in the back office reaches crawlers soon.
    "Cache-Control": "public, max-age=300",
  });
}

async function buildSitemap(): Promise<string> {
  const siteUrl = publicSiteUrl();
  const [pageDates, posts] = await Promise.all([lastModifiedByPage(), listBlogStamps()]);
  const entries: Entry[] = [
    ...PUBLIC_PAGES.map((path) => ({ path, lastModified: pageDates[path] })),
    ...posts.map((post) => ({ path: `/blog/${post._id}`, lastModified: post.updatedAt })),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => urlElement(siteUrl, entry)),
    "</urlset>",
    "",
  ].join("\n");
}
