// @ts-check
// One shared chunk for the public pages (docs/decisions/018-javascript-budget.md). Left to
// itself, the bundler splits the code several public pages share into one small chunk per
// combination of pages that use it: about 35 files on the home page, each compressed on its own
// and each one more request on a first view. This plugin finds, once the module graph is known,
// every module the public routes and the client entry import statically (the quote dialog's
// lazy import stays lazy), and the `codeSplitting` group below puts those that at least two of
// them share (app code and packages alike) into one "site" chunk; code one route alone uses stays
// in that route's file. Modules only admin routes reach are never candidates, so admin code
// cannot end up in it.

/** Route modules of the public site: root and app/routes/*.tsx (admin and api are folders). */
const PUBLIC_ROUTE = /[\\/]app[\\/](root|routes[\\/][^\\/]+)\.tsx$/;

/** The browser's entry (React Router's default one): React DOM and the router's client start here. */
const CLIENT_ENTRY = /entry\.client\.[jt]sx?$/;

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
      const pending = [...this.getModuleIds()].filter((id) => {
        const file = id.split("?")[0] ?? "";
        return PUBLIC_ROUTE.test(file) || CLIENT_ENTRY.test(file);
      });
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
      test: (id) => {
        const file = id.split("?")[0] ?? "";
        return reachable.has(id) && !PUBLIC_ROUTE.test(file) && !CLIENT_ENTRY.test(file);
      },
      minShareCount: 2,
    },
  };
}
