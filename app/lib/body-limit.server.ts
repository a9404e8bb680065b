// A ceiling on request bodies, checked before anything reads them. Without it anyone could post
// a 20 MB form to /admin/login and have it parsed (twice: remix-auth-form reads its own copy).
// Every form of the site fits in far less; image uploads (issue 6) will get their own, larger,
// per-route limit.
import type { NextFunction, Request, Response } from "express";

/** 1 MiB: a long blog post in Markdown is well under 100 kB. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function limitRequestBodies(maxBytes = MAX_BODY_BYTES) {
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
    if (length > maxBytes) return refuse(res, 413, "Content Too Large");
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
