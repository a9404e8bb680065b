// What the public pages are rendered from, read through the content cache
// (lib/content-cache.server.ts, docs/decisions/021-content-cache.md): once per content change
// while the server runs, straight from the database when the cache is off. The back office and
// the JSON API read the entity modules directly: an editor always sees what is stored.
//
// Values are shared and frozen: derive, never change them.
//
// Each read keeps only what its public view shows (an inclusion projection, lib/projection.ts):
// documents also record who changed them (`updatedBy`, an admin's e-mail) and other fields for
// the back office, and a loader's answer is published whole in the page's hydration data and
// its `.data` twin. A field reaches the site only once a view below names it.
import { renderMarkdown } from "~/components/site/markdown.server";
import type { AboutPage } from "~/content/about-page";
import type { BlogPost } from "~/content/blogs";
import { blogSummary, listBlogPage, listLatestBlogs, readingMinutes } from "~/content/blogs.server";
import type { ContactInfo } from "~/content/contact-info";
import { type ContactDetails, getContactDetails } from "~/content/contact-info.server";
import {
  aboutPageStore,
  contactInfoStore,
  footerStore,
  heroStore,
  servicePageStore,
  siteSettingsStore,
} from "~/content/documents.server";
import type { Faq } from "~/content/faqs";
import type { Footer } from "~/content/footer";
import type { HeroSection } from "~/content/hero";
import type { Highlight } from "~/content/highlights";
import type { Resource } from "~/content/resources";
import type { ServicePage } from "~/content/service-page";
import type { SiteSettings } from "~/content/site-settings";
import {
  blogStore,
  faqStore,
  highlightStore,
  resourceStore,
  testimonialStore,
} from "~/content/stores.server";
import type { Testimonial } from "~/content/testimonials";
import { cachedContent } from "~/lib/content-cache.server";
import { parseObjectId } from "~/lib/object-id.server";
import { type Projected, type Projection, project } from "~/lib/projection";
import { listPublicInternshipDocs, type PublicInternshipDoc } from "./internship.server";

/** Projections are checked against the type they apply to, and kept as literal types. */
const view =
  <T>() =>
  <const P extends Projection<T>>(projection: P) =>
    projection;

// The public views: exactly the fields the pages, the layout and the feeds show.
// The footer's company name and profiles are the site settings' (read below).
const FOOTER = view<Footer>()({ links: { label: true, url: true } });
const SITE_SETTINGS = view<SiteSettings>()({
  brandName: true,
  legalName: true,
  tagline: true,
  logo: true,
  email: true,
  phone: true,
  social: { platform: true, url: true },
});
const HERO = view<HeroSection>()({
  title: true,
  subtitle: true,
  image: true,
  imageAlt: true,
  imageDecorative: true,
  ctaText: true,
  ctaLink: true,
});
const HIGHLIGHT = view<Highlight>()({
  _id: true,
  title: true,
  label: true,
  description: true,
  order: true,
});
const TESTIMONIAL = view<Testimonial>()({
  _id: true,
  name: true,
  title: true,
  image: true,
  text: true,
  rating: true,
});
/** The home page's contact strip. */
const CONTACT_INFO = view<ContactInfo>()({ address: true, email: true, phone: true });
const CONTACT_DETAILS = view<ContactDetails>()({
  address: true,
  email: true,
  phone: true,
  image: true,
  imageAlt: true,
  mapEmbedUrl: true,
});
const SERVICE_PAGE = view<ServicePage>()({
  hero: { title: true, subtitle: true, image: true, imageAlt: true, imageDecorative: true },
  services: { title: true, description: true, icon: true },
  benefits: { title: true, description: true, icon: true },
  processSteps: { title: true, description: true },
  cta: { title: true, subtitle: true, buttons: { label: true, link: true } },
});
const ABOUT_PAGE = view<AboutPage>()({
  title: true,
  content: true,
  mission: true,
  values: true,
  team: { name: true, role: true, image: true, imageAlt: true, imageDecorative: true },
  contact: { email: true, phone: true },
});
const RESOURCE = view<Resource>()({
  _id: true,
  title: true,
  description: true,
  image: true,
  imageAlt: true,
  imageDecorative: true,
  link: true,
});
const FAQ = view<Faq>()({ _id: true, question: true, answer: true });
/** What the internship list is filtered, sorted, counted and shown from. */
const INTERNSHIP = view<PublicInternshipDoc>()({
  _id: true,
  title: true,
  domain: true,
  company: true,
  location: true,
  duration: true,
  salary: true,
  deadline: true,
  createdAt: true,
  status: true,
  urgent: true,
  description: true,
  requirements: true,
  benefits: true,
  applicationLink: true,
});
/** Cards, the article, the sitemap's <lastmod> and the feed. */
const BLOG_POST = view<BlogPost>()({
  _id: true,
  title: true,
  description: true,
  imageUrl: true,
  imageUrlAlt: true,
  imageUrlDecorative: true,
  author: true,
  authorName: true,
  authorAvatar: true,
  authorMember: true,
  excerpt: true,
  tags: true,
  createdAt: true,
  updatedAt: true,
});

/** `load`'s result, cut to `projection` once per content change (then cached and shared). */
function publicRead<T, const P extends Projection<T>>(
  key: string,
  load: () => Promise<T>,
  projection: P,
): () => Promise<Projected<T, P>> {
  return () => cachedContent(key, async () => project<T, P>((await load()) as T, projection));
}

export const readFooter = publicRead("footer", footerStore.get, FOOTER);
export const readSiteSettings = publicRead("site-settings", siteSettingsStore.get, SITE_SETTINGS);
export const readHero = publicRead("hero", heroStore.get, HERO);
export const readHighlights = publicRead("highlights", highlightStore.list, HIGHLIGHT);
export const readTestimonials = publicRead("testimonials", testimonialStore.list, TESTIMONIAL);
export const readContactInfo = publicRead("contact-info", contactInfoStore.get, CONTACT_INFO);
export const readContactDetails = publicRead("contact-details", getContactDetails, CONTACT_DETAILS);
export const readServicePage = publicRead("service-page", servicePageStore.get, SERVICE_PAGE);
export const readAboutPage = publicRead("about-page", aboutPageStore.get, ABOUT_PAGE);
/** The about page's team (none while no about page was saved): the blog's authors. */
export const readTeam = async () => (await readAboutPage())?.team ?? [];
export const readResources = publicRead("resources", resourceStore.list, RESOURCE);
export const readFaqs = publicRead("faqs", faqStore.list, FAQ);
/** Every public internship; the list, its counts and filters are per request. */
export const readPublicInternships = publicRead(
  "internships",
  listPublicInternshipDocs,
  INTERNSHIP,
);

export type PublicBlogPost = Projected<BlogPost, typeof BLOG_POST>;

/** `limit` is a constant of the page that asks (never from the request). */
export const readLatestBlogs = (limit: number) =>
  cachedContent(`latest-blogs:${limit}`, async () =>
    project(await listLatestBlogs(limit), BLOG_POST),
  );

/** A page past the end (a 404) is not kept: anyone can ask for any page number. */
export const readBlogPage = (page: number, pageSize: number) =>
  cachedContent(
    `blog-page:${page}:${pageSize}`,
    async () => {
      const result = await listBlogPage(page, pageSize);
      const { page: shown, pages, total } = result;
      return { posts: project(result.items, BLOG_POST), page: shown, pages, total };
    },
    { keep: (result) => page <= result.pages, perRequestKey: true },
  );

export interface BlogArticle {
  post: PublicBlogPost;
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
      const post = await blogStore.getPublic(canonical);
      if (!post) return null;
      return {
        post: project(post, BLOG_POST),
        html: renderMarkdown(post.description),
        summary: blogSummary(post),
        minutes: readingMinutes(post.description),
      };
    },
    { keep: (article) => article !== null, perRequestKey: true },
  );
}
