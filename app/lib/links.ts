// Links and image addresses that come from content (the back office, the JSON API) are
// classified before they reach an href or src: site paths navigate in the app, web addresses
// open in a new tab, mailto/tel stay plain, and anything else (a `javascript:` URL, a typo) is
// dropped rather than rendered as a link that misbehaves.

export type HrefKind = "internal" | "external" | "plain";

/** How a content link should be rendered, or null when it is not a link we can trust. */
export function classifyHref(href: string | null | undefined): HrefKind | null {
  const value = (href ?? "").trim();
  if (!value) return null;
  // "/path" is the site; "//host" (and "/\host", which browsers read the same) is another site.
  // Browsers drop tabs and line breaks anywhere in a URL, so "/\t/host" is "//host" too: a
  // site path holding any whitespace or control character is not trusted as one.
  if (value.startsWith("/")) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
    if (/[\s\u0000-\u001f\u007f]/.test(value)) return null;
    return value.startsWith("//") || value.startsWith("/\\") ? null : "internal";
  }
  if (value.startsWith("#")) return "plain";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol === "http:" || url.protocol === "https:") return "external";
  if (url.protocol === "mailto:" || url.protocol === "tel:") return "plain";
  return null;
}

/** A web address (http or https) we may send visitors to, e.g. an application link. */
export function isWebUrl(href: string | null | undefined): href is string {
  return classifyHref(href) === "external";
}

/** An image source we may put in src: a site path or an http(s) address. */
export function isSafeImageSrc(src: string | null | undefined): src is string {
  const kind = classifyHref(src);
  return kind === "internal" || kind === "external";
}

/** The longest link a record keeps. */
export const LINK_MAX = 2048;

/**
 * A link a visitor may be sent to from content: `https://…` / `http://…` with a host, or a site
 * path (`/blog`), but not `//host` or `/\host`, which browsers read as another site, nor any
 * other scheme (`javascript:`, `data:`).
 */
export function isSiteOrWebLink(value: string): boolean {
  if (value.length > LINK_MAX) return false;
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return true;
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}
