// Reads the hidden "where from" fields of a public form (see lead-source.ts), keeping only
// well-formed values. Missing or odd values are dropped, never an error: they are a courtesy of
// the browser, not something the visitor typed.
import type { LeadSource } from "#db/collections";
import {
  externalReferrer,
  isSitePath,
  SOURCE_PAGE_FIELD,
  SOURCE_REFERRER_FIELD,
  UTM_KEYS,
  UTM_MAX,
  utmField,
} from "./lead-source";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export function readLeadSource(form: FormData, request: Request): LeadSource {
  const ownHost = new URL(request.url).host;
  const source: LeadSource = {};

  const page = text(form, SOURCE_PAGE_FIELD);
  if (isSitePath(page)) {
    source.page = page;
  } else {
    // No field (an old page, a client that sent none): the Referer, when it is one of ours.
    try {
      const referer = new URL(request.headers.get("Referer") ?? "");
      const path = `${referer.pathname}${referer.search}`;
      if (referer.host === ownHost && isSitePath(path)) source.page = path;
    } catch {
      // No usable Referer: the page stays unknown.
    }
  }

  const referrer = externalReferrer(text(form, SOURCE_REFERRER_FIELD), ownHost);
  if (referrer) source.referrer = referrer;

  const utm: NonNullable<LeadSource["utm"]> = {};
  for (const key of UTM_KEYS) {
    const value = text(form, utmField(key));
    if (value) utm[key] = value.slice(0, UTM_MAX);
  }
  if (Object.keys(utm).length) source.utm = utm;
  return source;
}

/**
 * Where a lead posted to the JSON API came from. An API client has no page on this site and no
 * hidden fields, so the record says what is known: `page` is the API path it was sent to
 * ("/api/quotes"), which the inbox, the notification e-mail and the CSV export then show in
 * place of a page, and `referrer` the other site's page when a browser app said so (Referer).
 */
export function apiLeadSource(request: Request): LeadSource {
  const url = new URL(request.url);
  const source: LeadSource = { page: url.pathname };
  const referrer = externalReferrer(request.headers.get("Referer"), url.host);
  if (referrer) source.referrer = referrer;
  return source;
}
