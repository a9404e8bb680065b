// Conditional GET for documents built whole in memory (the blog feed, the sitemap): a strong
// ETag over the body and 304 Not Modified when the client already holds it. Feed readers and
// crawlers poll these with If-None-Match, so a poll that finds nothing new costs no body. The
// tag depends on the bytes only, so every instance behind the load balancer gives the same one.
import { createHash } from "node:crypto";

/** A body with its tag, made once per content version by the caller's cache. */
export interface TaggedBody {
  body: string;
  etag: string;
}

export function tagged(body: string): TaggedBody {
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return { body, etag: `"${hash}"` };
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
