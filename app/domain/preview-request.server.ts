// Requests made while a client previews a draft (app/domain/preview-link.server.ts): Express
// middleware, in front of the page cache and React Router (app/server.ts).
//
// A request whose preview cookie names a usable link runs inside `runAsPreview` (the stores'
// public reads then show that one record as its draft) and its answer is `no-store` and
// `noindex` whatever the route says: no browser, proxy or search engine keeps a draft. The page
// cache neither serves nor keeps it (the cookie makes the request personal, and the answer says
// no-store), the content cache is bypassed (lib/content-cache.server.ts asks `isPreview()`).
// A cookie whose link expired or was revoked is cleared and the request is an ordinary visit,
// so a revoked link stops showing the draft on the very next request.
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { runAsPreview } from "~/lib/preview-context.server";
import { clearPreviewCookieHeader, findPreviewLink, previewTokenOf } from "./preview-link.server";

/**
 * Previews are of the public site: the admin, the JSON API, images and React Router's manifest
 * read no drafts through a client's cookie (and need no database read for it).
 */
const NOT_PREVIEWED = /^\/(?:admin|api|images|assets)(?:[/.]|$)|^\/__/i;

/** The answer of a preview: never kept, never indexed. */
export const PREVIEW_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export function previewRequests() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (NOT_PREVIEWED.test(req.path)) {
      next();
      return;
    }
    previewTokenOf(req.headers.cookie)
      .then(async (token) => {
        if (!token) return next();
        const link = await findPreviewLink(token);
        if (!link.ok) {
          res.append("Set-Cookie", await clearPreviewCookieHeader());
          return next();
        }
        onHeaders(res, () => {
          for (const [name, value] of Object.entries(PREVIEW_HEADERS)) res.setHeader(name, value);
        });
        runAsPreview(link.target, next);
      })
      .catch(next);
  };
}
