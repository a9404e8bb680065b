// What a first-time visitor's browser downloads to show a page and hydrate it: every request
// from the navigation to the network going quiet after hydration, with its size as it came over
// the wire (compressed body plus headers). The first-view budget is about this figure, on a
// phone-sized window with an empty cache.
import type { Browser } from "@playwright/test";

/**
 * Issue 25's target for the home page's first view on a 375-pixel phone: at most this many bytes,
 * in so many requests. Not met (React 19 and React Router alone are ~125 kB of gzipped
 * JavaScript); `npm run lighthouse` reports the figures against it.
 */
export const FIRST_VIEW_BUDGET = { bytes: 150_000, requests: 10, width: 375 } as const;

/**
 * What the home page's first view may not grow past (2026-11-26: 273 kB in 20 requests, 9 of them
 * images, 8 of those lazy ones the browser fetches ahead of scrolling): the e2e budget test holds
 * this line until the target above is reached.
 */
export const FIRST_VIEW_LIMIT = { bytes: 285_000, requests: 20 } as const;

export interface FirstViewRequest {
  url: string;
  type: string;
  bytes: number;
}

export interface FirstView {
  requests: FirstViewRequest[];
  bytes: number;
}

/** Loads `url` in a fresh `width`-pixel context with an empty cache and waits for hydration. */
export async function measureFirstView(
  browser: Browser,
  url: string,
  width: number = FIRST_VIEW_BUDGET.width,
): Promise<FirstView> {
  const context = await browser.newContext({
    viewport: { width, height: 812 },
    deviceScaleFactor: width <= 480 ? 3 : 1,
    isMobile: width <= 480,
    hasTouch: width <= 480,
  });
  try {
    const page = await context.newPage();
    const finished: Promise<FirstViewRequest>[] = [];
    page.on("requestfinished", (request) => {
      finished.push(
        request.sizes().then((sizes) => ({
          url: request.url(),
          type: request.resourceType(),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        })),
      );
    });
    await page.goto(url, { waitUntil: "load" });
    // Hydrated: React Router has its route modules (JavaScript on), then nothing more arrives.
    if (await page.evaluate(() => document.scripts.length > 0)) {
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    }
    await page.waitForLoadState("networkidle");
    const requests = await Promise.all(finished);
    return { requests, bytes: requests.reduce((sum, r) => sum + r.bytes, 0) };
  } finally {
    await context.close();
  }
}

/** "142.3 kB in 9 requests (script 6 × 120.1 kB, font 1 × 28.0 kB, ...)", largest first. */
export function describeFirstView(view: FirstView): string {
  const byType = new Map<string, { count: number; bytes: number }>();
  for (const r of view.requests) {
    const entry = byType.get(r.type) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += r.bytes;
    byType.set(r.type, entry);
  }
  const parts = [...byType]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([type, { count, bytes }]) => `${type} ${count} × ${(bytes / 1000).toFixed(1)} kB`);
  return `${(view.bytes / 1000).toFixed(1)} kB in ${view.requests.length} requests (${parts.join(", ")})`;
}
