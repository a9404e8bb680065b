// The first view of a public page on a phone (issue 25): what a 375-pixel-wide Chromium with an
// empty cache downloads through load and hydration, counted as the browser transferred it
// (compressed bodies plus headers, JavaScript, CSS, fonts and images alike). Shared by the e2e
// test that holds the home page to its budget and by `npm run lighthouse`, which prints it.
import type { Browser, Page } from "@playwright/test";

/** The home page's first view on a phone: at most this many bytes in this many requests. */
export const FIRST_VIEW_BUDGET = { bytes: 150_000, requests: 10 };

export const PHONE_VIEWPORT = { width: 375, height: 812 };

export interface FirstView {
  requests: number;
  bytes: number;
  /** Each request, largest first: where to look when the page is over its budget. */
  files: { url: string; type: string; bytes: number }[];
}

/**
 * Loads `url` in `page` (which should be 375 px wide with nothing cached) and returns what went
 * over the network until the page was loaded, hydrated and the network idle. `data:` URLs are
 * not requests and are left out; a response whose body never finished counts its headers.
 */
export async function measureFirstView(page: Page, url: string): Promise<FirstView> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const seen = new Map<string, { url: string; type: string; bytes: number }>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!/^https?:/.test(event.request.url)) return;
    seen.set(event.requestId, { url: event.request.url, type: event.type ?? "Other", bytes: 0 });
  });
  cdp.on("Network.responseReceived", (event) => {
    const entry = seen.get(event.requestId);
    if (entry) entry.bytes = event.response.encodedDataLength;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const entry = seen.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "load" });
  // Hydrated: React Router has its route modules, so every script they import has arrived.
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.waitForLoadState("networkidle");
  await cdp.detach();
  const origin = new URL(url).origin;
  const files = [...seen.values()]
    .map((file) => ({ ...file, url: file.url.replace(origin, "") }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    requests: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    files,
  };
}

/** The first view of each of `urls` in a fresh 375-pixel context (nothing cached, no cookies). */
export async function firstViews(browser: Browser, urls: string[]): Promise<FirstView[]> {
  const views: FirstView[] = [];
  for (const url of urls) {
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
    try {
      views.push(await measureFirstView(await context.newPage(), url));
    } finally {
      await context.close();
    }
  }
  return views;
}
