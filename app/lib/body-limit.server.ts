// A ceiling on request bodies, checked before anything reads them. Without it anyone could post
// a 20 MB form to /admin/login and have it parsed (twice: remix-auth-form reads its own copy).
// Every form of the site fits in far less, except the admin's image uploads: multipart posts
// under /admin/dashboard/ and to the JSON API's POST /api/images get UPLOAD_MAX_BODY_BYTES (one
// 5 MB image plus the form around it). Those routes check the session or the bearer token before
// reading the body (domain/image.server.ts readUploadForm), so a visitor who is not signed in
// never gets a big body parsed.
import type { NextFunction, Request, Response } from "express";

/** 1 MiB: a long blog post in Markdown is well under 100 kB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * 16 MiB for admin posts with files. Images over 5 MB are refused, but by the editor, which
 * says beside the field that the file is over 5 MB and keeps what was typed; a
 * phone photo of 8-15 MB picked without JavaScript must reach it rather than meet a bare 413.
 */
export const UPLOAD_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The JSON API's image upload (routes/api/images.ts). */
const API_UPLOAD_PATH = "/api/images";

/**
 * The limit for one request: the upload limit only for multipart POSTs to the admin editors
 * (`/admin/dashboard/...`, their `.data` twins with JavaScript included) and to exactly
 * POST /api/images, 1 MiB for the rest.
 */
export function bodyLimitFor(req: Pick<Request, "method" | "path" | "headers">): number {
  const multipart = /^multipart\/form-data\b/i.test(String(req.headers["content-type"] ?? ""));
  // The path as the router matches it (dot segments resolved, `%2e` included), not as sent:
  // server.js already refuses targets where the two differ (lib/request-target.server.ts);
  // this keeps the limit right for any other way in.
  const path = routedPath(req.path);
  if (
    req.method === "POST" &&
    multipart &&
    (path.startsWith("/admin/dashboard/") ||
      path.toLowerCase().replace(/\/+$/, "") === API_UPLOAD_PATH)
  ) {
    return UPLOAD_MAX_BODY_BYTES;
  }
  return MAX_BODY_BYTES;
}

/** The WHATWG-normalised path React Router matches; "/" when it cannot be parsed. */
function routedPath(path: string): string {
  try {
    // Appended, not resolved against a base: `//x/admin/dashboard/a` is a path to the router,
    // while `new URL(path, base)` would read it as another host's /admin/dashboard/a.
    return new URL(`http://localhost${path}`).pathname;
  } catch {
    return "/";
  }
}

export function limitRequestBodies(maxBytes: number | typeof bodyLimitFor = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      // A streamed (chunked) body could be any size and would be read before it could be
      // measured: browsers always send a length for forms, so ask for one.
      if (req.headers["transfer-encoding"]) return refuse(req, res, 411, "Length Required");
      return next();
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(req, res, 400, "Bad Request");
    const limit = typeof maxBytes === "number" ? maxBytes : maxBytes(req);
    if (length > limit) {
      return limit === UPLOAD_MAX_BODY_BYTES && !isApiPath(req.path)
        ? refuseUpload(res, req.originalUrl)
        : refuse(req, res, 413, "Content Too Large", limit);
    }
    next();
  };
}

function refuse(req: Request, res: Response, status: number, text: string, limit = MAX_BODY_BYTES) {
  // The body is not read: close the connection so its bytes are not parsed as the next request.
  res.status(status).set({ Connection: "close", "Cache-Control": "no-store" });
  // The JSON API answers in its own shape (lib/api.server.ts).
  if (isApiPath(req.path)) {
    const message =
      status === 413 ? `The body is too large: at most ${limit / 1024 / 1024} MiB.` : text;
    res.json({ success: false, message });
  } else {
    res.type("text").send(text);
  }
}

/** Whether a path belongs to the JSON API, whose every answer is JSON. */
export function isApiPath(path: string): boolean {
  // React Router matches paths whatever their case: so must every check in front of it.
  const lower = path.toLowerCase();
  return lower === "/api" || lower === "/api.data" || lower.startsWith("/api/");
}

/**
 * An admin post too big to read (a file far over the 5 MB images may have): a small page with the
 * editors' upload message and a way back, rather than a bare status line.
 */
function refuseUpload(res: Response, url: string) {
  // Only a path on this site, without the `.data` of a JavaScript post.
  const back =
    /^\/admin\/dashboard\/[\w/-]*/.exec(url)?.[0]?.replace(/\.data$/, "") ?? "/admin/dashboard";
  res
    .status(413)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Image upload failed · Bureau admin</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1>Image upload failed. Please try again.</h1><p>The file is too large: images may be at most 5 MB. Nothing was saved.</p><p><a href="${back}" style="color:#1d4ed8;font-weight:600">Back to the editor</a></p></body></html>`,
    );
}
