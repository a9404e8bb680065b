// Accessibility: axe finds no serious or critical violation on any public page, at a desktop
// width, and at a phone width where the page itself changes with the width. (axe needs to run
// script in the page, so this runs with JavaScript on; the server-rendered markup it checks is
// the same without JavaScript.) These tags are a superset of axe's default rules, so the
// pages' and blog's specs leave their axe checks to this file.
import { demoId } from "../../db/seed/index";
import { seriousAxeViolations } from "../support/axe";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs inside the page");

// Checked at 375 and 1280 px: pages whose markup shows or hides parts by width. The site header
// (the menu button on a phone, the links on a desktop) is on every page, so checking it at
// both widths on these pages covers it everywhere.
const BY_WIDTH = [
  "/", // the third blog card and the carousel's dots come and go with the width
  "/internships", // the filters' Apply button and footer are for wide and narrow screens
  "/internships?q=zzzz-no-such-internship", // the empty state
];

// Checked at 1280 px only: the same markup at every width, only laid out differently (one
// column on a phone), so a second width would check the same elements with the same rules.
const DESKTOP_ONLY = [
  "/services",
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
    for (const path of width === 1280 ? [...BY_WIDTH, ...DESKTOP_ONLY] : BY_WIDTH) {
      test(`${path} has no serious or critical axe violation`, async ({ page }) => {
        await page.goto(path);
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  });
}
