// Cross-site request refusal for every state-changing request, public and admin alike: a form
// on another site must not be able to sign someone in or out, save internships in a visitor's
// cookie, or act with an admin's session. SameSite=Lax cookies already stop most of this; this
// check also covers sibling subdomains and browsers without SameSite.
//
// The rule is the one of Go's net/http CrossOriginProtection (Filippo Valsorda, "CSRF",
// https://words.filippo.io/csrf/), which needs no token:
// 1. GET, HEAD: allowed (they must not change anything).
// 2. Sec-Fetch-Site present (every current browser): allowed only for "same-origin" and "none"
//    (typed or bookmarked); "same-site" (a sibling subdomain) and "cross-site" are refused.
// 3. Otherwise an Origin header (older browsers): its scheme, host and port must equal the
//    site's own origin: the one the request was addressed to (its scheme and Host, as a trusted
//    proxy reports them with TRUST_PROXY), or SITE_URL's. Comparing hosts alone let
//    `https://host:port` through on an http site. "null" (sandboxed frames, privacy redirects)
//    is refused.
// 4. Neither header: not a browser (curl, a server-to-server call), so no visitor's cookie is
//    riding along; allowed.
// Wired in once, in app/server.ts, before React Router (docs/decisions/005-cross-site-check.md).
import type { RequestHandler } from "express";
import { getEnv } from "../env.server";
import { isAllowedApiOrigin } from "./api.server";
import { isApiPath } from "./body-limit.server";
import { cspNonce, nonceAttribute } from "./security-headers.server";

// OPTIONS too: a CORS preflight changes nothing, and refusing it would break the JSON API for
// the origins API_ALLOWED_ORIGINS lets in.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE =
  "This request came from another site and was refused. Go back to the page and try again.";

export interface RequestFacts {
  method: string;
  /** The origins this site answers as: `http://host:port` of the request, SITE_URL's. */
  siteOrigins: readonly string[];
  secFetchSite?: string | null;
  origin?: string | null;
}

/** Why the request is refused, or null when it may go on. */
export function crossSiteRefusal(facts: RequestFacts): string | null {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return null;
  const site = facts.secFetchSite?.trim().toLowerCase();
  if (site) {
    return site === "same-origin" || site === "none" ? null : `Sec-Fetch-Site: ${site}`;
  }
  const origin = facts.origin?.trim();
  if (!origin) return null;
  const normalized = originOf(origin);
  // "null", garbage, or an origin without a host (`file://`).
  if (!normalized) return `Origin: ${origin.slice(0, 100)}`;
  return facts.siteOrigins.some((site) => originOf(site) === normalized)
    ? null
    : `Origin ${normalized} is not ${facts.siteOrigins[0] ?? "this site"}`;
}

/** `scheme://host[:port]`, lower-cased, the scheme's default port left out; null if none. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.host && (url.protocol === "http:" || url.protocol === "https:")
      ? url.origin.toLowerCase()
      : null;
  } catch {
    return null;
  }
}

/** SITE_URL's origin; none while the configuration cannot be read (it stops start-up then). */
function configuredOrigin(): string[] {
  try {
    return [getEnv().SITE_URL];
  } catch {
    return [];
  }
}

function refusalPage(nonce: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request refused</title>
<style${nonceAttribute(nonce)}>body{font-family:system-ui,sans-serif;color:#334155;max-width:36rem;margin:4rem auto;padding:0 1.5rem;line-height:1.5}h1{color:#0f172a;font-size:1.5rem}a{color:#1d4ed8}</style></head>
<body><main><p>Error 403</p><h1>Request refused</h1><p>${CROSS_SITE_MESSAGE}</p><p><a href="/">Back to the home page</a></p></main></body>
</html>`;
}

/**
 * Express middleware: answers 403 (a short page, or JSON for API clients) before the request
 * reaches React Router. `req.protocol` and `req.host` honour X-Forwarded-Proto and
 * X-Forwarded-Host only when "trust proxy" is set (TRUST_PROXY), like the URL React Router
 * builds for the request.
 */
export const refuseCrossSiteRequests: RequestHandler = (req, res, next) => {
  const reason = crossSiteRefusal({
    method: req.method,
    siteOrigins: [`${req.protocol}://${req.host ?? req.get("host") ?? ""}`, ...configuredOrigin()],
    secFetchSite: req.get("sec-fetch-site"),
    origin: req.get("origin"),
  });
  if (!reason) return next();
  // The JSON API authenticates with a bearer token, never a cookie, so a page of an origin
  // listed in API_ALLOWED_ORIGINS may call it (lib/api.server.ts adds the CORS headers).
  const api = isApiPath(req.path);
  if (api && isAllowedApiOrigin(req.get("origin"))) return next();
  res.status(403).set({ "Cache-Control": "no-store", Vary: "Origin, Sec-Fetch-Site" });
  if (api || req.accepts(["html", "json"]) === "json") {
    res.json({ success: false, message: CROSS_SITE_MESSAGE });
  } else {
    res.type("html").send(refusalPage(cspNonce(res)));
  }
};
