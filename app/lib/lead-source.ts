// "Where did this lead come from?": the page a form was sent from, the other site that sent the
// visitor (referrer) and the campaign tags of the landing URL (utm_*). Forms carry them as
// hidden fields (LeadSourceFields); the server keeps only well-formed, bounded values
// (readLeadSource in lead-source.server.ts). No cookie is involved: with JavaScript the
// browser still knows the landing page's referrer and URL after client-side navigation; without
// it, each page knows its own URL and, on the first page, the referrer.
import type { LeadSource } from "#db/collections";

export const SOURCE_PAGE_FIELD = "sourcePage";
export const SOURCE_REFERRER_FIELD = "sourceReferrer";
export const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export const utmField = (key: UtmKey) => `utm_${key}`;

const SOURCE_URL_MAX = 2000;
export const UTM_MAX = 200;

/** The utm_* parameters of a query string, trimmed and bounded; undefined when there are none. */
export function utmFromSearch(search: string): LeadSource["utm"] {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return undefined;
  }
  const utm: NonNullable<LeadSource["utm"]> = {};
  for (const key of UTM_KEYS) {
    const value = params.get(utmField(key))?.trim();
    if (value) utm[key] = value.slice(0, UTM_MAX);
  }
  return Object.keys(utm).length ? utm : undefined;
}

/** `referrer` when it is an http(s) page of ANOTHER site than `ownHost`, else undefined. */
export function externalReferrer(
  referrer: string | null | undefined,
  ownHost: string,
): string | undefined {
  if (!referrer || referrer.length > SOURCE_URL_MAX) return undefined;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.host === ownHost ? undefined : url.href;
  } catch {
    return undefined;
  }
}

/** A path on this site ("/services?x=1"), never another origin ("//evil.example"). */
export function isSitePath(value: string): boolean {
  return (
    value.length <= SOURCE_URL_MAX &&
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.startsWith("/\\") &&
    // Printable characters only: a path is shown in the inbox, not a place for control codes.
    !hasControlCharacters(value)
  );
}

/** True when `value` contains a C0 control character (line breaks included) or DEL. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
