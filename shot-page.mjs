import { chromium } from "@playwright/test";
const [base, path, width, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
