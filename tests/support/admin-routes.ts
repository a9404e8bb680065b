// Every admin URL, read from the route config itself (app/routes.ts), so the guard tests (vitest
// and Playwright) cover a route the moment it is added, without anyone listing it again.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

export interface FlatRoute {
  /** Module path relative to app/, as in app/routes.ts. */
  file: string;
  /** URL pattern with a leading slash, e.g. /admin/dashboard/:id or /admin/dashboard/*. */
  path: string;
  /** Modules of the enclosing layout routes, outermost first. */
  parents: string[];
}

export function flattenRoutes(
  entries: readonly RouteConfigEntry[],
  parentPath = "",
  parents: string[] = [],
): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parentPath}/${entry.path}` : parentPath;
    const own: FlatRoute = { file: entry.file, path: path || "/", parents };
    const children = entry.children
      ? flattenRoutes(entry.children, path, [...parents, entry.file])
      : [];
    return [own, ...children];
  });
}

/** Every route whose URL lies under /admin, layouts included. */
export function adminRoutes(): FlatRoute[] {
  return flattenRoutes(routes).filter((r) => r.path === "/admin" || r.path.startsWith("/admin/"));
}

/** Routes anyone may reach: signing in, and signing out (which needs no session). */
export const PUBLIC_ADMIN_FILES = ["routes/admin/login.tsx", "routes/admin/logout.tsx"];

/** A concrete URL for a pattern: parameters and splats get sample values. */
export function sampleUrl(path: string): string {
  return path
    .replace(/\/\*$/, "/a-section-without-a-page")
    .replace(/:(\w+)\?/g, "sample-$1")
    .replace(/:(\w+)/g, "0123456789abcdef01234567");
}
