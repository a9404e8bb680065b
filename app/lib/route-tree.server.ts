// Which route of the server build a URL is, answered by React Router's own matcher (its ranking,
// case rule, decoding and trailing-slash rule), for code that must know it before React Router
// runs (lib/canonical-url.server.ts, lib/render-budget.server.ts) rather than guess from the
// path's shape.
//
// React Router's public matchRoutes flattens, ranks and compiles a regular expression for every
// route of the tree it is given, on every call: over this app's ~80 routes that is a
// millisecond, more than some of the requests it would classify. So each call is handed only the
// part of the tree that could match: the routes whose literal segments (`admin`, `sitemap.xml`)
// are the path's own at their places. Pruning keeps the order of what remains, so the first
// match is the one the whole tree gives (route-tree.server.test.ts checks that on every route).
import { matchRoutes, type RouteMatch, type RouteObject, type ServerBuild } from "react-router";

export type RouteNode = RouteObject & { id: string; children: RouteNode[] };

/** The route tree of `routes` (a build's `routes`, or part of them: publicPagesBuild). */
export function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const byId = new Map<string, RouteNode>();
  for (const [id, route] of Object.entries(routes)) {
    if (!route) continue;
    byId.set(id, {
      id,
      path: route.path,
      index: route.index as false,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const roots: RouteNode[] = [];
  for (const [id, route] of Object.entries(routes)) {
    const node = byId.get(id);
    if (!route || !node) continue;
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export type RouteMatcher = (path: string) => RouteMatch<string, RouteNode>[] | null;

/** A route React Router may end a match on, with the segments of its whole path. */
interface Branch {
  /** The route and its parents, outermost first. */
  nodes: RouteNode[];
  segments: string[];
  caseSensitive: boolean;
}

// Pruned trees kept per set of candidate routes: a handful for a real route table (one per
// first segment, about), capped so no request can grow it.
const MAX_PRUNED_TREES = 256;

/**
 * matchRoutes over `roots` (the path as sent, still percent-encoded), giving the same answer as
 * `matchRoutes(roots, path)` at the cost of matching the few routes that could match.
 */
export function routeMatcher(roots: RouteNode[]): RouteMatcher {
  const branches: Branch[] = [];
  const walk = (nodes: RouteNode[], parents: RouteNode[], segments: string[], exact: boolean) => {
    for (const node of nodes) {
      const own = (node.path ?? "").split("/").filter(Boolean);
      const chain = [...parents, node];
      const all = [...segments, ...own];
      const caseSensitive = exact || node.caseSensitive === true;
      if (node.path != null || node.index)
        branches.push({ nodes: chain, segments: all, caseSensitive });
      walk(node.children, chain, all, caseSensitive);
    }
  };
  walk(roots, [], [], false);
  const pruned = new Map<string, RouteNode[]>();

  return (path) => {
    const segments = decodedSegments(path);
    // Not decodable as React Router decodes (it matches the raw path then): ask it all.
    if (!segments) return matchRoutes(roots, path);
    const candidates = branches.filter((branch) => couldMatch(branch, segments));
    if (candidates.length === 0) return null;
    const key = candidates.map((branch) => branch.nodes.at(-1)?.id).join("\n");
    let tree = pruned.get(key);
    if (!tree) {
      tree = prune(roots, new Set(candidates.flatMap((branch) => branch.nodes)));
      if (pruned.size < MAX_PRUNED_TREES) pruned.set(key, tree);
    }
    return matchRoutes(tree, path);
  };
}

/** The path's segments as React Router reads them, without the leading and trailing slashes. */
function decodedSegments(path: string): string[] | null {
  const end = path.search(/[?#]/);
  const parts = (end < 0 ? path : path.slice(0, end)).split("/").slice(1);
  while (parts.length > 0 && parts.at(-1) === "") parts.pop();
  try {
    return parts.map((part) => (part.includes("%") ? decodeURIComponent(part) : part));
  } catch {
    return null;
  }
}

/**
 * False only when `branch` cannot match: a literal segment that differs from the path's at its
 * place, or a length no parameter or splat can take up. Anything unusual (an optional segment)
 * is a candidate: React Router decides.
 */
function couldMatch(branch: Branch, segments: string[]): boolean {
  const { segments: pattern } = branch;
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] ?? "";
    if (expected === "*") return true;
    if (expected.includes("?")) return true;
    const actual = segments[i];
    if (actual === undefined || actual === "") return false;
    if (expected.startsWith(":")) continue;
    const same = branch.caseSensitive
      ? actual === expected
      : actual.toLowerCase() === expected.toLowerCase();
    if (!same) return false;
  }
  return segments.length === pattern.length;
}

/** `roots` with only the routes in `keep`, in their order. */
function prune(roots: RouteNode[], keep: Set<RouteNode>): RouteNode[] {
  return roots
    .filter((node) => keep.has(node))
    .map((node) => ({ ...node, children: prune(node.children, keep) }));
}
