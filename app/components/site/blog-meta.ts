// Head tags shared by the blog pages.
import type { MetaDescriptor } from "react-router";
import { absoluteUrl, type SiteInfo } from "~/lib/seo";

export const BLOG_FEED_PATH = "/blog/rss.xml";

/** Lets feed readers and browsers discover the RSS feed from /blog and every post. */
export function blogFeedLink(site: SiteInfo): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${site.brand} Blog`,
    href: absoluteUrl(site.siteUrl, BLOG_FEED_PATH),
  };
}
