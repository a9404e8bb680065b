// The pruned matcher gives React Router's answer: for every route of app/routes.ts and many
// spellings around each, the same routes and parameters as matchRoutes over the whole tree.
import { matchRoutes } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "#db/client.server";
import { flattenRoutes, sampleUrl } from "../../tests/support/admin-routes";
import { serverBuildOfRoutes } from "../../tests/support/server-build";
import routes from "../routes";
import { type RouteNode, routeMatcher, routeTree } from "./route-tree.server";

afterAll(closeDatabase);

let roots: RouteNode[];
beforeAll(async () => {
  roots = routeTree((await serverBuildOfRoutes()).routes);
});

/** Paths around every route: case, slashes, encoding, extra segments, suffixes. */
function corpus(): string[] {
  const paths = new Set<string>(["/", "//", "///", "/x.1", "/__x", "/__manifest"]);
  for (const route of flattenRoutes(routes)) {
    const url = sampleUrl(route.path);
    const first = url.slice(1, 2);
    for (const path of [
      url,
      url.toUpperCase(),
      `${url}/`,
      `${url}//`,
      `/${url}`,
      `${url}/x`,
      `${url}/x/y`,
      `${url}.data`,
      `${url}.`,
      `${url}%20`,
      first ? `/%${first.charCodeAt(0).toString(16)}${url.slice(2)}` : "/%2F",
      url.replace(/\/[^/]*$/, "/"),
      url.replace(/\/[^/]*$/, ""),
    ]) {
      paths.add(path || "/");
    }
  }
  return [...paths];
}

describe("routeMatcher", () => {
  it("matches as matchRoutes does over the whole tree", () => {
    const match = routeMatcher(roots);
    const summary = (matches: ReturnType<typeof matchRoutes<RouteNode>>) =>
      matches?.map((m) => `${m.route.id} ${JSON.stringify(m.params)} ${m.pathnameBase}`) ?? null;
    const paths = corpus();
    expect(paths.length).toBeGreaterThan(800);
    const differ = paths.filter(
      (path) =>
        JSON.stringify(summary(match(path))) !== JSON.stringify(summary(matchRoutes(roots, path))),
    );
    expect(differ).toEqual([]);
  });

  it("finds the route React Router answers with", () => {
    const match = routeMatcher(roots);
    expect(match("/about")?.at(-1)?.route.id).toBe("routes/about");
    expect(match("/ABOUT/")?.at(-1)?.route.id).toBe("routes/about");
    expect(match("/x.1")?.at(-1)?.route.id).toBe("routes/not-found");
    expect(match("/api/nope")?.at(-1)?.route.id).toBe("routes/api/not-found");
    expect(match("/blog/rss.xml")?.at(-1)?.route.id).toBe("routes/blog-rss-xml");
  });
});
