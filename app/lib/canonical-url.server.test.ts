// Canonical URLs of the public pages (issue 20 finding 10), from the real route table and the
// real route modules' declared parameters, and the 301 on a real HTTP server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import { internshipSearch, parseInternshipQuery } from "~/domain/internship-list";
import { serverBuildOfRoutes } from "../../tests/support/server-build";
import { hrefForPage } from "../routes/blog";
import {
  canonicalPageUrl,
  type PublicPageOf,
  publicPagesOf,
  redirectToCanonicalUrl,
  withoutClickIds,
} from "./canonical-url.server";
import { quoteHref } from "./quote-link";

afterAll(closeDatabase);

let pageOf: PublicPageOf;
const paramsOf = (path: string) => pageOf(path)?.searchParams;
beforeAll(async () => {
  pageOf = publicPagesOf(await serverBuildOfRoutes());
});

const POST = "0123456789abcdef01234567";

const UTM = "utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=seo&utm_content=a";

describe("canonical URLs of public pages", () => {
  it("keeps each page's own parameters and the campaign tags, in declared order", () => {
    expect(paramsOf("/internships")).toEqual([
      "q",
      "domain",
      "location",
      "duration",
      "saved",
      "sort",
      "page",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "utm_term",
      "utm_content",
    ]);
    expect(paramsOf("/blog")?.[0]).toBe("page");
    expect(paramsOf("/quote")?.slice(0, 2)).toEqual(["sent", "from"]);
    expect(paramsOf("/contact")?.[0]).toBe("sent");
    expect(paramsOf("/")?.[0]).toBe("subscribed");
    expect(paramsOf("/about")?.[0]).toBe("utm_source");
    expect(paramsOf("/blog/0123456789abcdef01234567")?.[0]).toBe("utm_source");
    expect(pageOf(`/Blog/${POST.toUpperCase()}/`)?.path).toBe(`/blog/${POST}`);
  });

  it.each([
    // Unknown, empty, blank and repeated parameters, another order.
    ["/about?x=1", "/about"],
    ["/about?", "/about"],
    ["/?fresh=1&subscribed=1", "/?subscribed=1"],
    ["/services?utm_source=&utm_medium=%20", "/services"],
    ["/blog?page=2&page=3", "/blog?page=2"],
    ["/blog?Page=2", "/blog"],
    ["/quote?from=%2Fservices&sent=1", "/quote?sent=1&from=%2Fservices"],
    ["/contact?sent=1&sent=1", "/contact?sent=1"],
    // The no-JavaScript filter form sends every field, most of them empty.
    ["/internships?q=&sort=newest&domain=&location=&duration=", "/internships?sort=newest"],
    [
      "/internships?location=Remote&q=design&junk=1&q=other&sort=",
      "/internships?q=design&location=Remote",
    ],
    [`/services?${UTM}&x=1`, `/services?${UTM}`],
    // Encoded as a form encodes it, so one value has one spelling.
    ["/internships?q=a%20b", "/internships?q=a+b"],
    ["/blog/0123456789abcdef01234567?page=2", "/blog/0123456789abcdef01234567"],
    // The path as its route spells it: lower case, unencoded, no trailing slash.
    ["/About", "/about"],
    ["/ABOUT", "/about"],
    ["/about/", "/about"],
    ["/about//", "/about"],
    ["/%61bout", "/about"],
    ["/%41BOUT?x=1", "/about"],
    ["/About/?x=1", "/about"],
    ["/Privacy-Policy", "/privacy-policy"],
    ["/BLOG?page=2", "/blog?page=2"],
    ["/Internships/?Q=x&q=design", "/internships?q=design"],
    ["///", "/"],
    // A post's id in lower-case hex, as the loader reads it and the site links it.
    [`/blog/${POST.toUpperCase()}`, `/blog/${POST}`],
    [`/Blog/${POST}/`, `/blog/${POST}`],
    [`/blog/%30${POST.slice(1)}`, `/blog/${POST}`],
  ])("%s → %s", (url, canonical) => {
    expect(canonicalPageUrl(url, pageOf)).toBe(canonical);
    // A canonical URL is its own.
    expect(canonicalPageUrl(canonical, pageOf)).toBeNull();
    // Always a path on this site, never another host (`//host`).
    expect(canonical).toMatch(/^\/(?!\/)/);
  });

  it.each([
    "/blog?page=2",
    "/internships?q=a+b&saved=1&page=2",
    "/quote?sent=1&from=%2Fabout",
    `/?subscribed=already&${UTM}`,
    // Not public pages, or not answered with a page: left to their routes.
    "/admin/dashboard/quotes?status=new&x=1",
    "/api/faqs?x=1",
    "/internships.data?q=&x=1",
    "/blog/rss.xml?x=1",
    "/sitemap.xml?x=1",
    "/images/0123456789abcdef01234567?w=640",
    "/nope?x=1",
    "/%E0%A4%A?x=1",
    // 404 pages keep their spelling (never cached; the render budget bounds them).
    "/Nope/",
    "/about.",
    "/x.1",
    "/__x",
    "//about",
    "/about%20",
    "/blog/not-an-id",
    "/BLOG/Not-An-Id/?x=1",
    `/blog/${POST}0`,
    // Other routes that share a page's first segment.
    "/BLOG/RSS.XML",
    "/blog/rss.xml/",
    "/About.data",
    `/blog/${POST.toUpperCase()}.data`,
  ])("leaves %s alone", (url) => {
    expect(canonicalPageUrl(url, pageOf)).toBeNull();
  });

  it("links the site writes are canonical (no redirect to follow)", () => {
    const query = parseInternshipQuery(
      new URLSearchParams(
        "q=ux~design (remote)&domain=Design&location=Remote&duration=90&saved=1&sort=deadline&page=2",
      ),
    );
    const links = [
      `/internships${internshipSearch(query)}`,
      quoteHref("/internships?q=a b~!'()*"),
      quoteHref("/blog?page=2"),
      hrefForPage(3),
    ];
    for (const link of links) expect(canonicalPageUrl(link, pageOf), link).toBeNull();
  });
});

describe("the redirect, before the page cache", () => {
  let server: Server;
  let base = "";
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (redirectToCanonicalUrl(req, res, pageOf)) return;
      seen.push(`${req.method} ${req.url}`);
      res.end("page");
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("answers 301 with the canonical Location, cacheable, with the security headers", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await fetch(`${base}/blog?page=2&x=1`, { method, redirect: "manual" });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/blog?page=2");
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
      expect(await res.text()).toBe("");
    }
    expect(seen).toEqual([]);
  });

  it("answers a page's other spellings with a 301 to its own, and leaves 404s alone", async () => {
    seen.length = 0;
    const moved: Record<string, string | null> = {};
    for (const url of ["/About", "/%61bout/?x=1", `/blog/${POST.toUpperCase()}`, "/BLOG?page=2"]) {
      const res = await fetch(`${base}${url}`, { redirect: "manual" });
      moved[url] = `${res.status} ${res.headers.get("location")}`;
    }
    expect(moved).toEqual({
      "/About": "301 /about",
      "/%61bout/?x=1": "301 /about",
      [`/blog/${POST.toUpperCase()}`]: `301 /blog/${POST}`,
      "/BLOG?page=2": "301 /blog?page=2",
    });
    await fetch(`${base}/No-Such-Page/`);
    await fetch(`${base}/blog/Not-An-Id`);
    expect(seen).toEqual(["GET /No-Such-Page/", "GET /blog/Not-An-Id"]);
  });

  it("leaves posts and canonical URLs to the app", async () => {
    seen.length = 0;
    await fetch(`${base}/blog?page=2&x=1`, { method: "POST", body: "a=1" });
    await fetch(`${base}/blog?page=2`);
    expect(seen).toEqual(["POST /blog?page=2&x=1", "GET /blog?page=2"]);
  });

  it("drops ad click identifiers silently, so a campaign's visitors share one page", async () => {
    seen.length = 0;
    const res = await fetch(`${base}/services?gclid=abc&utm_source=ads&fbclid=x`, {
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(seen).toEqual(["GET /services?utm_source=ads"]);
    // With something else to drop too: one redirect, to a URL without either.
    const mixed = await fetch(`${base}/services?gclid=abc&x=1`, { redirect: "manual" });
    expect(mixed.headers.get("location")).toBe("/services");
    expect(withoutClickIds("/api/faqs?GCLID=1&page=2")).toBe("/api/faqs?page=2");
    expect(withoutClickIds("/x?msclkid=1")).toBe("/x");
  });
});
