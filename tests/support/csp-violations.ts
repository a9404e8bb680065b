// What the Content Security Policy blocked on a page and its frames, as the page reports it and
// as Chromium logs it. Shared by the security-headers and XSS specs.
import type { Page } from "@playwright/test";

/** Every CSP violation of the pages and frames, and Chromium's console lines about CSP. */
export async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (line: string) => void })
        .__reportCspViolation;
      report?.(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sample})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}
