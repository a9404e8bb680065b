// Issue 9, Headers (docs/decisions/014-content-security-policy.md, app/lib/security-headers.server.ts):
// - in a browser with JavaScript on, every public page and the main admin pages load without a
//   single Content-Security-Policy violation (the `securitypolicyviolation` events of every
//   document and frame, and Chromium's console lines), the carousel still turns and the
//   contact map's frame loads;
// - over HTTP, every kind of answer (page, admin page, 403, 404, static file, JSON API) carries
//   the security headers and no X-Powered-By, and each HTML answer has its own nonce, on every
//   <script> and <style> of the page.
// The headers do not depend on JavaScript: the whole spec runs in the js-enabled project only.

import { createHash } from "node:crypto";
import { test as base, type Page } from "@playwright/test";
import { buildDemoContent } from "../../db/seed/demo-content";
import { demoId } from "../../db/seed/index";
import { signIn } from "../support/admin-e2e";
import { E2E_SEED_NOW } from "../support/constants";
import { watchViolations } from "../support/csp-violations";
import { expect, test } from "./fixtures";

const demo = buildDemoContent(E2E_SEED_NOW);
const blogPath = `/blog/${demoId("blogs", 0).toHexString()}`;

const PUBLIC_PAGES = [
  "/",
  "/services",
  "/internships",
  "/internships?domain=Design",
  "/resources",
  "/about",
  "/contact",
  "/quote",
  "/privacy-policy",
  "/terms-of-service",
  "/blog",
  blogPath,
  "/no-such-page",
];

const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/dashboard/blogs?new",
  "/admin/dashboard/hero",
  "/admin/dashboard/services",
  "/admin/dashboard/contact",
  "/admin/dashboard/intership-page",
  "/admin/dashboard/quotes",
];

/** The map provider is out of reach in tests: its frame gets a stand-in (as in pages.spec.ts). */
async function stubMap(page: Page) {
  await page.route(`${new URL(demo.contactInfo.mapEmbedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map" }),
  );
}

/** React has hydrated the document (so every script it needed has run). */
async function hydrated(page: Page) {
  await page.waitForLoadState("load");
  await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
}

test.describe("no Content-Security-Policy violation with JavaScript on", {
  tag: "@js-only",
}, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "CSP checks need JavaScript");

  test("on every public page, the carousel and the contact map", async ({ page }) => {
    const violations = await watchViolations(page);
    await stubMap(page);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await hydrated(page);
      if (path === "/") {
        // keen-slider moves its track by script: a dot brings another testimonial forward.
        const carousel = page.getByRole("region", { name: "Testimonials" });
        await carousel.getByRole("button", { name: "Pause testimonials" }).click();
        const current = carousel.locator('[aria-current="true"]');
        const before = await current.getAttribute("aria-label");
        await carousel
          .getByRole("button", { name: /^Show testimonial/ })
          .last()
          .click();
        await expect(current).not.toHaveAttribute("aria-label", before ?? "");
      }
      if (path === "/contact") {
        // The frame loads lazily: bring it into view and wait for the stand-in's text.
        const map = page.locator("iframe");
        await map.scrollIntoViewIfNeeded();
        await expect(page.frameLocator("iframe").getByText("Map")).toBeVisible();
      }
      expect(violations, `after ${path}`).toEqual([]);
    }
  });

  test("a page answered from the cache twice runs, hydrates and submits its form", async ({
    page,
  }, testInfo) => {
    const violations = await watchViolations(page);
    const answers: (string | null)[] = [];
    page.on("response", (response) => {
      if (
        new URL(response.url()).pathname === "/" &&
        response.request().resourceType() === "document"
      )
        answers.push(response.headers()["x-page-cache"] ?? null);
    });
    // The first load may render the page; the two after are the cache's (scripts allowed by hash).
    for (let i = 0; i < 3; i++) {
      await page.goto("/");
      await hydrated(page);
    }
    expect(answers.slice(1)).toEqual(["hit", "hit"]);
    const band = page.getByRole("region", { name: "Stay Updated" });
    await band
      .getByLabel("Email address")
      .fill(`cached-${testInfo.workerIndex}-${Date.now()}@example.com`);
    await band.locator('button[type="submit"]').click();
    await expect(band.getByRole("status")).toHaveText("Subscribed successfully!");
    expect(violations).toEqual([]);
  });

  test("on the main admin pages", async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page);
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      await hydrated(page);
      expect(violations, `after ${path}`).toEqual([]);
    }
  });
});

const HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  // The shared server runs in production mode (playwright.config.ts).
  "strict-transport-security": "max-age=31536000; includeSubDomains",
};

base.describe("security headers over HTTP", { tag: "@js-only" }, () => {
  base.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "one run is enough");

  base("every kind of answer carries them, without X-Powered-By", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    const answers = [
      { what: "public page", path: "/", status: 200, html: true },
      { what: "admin page", path: "/admin/login", status: 200, html: true },
      { what: "404 page", path: "/no-such-page", status: 404, html: true },
      { what: "static asset", path: asset as string, status: 200, html: false },
      { what: "public file", path: "/favicon.svg", status: 200, html: false },
      { what: "missing asset", path: "/assets/no-such-file.js", status: 404, html: false },
      { what: "JSON API", path: "/api/faqs", status: 200, html: false },
      { what: "JSON API 404", path: "/api/no-such-endpoint", status: 404, html: false },
    ];
    for (const { what, path, status, html } of answers) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), what).toBe(status);
      const headers = response.headers();
      for (const [name, value] of Object.entries(HEADERS)) {
        expect(headers[name], `${what}: ${name}`).toBe(value);
      }
      expect(headers["permissions-policy"], what).toMatch(/camera=\(\)/);
      expect(headers["permissions-policy"], what).toMatch(/microphone=\(\)/);
      expect(headers["permissions-policy"], what).toMatch(/geolocation=\(\)/);
      expect(headers["x-powered-by"], what).toBeUndefined();
      const policy = headers["content-security-policy"] ?? "";
      if (html) {
        // A rendered page's nonce, or a cached page's hashes (one per inline script).
        expect(policy, what).toMatch(
          /script-src 'self'( 'nonce-[\w+/=]+'| 'sha256-[\w+/=]+')+(;|$)/,
        );
        expect(/script-src [^;]*/.exec(policy)?.[0], what).not.toContain("unsafe-inline");
        expect(policy, what).toContain("object-src 'none'");
        expect(policy, what).toContain("frame-ancestors 'none'");
        expect(headers["content-security-policy-report-only"], what).toBeUndefined();
      } else {
        expect(policy, what).toBe("default-src 'none'; frame-ancestors 'none'");
      }
    }
  });

  base("a cross-site refusal (403) is a page with the policy too", async ({ request }) => {
    const response = await request.post("/contact", {
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      data: "name=x",
    });
    expect(response.status()).toBe(403);
    const nonce = nonceOf(response.headers()["content-security-policy"]);
    expect(await response.text()).toContain(`<style nonce="${nonce}">`);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  base(
    "each rendered HTML answer has its own nonce, on every script and style",
    async ({ request }) => {
      const nonces = new Set<string>();
      // Rendered for their visitor (a cookie that changes the page keeps the page cache out).
      const headers = { Cookie: "savedInternships=0123456789abcdef01234567" };
      for (const path of ["/", "/", blogPath, "/contact"]) {
        const response = await request.get(path, { headers });
        expect(response.headers()["x-page-cache"], path).toBeUndefined();
        const nonce = nonceOf(response.headers()["content-security-policy"]);
        nonces.add(nonce);
        const html = await response.text();
        const elements = html.match(/<(script|style)\b[^>]*>/g) ?? [];
        expect(elements.length, path).toBeGreaterThan(0);
        for (const element of elements) {
          expect(element, path).toContain(`nonce="${nonce}"`);
        }
      }
      expect(nonces.size).toBe(4);
    },
  );

  base("a cached answer allows exactly its own inline scripts, by hash", async ({ request }) => {
    for (const path of ["/", blogPath, "/contact"]) {
      await request.get(path);
      const response = await request.get(path);
      expect(response.headers()["x-page-cache"], path).toBe("hit");
      const policy = response.headers()["content-security-policy"] ?? "";
      expect(policy, path).not.toContain("nonce-");
      const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\bsrc=/.test(attributes ?? ""),
      );
      expect(inline.length, path).toBeGreaterThan(0);
      const hashes = inline.map(
        ([, , text]) =>
          `'sha256-${createHash("sha256")
            .update(text ?? "")
            .digest("base64")}'`,
      );
      expect(new Set(scriptSources), path).toEqual(new Set(["'self'", ...hashes]));
      expect(policy, path).not.toContain(
        `'sha256-${createHash("sha256").update("alert(1)").digest("base64")}'`,
      );
    }
  });
});

function nonceOf(policy: string | undefined): string {
  const nonce = /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
  expect(nonce, "the policy's nonce").toBeTruthy();
  return nonce as string;
}
