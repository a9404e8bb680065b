// Per-page <title>, description, canonical URL, Open Graph and Twitter card tags.
// React Router replaces (not merges) a parent's meta with the child's, so every page builds its
// full set here, reading the site URL and brand from the shared layout's loader data.
import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { isSafeImageSrc } from "./links";

export interface SiteInfo {
  /** Absolute origin without a trailing slash, e.g. https://bureau.example */
  siteUrl: string;
  /** The site settings' brand name. */
  brand: string;
}

export const FALLBACK_BRAND = "Bureau";
const DEFAULT_SHARE_IMAGE = "/demo/hero-home.webp";

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

/** Site URL and brand from the layout route's loader data (see routes/site-layout.tsx). */
export function siteInfo(matches: readonly (MatchLike | undefined)[]): SiteInfo {
  const layout = matches.find((m) => m?.id === "routes/site-layout");
  const data = (layout?.loaderData ?? layout?.data) as
    | { siteUrl?: string; site?: { brandName?: string } }
    | undefined;
  return { siteUrl: data?.siteUrl ?? "", brand: data?.site?.brandName || FALLBACK_BRAND };
}

/** An absolute URL for a site-relative path or an already absolute one. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (!siteUrl) return pathOrUrl;
  try {
    return new URL(pathOrUrl, `${siteUrl}/`).href;
  } catch {
    return pathOrUrl;
  }
}

export interface SeoInput {
  site: SiteInfo;
  /** The page's own title; the brand is appended unless `exactTitle` is set. */
  title: string;
  exactTitle?: boolean;
  description: string;
  /** Path (with any query that identifies the page) for the canonical URL. */
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
  extra?: MetaDescriptor[];
}

export function seo(input: SeoInput): MetaDescriptor[] {
  const { site } = input;
  const title = input.exactTitle ? input.title : `${input.title} | ${site.brand}`;
  const url = absoluteUrl(site.siteUrl, input.path);
  const image = absoluteUrl(
    site.siteUrl,
    isSafeImageSrc(input.image) ? input.image.trim() : DEFAULT_SHARE_IMAGE,
  );
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:site_name", content: site.brand },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    ...(input.extra ?? []),
  ];
}

/**
 * Tags for a page whose loader failed: the not-found wording for a 404, a neutral title for
 * anything else (an outage must not claim the post does not exist). Never indexed.
 */
export function errorSeo(
  site: SiteInfo,
  error: unknown,
  path: string,
  notFound: { title: string; description: string },
): MetaDescriptor[] {
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  return seo({
    site,
    title: is404 ? notFound.title : "Something went wrong",
    description: is404 ? notFound.description : "This page could not be shown just now.",
    path,
    noindex: true,
  });
}
