// What the public pages are rendered from, read through the content cache
// (lib/content-cache.server.ts, docs/decisions/021-content-cache.md): once per content change
// while the server runs, straight from the database when the cache is off. The back office and
// the JSON API read the entity modules directly: an editor always sees what is stored.
//
// Values are shared and frozen: derive, never change them.
import { renderMarkdown } from "~/components/site/markdown.server";
import { cachedContent } from "~/lib/content-cache.server";
import { getAboutPage } from "./about-page.server";
import {
  type BlogPost,
  blogSummary,
  getBlogById,
  listBlogPage,
  listLatestBlogs,
  readingMinutes,
} from "./blog.server";
import { getContactDetails, getContactInfo } from "./contact-info.server";
import { listFaqs } from "./faq.server";
import { getFooter } from "./footer.server";
import { getHeroSection } from "./hero.server";
import { listHighlights } from "./highlight.server";
import { listPublicInternshipDocs } from "./internship.server";
import { parseObjectId } from "./object-id.server";
import { listResources } from "./resource.server";
import { getServicePage } from "./service-page.server";
import { listTestimonials } from "./testimonial.server";

export const readFooter = () => cachedContent("footer", getFooter);
export const readHero = () => cachedContent("hero", getHeroSection);
export const readHighlights = () => cachedContent("highlights", listHighlights);
export const readTestimonials = () => cachedContent("testimonials", listTestimonials);
export const readContactInfo = () => cachedContent("contact-info", getContactInfo);
export const readContactDetails = () => cachedContent("contact-details", getContactDetails);
export const readServicePage = () => cachedContent("service-page", getServicePage);
export const readAboutPage = () => cachedContent("about-page", getAboutPage);
export const readResources = () => cachedContent("resources", listResources);
export const readFaqs = () => cachedContent("faqs", listFaqs);
/** Every public internship as stored; the list, its counts and filters are per request. */
export const readPublicInternships = () => cachedContent("internships", listPublicInternshipDocs);

/** `limit` is a constant of the page that asks (never from the request). */
export const readLatestBlogs = (limit: number) =>
  cachedContent(`latest-blogs:${limit}`, () => listLatestBlogs(limit));

/** A page past the end (a 404) is not kept: anyone can ask for any page number. */
export const readBlogPage = (page: number, pageSize: number) =>
  cachedContent(`blog-page:${page}:${pageSize}`, () => listBlogPage(page, pageSize), {
    keep: (result) => page <= result.pages,
    perRequestKey: true,
  });

export interface BlogArticle {
  post: BlogPost;
  /** The Markdown, already turned into safe HTML. */
  html: string;
  summary: string;
  minutes: number;
}

/**
 * A post ready to show, or null for an unknown or malformed id. Its Markdown is rendered once per
 * change, not per request. Unknown ids are not kept: anyone can ask for any id.
 */
export async function readBlogArticle(id: string): Promise<BlogArticle | null> {
  // One entry per post, however its id is spelled (upper or lower case hex).
  const objectId = parseObjectId(id);
  if (!objectId) return null;
  const canonical = objectId.toHexString();
  return cachedContent(
    `blog:${canonical}`,
    async (): Promise<BlogArticle | null> => {
      const post = await getBlogById(canonical);
      if (!post) return null;
      return {
        post,
        html: renderMarkdown(post.description),
        summary: blogSummary(post),
        minutes: readingMinutes(post.description),
      };
    },
    { keep: (article) => article !== null, perRequestKey: true },
  );
}
