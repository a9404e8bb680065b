// The content pages (/services, /resources, /about, /contact, /privacy-policy,
// /terms-of-service): server-rendered from the demo content, complete with JavaScript on or off.

import type { Page } from "@playwright/test";
import { buildDemoContent, COMPANY_NAME } from "../../db/seed/demo-content";
import { E2E_SEED_NOW } from "../support/constants";
import { expect, httpTest, test } from "./fixtures";

const demo = buildDemoContent(E2E_SEED_NOW);
// The e-mail and phone are the site settings' (the about and contact pages show the same).
const { servicePage, aboutPage, contactInfo, resources, siteSettings } = demo;

const PAGES = [
  { path: "/services", h1: servicePage.hero.title, text: servicePage.services[0]?.title ?? "" },
  { path: "/resources", h1: "Resources we recommend", text: resources[0]?.title ?? "" },
  { path: "/about", h1: aboutPage.title, text: aboutPage.mission },
  { path: "/contact", h1: "Contact us", text: contactInfo.address },
  { path: "/privacy-policy", h1: "Privacy Policy", text: "Information we collect" },
  { path: "/terms-of-service", h1: "Terms & Conditions", text: "Limitation of liability" },
] as const;

/** The site's map provider is out of reach in tests: answer its frame with a stand-in. */
async function stubMap(page: Page) {
  const host = new URL(contactInfo.mapEmbedUrl).origin;
  await page.route(`${host}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map" }),
  );
}

for (const { path, h1, text } of PAGES) {
  test.describe(path, () => {
    test("answers 200 with one h1 and its meta tags", async ({ page }) => {
      await stubMap(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(/\S/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{10,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`^https?://[^/]+${path}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
      // Inside the shared shell: one <main>, with the header and footer around it.
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toContainText(COMPANY_NAME);
    });

    // HTTP only: the server's answer is the same whether the browser runs JavaScript or not.
    httpTest("has its content in the first response", { tag: "@js-only" }, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const escaped = (s: string) =>
        s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
      expect(html).toContain(escaped(h1));
      expect(html).toContain(escaped(text));
    });
    // axe: a11y.spec.ts, on every public page (its rules include all of axe's default ones).
  });
}

test.describe("/services", () => {
  // One visit, read section by section (a visit per section cost a browser page each), then the
  // same page at a phone's width.
  test("hero, a 4-column grid of services, benefits, numbered steps, the CTA block and structured data; one column on a phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/services");

    await test.step("the hero with its image and the first CTA button", async () => {
      await expect(page.getByText(servicePage.hero.subtitle)).toBeVisible();
      const hero = page.locator("header", { has: page.getByRole("heading", { level: 1 }) });
      const image = hero.locator("img");
      await expect(image).toHaveAttribute("src", servicePage.hero.image);
      await expect(image).toHaveAttribute("loading", "eager");
      await expect(image).toHaveAttribute("fetchpriority", "high");
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
      const first = servicePage.cta.buttons[0];
      expect(first).toBeDefined();
      await expect(hero.getByRole("link", { name: first?.label })).toHaveAttribute(
        "href",
        first?.link ?? "",
      );
    });

    const section = page.getByRole("region", { name: "Our Services" });
    const cards = section.getByRole("listitem");
    await test.step("every service in a 4-column grid on a wide screen", async () => {
      await expect(cards).toHaveCount(servicePage.services.length);
      for (const service of servicePage.services) {
        await expect(section.getByRole("heading", { level: 3, name: service.title })).toBeVisible();
        await expect(section.getByText(service.description)).toBeVisible();
      }
      // Each card has its icon.
      await expect(section.locator("li svg")).toHaveCount(servicePage.services.length);
      const boxes = await Promise.all(
        (await cards.all()).map(async (card) => (await card.boundingBox()) ?? { x: 0, y: 0 }),
      );
      const firstRow = boxes.filter((b) => Math.abs(b.y - (boxes[0]?.y ?? 0)) < 1);
      expect(firstRow).toHaveLength(4);
      expect(new Set(firstRow.map((b) => Math.round(b.x))).size).toBe(4);
      expect(boxes[4]?.y ?? 0).toBeGreaterThan(boxes[0]?.y ?? 0);
    });

    await test.step("the benefits and the numbered process steps", async () => {
      const benefits = page.getByRole("region", { name: "The benefits of working with us" });
      for (const benefit of servicePage.benefits) {
        await expect(benefits.getByRole("heading", { name: benefit.title })).toBeVisible();
      }
      const process = page.getByRole("region", { name: "Our Process" });
      const steps = process.locator("ol > li");
      await expect(steps).toHaveCount(servicePage.processSteps.length);
      for (const [i, step] of servicePage.processSteps.entries()) {
        await expect(steps.nth(i)).toContainText(`Step ${i + 1}`);
        await expect(steps.nth(i).getByRole("heading", { name: step.title })).toBeVisible();
        await expect(steps.nth(i)).toContainText(step.description);
      }
    });

    await test.step("the CTA block with all of its buttons", async () => {
      const cta = page.getByRole("region", { name: servicePage.cta.title });
      await expect(cta.getByText(servicePage.cta.subtitle)).toBeVisible();
      const links = cta.getByRole("link");
      await expect(links).toHaveCount(servicePage.cta.buttons.length);
      for (const [i, button] of servicePage.cta.buttons.entries()) {
        await expect(links.nth(i)).toHaveText(button.label);
        await expect(links.nth(i)).toHaveAttribute("href", button.link);
      }
    });

    await test.step("structured data lists the services", async () => {
      const json = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
      );
      expect(json["@type"]).toBe("ItemList");
      expect(json.itemListElement).toHaveLength(servicePage.services.length);
    });

    await test.step("one column on a phone", async () => {
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(cards).toHaveCount(servicePage.services.length);
      const xs = await Promise.all(
        (await cards.all()).map(async (c) => Math.round((await c.boundingBox())?.x ?? -1)),
      );
      expect(new Set(xs).size).toBe(1);
    });
  });

  test("a CTA button navigates without a full reload", { tag: "@js-only" }, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
    await page.goto("/services");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "still here";
    });
    const button = servicePage.cta.buttons.find((b) => b.link === "/about");
    expect(button).toBeDefined();
    await page
      .getByRole("region", { name: servicePage.cta.title })
      .getByRole("link", { name: button?.label })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(aboutPage.title);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "still here",
    );
  });
});

test.describe("/resources", () => {
  test("shows every resource as a card that opens in a new tab", async ({ page }) => {
    await page.goto("/resources");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(resources.length);
    for (const resource of resources) {
      const link = page.getByRole("link", { name: `${resource.title} (opens in a new tab)` });
      await expect(link).toHaveAttribute("href", resource.link);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      const card = cards.filter({ has: link });
      await expect(card.getByText(resource.description)).toBeVisible();
      await expect(card.locator("img")).toHaveAttribute("src", resource.image);
    }
    await expect(page.getByText("No resources found.")).toHaveCount(0);
  });

  test("a card opens its resource in a new tab", async ({ page, context }) => {
    // Nothing outside the test server is reachable: answer the resource with a stand-in.
    const resource = resources[0];
    expect(resource).toBeDefined();
    await context.route(resource?.link ?? "", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Resource</title>" }),
    );
    await page.goto("/resources");
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("link", { name: `${resource?.title} (opens in a new tab)` }).click(),
    ]);
    await expect(popup).toHaveURL(resource?.link ?? "");
    // rel=noopener: the new tab cannot reach back into this one.
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL(/\/resources$/);
  });
});

test.describe("/about", () => {
  test("shows the mission, every value, the team and the contact line", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByText(aboutPage.content)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
    await expect(page.getByText(aboutPage.mission)).toBeVisible();

    const values = page.getByRole("region", { name: "Our Values" }).getByRole("listitem");
    const expected = aboutPage.values.split("\n");
    await expect(values).toHaveCount(expected.length);
    for (const [i, value] of expected.entries()) {
      await expect(values.nth(i)).toHaveText(value);
    }

    const team = page.getByRole("region", { name: "Meet the Team" });
    for (const member of aboutPage.team) {
      const card = team.getByRole("listitem").filter({
        has: page.getByRole("heading", { name: member.name }),
      });
      await expect(card.getByText(member.role)).toBeVisible();
      await expect(card.getByRole("img", { name: `Portrait of ${member.name}` })).toHaveAttribute(
        "src",
        member.image,
      );
    }

    const contact = page.getByRole("region", { name: "Let's talk" });
    await expect(contact.getByRole("link", { name: siteSettings.email })).toHaveAttribute(
      "href",
      `mailto:${siteSettings.email}`,
    );
    await expect(contact.getByRole("link", { name: siteSettings.phone })).toHaveAttribute(
      "href",
      `tel:${siteSettings.phone.replace(/[^\d+]/g, "")}`,
    );
  });

  test("takes its meta tags from the about page's title and content", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle(new RegExp(`^${aboutPage.title}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      aboutPage.content,
    );
    const json = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(json["@type"]).toBe("AboutPage");
    expect(json.mainEntity.name).toBe(COMPANY_NAME);
  });
});

test.describe("/contact", () => {
  test("shows the contact information with working links", async ({ page }) => {
    await stubMap(page);
    await page.goto("/contact");
    const details = page.getByRole("region", { name: "Contact information" });
    await expect(details.getByText(contactInfo.address)).toBeVisible();
    await expect(details.getByRole("link", { name: siteSettings.email })).toHaveAttribute(
      "href",
      `mailto:${siteSettings.email}`,
    );
    await expect(details.getByRole("link", { name: siteSettings.phone })).toHaveAttribute(
      "href",
      `tel:${siteSettings.phone.replace(/[^\d+]/g, "")}`,
    );
    await expect(details.locator("img")).toHaveAttribute("src", contactInfo.image);
  });

  test("embeds the map from the contact document", async ({ page }) => {
    await stubMap(page);
    await page.goto("/contact");
    const map = page.locator("iframe");
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute("src", contactInfo.mapEmbedUrl);
    await expect(map).toHaveAttribute("title", /\S/);
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("referrerpolicy", /\S/);
  });

  test("the map box: a link to open the map, and a drawn stand-in when the map cannot load", async ({
    page,
  }) => {
    // The map service cannot be reached: its frame draws nothing.
    await page.route(`${new URL(contactInfo.mapEmbedUrl).origin}/**`, (route) => route.abort());
    await page.goto("/contact");
    const section = page.getByRole("region", { name: "Find us" });
    const marker = new URL(contactInfo.mapEmbedUrl).searchParams.get("marker")?.split(",");
    await expect(
      section.getByRole("link", { name: "Open the map (opens in a new tab)" }),
    ).toHaveAttribute(
      "href",
      `https://www.openstreetmap.org/?mlat=${marker?.[0]}&mlon=${marker?.[1]}#map=17/${marker?.[0]}/${marker?.[1]}`,
    );
    const box = section.locator(".map-fallback");
    await expect(box.getByText(contactInfo.address)).toBeVisible();
    await expect(box.getByText("The map could not be shown here.")).toBeVisible();
  });

  // Issue 4 put the real contact form in the place issue 3 kept for it (its behaviour:
  // forms-contact.spec.ts); the e-mail address stays in the contact information beside it.
  test("holds the contact form, with the e-mail address beside it", async ({ page }) => {
    await stubMap(page);
    await page.goto("/contact");
    const slot = page.getByRole("region", { name: "Send us a message" });
    await expect(slot).toBeVisible();
    const form = slot.locator("form");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", "/contact");
    await expect(
      page.getByRole("main").locator(`a[href="mailto:${siteSettings.email}"]`),
    ).toHaveCount(1);
  });
});

for (const path of ["/privacy-policy", "/terms-of-service"]) {
  test.describe(path, () => {
    test("is a complete text that names the company and links the contact e-mail", async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByText(/Last updated: \w+ \d{1,2}, \d{4}/)).toBeVisible();
      const main = page.getByRole("main");
      expect(await main.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(8);
      await expect(main.getByText(COMPANY_NAME).first()).toBeVisible();
      const mailto = main.locator(`a[href="mailto:${siteSettings.email}"]`);
      expect(await mailto.count()).toBeGreaterThan(0);
      await expect(mailto.first()).toHaveText(siteSettings.email);
    });

    test("its table of contents leads to each section", async ({ page }) => {
      await page.goto(path);
      const toc = page.getByRole("navigation", { name: "On this page" });
      const first = toc.getByRole("link").first();
      const target = (await first.getAttribute("href")) ?? "";
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${target}$`));
      await expect(page.locator(target)).toBeInViewport();
    });
  });
}
