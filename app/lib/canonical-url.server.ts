// One URL per public page state (issue 20 finding 10). A page rendered for `/about?x=1`, `/about?`
// or `/blog?page=2&page=3` is the same page as its plain URL, but it was a render of its own and
// a page-cache entry of its own (the cache keys on the URL): any number of query strings made
// any number of renders. So a GET or HEAD of a public page whose query string holds anything
// other than the parameters the page declares (lib/page-params.ts), in their declared order,
// first value only, none empty, encoded as a form encodes them, is answered with a 301 to that
// canonical URL, before the page cache is asked (app/server.ts servePageFromCache), so only
// canonical URLs are ever rendered or kept.
//
// Not touched: posts (a form's action URL is its own business), React Router's `.data` requests
// (client navigation asks with the canonical URL it shows), the back office, the API, files and
// the public 404 page (never cached). Those are bounded by the render budget instead
// (lib/render-budget.server.ts). The path itself is left as sent.
import type { IncomingMessage, ServerResponse } from "node:http";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { getEnv } from "~/env.server";
import { declaredSearchParams } from "./page-params";
import { isPublicPageView, publicPagesBuild } from "./public-pages-build.server";
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

/** The parameters a public page may carry, in canonical order; undefined: not a public page. */
export type PageParams = (path: string) => readonly string[] | undefined;

/**
 * The declared parameters of each public page of `build`: those of the page's route, then of the
 * routes around it (the site layout's campaign tags), each name once.
 */
export function pageParamsOf(build: ServerBuild): PageParams {
  const routes = publicPagesBuild(build).routes;
  const byId = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const [id, route] of Object.entries(routes)) {
    if (!route) continue;
    byId.set(id, {
      id,
      path: route.path,
      index: route.index as false,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const roots: RouteObject[] = [];
  for (const [id, route] of Object.entries(routes)) {
    const node = byId.get(id);
    if (!route || !node) continue;
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // Per leaf route: a blog post's id does not change what the page reads.
  const cached = new Map<string, readonly string[]>();
  return (path) => {
    const matches = matchRoutes(roots, path);
    const leaf = matches?.at(-1)?.route.id;
    if (!matches || !leaf) return undefined;
    let names = cached.get(leaf);
    if (!names) {
      const list = matches
        .toReversed()
        .flatMap((match) => declaredSearchParams(routes[match.route.id ?? ""]?.module.handle));
      names = [...new Set(list)];
      cached.set(leaf, names);
    }
    return names;
  };
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
 * same path with only the page's declared parameters, in their order, first value of each, none
 * empty or blank. Null: not a public page, or already canonical.
 */
export function canonicalPageUrl(url: string, paramsOf: PageParams): string | null {
  const at = url.indexOf("?");
  // No query string: nothing to drop (the common case costs one indexOf).
  if (at < 0) return null;
  const rawPath = url.slice(0, at);
  // Decoded, as React Router and the page cache read it: /%61bout is /about.
  const path = safeDecode(rawPath);
  if (path === null || !rawPath.startsWith("/") || !isPublicPageView("GET", path)) return null;
  const names = paramsOf(path);
  if (!names) return null;
  const given = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    // Blank values mean "not set" to every reader (a filter form sends `q=&location=`).
    if (value?.trim()) kept.append(name, value);
  }
  const search = kept.toString();
  const canonical = search ? `${rawPath}?${search}` : rawPath;
  return canonical === url ? null : canonical;
}

let redirectHeaders: Record<string, string> | undefined;

/**
 * Called for every request before the page cache and Express (app/server.ts): drops click
 * identifiers from a GET's URL, then answers a public page's non-canonical URL with a 301.
 * True when it answered.
 */
export function redirectToCanonicalUrl(
  req: IncomingMessage,
  res: ServerResponse,
  paramsOf: PageParams,
  closing: () => boolean = () => false,
): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
  req.url = withoutClickIds(req.url);
  const location = canonicalPageUrl(req.url, paramsOf);
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
