// /blog/rss.xml: an RSS 2.0 feed of every post, newest first
// (https://www.rssboard.org/rss-specification). Dates are RFC 822 as RSS requires;
// Date#toUTCString gives exactly that form ("Sun, 22 Nov 2026 08:15:00 GMT").
import { BLOG_FEED_PATH } from "~/components/site/blog-meta";
import { blogSummary } from "~/content/blogs.server";
import { blogStore } from "~/content/stores.server";
import { getSiteIdentity } from "~/domain/site-content.server";
import { cachedDocumentResponse } from "~/lib/conditional-get.server";
import { escapeXml } from "~/lib/xml";
import type { Route } from "./+types/blog-rss-xml";

export async function loader({ request }: Route.LoaderArgs) {
  // Built once per content version: feed readers poll it, and most polls get a 304.
  return cachedDocumentResponse(request, "feed:rss", buildFeed, {
    "Content-Type": "application/rss+xml; charset=utf-8",
    // Short, so a new post reaches feed readers soon.
    "Cache-Control": "public, max-age=300",
  });
}

async function buildFeed(): Promise<string> {
  const [{ brand, siteUrl }, posts] = await Promise.all([getSiteIdentity(), blogStore.list()]);
  const newest = posts.reduce<Date | null>(
    (latest, p) => (!latest || p.updatedAt > latest ? p.updatedAt : latest),
    null,
  );
  const items = posts.map((post) => {
    const link = `${siteUrl}/blog/${post._id}`;
    const author = post.authorName.trim() || post.author.trim();
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${post.createdAt.toUTCString()}</pubDate>`,
      `      <description>${escapeXml(blogSummary(post))}</description>`,
      // RSS's own <author> must be an e-mail address; Dublin Core carries a plain name.
      ...(author ? [`      <dc:creator>${escapeXml(author)}</dc:creator>`] : []),
      ...post.tags
        .filter((tag) => tag.trim())
        .map((tag) => `      <category>${escapeXml(tag)}</category>`),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(`${brand} Blog`)}</title>`,
    `    <link>${escapeXml(`${siteUrl}/blog`)}</link>`,
    `    <description>${escapeXml(`Articles from the ${brand} team on web and app development, SEO, design, cloud migration and careers.`)}</description>`,
    "    <language>en</language>",
    `    <atom:link href="${escapeXml(`${siteUrl}${BLOG_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
