/**
 * When the privacy and terms texts were last revised (YYYY-MM-DD). Their wording lives in the
 * code, so no document dates it: change this with any change to either text. The pages show it
 * and the sitemap uses it as their lastmod.
 */
export const LEGAL_TEXT_REVISED = "2026-11-22";
