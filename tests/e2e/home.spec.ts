// The first page: rendered on the server from MongoDB, complete with JavaScript on or off.

import { buildDemoContent } from "../../db/seed/demo-content";
import { expect, test } from "./fixtures";

const demoHero = buildDemoContent(new Date()).heroSection;

test("the home page shows the hero from the database", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demoHero.title);
  await expect(page.getByText(demoHero.subtitle)).toBeVisible();
  await expect(page.getByRole("link", { name: demoHero.ctaText })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(page).toHaveTitle(demoHero.title);
});

test("the first response already holds the content (no client-side fetching)", async ({
  request,
}) => {
  const response = await request.get("/");
  const html = await response.text();
  expect(html).toContain(demoHero.title);
  expect(html).toContain(demoHero.subtitle);
  expect(response.headers()["x-powered-by"]).toBeUndefined();
});

test("an unknown URL answers 404 with a helpful page inside the shell", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByText("NotFoundPage")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /Services/ })).toHaveAttribute(
    "href",
    "/services",
  );
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("built assets are cached for a year as immutable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /\/assets\/[^"]+\.css/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset as string);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable/);
});

test("social cards get the hero as an absolute image URL", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain(`<meta property="og:image" content="http://localhost:`);
  expect(html).toContain(demoHero.image);
});
