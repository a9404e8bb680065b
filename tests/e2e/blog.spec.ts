// The blog: /blog lists every post newest first, /blog/{id} shows one with its Markdown
// rendered on the server, share links that work without JavaScript and a Share/Copy link
// button with it. Runs with JavaScript on and off.

import { buildDemoContent, COMPANY_NAME } from "../../db/seed/demo-content";
import { demoId } from "../../db/seed/index";
import { E2E_SEED_NOW } from "../support/constants";
import { expect, test } from "./fixtures";

const posts = buildDemoContent(E2E_SEED_NOW).blogs.map((post, index) => ({
  ...post,
  id: demoId("blogs", index).toHexString(),
}));
const first = posts[0] as (typeof posts)[number];
const firstPath = `/blog/${first.id}`;
// The same formatting as app/lib/format.ts (UTC, en-US), e.g. "November 18, 2026".
const longDate = (date: Date) =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(date);

test.describe("a blog post", () => {
  test("shows the post with its Markdown, author, date, tags and calls to action", async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(firstPath);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${first.title} | ${COMPANY_NAME} Blog`);

    const article = page.getByRole("article").first();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(article.getByText(first.authorName, { exact: true })).toBeVisible();
    await expect(article.locator("time").first()).toHaveText(longDate(first.createdAt));
    const tags = page.getByRole("list", { name: "Tags" }).getByRole("listitem");
    await expect(tags).toHaveText(first.tags);

    // The Markdown arrived as HTML: headings, lists, emphasis and links.
    await expect(article.getByRole("heading", { level: 2, name: "Why we migrated" })).toBeVisible();
    await expect(
      article.getByRole("listitem").filter({ hasText: "data loaded on the server" }),
    ).toBeVisible();
    await expect(
      article.locator("ol > li").filter({ hasText: "Wrap the legacy app" }),
    ).toBeVisible();
    await expect(article.locator("strong", { hasText: "React Router 7" }).first()).toBeVisible();
    const external = article.getByRole("link", { name: /migration checklist/ });
    await expect(external).toHaveAttribute("target", "_blank");
    await expect(external).toHaveAttribute("rel", "noopener noreferrer");

    await expect(page.getByRole("link", { name: "Book a free consultation" })).toHaveAttribute(
      "href",
      "/contact",
    );

    // Plain share links, with and without JavaScript.
    const url = `${baseURL}${firstPath}`;
    const encoded = encodeURIComponent(url);
    await expect(page.getByRole("link", { name: /Share on X/ })).toHaveAttribute(
      "href",
      `https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent(first.title)}`,
    );
    await expect(page.getByRole("link", { name: /Share on LinkedIn/ })).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    );
    await expect(page.getByRole("link", { name: /Share on Facebook/ })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
    );
    const mail = page.getByRole("link", { name: "Share by email" });
    await expect(mail).toHaveAttribute("href", /^mailto:\?subject=/);
    expect(decodeURIComponent((await mail.getAttribute("href")) ?? "")).toContain(url);
    await expect(page.getByRole("link", { name: /Share on X/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );

    // More articles: the next posts, not this one.
    const more = page.getByRole("region", { name: "More articles" });
    await expect(more.getByRole("heading", { level: 3 })).toHaveText(
      posts.slice(1, 4).map((p) => p.title),
    );
  });

  test("gives crawlers the title, description, social tags and BlogPosting data", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get(firstPath);
    expect(response.status()).toBe(200);
    const html = await response.text();
    // The whole article is in the first response.
    expect(html).toContain("Why we migrated");
    expect(html).toContain("Time to first meaningful content");
    const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    expect(html).toContain(`<meta name="description" content="${escapeAttr(first.excerpt)}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(`<meta property="og:image" content="${baseURL}${first.imageUrl}"/>`);
    expect(html).toContain(
      `<meta property="article:published_time" content="${first.createdAt.toISOString()}"/>`,
    );
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${firstPath}"/>`);
    expect(html).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="http:\/\/[^"]+\/blog\/rss\.xml"\/>/,
    );

    const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(jsonLd ?? "{}");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: first.title,
      description: first.excerpt,
      image: [`${baseURL}${first.imageUrl}`],
      datePublished: first.createdAt.toISOString(),
      dateModified: first.updatedAt.toISOString(),
      author: { "@type": "Person", name: first.authorName },
      publisher: { "@type": "Organization", name: COMPANY_NAME },
      mainEntityOfPage: { "@type": "WebPage", "@id": `${baseURL}${firstPath}` },
    });
  });

  for (const [label, id] of [
    ["an unknown", "0123456789abcdef01234567"],
    ["a malformed", "not-a-post-id"],
  ] as const) {
    test(`${label} id answers 404 'Blog not found.' inside the shell`, async ({ page }) => {
      const response = await page.goto(`/blog/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Blog not found.")).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });
  }

  // axe: a11y.spec.ts, on every public page (its rules include all of axe's default ones).
});

test.describe("sharing with JavaScript", { tag: "@js-only" }, () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the button needs JavaScript");

  test("Copy link puts the post's URL on the clipboard and says so", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // Desktop Chromium on Linux has no share sheet; make sure of it.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined });
    });
    await page.goto(firstPath);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status")).toHaveText("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}${firstPath}`,
    );
  });

  test("Share opens the device's share sheet where there is one", async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(Navigator.prototype, "share", {
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
    });
    await page.goto(firstPath);
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
      .toEqual([{ title: first.title, text: first.excerpt, url: `${baseURL}${firstPath}` }]);
  });

  test("links inside the article navigate without reloading the page", async ({ page }) => {
    await page.goto(firstPath);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole("link", { name: "talk to our engineering team" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
  });

  test("a broken author picture is replaced by the default avatar", async ({ page }) => {
    // The picture and each of its resized variants (`?w=`, from the srcset).
    await page.route(
      (url) => url.pathname === first.authorAvatar,
      (route) => route.fulfill({ status: 200, contentType: "image/webp", body: "not an image" }),
    );
    await page.goto(firstPath);
    const avatar = page.getByRole("article").locator("header img");
    await expect(avatar).toHaveAttribute("src", "/demo/default-avatar.webp");
  });
});

test("without JavaScript there is no share button, only links", { tag: "@no-js-only" }, async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "checks the page before JavaScript upgrades it");
  await page.goto(firstPath);
  await expect(page.getByRole("link", { name: /Share on X/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Share|Copy link/ })).toHaveCount(0);
});

test.describe("the blog list", () => {
  test("lists every demo post newest first, each card linking to its post", async ({ page }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`Blog | ${COMPANY_NAME}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(posts.length);
    const newestFirst = [...posts].sort((a, b) => +b.createdAt - +a.createdAt);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(
      newestFirst.map((p) => p.title),
    );
    for (const [index, post] of newestFirst.entries()) {
      await expect(cards.nth(index).getByRole("link", { name: post.title })).toHaveAttribute(
        "href",
        `/blog/${post.id}`,
      );
      await expect(cards.nth(index).locator("time")).toHaveText(longDate(post.createdAt));
    }
    // Seven posts fit on one page of nine: no pagination.
    await expect(page.getByRole("navigation", { name: "Blog pages" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "RSS feed" })).toHaveAttribute(
      "href",
      "/blog/rss.xml",
    );
  });

  test("a card opens its post", async ({ page }) => {
    await page.goto("/blog");
    const second = posts[1] as (typeof posts)[number];
    await page.getByRole("link", { name: second.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${second.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(second.title);
  });

  test("'More articles' leads from one post to the next", async ({ page, baseURL }) => {
    await page.goto(firstPath);
    const second = posts[1] as (typeof posts)[number];
    await page
      .getByRole("region", { name: "More articles" })
      .getByRole("link", { name: second.title })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(second.title);
    await expect(page).toHaveTitle(`${second.title} | ${COMPANY_NAME} Blog`);
    await expect(page.getByRole("link", { name: /Share on LinkedIn/ })).toHaveAttribute(
      "href",
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${baseURL}/blog/${second.id}`)}`,
    );
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(
      second.tags,
    );
  });

  test("a page past the end answers 404; a page that is not a number shows page 1", async ({
    page,
  }) => {
    expect((await page.goto("/blog?page=2"))?.status()).toBe(404);
    await expect(page.getByText("This page of the blog does not exist.")).toBeVisible();
    expect((await page.goto("/blog?page=abc"))?.status()).toBe(200);
    await expect(page.getByRole("article")).toHaveCount(posts.length);
  });

  // axe: a11y.spec.ts, on every public page (its rules include all of axe's default ones).
});
