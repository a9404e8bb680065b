// A ceiling on request bodies, checked before anything reads them. Without it anyone could post
// a 20 MB form to /admin/login and have it parsed (twice: remix-auth-form reads its own copy).
// Every form of the site fits in far less, except the admin's image uploads: multipart posts
// under /admin/dashboard/ get UPLOAD_MAX_BODY_BYTES (one 5 MB image plus the form around it).
// Those routes check the session before reading the body (domain/image.server.ts
// readUploadForm), so a visitor who is not signed in never gets a big body parsed.
import type { NextFunction, Request, Response } from "express";

/** 1 MiB: a long blog post in Markdown is well under 100 kB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** 6 MiB: a 5 MB image (the largest accepted) with its multipart framing and the form's text. */
export const UPLOAD_MAX_BODY_BYTES = 6 * 1024 * 1024;

/**
 * The limit for one request: the upload limit only for multipart POSTs to the admin editors
 * (`/admin/dashboard/...`, their `.data` twins with JavaScript included), 1 MiB for the rest.
 */
export function bodyLimitFor(req: Pick<Request, "method" | "path" | "headers">): number {
  const multipart = /^multipart\/form-data\b/i.test(String(req.headers["content-type"] ?? ""));
  if (req.method === "POST" && multipart && req.path.startsWith("/admin/dashboard/")) {
    return UPLOAD_MAX_BODY_BYTES;
  }
  return MAX_BODY_BYTES;
}

export function limitRequestBodies(maxBytes: number | typeof bodyLimitFor = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      // A streamed (chunked) body could be any size and would be read before it could be
      // measured: browsers always send a length for forms, so ask for one.
      if (req.headers["transfer-encoding"]) return refuse(res, 411, "Length Required");
      return next();
    }
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(res, 400, "Bad Request");
    const limit = typeof maxBytes === "number" ? maxBytes : maxBytes(req);
    if (length > limit) return refuse(res, 413, "Content Too Large");
    next();
  };
}

function refuse(res: Response, status: number, text: string) {
  // The body is not read: close the connection so its bytes are not parsed as the next request.
  res
    .status(status)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("text")
    .send(text);
}
