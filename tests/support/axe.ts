// One accessibility check for every spec: axe's WCAG 2.0-2.2 A/AA rules and best practices, and
// only the serious and critical findings fail a test (each with the elements concerned).
//
// Which widths: a page is scanned at 375 and 1280 px only where its markup changes with the width
// (a table whose rows become cards on a phone, the admin shell's menu button, the home page's
// carousel). A form, a document view or an article has the same elements at every width, only
// laid out differently, so a second width would run the same rules over the same elements:
// those are scanned at 1280 px. A scan costs seconds on the 2-core CI machine.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The page's serious or critical axe violations, one line each: `rule (impact): targets`. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Each of `paths` at each width has no serious axe violation (the failure names which). The
 * admin shell's pages differ by width (its top bar below 1024 px, the sidebar above): scanned at
 * 375 and 1280 px unless told.
 */
export async function expectNoSeriousViolations(
  page: Page,
  paths: readonly string[],
  widths: readonly number[] = [375, 1280],
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      expect(await seriousAxeViolations(page), `${width} ${path}`).toEqual([]);
    }
  }
}
