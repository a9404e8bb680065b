// Text for XML documents (the RSS feed and the sitemap).

/**
 * XML 1.0's Char production (https://www.w3.org/TR/xml/#charsets). Other characters (most C0
 * controls, lone surrogates, U+FFFE/U+FFFF) cannot appear even escaped: one pasted into a post
 * would make the whole feed unreadable, so they are dropped.
 */
function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/** Escapes text for an XML element or a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  // Array.from walks code points, so a lone surrogate shows up on its own.
  return Array.from(text)
    .filter((ch) => isXmlChar(ch.codePointAt(0) ?? 0))
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * W3C Datetime (https://www.w3.org/TR/NOTE-datetime) to the second in UTC, as sitemaps want,
 * e.g. 2026-11-22T08:15:00Z.
 */
export function w3cDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
