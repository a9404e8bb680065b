// Canonical URLs of the public pages (issue 20 finding 10), from the real route table and the
// real route modules' declared parameters, and the 301 on a real HTTP server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import { internshipSearch, parseInternshipQuery } from "~/domain/internship-list";
import routes from "../routes";
import { hrefForPage } from "../routes/blog";
import {
  canonicalPageUrl,
  type PageParams,
  pageParamsOf,
  redirectToCanonicalUrl,
  withoutClickIds,
} from "./canonical-url.server";
import { quoteHref } from "./quote-link";

afterAll(closeDatabase);

const routeModules = import.meta.glob<Record<string, unknown>>("../routes/*.tsx");

/** The server build's routes as React Router makes them from app/routes.ts, with their modules. */
async function buildOfRoutes(): Promise<ServerBuild> {
  const all: Record<string, unknown> = {
    root: { id: "root", parentId: undefined, path: "", module: {} },
  };
  const walk = async (entries: readonly RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      // Only the public pages' modules are read (publicPagesBuild keeps only those).
      const isPublic = id === "routes/site-layout" || parentId === "routes/site-layout";
      const load = routeModules[`../${id}.tsx`];
      const module = isPublic && load ? await load() : {};
      all[id] = { id, parentId, path: entry.path, index: entry.index, module };
      if (entry.children) await walk(entry.children, id);
    }
  };
  await walk(routes, "root");
  return { routes: all, assets: { routes: all, version: "1" } } as unknown as ServerBuild;
}

let paramsOf: PageParams;
beforeAll(async () => {
  paramsOf = pageParamsOf(await buildOfRoutes());
});

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
    // The path is left as sent; its decoded spelling decides what page it is.
    ["/%61bout?x=1", "/%61bout"],
    ["/About/?x=1", "/About/"],
    ["/blog/0123456789abcdef01234567?page=2", "/blog/0123456789abcdef01234567"],
  ])("%s → %s", (url, canonical) => {
    expect(canonicalPageUrl(url, paramsOf)).toBe(canonical);
    // A canonical URL is its own.
    expect(canonicalPageUrl(canonical, paramsOf)).toBeNull();
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
  ])("leaves %s alone", (url) => {
    expect(canonicalPageUrl(url, paramsOf)).toBeNull();
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
    for (const link of links) expect(canonicalPageUrl(link, paramsOf), link).toBeNull();
  });
});

describe("the redirect, before the page cache", () => {
  let server: Server;
  let base = "";
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (redirectToCanonicalUrl(req, res, paramsOf)) return;
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
