// Accessibility: axe finds no serious or critical violation on any public page, at a phone
// and a desktop width. (axe needs to run script in the page, so this runs with JavaScript on;
// the server-rendered markup it checks is the same without JavaScript.)
import AxeBuilder from "@axe-core/playwright";
import { demoId } from "../../db/seed/index";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs inside the page");

const PAGES = [
  "/",
  "/services",
  "/internships",
  "/internships?q=zzzz-no-such-internship", // the empty state
  "/resources",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/blog",
  `/blog/${demoId("blogs", 0).toHexString()}`,
  `/blog/${"0".repeat(24)}`, // 'Blog not found.'
  "/no-such-page",
];

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(path);
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
          );
        expect(serious).toEqual([]);
      });
    }
  });
}
