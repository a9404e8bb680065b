// @ts-check
// One shared chunk for the public pages (docs/decisions/018-javascript-budget.md). Left to
// itself, the bundler splits the code several public pages share into one small chunk per
// combination of pages that use it: about 35 files on the home page, each compressed on its own,
// which costs some 10 kB of gzip against the same code in one file. This plugin finds, once the
// module graph is known, every module the public routes import statically (the quote dialog's
// lazy import stays lazy), and the `codeSplitting` group below puts those that at least three
// route modules share into one "site" chunk. Modules only admin routes reach are never
// candidates, so admin code cannot end up in it.

/** The app's shared code (components, lib, domain): node_modules follow as their dependencies. */
const SHARED_CODE = /[\\/]app[\\/](components|lib|domain)[\\/]/;

/** Route modules of the public site: root and app/routes/*.tsx (admin and api are folders). */
const PUBLIC_ROUTE = /[\\/]app[\\/](root|routes[\\/][^\\/]+)\.tsx$/;

/**
 * @returns {{ plugin: import("vite").Plugin, group: import("rolldown").CodeSplittingGroup }}
 */
export function publicChunk() {
  /** @type {Set<string>} */
  const reachable = new Set();
  /** @type {import("vite").Plugin} */
  const plugin = {
    name: "bureau:public-chunk",
    apply: "build",
    buildEnd() {
      reachable.clear();
      const pending = [...this.getModuleIds()].filter((id) =>
        PUBLIC_ROUTE.test(id.split("?")[0] ?? ""),
      );
      while (pending.length > 0) {
        const id = /** @type {string} */ (pending.pop());
        if (reachable.has(id)) continue;
        reachable.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return {
    plugin,
    group: {
      name: "site",
      test: (id) => reachable.has(id) && SHARED_CODE.test(id),
      minShareCount: 3,
    },
  };
}
