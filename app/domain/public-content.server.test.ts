// Every public page, loaded and rendered from the content cache's shared, frozen values: a loader
// or component that changed one would throw here (TypeError) instead of changing what the next
// visitor sees. The second load of each page is answered from the cache and must be the same.
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections, getDb } from "#db/client.server";
import { resetDemoContent } from "#db/seed/index";
import { contentCacheSize, startContentCache, stopContentCache } from "~/lib/content-cache.server";
import { invalidateLocally } from "~/lib/content-version.server";
import { renderRoute } from "../../tests/support/render-route";
import * as about from "../routes/about";
import * as blog from "../routes/blog";
import * as blogPost from "../routes/blog-post";
import * as contact from "../routes/contact";
import * as home from "../routes/home";
import * as internships from "../routes/internships";
import * as privacy from "../routes/privacy-policy";
import * as resources from "../routes/resources";
import * as services from "../routes/services";
import * as siteLayout from "../routes/site-layout";
import * as terms from "../routes/terms-of-service";

afterAll(closeDatabase);

let postId = "";
let internshipId = "";
beforeAll(async () => {
  await resetDemoContent(await getDb());
  const { blogs, internships } = await getCollections();
  postId = (await blogs.findOne({}))?._id.toHexString() ?? "";
  internshipId = (await internships.findOne({ isActive: true }))?._id.toHexString() ?? "";
});
beforeEach(() => {
  startContentCache({ ttlMs: 60_000 });
  invalidateLocally();
});
afterEach(stopContentCache);

// biome-ignore lint/suspicious/noExplicitAny: route modules differ in their argument types.
type Loader = (args: any) => unknown;

function args(path: string, params: Record<string, string> = {}, cookie?: string) {
  return {
    request: new Request(`http://localhost${path}`, {
      headers: cookie ? { Cookie: cookie } : {},
    }),
    params,
    context: new RouterContextProvider(),
  };
}

const pages: [string, { loader: Loader; default: unknown }, () => ReturnType<typeof args>][] = [
  ["/", home, () => args("/")],
  ["/services", services, () => args("/services")],
  ["/internships", internships, () => args("/internships")],
  ["/internships?sort=title", internships, () => args("/internships?sort=title")],
  [
    "/internships?sort=duration&page=2",
    internships,
    () => args("/internships?sort=duration&page=2"),
  ],
  ["/internships?q=design", internships, () => args("/internships?q=design")],
  [
    "/internships?saved=1",
    internships,
    () => args("/internships?saved=1", {}, `savedInternships=${internshipId}`),
  ],
  ["/resources", resources, () => args("/resources")],
  ["/about", about, () => args("/about")],
  ["/contact", contact, () => args("/contact")],
  ["/blog", blog, () => args("/blog")],
  ["/blog/{id}", blogPost, () => args(`/blog/${postId}`, { id: postId })],
  ["/privacy-policy", privacy, () => args("/privacy-policy")],
  ["/terms-of-service", terms, () => args("/terms-of-service")],
];

describe("public pages on the content cache", () => {
  it.each(pages)("%s loads and renders twice from shared values", async (_name, route, make) => {
    const layout = (await siteLayout.loader(args("/") as never)) as Record<string, unknown>;
    const first = await route.loader(make());
    const html = renderRoute(route.default as never, first, layout);
    expect(contentCacheSize()).toBeGreaterThan(0);
    const second = await route.loader(make());
    expect(second).toEqual(first);
    expect(renderRoute(route.default as never, second, layout)).toBe(html);
  });
});
