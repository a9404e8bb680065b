// Feeds the visitor counter (app/domain/visitor-count.server.ts) from the HTTP layer. An Express
// middleware rather than code in loaders: it sees every page answer, including ones a cache in
// front of React Router may serve later without running a loader, and it costs the request
// nothing but a check of the path and, once the answer is sent, a push into a queue.
import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { normalizeIp } from "./client-ip.server";

/**
 * Page views: GET requests for public pages, as documents or as React Router's `.data` requests
 * (client-side navigations). Those count too: a visitor still on the site after midnight UTC is
 * a visitor of the new day, and costs nothing more when already counted (the queue keeps each
 * visitor once). Not counted: the back office, API, build assets, route discovery
 * (`/__manifest`), files (sitemap, feeds, images: crawlers and feed readers, not visits) and
 * HEAD (nobody sees a page).
 */
export function isPageRequest(method: string, path: string): boolean {
  if (method !== "GET") return false;
  // Case-insensitive, as React Router's matching: /API/faqs is the API, not a page.
  if (/^\/(?:admin|api|assets|images)(?:[/.]|$)/i.test(path) || path.startsWith("/__"))
    return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".data");
}

/**
 * Background fetches the browser makes on a guess (link prefetch, prerender, Safari's
 * top-sites previews): not a visit. A visitor who then opens the page was counted by an earlier
 * page, or is counted by the next one; only a prerendered page that is opened and then left
 * without a click goes uncounted.
 */
export function isPrefetch(req: { headers: IncomingHttpHeaders }): boolean {
  const { headers } = req;
  // Asked for every page answer, cached ones included: most requests carry none of these.
  for (const name of PURPOSE_HEADERS) {
    const value = headers[name];
    if (value !== undefined && /prefetch|prerender|preview/i.test(String(value))) return true;
  }
  return false;
}

const PURPOSE_HEADERS = ["sec-purpose", "purpose", "x-purpose", "x-moz"] as const;

/** What a page view is handed to (domain/visitor-count.server.ts VisitorCounter). */
export interface PageViewSink {
  record(visit: { ip: string; userAgent: string | undefined; cookie: string | undefined }): void;
}

export function countVisitors(counter: PageViewSink) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isPageRequest(req.method, req.path) && !isPrefetch(req)) {
      // Once the answer is out: only pages that were actually served (redirects and 304s
      // included; errors and 404s are not visits).
      res.once("finish", () => {
        if (res.statusCode >= 400) return;
        counter.record({
          ip: normalizeIp(req.ip ?? req.socket.remoteAddress),
          userAgent: req.get("user-agent"),
          cookie: req.get("cookie"),
        });
      });
    }
    next();
  };
}
