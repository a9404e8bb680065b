import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { buildDemoContent } from "#db/seed/demo-content";
import { escapeHtml, renderRoute } from "../../tests/support/render-route";
import Services, { loader } from "./services";

afterAll(closeDatabase);
beforeEach(async () => {
  const { servicePage } = await getCollections();
  await servicePage.deleteMany({});
});

describe("services loader", () => {
  it("reads the service page from the database", async () => {
    const { servicePage } = await getCollections();
    const demo = buildDemoContent(new Date()).servicePage;
    // A hero saved before alt text existed (the demo's own is described).
    const { imageAlt: _alt, imageDecorative: _decorative, ...olderHero } = demo.hero;
    await servicePage.insertOne({
      ...demo,
      hero: { ...olderHero, title: "Changed hero title" },
      processSteps: [{ title: "Only step", description: "Just one." }],
    });
    const { page } = await loader();
    expect(page).not.toBeNull();
    expect(page).not.toHaveProperty("_id");
    // A hero image saved before alt text existed: not described yet.
    expect(page?.hero).toEqual({
      ...demo.hero,
      title: "Changed hero title",
      imageAlt: "",
      imageDecorative: false,
    });
    expect(page?.services.map((s) => s.title)).toEqual(demo.services.map((s) => s.title));
    expect(page?.services.map((s) => s.icon)).toEqual(demo.services.map((s) => s.icon));
    expect(page?.benefits).toEqual(demo.benefits);
    expect(page?.processSteps).toEqual([{ title: "Only step", description: "Just one." }]);
    expect(page?.cta.buttons).toEqual(demo.cta.buttons);
  });

  it("sees a change saved after the first read", async () => {
    const { servicePage } = await getCollections();
    const demo = buildDemoContent(new Date()).servicePage;
    await servicePage.insertOne(demo);
    expect((await loader()).page?.hero.title).toBe(demo.hero.title);
    await servicePage.updateOne({ _id: demo._id }, { $set: { "hero.title": "Edited" } });
    expect((await loader()).page?.hero.title).toBe("Edited");
  });

  it("gives no page when none was saved, so the route shows its friendly fallback", async () => {
    expect((await loader()).page).toBeNull();
  });
});

describe("services page", () => {
  const demo = buildDemoContent(new Date()).servicePage;
  const { _id, ...page } = demo;

  it("renders the hero image above the fold: eager, high priority, with its size", () => {
    const html = renderRoute(Services, { page });
    const src = page.hero.image;
    expect(src).toMatch(/^\/images\/[0-9a-f]{24}$/);
    const img = new RegExp(`<img[^>]*src="${src}"[^>]*>`).exec(html)?.[0] ?? "";
    // Resized variants for the half-width box (domain/responsive-image.ts).
    expect(img).toContain(`${src}?w=640 640w`);
    expect(img).toMatch(/sizes="\(min-width: 1280px\) 584px/);
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('width="1920"');
    expect(img).toContain('height="1080"');
  });

  it("uses the default image when the hero has none", () => {
    const html = renderRoute(Services, { page: { ...page, hero: { ...page.hero, image: "" } } });
    expect(html).toContain('src="/demo/default-image.webp"');
  });

  it("repeats the first CTA button in the hero and numbers the process steps", () => {
    const html = renderRoute(Services, { page });
    const hero = html.slice(0, html.indexOf('id="services-heading"'));
    expect(hero).toContain(`href="${page.cta.buttons[0]?.link}"`);
    expect(hero).toContain(page.cta.buttons[0]?.label);
    const steps = /<ol[^>]*>(.*?)<\/ol>/s.exec(html)?.[1] ?? "";
    for (const [i, step] of page.processSteps.entries()) {
      expect(steps).toContain(`<span class="sr-only">Step </span>${i + 1}</span>`);
      expect(steps).toContain(escapeHtml(step.title));
    }
  });

  it("opens external CTA links in a new tab and drops links that are not web or site links", () => {
    const html = renderRoute(Services, {
      page: {
        ...page,
        cta: {
          ...page.cta,
          buttons: [
            { label: "Book a call", link: "https://cal.example/agency" },
            { label: "Sneaky", link: "javascript:alert(1)" },
            { label: "Write", link: "mailto:hi@example.com" },
          ],
        },
      },
    });
    expect(html).toMatch(
      /<a href="https:\/\/cal\.example\/agency" target="_blank" rel="noopener noreferrer"/,
    );
    expect(html).not.toContain("Sneaky");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="mailto:hi@example.com"');
  });

  it("renders a friendly page with ways to get in touch when no service page exists", () => {
    const html = renderRoute(Services, { page: null });
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain("Our Services</h1>");
    expect(html).toContain("Tell us what you are planning");
    expect(html).toContain('href="/contact"');
    expect(html).toContain('href="/about"');
  });
});
