// Issue 20 finding 10: every distinct query string was a full render (and a page-cache entry).
// 1. Every public page of app/routes.ts, asked with unknown, empty, blank, repeated, reordered
//    or differently encoded query parameters, or with its path spelled otherwise than its route
//    (upper case, percent-encoded, a trailing slash, an upper-case post id), answers 301 to its
//    canonical URL, which keeps the page's own parameters and the campaign tags
//    (lib/canonical-url.server.ts); the canonical URL answers 200 itself, from the page cache
//    the second time. Requests that are no public page view (posts, `.data`, admin, API, files,
//    404 pages) are left alone.
// 2. Renders are limited per address (RENDER_IP_LIMIT a minute, lib/render-budget.server.ts):
//    on a server of its own with a limit of 5, renders of the 404 page at paths that look like
//    files or internals (`/x.1`, `/about.`, `/__x`, `/apifoo.x`, `/images`) count like any
//    render, and the sixth render is a 429 with Retry-After, while page-cache hits, files, the
//    guarded back office and other addresses still get through.
import routes from "../../app/routes";
import { flattenRoutes } from "../support/admin-routes";
import { E2E_ADMIN } from "../support/constants";
import { freePort, type Running, startApp } from "../support/process";
import { type Answer, expect, inBatches, rawSend, test } from "./fixtures";

/**
 * A canonical query of each public page: its own parameters with plausible values, in the order
 * the page declares them. A page added to app/routes.ts must be added here (checked below).
 */
const OWN_QUERY: Record<string, string> = {
  "routes/home.tsx": "subscribed=1",
  "routes/services.tsx": "",
  "routes/internships.tsx": "q=design+team&location=Remote&saved=1&sort=title&page=2",
  "routes/resources.tsx": "",
  "routes/about.tsx": "",
  "routes/contact.tsx": "sent=1",
  "routes/quote.tsx": "sent=1&from=%2Fabout",
  "routes/privacy-policy.tsx": "",
  "routes/terms-of-service.tsx": "",
  "routes/blog.tsx": "page=1",
  "routes/blog-post.tsx": "",
};
/** The campaign tags every public page keeps (lib/lead-source.ts), in their canonical order. */
const CAMPAIGN = "utm_source=news&utm_medium=email&utm_campaign=spring";

/** The site layout's pages, the catch-all 404 left out. */
function publicPages() {
  return flattenRoutes(routes).filter(
    (route) => route.parents.includes("routes/site-layout.tsx") && !route.path.includes("*"),
  );
}

/** Non-canonical spellings of `canonical` (a query string without "?"), with what they test. */
function variants(canonical: string): [string, string][] {
  const pairs = canonical.split("&");
  const [firstName] = (pairs[0] ?? "").split("=");
  const many = Array.from({ length: 40 }, (_, i) => `p${i}=${i}`).join("&");
  return [
    ["unknown parameter after", `${canonical}&x=1`],
    ["unknown parameter before", `x=1&${canonical}`],
    ["40 unknown parameters", `${many}&${canonical}`],
    ["prototype names", `${canonical}&__proto__=1&constructor%5Bprototype%5D=x`],
    ["unknown name in another case", `${canonical}&UTM_SOURCE=x`],
    ["empty own parameter", `${canonical}&utm_term=`],
    ["blank own parameter", `${canonical}&utm_content=%20%20`],
    ["empty pieces", `&&${canonical}&=&`],
    ["repeated parameter", `${canonical}&${firstName}=other`],
    ["everything twice", `${canonical}&${canonical}`],
    ["reversed order", [...pairs].reverse().join("&")],
    ["another encoding", canonical.replace("news", "%6Eews")],
    ["ad click id and junk", `${canonical}&gclid=abc&junk=1`],
  ];
}

test("public pages answer other query strings with a 301 to their canonical URL", async ({
  robust,
}) => {
  const started = Date.now();
  const post = await robust.db.collection("blogs").findOne({}, { projection: { _id: 1 } });
  const pages = publicPages();
  expect(pages.map((page) => page.file).sort()).toEqual(Object.keys(OWN_QUERY).sort());

  const cases: { what: string; url: string; location: string }[] = [];
  for (const page of pages) {
    const path = page.path.replace(":id", String(post?._id ?? "0123456789abcdef01234567"));
    const own = OWN_QUERY[page.file] ?? "";
    const canonical = own ? `${own}&${CAMPAIGN}` : CAMPAIGN;
    for (const [what, query] of variants(canonical)) {
      cases.push({
        what: `${page.file} ${what}`,
        url: `${path}?${query}`,
        location: `${path}?${canonical}`,
      });
    }
    // Nothing worth keeping: the bare path.
    cases.push({ what: `${page.file} empty query`, url: `${path}?&`, location: path });
    cases.push({ what: `${page.file} only junk`, url: `${path}?x=&y=1&y=2`, location: path });
    cases.push({ what: `${page.file} HEAD`, url: `${path}?x=1`, location: path });
  }
  // The path spelled otherwise than its route: one page, one URL, one cache entry.
  const postId = String(post?._id ?? "0123456789abcdef01234567");
  const spellings: [string, string][] = [
    ["/About", "/about"],
    ["/about/", "/about"],
    ["/%61bout", "/about"],
    ["/%41BOUT?x=1", "/about"],
    ["/BLOG?page=2", "/blog?page=2"],
    ["/Privacy-Policy/", "/privacy-policy"],
    [`/blog/${postId.toUpperCase()}`, `/blog/${postId}`],
    [`/Blog/${postId}/?${CAMPAIGN}`, `/blog/${postId}?${CAMPAIGN}`],
  ];
  for (const [url, location] of spellings) cases.push({ what: `spelling ${url}`, url, location });
  const answers = await inBatches(
    cases.map(
      (c) => () => robust.send(c.url, { method: c.what.endsWith("HEAD") ? "HEAD" : "GET" }),
    ),
  );
  const wrong = cases.flatMap((c, i) => {
    const answer = answers[i] as Answer;
    return answer.status === 301 && answer.headers.location === c.location
      ? []
      : [`${c.what}: ${c.url} → ${answer.status} ${answer.headers.location ?? ""}`];
  });
  expect(wrong, wrong.join("\n")).toEqual([]);

  // Each canonical URL is a page (not another redirect), and the second time a cache hit.
  // (The demo blog has one page: /blog?page=2 is its 404, redirected to all the same.)
  const canonicalUrls = [
    ...new Set(cases.map((c) => c.location).filter((url) => url !== "/blog?page=2")),
  ];
  const wrongPages: string[] = [];
  for (const url of canonicalUrls) {
    const first = await robust.send(url);
    const second = await robust.send(url);
    if (first.status !== 200 || second.headers["x-page-cache"] !== "hit") {
      wrongPages.push(`${url}: ${first.status}, then ${second.headers["x-page-cache"]}`);
    }
  }
  expect(wrongPages, wrongPages.join("\n")).toEqual([]);

  // Not a public page view: the query string is theirs.
  const untouched: [string, string, Parameters<typeof robust.send>[1]?][] = [
    ["a page's .data", "/internships.data?q=&junk=1"],
    ["a form post", "/quote?junk=1&from=", { method: "POST", body: "" }],
    ["the sign-in page", "/admin/login?junk=1"],
    ["the admin", "/admin/dashboard/quotes?junk=1", { headers: { Cookie: robust.cookie } }],
    ["the API", "/api/faqs?junk=1"],
    ["a file", "/sitemap.xml?junk=1"],
    ["the feed", "/blog/rss.xml?junk=1"],
    ["the 404 page", "/no-such-page?junk=1"],
    ["a 404 page's spelling", "/No-Such-Page/"],
    ["a post URL with no id", "/BLOG/Not-An-Id/"],
  ];
  const moved: string[] = [];
  for (const [what, url, options] of untouched) {
    const answer = await robust.send(url, options);
    if (answer.status === 301) moved.push(`${what}: ${url} → ${answer.headers.location}`);
  }
  expect(moved, moved.join("\n")).toEqual([]);

  console.log(
    `[robustness] canonical URLs: ${cases.length} requests with other query strings or path spellings (${spellings.length}) to ${pages.length} public pages, ${cases.length - wrong.length} answered 301 to the canonical URL; ${canonicalUrls.length} canonical URLs answered 200 then from the cache; ${untouched.length} requests that are no page view left alone (${moved.length} moved) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});

test("renders past RENDER_IP_LIMIT a minute from one address answer 429 with Retry-After", async () => {
  const started = Date.now();
  const port = await freePort();
  const app: Running = startApp({
    PORT: String(port),
    DATA_DIR: ":memory:",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    RENDER_IP_LIMIT: "5",
    // So a second address can be shown from this machine (X-Forwarded-For from loopback).
    TRUST_PROXY: "loopback",
  });
  try {
    await app.waitFor(/Bureau is listening on http:\/\/localhost:\d+/, 60_000);
    const base = `http://localhost:${port}`;
    const send = (path: string, headers: Record<string, string> = {}) =>
      rawSend(base, path, { headers });
    // The budget is per minute: start early in one, so the count is not reset halfway.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));

    // One render (counted), then hits of the page cache (never counted).
    expect((await send("/about")).headers["x-page-cache"]).toBe("miss");
    const hits = await Promise.all(Array.from({ length: 10 }, () => send("/about")));
    expect(hits.map((h) => `${h.status} ${h.headers["x-page-cache"]}`)).toEqual(
      Array(10).fill("200 hit"),
    );
    // Renders of the 404 page (never cached), at paths shaped like files, internals or resource
    // routes: each counts, so 4 more fit in the budget of 5.
    const paths = ["/x.1", "/about.", "/__x", "/apifoo.x", "/images", "/no-such-page"];
    const renders: Answer[] = [];
    for (const path of paths) renders.push(await send(path));
    expect(renders.map((r) => r.status)).toEqual([404, 404, 404, 404, 429, 429]);
    const refused = renders[4] as Answer;
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.body).toContain("Too many requests");
    // A client navigation's data request is a render too; a cached page, a file and another
    // address are not held back.
    const data = await send("/services.data");
    expect(data.status).toBe(429);
    expect(data.headers["retry-after"]).toBeTruthy();
    expect((await send("/about")).status).toBe(200);
    expect((await send("/robots.txt")).status).toBe(200);
    // The back office, signed out: a redirect to the sign-in page, not a render.
    expect((await send("/admin/dashboard")).status).toBe(302);
    expect((await send("/contact", { "X-Forwarded-For": "203.0.113.9" })).status).toBe(200);
    console.log(
      `[robustness] render budget: RENDER_IP_LIMIT=5; 1 render + 10 cache hits + ${paths.length} 404 renders (${paths.join(" ")}) + 1 .data + 4 others from one address: ${renders.filter((r) => r.status === 429).length + 1} refused with 429 (Retry-After ${retryAfter} s), every cache hit, file, signed-out admin redirect and other address answered, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await app.stop("SIGTERM");
  }
});
