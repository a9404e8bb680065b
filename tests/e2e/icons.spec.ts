// Icons come from one cached SVG sprite (docs/decisions/023-icon-sprite.md): each is an
// <svg><use href="/assets/icons-….svg#name-weight"></svg>. A broken link between the two (a
// symbol missing from the sprite, the sprite blocked by the CSP or not served) would leave
// blank squares and no error anywhere, so this checks that the icons actually draw, with
// JavaScript on and off.
import { demoId } from "../../db/seed/index";
import { expect, test } from "./fixtures";

// The pages with the most kinds of icon (TypeScript and the unit test already tie every name
// the code uses to a symbol in the sprite): this checks the browser side, the sprite loading
// under the CSP and the symbols drawing.
const PAGES = ["/", "/internships", "/contact", `/blog/${demoId("blogs", 0).toHexString()}`];

test.describe("icons", () => {
  for (const path of PAGES) {
    test(`every visible icon on ${path} draws its symbol`, async ({ page }) => {
      const sprite = page.waitForResponse((response) =>
        /\/assets\/icons-[\w-]+\.svg$/.test(response.url()),
      );
      await page.goto(path);
      const response = await sprite;
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("image/svg+xml");
      expect(response.headers()["cache-control"]).toContain("immutable");

      const uses = page.locator("svg > use");
      const count = await uses.count();
      expect(count).toBeGreaterThan(0);
      let drawn = 0;
      for (let i = 0; i < count; i++) {
        const icon = uses.nth(i).locator("xpath=..");
        if (!(await icon.isVisible())) continue;
        // The <use> takes the size of what it draws: nothing when its symbol is missing.
        await expect
          .poll(async () => (await uses.nth(i).boundingBox())?.width ?? 0, {
            message: `icon ${await uses.nth(i).getAttribute("href")} on ${path}`,
          })
          .toBeGreaterThan(1);
        drawn++;
      }
      expect(drawn).toBeGreaterThan(0);
    });
  }
});
