// The server build's routes as React Router makes them from app/routes.ts (ids, parents, paths,
// index routes), each with its real module: for unit tests of code that matches URLs against the
// build (lib/canonical-url.server.ts, lib/render-budget.server.ts), without a build.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import routes from "../../app/routes";

const modules = import.meta.glob<Record<string, unknown>>("/app/routes/**/*.{ts,tsx}");

export async function serverBuildOfRoutes(): Promise<ServerBuild> {
  const all: Record<string, unknown> = {
    root: { id: "root", parentId: undefined, path: "", module: {} },
  };
  const walk = async (entries: readonly RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const load = modules[`/app/${entry.file}`];
      if (!load) throw new Error(`No module for ${entry.file}`);
      all[id] = { id, parentId, path: entry.path, index: entry.index, module: await load() };
      if (entry.children) await walk(entry.children, id);
    }
  };
  await walk(routes, "root");
  return {
    routes: all,
    assets: { routes: all, version: "1" },
    // As the framework builds it (route discovery on, at React Router's default path).
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
