// The shared shell of every public page: top bar, mobile menu, footer, back-to-top.

import { buildDemoContent } from "../../db/seed/demo-content";
import { E2E_SEED_NOW } from "../support/constants";
import { expect, test } from "./fixtures";

// The footer's social profiles are the site settings'.
const { siteSettings } = buildDemoContent(E2E_SEED_NOW);

test("the top bar shows the brand from content, the main links and Get Quotes", async ({
  page,
}) => {
  await page.goto("/services");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Bureau Digital home" })).toHaveAttribute(
    "href",
    "/",
  );
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await expect(nav.getByRole("link")).toHaveText(["Home", "Services", "Career"]);
  await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Career" })).toHaveAttribute("href", "/internships");
  await expect(banner.getByRole("link", { name: "Get Quotes" })).toBeVisible();
});

test("the logo: the mark beside the brand name, which stays text, in the top bar and the footer", async ({
  page,
}) => {
  await page.goto("/");
  const home = page.getByRole("banner").getByRole("link", { name: "Bureau Digital home" });
  await expect(home.locator("svg[aria-hidden=true]")).toBeVisible();
  await expect(home).toHaveText("Bureau Digital");
  const footer = page.getByRole("contentinfo");
  await expect(footer.locator("svg[aria-hidden=true]").first()).toBeVisible();
  await expect(footer.getByText("Bureau Digital", { exact: true })).toBeVisible();
});

test("the brand typeface: self-hosted, preloaded, cached for good, and the one the text uses", {
  tag: "@js-only",
}, async ({ page, request }) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const preload = head.match(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/)?.[0] ?? "";
  const href = preload.match(
    /href="(\/assets\/plus-jakarta-sans-latin-wght-normal-[\w-]+\.woff2)"/,
  )?.[1];
  expect(href, preload || "no font preload in <head>").toBeTruthy();
  expect(preload).toContain('type="font/woff2"');
  // A font is always fetched in CORS mode: a preload without crossorigin would be fetched twice.
  expect(preload).toContain('crossorigin="anonymous"');
  const font = await request.get(href ?? "");
  expect(font.status()).toBe(200);
  expect(font.headers()["content-type"]).toBe("font/woff2");
  expect(font.headers()["cache-control"]).toContain("immutable");

  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(".woff2")) fonts.push(new URL(r.url()).pathname);
  });
  await page.goto("/");
  await page.evaluate(() => document.fonts.ready);
  const used = await page.evaluate(() => ({
    family: getComputedStyle(document.body).fontFamily,
    loaded: [...document.fonts]
      .filter((f) => f.status === "loaded")
      .map((f) => f.family.replace(/"/g, "")),
  }));
  expect(used.family).toMatch(/^"Plus Jakarta Sans Variable", "Plus Jakarta Sans Fallback"/);
  expect(used.loaded).toContain("Plus Jakarta Sans Variable");
  // The Latin file only, once (the preload is the request the stylesheet's face then uses).
  expect(fonts).toEqual([href]);
});

test("the top bar stays at the top while the page scrolls", async ({ page }) => {
  await page.goto("/services");
  await page.mouse.wheel(0, 1200);
  await page.waitForFunction(() => window.scrollY >= 1000);
  const box = await page.getByRole("banner").boundingBox();
  expect(box?.y).toBe(0);
});

test("the footer: page links, social profiles in a new tab, copyright", async ({ page }) => {
  await page.goto("/");
  const contentinfo = page.getByRole("contentinfo");
  const pages = contentinfo.getByRole("navigation", { name: "Footer" }).getByRole("link");
  await expect(pages).toHaveText([
    "About Us",
    "Privacy Policy",
    "Terms & Conditions",
    "Contact Us",
  ]);
  expect(await pages.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
    "/about",
    "/privacy-policy",
    "/terms-of-service",
    "/contact",
  ]);
  for (const s of siteSettings.social) {
    const link = contentinfo.getByRole("link", { name: new RegExp(`on ${s.platform}`) });
    await expect(link).toHaveAttribute("href", s.url);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  const year = new Date().getUTCFullYear();
  await expect(contentinfo).toContainText(`© ${year} Bureau Digital`);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the menu toggle opens the links (a <details>, so it works without JavaScript)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/");
    const mobileNav = page.getByRole("navigation", { name: "Main (mobile)" });
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    await page.locator("header summary", { hasText: "Menu" }).click();
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link")).toHaveText([
      "Home",
      "Services",
      "Career",
      "Get Quotes",
    ]);
    await mobileNav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    if (javaScriptEnabled) {
      // With JavaScript the navigation is client-side, and tapping the link closes the menu.
      await expect(mobileNav).toBeHidden();
      // Escape closes it and gives focus back to the toggle; so does a tap outside.
      const toggle = page.locator("header summary", { hasText: "Menu" });
      await toggle.click();
      await expect(mobileNav).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(mobileNav).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await page.mouse.click(4, 500); // the page margin, outside the menu
      await expect(mobileNav).toBeHidden();
    }
  });
});

test("back to top: a plain link without JavaScript, after 300 px with it", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/");
  const backToTop = page.getByRole("link", { name: "Back to top" });
  if (!javaScriptEnabled) {
    await expect(backToTop).toBeVisible();
    await expect(backToTop).toHaveAttribute("href", "#top");
    // At the end of the page, not floating over the content.
    expect(await backToTop.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    return;
  }
  await expect(backToTop).toBeHidden();
  await page.mouse.wheel(0, 250);
  await page.waitForFunction(() => window.scrollY >= 200);
  await expect(backToTop).toBeHidden();
  await page.mouse.wheel(0, 600);
  await page.waitForFunction(() => window.scrollY > 300);
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await page.waitForFunction(() => window.scrollY === 0);
  await expect(backToTop).toBeHidden();
});

test("a skip link leads keyboard users to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute("href", "#main");
});
