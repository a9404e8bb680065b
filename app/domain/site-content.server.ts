// Site-wide facts for the layout, crawlers, feeds and e-mails: the site settings as the public
// site shows them, the brand and public URL, and when each public page last changed (sitemap
// <lastmod>). A page's date is the newest `updatedAt` of the documents it
// shows, so a crawler revisits a page exactly when an editor changed what it displays.
import type { Collection, Filter } from "mongodb";
import { getCollections } from "#db/client.server";
import { SINGLETON_ID } from "#db/collections";
import { getEnv } from "~/env.server";
import { LEGAL_TEXT_REVISED as LEGAL_TEXT_REVISED_DAY } from "~/lib/legal";
import { isSafeImageSrc, isWebUrl } from "~/lib/links";
import { FALLBACK_BRAND } from "~/lib/seo";
import { readSiteSettings } from "./public-content.server";

export interface SiteIdentity {
  /** The site settings' brand name (the layout shows the same one). */
  brand: string;
  /** Absolute origin without a trailing slash. */
  siteUrl: string;
}

/** The site settings as every public page shows them (the layout's `site`). */
export interface PublicSite {
  /** The top bar, titles, the Organization's name; "Bureau" while none is set. */
  brandName: string;
  /** The copyright line's company name; the brand name while none is set. */
  legalName: string;
  tagline: string;
  /** An image address safe to show, or "" for none. */
  logo: string;
  email: string;
  phone: string;
  /** Only profiles with a name and an http(s) address. */
  social: { platform: string; url: string }[];
}

export async function readPublicSite(): Promise<PublicSite> {
  const settings = await readSiteSettings();
  const brandName = settings?.brandName.trim() || FALLBACK_BRAND;
  const logo = settings?.logo.trim() ?? "";
  return {
    brandName,
    legalName: settings?.legalName.trim() || brandName,
    tagline: settings?.tagline.trim() ?? "",
    // Written some other way (an import, the shell), an address could still be unsafe.
    logo: isSafeImageSrc(logo) ? logo : "",
    email: settings?.email.trim() ?? "",
    phone: settings?.phone.trim() ?? "",
    social: (settings?.social ?? []).filter((s) => s.platform.trim() && isWebUrl(s.url)),
  };
}

/** SITE_URL without a trailing slash, ready for `${siteUrl}${path}`. */
export function publicSiteUrl(): string {
  return getEnv().SITE_URL.replace(/\/+$/, "");
}

/** The brand and public URL, for e-mails (their sender's name) and the feed. */
export async function getSiteIdentity(): Promise<SiteIdentity> {
  return { brand: (await readPublicSite()).brandName, siteUrl: publicSiteUrl() };
}

/**
 * When the privacy and terms texts were last revised. Their wording lives in the code, not in
 * the database, so no document dates it: bump this constant with any change to that text. The
 * pages also show the contact e-mail, so their date is the later of this and the contact
 * information's last update.
 */
export const LEGAL_TEXT_REVISED = new Date(`${LEGAL_TEXT_REVISED_DAY}T00:00:00Z`);

/** Every public page, in the order the sitemap lists them. */
export const PUBLIC_PAGES = [
  "/",
  "/services",
  "/internships",
  "/resources",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/blog",
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

type Dated = { createdAt: Date; updatedAt: Date };

/** The newest change in a collection (a document without `updatedAt` counts by `createdAt`). */
async function newest<T extends Dated>(collection: Collection<T>): Promise<Date | null> {
  const [doc] = await collection
    .find({}, { projection: { updatedAt: 1, createdAt: 1 } })
    .sort({ updatedAt: -1, createdAt: -1 })
    .limit(1)
    .toArray();
  return doc?.updatedAt ?? doc?.createdAt ?? null;
}

function latest(...dates: (Date | null | undefined)[]): Date | null {
  let result: Date | null = null;
  for (const date of dates) if (date && (!result || date > result)) result = date;
  return result;
}

/**
 * The last change of each public page, or null when nothing it shows exists yet (the sitemap
 * then leaves <lastmod> out rather than invent a date).
 */
export async function lastModifiedByPage(): Promise<Record<PublicPage, Date | null>> {
  const c = await getCollections();
  const singleton = async <T extends { _id: typeof SINGLETON_ID; updatedAt: Date }>(
    collection: Collection<T>,
  ) =>
    (await collection.findOne({ _id: SINGLETON_ID } as Filter<T>, { projection: { updatedAt: 1 } }))
      ?.updatedAt ?? null;

  const [
    hero,
    servicePage,
    aboutPage,
    contactInfo,
    highlights,
    testimonials,
    blogs,
    internships,
    faqs,
    resources,
    settings,
  ] = await Promise.all([
    singleton(c.heroSection),
    singleton(c.servicePage),
    singleton(c.aboutPage),
    singleton(c.contactInfo),
    newest(c.highlights),
    newest(c.testimonials),
    newest(c.blogs),
    // Every internship, active or not: switching one off changes the public list too.
    newest(c.internships),
    newest(c.faqs),
    newest(c.resources),
    singleton(c.siteSettings),
  ]);
  // Every page shows the site settings (the brand in its title and top bar); the about,
  // contact and legal pages also their e-mail and phone.
  const legal = latest(LEGAL_TEXT_REVISED, contactInfo, settings);
  return {
    // The home page shows the hero, highlights, testimonials and the latest posts.
    "/": latest(hero, highlights, testimonials, blogs, settings),
    "/services": latest(servicePage, settings),
    "/internships": latest(internships, faqs, settings),
    "/resources": latest(resources, settings),
    "/about": latest(aboutPage, settings),
    "/contact": latest(contactInfo, settings),
    "/privacy-policy": legal,
    "/terms-of-service": legal,
    "/blog": latest(blogs, settings),
  };
}
