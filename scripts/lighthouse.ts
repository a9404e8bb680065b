// `npm run lighthouse`: Lighthouse (mobile, its default: simulated slow 4G and a 4x slower CPU)
// on the four benchmarked public pages of the production server, with a local Chromium, offline.
// Prints the four category scores per page, the performance metrics, and every audit that kept
// a category under its target, with the elements or URLs concerned so they can be fixed. The
// JSON reports go to reports/lighthouse/ (git-ignored; open them in the Lighthouse viewer).
//
//   npm run lighthouse
//   npm run lighthouse -- --strict      exit 1 when a page misses a target
//   npm run lighthouse -- --no-build    measure build/ as it is
//
// Chromium: CHROME_PATH, else /usr/bin/chromium, else Playwright's own, else whatever
// chrome-launcher finds.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from "../tests/support/constants";
import {
  benchmarkedPages,
  commandLine,
  describeMachine,
  ensureBuild,
  onExit,
  printTable,
  run,
  startProductionServer,
} from "./lib/production-server";

const CATEGORIES = [
  ["performance", "Performance", 95],
  ["accessibility", "Accessibility", 100],
  ["best-practices", "Best Practices", 100],
  ["seo", "SEO", 100],
] as const;
type CategoryId = (typeof CATEGORIES)[number][0];
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "Speed Index"],
] as const;
const REPORT_DIR = path.resolve(import.meta.dirname, "..", "reports", "lighthouse");

const { values: options } = parseArgs({
  options: {
    strict: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
  },
});

function chromePath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const playwrights = chromium.executablePath();
  return existsSync(playwrights) ? playwrights : undefined;
}

interface Finding {
  category: string;
  id: string;
  title: string;
  pages: { page: string; display: string; items: string[] }[];
}

type Audit = Result["audits"][string];

type Item = Record<string, unknown>;

/** The rows of an audit's details, with the tables inside a list (insights) opened up. */
function detailItems(details: unknown): Item[] {
  const items = (details as { items?: Item[] } | undefined)?.items ?? [];
  return items.flatMap((item) =>
    item.type === "table" || item.type === "list" ? detailItems(item) : [item],
  );
}

/** Up to three elements or URLs an audit points at: where to look when fixing it. */
function itemsOf(audit: Audit, origin: string): string[] {
  const found: string[] = [];
  for (const item of detailItems(audit.details)) {
    const node = item.node as { snippet?: string } | undefined;
    const source = item.source as { url?: string } | undefined;
    const text = node?.snippet ?? (typeof item.url === "string" ? item.url : source?.url);
    if (text) found.push(text.replaceAll(origin, "").replace(/\s+/g, " "));
  }
  const shown = found
    .slice(0, 3)
    .map((text) => (text.length > 140 ? `${text.slice(0, 139)}…` : text));
  if (found.length > shown.length) shown.push(`… and ${found.length - shown.length} more`);
  return shown;
}

function failingAudits(lhr: Result, category: CategoryId): Audit[] {
  const ref = lhr.categories[category];
  if (!ref) return [];
  const failing: Audit[] = [];
  for (const { id, weight } of ref.auditRefs) {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null) continue;
    if (["notApplicable", "manual", "informative"].includes(audit.scoreDisplayMode)) continue;
    // Scored audits below full marks; for Performance also the opportunities and diagnostics
    // (weight 0) that Lighthouse itself flags as failing, since they say what to change.
    if (weight > 0 && audit.score < 1) failing.push(audit);
    // An insight with neither a figure nor an element or URL to show ("Forced reflow" with an
    // empty table) gives the reader nothing to act on.
    else if (category === "performance" && audit.score < 0.9) {
      if (audit.displayValue || itemsOf(audit, "").length > 0) failing.push(audit);
    }
  }
  return failing;
}

/**
 * One Lighthouse run. On a busy machine the trace sometimes misses the navigation start
 * (NO_NAVSTART, "run Lighthouse again"): so it does, up to twice more.
 */
async function runLighthouse(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES.map(([id]) => id),
    });
    if (!run) throw new Error(`lighthouse: no result for ${url}`);
    const problem = run.lhr.runtimeError;
    if (!problem) return run.lhr;
    if (attempt === 3) throw new Error(`lighthouse ${url}: ${problem.message}`);
    console.error(`lighthouse ${url}: ${problem.code}, running it again`);
  }
}

/**
 * Measures the steady state a visitor meets in production: each page requested once (so it is
 * in the page cache) and every image variant it names made and stored (sharp encodes a variant
 * on its first request only, up to a second of CPU for a 1920-pixel AVIF, then every instance
 * serves the stored bytes). Without this the first run of each page timed that one-off encoding.
 */
async function warmUp(origin: string, pages: string[]): Promise<void> {
  const images = new Set<string>();
  for (const page of pages) {
    const html = await (await fetch(origin + page)).text();
    for (const [url] of html.matchAll(/\/images\/[0-9a-f]{24}(?:\?w=\d+)?/g)) images.add(url);
  }
  for (const url of images) {
    for (const accept of ["image/avif,image/webp,*/*", "image/webp,*/*"]) {
      await (await fetch(origin + url, { headers: { Accept: accept } })).arrayBuffer();
    }
  }
}

async function main(): Promise<boolean> {
  const command = commandLine("lighthouse");
  ensureBuild({ skip: options["no-build"] });
  const header = describeMachine(command);
  const app = await startProductionServer();
  const pages = await benchmarkedPages(app.url);
  await warmUp(app.url, pages);

  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: "silent",
  });
  // chrome-launcher starts Chromium detached: Ctrl-C on this process would not reach it.
  const forget = onExit(() => void chrome.kill());
  const results: { page: string; lhr: Result }[] = [];
  try {
    mkdirSync(REPORT_DIR, { recursive: true });
    for (const page of pages) {
      console.error(`lighthouse ${page} ...`);
      const lhr = await runLighthouse(app.url + page, chrome.port);
      const file = `${page.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.json`;
      writeFileSync(path.join(REPORT_DIR, file), JSON.stringify(lhr, null, 2));
      results.push({ page, lhr });
    }
  } finally {
    forget();
    chrome.kill();
    await app.stop();
  }

  const browser = results[0]?.lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0];
  const benchmark = results.map((r) => Math.round(r.lhr.environment.benchmarkIndex)).join(", ");
  console.log(`\n${header}\n`);
  console.log(
    `Lighthouse ${results[0]?.lhr.lighthouseVersion} (mobile, simulated throttling), ${browser ?? "Chromium"} headless; ` +
      `Lighthouse's CPU benchmark index per page ${benchmark} (lower: a slower or busier machine). ` +
      `Targets: Performance ≥ 95, the others 100.\n`,
  );
  let allMet = true;
  const scoreRows = results.map(({ page, lhr }) => [
    `\`${page}\``,
    ...CATEGORIES.map(([id, , target]) => {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      allMet &&= score >= target;
      return `${score} ${score >= target ? "✓" : "✗"}`;
    }),
  ]);
  printTable(["page", ...CATEGORIES.map(([, name]) => name)], scoreRows);
  console.log("");
  printTable(
    ["page", ...METRICS.map(([, name]) => name)],
    results.map(({ page, lhr }) => [
      `\`${page}\``,
      ...METRICS.map(([id]) => lhr.audits[id]?.displayValue ?? "?"),
    ]),
  );

  // Grouped by audit so one fix reads once, with the pages it concerns.
  const findings = new Map<string, Finding>();
  for (const { page, lhr } of results) {
    for (const [id, name, target] of CATEGORIES) {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      if (score >= target) continue;
      for (const audit of failingAudits(lhr, id)) {
        const key = `${name}/${audit.id}`;
        const finding = findings.get(key) ?? {
          category: name,
          id: audit.id,
          title: audit.title,
          pages: [],
        };
        finding.pages.push({
          page,
          display: audit.displayValue ?? "",
          items: itemsOf(audit, app.url),
        });
        findings.set(key, finding);
      }
    }
  }
  if (findings.size > 0) {
    console.log("\nAudits that keep a category under its target:");
    let category = "";
    for (const finding of findings.values()) {
      if (finding.category !== category) {
        category = finding.category;
        console.log(`\n#### ${category}\n`);
      }
      console.log(`- **${finding.title}** (\`${finding.id}\`)`);
      for (const { page, display, items } of finding.pages) {
        console.log(`  - \`${page}\`${display ? `: ${display}` : ""}`);
        for (const item of items) console.log(`    - \`${item.replaceAll("`", "'")}\``);
      }
    }
  }
  console.log(`\nJSON reports: ${path.relative(process.cwd(), REPORT_DIR)}/`);
  return allMet;
}

run(main, options.strict);
