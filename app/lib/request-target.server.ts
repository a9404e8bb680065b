// The first check of every request, before the page cache, Express or React Router read it:
// a request whose target or Host the rest of the server would read differently from how the
// router matches it, or could not read at all, is answered 400 with one log line.
//
// Why at the very front: each later reader parses the URL its own way. Express's `req.path` is
// the raw path, while React Router matches the WHATWG-normalised one, so
// `POST /admin/dashboard/../../quote` was the public quote form to the router but an admin
// upload (16 MiB body allowance) to the body limit (lib/body-limit.server.ts). And React
// Router's adapter builds `new URL(protocol://host + url)`, which throws (a 500 and a stack
// trace in the log) for a Host with a space, a port over 65535, `OPTIONS *` or an absolute-form
// target (`GET http://x/`). Refusing those shapes here means every reader behind sees one path.
// Browsers never send any of them: they resolve dot segments before sending and always send an
// origin-form target and a valid Host.
import type { IncomingMessage, ServerResponse } from "node:http";

/** A hostname (or IPv4), or a bracketed IPv6 literal, with an optional port. */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/** Why a Host-like header value cannot be used, or null when it can. */
export function hostProblem(value: string): string | null {
  const match = HOST.exec(value);
  if (!match || value.length > 255) return "malformed host";
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return "port out of range";
  // The shape above still lets through names the URL parser refuses (256.1.1.1, 1.2.3.08,
  // [::::], xn--a): the parser that will build the request's URL decides.
  try {
    new URL(`http://${value}/`);
  } catch {
    return "malformed host";
  }
  return null;
}

/** Why this path cannot be routed as it was sent, or null when it can. */
export function pathProblem(path: string): string | null {
  if (!path.startsWith("/")) return "not an origin-form target";
  // A backslash is a slash to the WHATWG parser (so `\..\` is a dot segment there) but a
  // character to Express.
  if (path.includes("\\")) return "backslash in path";
  for (const segment of path.split("/")) {
    if (!segment.includes("%") && segment !== "." && segment !== "..") continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return "malformed percent-encoding";
    }
    if (decoded === "." || decoded === "..") return "dot segment in path";
    // An encoded slash or backslash is one segment to Express and two to some routers.
    if (decoded.includes("/") || decoded.includes("\\")) return "encoded slash in path";
  }
  return null;
}

/** Why the request cannot be served as sent, or null. */
export function requestProblem(req: Pick<IncomingMessage, "url" | "headers">): string | null {
  const url = req.url ?? "";
  const path = url.split("?", 1)[0] ?? "";
  const problem = pathProblem(path);
  if (problem) return problem;
  const host = req.headers.host;
  if (host !== undefined) {
    const hostIssue = hostProblem(host);
    if (hostIssue) return `${hostIssue} in Host`;
  }
  // Read by Express (and so React Router's adapter) when TRUST_PROXY trusts the sender; a
  // value that would break the URL is refused whoever sent it.
  const forwardedHost = firstValue(req.headers["x-forwarded-host"]);
  if (forwardedHost !== undefined && hostProblem(forwardedHost)) {
    return "malformed X-Forwarded-Host";
  }
  const forwardedProto = firstValue(req.headers["x-forwarded-proto"]);
  if (forwardedProto !== undefined && !/^https?$/i.test(forwardedProto)) {
    return "malformed X-Forwarded-Proto";
  }
  return null;
}

/** The first of a comma-separated header's values, as Express reads it. */
function firstValue(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",", 1)[0]?.trim();
}

/**
 * Answers 400 and returns true when the request cannot be served as sent (see above); the
 * caller then does nothing more with it. One log line per refusal, never a stack trace.
 */
export function refuseMalformedRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const problem = requestProblem(req);
  if (!problem) return false;
  const target = JSON.stringify((req.url ?? "").slice(0, 200));
  console.warn(`400 ${req.method} ${target}: ${problem}`);
  res.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": "11",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // The body, if any, is not read: the connection cannot carry another request.
    Connection: "close",
  });
  res.end("Bad Request");
  return true;
}
