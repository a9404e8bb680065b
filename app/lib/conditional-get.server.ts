// Conditional GET for documents built whole in memory (the blog feed, the sitemap): a weak
// ETag over the body and 304 Not Modified when the client already holds it. Feed readers and
// crawlers poll these with If-None-Match, so a poll that finds nothing new costs no body. The
// tag depends on the bytes only, so every instance behind the load balancer gives the same one.
import { createHash } from "node:crypto";
import { cachedContent } from "./content-cache.server";

/** A body with its tag, made once per content version by the caller's cache. */
export interface TaggedBody {
  body: string;
  etag: string;
}

export function tagged(body: string): TaggedBody {
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  // Weak: the same tag is sent whether the answer goes out gzipped or not (compression
  // middleware leaves it as it is), and a strong tag must differ per encoding (RFC 9110 8.8.3).
  return { body, etag: `W/"${hash}"` };
}

/** RFC 9110 §13.1.2: weak comparison; `*` matches any current representation. */
export function matchesTag(header: string | null | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = tag.replace(/^W\//, "");
  return header
    .split(",")
    .map((value) => value.trim())
    .some((value) => value === "*" || value.replace(/^W\//, "") === bare);
}

/** The answer to a GET of `document`: 200 with it, or 304 when If-None-Match names its tag. */
export function conditionalResponse(
  request: Request,
  { body, etag }: TaggedBody,
  headers: Record<string, string>,
): Response {
  const all = { ...headers, ETag: etag };
  if (matchesTag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: all });
  }
  return new Response(body, { headers: all });
}

/**
 * The answer to a GET of a document built by `build` once per content version (kept under
 * `key` in the content cache, with its tag): most polls then cost a lookup and a 304.
 */
export async function cachedDocumentResponse(
  request: Request,
  key: string,
  build: () => Promise<string>,
  headers: Record<string, string>,
): Promise<Response> {
  const document = await cachedContent(key, async () => tagged(await build()));
  return conditionalResponse(request, document, headers);
}
