// Issue 10, JavaScript budget and compression (docs/decisions/018-javascript-budget.md):
// - every public page loads at most 150 kB of gzipped JavaScript on load and hydration: each
//   JavaScript response the page receives, gzipped at level 9 here (so the figure does not
//   depend on how the server compressed it), summed per page;
// - no admin route module, and no chunk that only admin routes import, loads on a public page
//   (read from the build's React Router manifest, as the browser sees it);
// - HTML, CSS and JavaScript come back compressed when the client accepts it, and /assets with
//   a year of immutable caching.
// Budget and headers do not depend on the browser's JavaScript setting: js-enabled only.
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { demoId } from "../../db/seed/index";
import { expect, test } from "./fixtures";

const BUDGET_BYTES = 150_000;

const PUBLIC_PAGES = [
  "/",
  "/services",
  "/internships",
  "/internships?domain=Tech",
  "/resources",
  "/about",
  "/contact",
  "/quote",
  "/blog",
  `/blog/${demoId("blogs", 0).toHexString()}`,
  "/privacy-policy",
  "/terms-of-service",
  "/no-such-page",
];

type ManifestRoute = { id: string; module: string; imports?: string[] };
type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

/** Loads `path`, waits for hydration, and returns every JavaScript file it received. */
async function loadScripts(page: Page, path: string): Promise<Map<string, Buffer>> {
  const scripts = new Map<string, Promise<Buffer | null>>();
  const onResponse = (response: import("@playwright/test").Response) => {
    const type = response.headers()["content-type"] ?? "";
    if (!/javascript/.test(type) || scripts.has(response.url())) return;
    // A body can be gone when the page is left: counted as nothing, the next page reloads it.
    scripts.set(
      response.url(),
      response.body().catch(() => null),
    );
  };
  page.on("response", onResponse);
  await page.goto(path);
  await page.waitForLoadState("load");
  // Hydrated: React Router has its route modules, and every script they imported has run.
  await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  const bodies = new Map<string, Buffer>();
  for (const [url, body] of scripts) {
    const bytes = await body;
    if (bytes) bodies.set(new URL(url).pathname, bytes);
  }
  return bodies;
}

/**
 * The build's whole route manifest. The one in the page lists only the routes found so far (React
 * Router discovers the others lazily); the file it names (`url`) lists them all.
 */
async function fullManifest(page: Page, request: APIRequestContext): Promise<Manifest> {
  const url = await page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { url: string } }).__reactRouterManifest.url,
  );
  const script = await (await request.get(url)).text();
  const sandbox: { window: { __reactRouterManifest?: Manifest } } = { window: {} };
  runInNewContext(script, sandbox);
  if (!sandbox.window.__reactRouterManifest) throw new Error(`${url} sets no manifest`);
  return sandbox.window.__reactRouterManifest;
}

/** Module paths only admin routes reach: their own modules and the chunks nobody else imports. */
function adminOnlyModules(manifest: Manifest): Set<string> {
  const publicModules = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  const adminModules = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    const target = route.id.startsWith("routes/admin") ? adminModules : publicModules;
    target.add(route.module);
    for (const chunk of route.imports ?? []) target.add(chunk);
  }
  return new Set([...adminModules].filter((module) => !publicModules.has(module)));
}

test.describe("JavaScript budget", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one run is enough");

  test(`every public page loads at most ${BUDGET_BYTES / 1000} kB of gzipped JavaScript, none of it admin code`, async ({
    page,
    request,
  }) => {
    // Browser caching off, so each page's every script arrives as a response to count.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });

    const totals: string[] = [];
    const overBudget: string[] = [];
    const adminLoads: string[] = [];
    let adminOnly: Set<string> | undefined;
    for (const path of PUBLIC_PAGES) {
      const scripts = await loadScripts(page, path);
      adminOnly ??= adminOnlyModules(await fullManifest(page, request));
      let total = 0;
      const files: [number, string][] = [];
      for (const [script, body] of scripts) {
        const size = gzipSync(body, { level: 9 }).length;
        total += size;
        files.push([size, script]);
        if (adminOnly.has(script)) adminLoads.push(`${path} loads ${script}`);
      }
      const line = `${path}: ${(total / 1000).toFixed(1)} kB gzipped JavaScript in ${scripts.size} files`;
      totals.push(line);
      // JS_BUDGET_FILES=1 lists each page's files, largest first: where to look when over.
      if (process.env.JS_BUDGET_FILES) {
        files.sort((a, b) => b[0] - a[0]);
        for (const [size, script] of files)
          totals.push(`    ${(size / 1000).toFixed(1)} ${script}`);
      }
      if (total > BUDGET_BYTES) overBudget.push(line);
    }
    console.log(
      `JavaScript per public page (budget ${BUDGET_BYTES / 1000} kB):\n  ${totals.join("\n  ")}`,
    );
    expect(adminOnly?.size, "the manifest lists admin-only modules").toBeGreaterThan(0);
    expect(overBudget, "pages over the budget").toEqual([]);
    expect(adminLoads, "admin code on public pages").toEqual([]);
  });
});

test.describe("compression and caching", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one run is enough");

  test("HTML, CSS and JavaScript are compressed when accepted; /assets is immutable", async ({
    request,
  }) => {
    const html = await request.get("/", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(html.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
    const body = await html.text();
    const script = /\/assets\/[\w.-]+\.js/.exec(body)?.[0];
    const style = /\/assets\/[\w.-]+\.css/.exec(body)?.[0];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const asset of [script, style] as string[]) {
      for (const encoding of ["br", "gzip"]) {
        const response = await request.get(asset, { headers: { "Accept-Encoding": encoding } });
        expect(response.status(), asset).toBe(200);
        expect(response.headers()["content-encoding"], `${asset} with ${encoding}`).toBe(encoding);
        expect(response.headers()["cache-control"], asset).toMatch(/max-age=31536000/);
        expect(response.headers()["cache-control"], asset).toContain("immutable");
      }
      // A client that accepts no encoding gets the plain file.
      const plain = await request.get(asset, { headers: { "Accept-Encoding": "identity" } });
      expect(plain.headers()["content-encoding"], asset).toBeUndefined();
    }
    // The favicon is compressible text but not fingerprinted: compressed, revalidated hourly.
    const favicon = await request.get("/favicon.svg", { headers: { "Accept-Encoding": "gzip" } });
    expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
  });
});

test.describe("loading order", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one run is enough");

  test("the page's modules are preloaded at low priority, behind the stylesheet and the hero image", async ({
    request,
  }) => {
    for (const path of ["/", "/services", "/blog"]) {
      const body = await (await request.get(path)).text();
      const head = body.slice(0, body.indexOf("</head>"));
      const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length, path).toBeGreaterThan(3);
      for (const link of preloads) expect(link, path).toContain('fetchpriority="low"');
      expect(head, path).toMatch(/<link[^>]*rel="stylesheet"[^>]*>/);
      expect(head, path).not.toMatch(/<link[^>]*rel="stylesheet"[^>]*fetchpriority/);
    }
    // The home page's hero is the largest thing on a phone's first screen: it goes first.
    const home = await (await request.get("/")).text();
    expect(/<link rel="preload" as="image"[^>]*fetchPriority="high"/.test(home)).toBe(true);
    expect(/<img[^>]*fetchPriority="high"/.test(home)).toBe(true);
  });
});
