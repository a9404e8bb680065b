// Issue 9, suite 4 (XSS), in a browser: the hostile content of tests/robustness/xss.ts is saved
// through the admin's forms on a server of this spec's own (it changes every public page), then
// every public page is visited with JavaScript on. No dialog may open (every payload calls
// alert), no Content-Security-Policy violation may be logged, and clicking the links that carry
// hostile content (the Markdown tricks of the post, the links whose labels or addresses came from
// the editors) runs no script either. The HTTP half, which reads the markup itself, is
// tests/robustness/xss.spec.ts.
import type { Page } from "@playwright/test";
import { signInCookie } from "../robustness/fixtures";
import {
  IMAGE_PAYLOADS,
  LINK_PAYLOADS,
  MARKDOWN_LINK_TEXTS,
  publicPaths,
  saveHostileContent,
} from "../robustness/xss";
import { watchViolations } from "../support/csp-violations";
import { expect } from "./fixtures";
import { testWithOwnServer } from "./own-server";

const test = testWithOwnServer();

// Saved site paths that name nothing (an image at `/x"onerror="alert(1)`): the browser's 404 for
// them is expected, not an error of the page.
test.use({
  expectedFailedLoads: [...LINK_PAYLOADS, ...IMAGE_PAYLOADS]
    .filter((p) => p.startsWith("/") && new URL(p, "http://localhost").host === "localhost")
    .map((p) => new URL(p, "http://localhost").pathname)
    // React Router's data request when a link to one is followed in the app.
    .flatMap((p) => [p, `${p}.data`]),
});

async function hydrated(page: Page) {
  await page.waitForLoadState("load");
  await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
}

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "script can only run with JavaScript on");

test("hostile content runs no script: no dialog, no CSP violation, inert links", async ({
  page,
  ownServerUrl,
}) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const report = await saveHostileContent({
    url: ownServerUrl,
    cookie: await signInCookie(ownServerUrl),
    storedOnly: true,
  });
  expect(report.problems).toEqual([]);
  const savedIn = (Date.now() - started) / 1000;
  const paths = await publicPaths(ownServerUrl, report.ids);

  const dialogs: string[] = [];
  const watch = (p: Page) =>
    p.on("dialog", (dialog) => {
      dialogs.push(`${p.url()}: ${dialog.type()} "${dialog.message()}"`);
      dialog.dismiss().catch(() => {});
    });
  watch(page);
  // Links may open a tab: it is watched too.
  page.context().on("page", watch);
  const violations = await watchViolations(page);
  // Nothing outside this server is reachable in tests: other sites (the map, external links)
  // answer with a blank page.
  await page.context().route(
    (url) => url.origin !== ownServerUrl,
    (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Away</title>" }),
  );

  let clicked = 0;
  // Every page; on each, the links whose address came from an editor's link field (footer, CTA
  // buttons, hero, resource: the site paths that try to leave the attribute), each clicked once.
  const seen = new Set<string>();
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    expect(dialogs, `after ${path}`).toEqual([]);
    expect(violations, `after ${path}`).toEqual([]);
    const hostile = page.locator('a[href*="alert"]');
    const count = await hostile.count();
    for (let index = 0; index < count; index++) {
      const link = hostile.nth(index);
      if (!(await link.isVisible())) continue;
      // The footer's links are on every page: each link is clicked once.
      const key = `${await link.getAttribute("href")} ${await link.textContent()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await link.click();
      clicked++;
      await page.waitForLoadState("load");
      expect(dialogs, `after clicking link ${index} on ${path}`).toEqual([]);
      await page.goto(path);
      await hydrated(page);
    }
  }

  // The post's Markdown links (rendered as plain text when their address was unsafe).
  await page.goto(`/blog/${report.ids.blogs}`);
  await hydrated(page);
  for (const text of MARKDOWN_LINK_TEXTS) {
    const target = page.getByText(text, { exact: true }).first();
    await expect(target, text).toBeVisible();
    await target.click();
    clicked++;
    await page.waitForLoadState("load");
    expect(dialogs, `after clicking ${text}`).toEqual([]);
    if (new URL(page.url()).pathname !== `/blog/${report.ids.blogs}`) {
      await page.goto(`/blog/${report.ids.blogs}`);
      await hydrated(page);
    }
  }
  expect(violations).toEqual([]);
  expect(clicked).toBeGreaterThan(MARKDOWN_LINK_TEXTS.length);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `[e2e] xss: ${report.attempts.filter((a) => a.saved).length} payloads saved, ${paths.length} pages visited, ${clicked} hostile links clicked, dialogs: ${dialogs.length}, CSP violations: ${violations.length}; ${seconds.toFixed(1)} s (saving ${savedIn.toFixed(1)} s)`,
  );
});
