// The home page: rendered on the server from MongoDB, complete with JavaScript on or off.

import { buildDemoContent, COMPANY_NAME } from "../../db/seed/demo-content";
import { demoId } from "../../db/seed/index";
import { E2E_SEED_NOW } from "../support/constants";
import { expect, httpTest, test } from "./fixtures";

const demo = buildDemoContent(E2E_SEED_NOW);
const demoHero = demo.heroSection;

// One visit, read section by section (a visit per section cost a browser page each).
test("the home page: hero, highlights, testimonials, latest articles and Stay Updated, from the database", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await test.step("the hero from the database", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(demoHero.title);
    await expect(page.getByText(demoHero.subtitle)).toBeVisible();
    await expect(page.getByRole("link", { name: demoHero.ctaText })).toHaveAttribute(
      "href",
      "/contact",
    );
    // The brand first: a tab or a search result names the site, not only the headline.
    await expect(page).toHaveTitle(`${COMPANY_NAME} | ${demoHero.title}`);
    await expect(page.locator("h1")).toHaveCount(1);
  });

  await test.step("highlights with their icons and colours by position", async () => {
    const section = page.getByRole("region", { name: "Why Choose Bureau Digital" });
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(
      "Why Choose Bureau Digital",
    );
    await expect(section).toContainText("WordPress");
    const cards = section.getByRole("listitem");
    // The demo's cards come first; the admin specs running alongside may add cards of their own
    // after them (admin-highlights.spec.ts), so only the demo's part is checked.
    const icons = (
      await section
        .locator("[data-icon]")
        .evaluateAll((els) =>
          els.map(
            (el) => `${el.getAttribute("data-icon")} ${el.className.match(/text-(\w+)-700/)?.[1]}`,
          ),
        )
    ).slice(0, demo.highlights.length);
    expect(icons).toEqual(["headset blue", "users green", "trophy yellow", "trophy yellow"]);
    for (const [i, h] of demo.highlights.entries()) {
      await expect(cards.nth(i)).toContainText(h.title);
      await expect(cards.nth(i)).toContainText(h.label);
    }
  });

  await test.step("every testimonial readable, with its rating", async () => {
    const section = page.getByRole("region", { name: "What Our Clients Say" });
    for (const t of demo.testimonials) {
      await expect(section.getByText(t.name, { exact: true })).toBeAttached();
      await expect(section.getByText(t.text.slice(0, 60))).toBeAttached();
    }
    await expect(section.getByRole("img", { name: "Rated 4 out of 5" })).toBeAttached();
  });

  await test.step("the latest blog articles: newest first, the author's excerpt, linking to the post", async () => {
    const section = page.getByRole("region", { name: "Latest Blog Articles" });
    const cards = section.getByRole("article");
    await expect(cards).toHaveCount(3);
    // Demo posts are written newest first.
    for (const [i, post] of demo.blogs.slice(0, 3).entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("link", { name: post.title })).toHaveAttribute(
        "href",
        `/blog/${demoId("blogs", i).toHexString()}`,
      );
      // The excerpt the author wrote (every demo post has one), not the body cut short.
      const preview = (await card.locator("p").first().textContent()) ?? "";
      expect(preview).toBe(post.excerpt);
    }
    await expect(section.getByRole("link", { name: "View all articles" })).toHaveAttribute(
      "href",
      "/blog",
    );
  });

  await test.step("the Stay Updated block", async () => {
    await expect(page.getByRole("heading", { name: "Stay Updated" })).toBeVisible();
  });
});

// HTTP only (@js-only): no browser, so the same answer in both projects.
httpTest(
  "the first response already holds the content (no client-side fetching)",
  { tag: "@js-only" },
  async ({ request }) => {
    const response = await request.get("/");
    const html = await response.text();
    expect(html).toContain(demoHero.title);
    expect(html).toContain(demoHero.subtitle);
    for (const t of demo.testimonials) expect(html).toContain(t.name);
    for (const h of demo.highlights) expect(html).toContain(h.title);
    expect(response.headers()["x-powered-by"]).toBeUndefined();
  },
);

test("without JavaScript the testimonials form a scrollable row", { tag: "@no-js-only" }, async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "no-JavaScript rendering");
  await page.goto("/");
  const row = page.getByRole("list", { name: "Testimonials" });
  await expect(row.getByRole("listitem")).toHaveCount(demo.testimonials.length);
  // Three side by side on a desktop, the rest reachable by scrolling the row.
  const overflow = await row.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(overflow).toBe(true);
  await expect(page.getByRole("button", { name: /testimonials/ })).toHaveCount(0);
  await expect(page.getByText("Scroll sideways to read all 5 testimonials.")).toBeVisible();
});

test.describe("the testimonial carousel with JavaScript", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "needs JavaScript");

  test("shows three slides, dots and no arrows, and autoplays", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Testimonials" });
    await expect(carousel.getByRole("group", { name: /of 5$/ })).toHaveCount(5);
    const dots = carousel.getByRole("button", { name: /^Show testimonial/ });
    await expect(dots).toHaveCount(demo.testimonials.length);
    await expect(carousel.getByRole("button", { name: /next|previous/i })).toHaveCount(0);
    // Three slides fit side by side at 1280 px.
    const widths = await carousel
      .locator(".keen-slider__slide")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    const container = await carousel.locator(".keen-slider").evaluate((el) => el.clientWidth);
    expect(Math.round(((widths[0] ?? 0) * 3 + 48) / container)).toBe(1);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await page.mouse.move(0, 0);
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true", { timeout: 5000 });
  });

  test("the pause control and hovering stop the autoplay; dots and arrow keys move it", async ({
    page,
  }) => {
    // The page's clock is fast-forwarded past an autoplay interval (2 s) instead of waiting it.
    await page.clock.install();
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Testimonials" });
    const dots = carousel.getByRole("button", { name: /^Show testimonial/ });
    await carousel.getByRole("button", { name: "Pause testimonials" }).click();
    await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();
    const before = await carousel.locator('[aria-current="true"]').getAttribute("aria-label");
    await page.clock.runFor(3000);
    expect(await carousel.locator('[aria-current="true"]').getAttribute("aria-label")).toBe(before);

    await dots.nth(3).click();
    await expect(dots.nth(3)).toHaveAttribute("aria-current", "true");
    await carousel.locator(".keen-slider").focus();
    await page.keyboard.press("ArrowRight");
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowRight");
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true"); // it loops

    // Playing again, but hovering holds it still.
    await carousel.getByRole("button", { name: "Play testimonials" }).click();
    await carousel.locator(".keen-slider").hover();
    await page.clock.runFor(3000);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  });

  test("the dots stay visible in forced colours (Windows high contrast)", async ({ page }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Testimonials" });
    const dots = carousel.getByRole("button", { name: /^Show testimonial/ }).locator("span");
    // What forced colours turn any background into: a probe with a background of its own.
    const pageBackground = await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.style.backgroundColor = "rgb(200, 0, 0)";
      document.body.append(probe);
      const forced = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return forced;
    });
    expect(pageBackground).not.toBe("rgb(200, 0, 0)");
    // Backgrounds turn into the page's own colour there, unless the dot keeps its own.
    for (const dot of await dots.all()) {
      const colour = await dot.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(colour).not.toBe(pageBackground);
    }
  });
});

// HTTP only (@js-only): no browser, so the same answer in both projects.
httpTest(
  "crawlers get Organization structured data and social tags",
  { tag: "@js-only" },
  async ({ request }) => {
    const html = await (await request.get("/")).text();
    const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(html)?.[1];
    const org = JSON.parse(ld ?? "{}");
    expect(org["@type"]).toBe("Organization");
    expect(org.name).toBe("Bureau Digital");
    expect(org.sameAs).toHaveLength(4);
    expect(html).toContain(`<meta property="og:image" content="http://localhost:`);
    expect(html).toContain(demoHero.image);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  },
);

test("an unknown URL answers 404 with a helpful page inside the shell", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByText("Error 404")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Services/ })).toHaveAttribute(
    "href",
    "/services",
  );
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

// HTTP only (@js-only): no browser, so the same answer in both projects.
httpTest(
  "built assets are cached for a year as immutable",
  { tag: "@js-only" },
  async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset as string);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);
  },
);

// HTTP only (@js-only): no browser, so the same answer in both projects.
httpTest(
  "a form post to a page without a form gets a plain 405, no developer message",
  {
    tag: "@js-only",
  },
  async ({ request }) => {
    const response = await request.post("/about", { form: { a: "1" } });
    expect(response.status()).toBe(405);
    // What a visitor sees (the hydration data in <script> is not shown).
    const visible = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(visible).toContain("This page does not accept that kind of request.");
    expect(visible).not.toContain("did not provide an");
  },
);

httpTest(
  "a form body over 1 MiB is refused with 413 before it is read",
  { tag: "@js-only" },
  async ({ request }) => {
    const response = await request.post("/admin/login", {
      form: { email: "a@b.test", password: "x".repeat(2 * 1024 * 1024) },
    });
    expect(response.status()).toBe(413);
  },
);
