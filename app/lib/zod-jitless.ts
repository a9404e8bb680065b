// zod 4 compiles object parsers with `new Function` when it can, and finds out by trying it once:
// under the site's Content-Security-Policy (no 'unsafe-eval', lib/security-headers.server.ts) that
// probe is refused and reported as a violation, though zod catches it. In the browser, zod is told
// up front not to compile (`jitless`), so it never probes; the server keeps the faster parsers.
// It must run before any schema is built, so root.tsx imports this module first.
// zod keeps its configuration on globalThis (so that copies of zod share it); setting it there
// instead of calling z.config() keeps zod itself out of public pages, which do not use it
// (docs/decisions/018-javascript-budget.md). zod-jitless.test.ts checks that zod reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

export function configureZodForTheBrowser() {
  globalThis.__zod_globalConfig ??= {};
  globalThis.__zod_globalConfig.jitless = true;
}

if (typeof document !== "undefined") configureZodForTheBrowser();
