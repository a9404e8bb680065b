// The public-pages handler answers only what the full route tree would send to the very same
// route: proved for a sample URL of every route in app/routes.ts (and tricky spellings), so a
// route added later cannot be shadowed by it.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { sampleUrl } from "../../tests/support/admin-routes";
import routes from "../routes";
import { isPublicPageView, publicPagesBuild, SITE_LAYOUT_ID } from "./public-pages-build.server";

interface ManifestRoute {
  id: string;
  parentId: string | undefined;
  path?: string;
  index?: boolean;
}

/** The route manifest React Router builds from app/routes.ts (ids are module paths). */
function manifest(): Record<string, ManifestRoute> {
  const all: Record<string, ManifestRoute> = {
    root: { id: "root", parentId: undefined, path: "" },
  };
  const walk = (entries: readonly RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      all[id] = { id, parentId, path: entry.path, index: entry.index };
      if (entry.children) walk(entry.children, id);
    }
  };
  walk(routes, "root");
  return all;
}

const full = manifest();
const fakeBuild = {
  routes: full,
  assets: { routes: full, version: "1" },
} as unknown as ServerBuild;
const publicOnly = publicPagesBuild(fakeBuild);

/** A route tree for matchRoutes from a manifest. */
function tree(routesById: Record<string, ManifestRoute | undefined>) {
  type Node = ManifestRoute & { children: Node[] };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(routesById)) {
    if (route) nodes.set(route.id, { ...route, children: [] });
  }
  for (const node of nodes.values()) {
    if (node.parentId) nodes.get(node.parentId)?.children.push(node);
  }
  // Index routes carry `index: true` and no children, as React Router expects.
  return [nodes.get("root")] as unknown as RouteObject[];
}

const fullTree = tree(full);
const publicTree = tree(publicOnly.routes as Record<string, ManifestRoute>);
const leaf = (routeTree: ReturnType<typeof tree>, path: string) =>
  matchRoutes(routeTree, path)?.at(-1)?.route.id;

/** Every route's URL with sample values, as written and in other spellings. */
function samples(): string[] {
  const paths = new Set<string>();
  const fullPath = (id: string): string => {
    const route = full[id] as ManifestRoute;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  for (const id of Object.keys(full)) {
    const url = sampleUrl(fullPath(id) || "/");
    for (const spelling of [url, url.toUpperCase(), `${url}/`, url.replaceAll(".", "%2E")]) {
      paths.add(spelling.replace(/\/+/g, "/"));
    }
  }
  for (const tricky of [
    "/blog/rss.xml",
    "/blog/RSS.XML",
    "/blog/rss%2exml",
    "/blog/x/y",
    "/blog/0123456789abcdef01234567.data",
    "/services.data",
    "/_root.data",
    "/images/0123456789abcdef01234567",
    "/admin",
    "/api",
    "/nope",
    "/__manifest",
  ]) {
    paths.add(tricky);
  }
  return [...paths];
}

describe("the public-pages handler", () => {
  it("keeps the root, the site layout and its pages, in the routes and the browser's manifest", () => {
    const kept = Object.keys(publicOnly.routes).sort();
    expect(kept).toEqual(
      Object.values(full)
        .filter((r) => r.id === "root" || r.id === SITE_LAYOUT_ID || r.parentId === SITE_LAYOUT_ID)
        .map((r) => r.id)
        .sort(),
    );
    expect(kept).toContain("routes/home");
    expect(kept).toContain("routes/blog-post");
    expect(kept.some((id) => id.startsWith("routes/admin") || id.startsWith("routes/api"))).toBe(
      false,
    );
    expect(Object.keys(publicOnly.assets.routes).sort()).toEqual(kept);
  });

  it("is asked only for URLs the full route tree sends to the same route", () => {
    const checked = samples().filter((path) => isPublicPageView("GET", path));
    expect(checked.length).toBeGreaterThan(10);
    for (const path of checked) {
      expect(leaf(publicTree, path), path).toBe(leaf(fullTree, path));
    }
  });

  it("takes every public page view it can (a page left out would only be slower)", () => {
    for (const route of Object.values(full)) {
      if (route.parentId !== SITE_LAYOUT_ID || route.path === "*") continue;
      const url = sampleUrl(`/${route.path ?? ""}`);
      expect(isPublicPageView("GET", url), url).toBe(true);
      expect(isPublicPageView("HEAD", url), url).toBe(true);
    }
  });

  it("leaves form posts, files, the back office and the API to the full handler", () => {
    for (const [method, path] of [
      ["POST", "/"],
      ["POST", "/contact"],
      ["GET", "/blog/rss.xml"],
      ["GET", "/blog/rss%2Exml"],
      ["GET", "/services.data"],
      ["GET", "/admin/login"],
      ["GET", "/api/faqs"],
      ["GET", "/sitemap.xml"],
      ["GET", "/nope"],
    ] as const) {
      expect(isPublicPageView(method, path), `${method} ${path}`).toBe(false);
    }
  });
});
