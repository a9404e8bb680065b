// One URL per public page state (issue 20 finding 10). A page rendered for `/about?x=1`, `/about?`,
// `/About`, `/%61bout` or `/about/` is the same page as `/about`, but it was a render of its own
// and a page-cache entry of its own (the cache keys on the URL as sent): any number of spellings
// made any number of renders. So a GET or HEAD of a public page whose path is not the route's
// own spelling (its segments as app/routes.ts writes them: lower case, unencoded, no trailing
// slash; a post id in lower-case hex), or whose query string holds anything other than the
// parameters the page declares (lib/page-params.ts), in their declared order, first value only,
// none empty, encoded as a form encodes them, is answered with a 301 to that canonical URL,
// before the page cache is asked (app/server.ts servePageFromCache), so only canonical URLs are
// ever rendered or kept. Which page a path is comes from React Router's own matcher over the
// public pages' routes, so it is the page React Router would render.
//
// Not touched: posts (a form's action URL is its own business), React Router's `.data` requests
// (client navigation asks with the canonical URL it shows), the back office, the API, files and
// 404 pages (the catch-all, and a blog post URL whose id is no ObjectId): they are never cached,
// and their renders are bounded by the render budget instead (lib/render-budget.server.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { getEnv } from "~/env.server";
import { parseObjectId } from "./object-id.server";
import { declaredSearchParams } from "./page-params";
import { publicPagesBuild } from "./public-pages-build.server";
import { routeMatcher, routeTree } from "./route-tree.server";
import { NON_HTML_POLICY, staticSecurityHeaders } from "./security-headers.server";

/**
 * Click identifiers ad networks append, different on every click. Nothing on the site reads
 * them: they are dropped from the URL silently (for every request), rather than redirected, so a
 * visitor from an ad does not pay a round trip for them.
 */
const CLICK_IDS = new Set([
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "msclkid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "yclid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
]);

// A browser may keep a 301 for good; an hour lets a later release that reads a new parameter
// have it back soon. Shared caches may keep it too: it is the same for everyone.
const REDIRECT_CACHE_CONTROL = "public, max-age=3600";

/** How many canonical page paths publicPagesOf remembers. */
const KNOWN_PATHS = 1_000;

/** A public page as its route spells it. */
export interface PublicPage {
  /** Its path: the route's own segments (lower case, unencoded, no trailing slash). */
  path: string;
  /** The query parameters it reads, then those of the routes around it, in canonical order. */
  searchParams: readonly string[];
}

/** The public page a path (as sent, still encoded) asks for; undefined: none (a 404, a file). */
export type PublicPageOf = (path: string) => PublicPage | undefined;

/**
 * The public pages of `build`, matched as React Router matches them (case-insensitive, decoded,
 * trailing slashes allowed), each with its one spelling and its declared parameters.
 */
export function publicPagesOf(build: ServerBuild): PublicPageOf {
  const routes = publicPagesBuild(build).routes;
  // Without the catch-all (the 404 page): it ranks last, so leaving it out changes only what
  // would have been a 404, which is then no match at all, found without running a matcher.
  const pages = Object.fromEntries(
    Object.entries(routes).filter(([, route]) => !route?.path?.includes("*")),
  );
  const match = routeMatcher(routeTree(pages));
  const searchParamsOf = new Map<string, readonly string[]>();
  // Canonical paths already matched: a cached page's URL costs a map look-up, not a match
  // (tens of µs). Posts' paths are many, so the oldest go first past KNOWN_PATHS.
  const known = new Map<string, PublicPage>();
  return (rawPath) => {
    const hit = known.get(rawPath);
    if (hit) return hit;
    const matches = match(rawPath);
    const leaf = matches?.at(-1)?.route;
    if (!matches || !leaf) return undefined;
    const segments: string[] = [];
    for (const step of matches) {
      for (const segment of (step.route.path ?? "").split("/")) {
        if (!segment) continue;
        if (!segment.startsWith(":")) {
          segments.push(segment);
          continue;
        }
        const value = canonicalParam(step.params[segment.slice(1)]);
        // Not an id: the page's own 404 ('Blog not found.'), left as sent like any 404.
        if (value === null) return undefined;
        segments.push(value);
      }
    }
    let searchParams = searchParamsOf.get(leaf.id);
    if (!searchParams) {
      const list = matches
        .toReversed()
        .flatMap((step) => declaredSearchParams(routes[step.route.id]?.module.handle));
      searchParams = [...new Set(list)];
      searchParamsOf.set(leaf.id, searchParams);
    }
    // Built from the route's segments only, so it is always a path on this site ("/…", never
    // "//host").
    const page = { path: `/${segments.join("/")}`, searchParams };
    if (page.path === rawPath) {
      if (known.size >= KNOWN_PATHS) known.delete(known.keys().next().value ?? "");
      known.set(rawPath, page);
    }
    return page;
  };
}

/**
 * A dynamic segment's one spelling. Every parameter of a public page is a document id
 * (`blog/:id`), which the loader reads in either case (parseObjectId): lower-case hex, as the
 * site's links write it. Anything else is no document: null.
 */
function canonicalParam(value: string | undefined): string | null {
  return parseObjectId(value)?.toHexString() ?? null;
}

/** `url` without ad click identifiers (CLICK_IDS); the same string when it has none. */
export function withoutClickIds(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const params = url.slice(at + 1).split("&");
  const kept = params.filter((param) => {
    const name = param.split("=", 1)[0] ?? "";
    return !CLICK_IDS.has(safeDecode(name)?.toLowerCase() ?? name);
  });
  if (kept.length === params.length) return url;
  return kept.length ? `${url.slice(0, at)}?${kept.join("&")}` : url.slice(0, at);
}

/**
 * Where a request for `url` (path and query, as sent) belongs when that is not `url` itself: the
 * page's own path (publicPagesOf), with only its declared
 * parameters, in their order, first value of each, none empty or blank. Null: not a public
 * page, or already canonical.
 */
export function canonicalPageUrl(url: string, pageOf: PublicPageOf): string | null {
  const at = url.indexOf("?");
  const rawPath = at < 0 ? url : url.slice(0, at);
  if (!rawPath.startsWith("/")) return null;
  const page = pageOf(rawPath);
  if (!page) return null;
  let search = "";
  if (at >= 0) {
    const given = new URLSearchParams(url.slice(at + 1));
    const kept = new URLSearchParams();
    for (const name of page.searchParams) {
      const value = given.get(name);
      // Blank values mean "not set" to every reader (a filter form sends `q=&location=`).
      if (value?.trim()) kept.append(name, value);
    }
    search = kept.toString();
  }
  const canonical = search ? `${page.path}?${search}` : page.path;
  return canonical === url ? null : canonical;
}

let redirectHeaders: Record<string, string> | undefined;

/**
 * Called for every request before the page cache and Express (app/server.ts): drops click
 * identifiers from a GET's URL, then answers a public page's non-canonical URL (path or query)
 * with a 301.
 * True when it answered.
 */
export function redirectToCanonicalUrl(
  req: IncomingMessage,
  res: ServerResponse,
  pageOf: PublicPageOf,
  closing: () => boolean = () => false,
): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
  req.url = withoutClickIds(req.url);
  const location = canonicalPageUrl(req.url, pageOf);
  if (location === null) return false;
  // Written here, before Express: the same security headers as any answer.
  redirectHeaders ??= {
    ...staticSecurityHeaders({ production: getEnv().isProduction }),
    "Content-Security-Policy": NON_HTML_POLICY,
    "Cache-Control": REDIRECT_CACHE_CONTROL,
  };
  res.writeHead(301, {
    ...redirectHeaders,
    ...(closing() ? { Connection: "close" } : {}),
    Location: location,
    "Content-Length": "0",
  });
  res.end();
  return true;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
