// Issue 9, suite 4: XSS. Hostile content (tests/robustness/xss.ts: `<script>`, attribute
// breakouts, event handlers, `javascript:` / `data:` / `vbscript:` links in every spelling, a
// JSON-LD breakout, template syntax, Markdown tricks) is saved through the admin's own forms into
// every field that reaches a public page. A field that refuses a payload (a link that must be
// http(s), an e-mail address) is counted as refused, and its collection must be unchanged.
// Then every public page, the RSS feed and the sitemap are fetched and must be inert:
// - the only <script> elements are the site's own, each allowed by the response's CSP (its
//   nonce, or for a page from the page cache the script's hash), none
//   holding `<!--` or `<script`, and the JSON-LD ones parse as JSON;
// - no attribute starts with `on`, no href/src/action/formaction/... has a javascript:,
//   vbscript: or data: scheme, no <iframe> but the allowed map, no <object>/<embed>/<base>;
// - the hostile texts are shown escaped (the pages show them: the check would be empty else);
// - the feed and the sitemap are well-formed XML made only of their own elements.
// The browser half (no dialog, no CSP violation, clicking the links) is tests/e2e/xss.spec.ts.
import { expect, test } from "./fixtures";
import {
  checkHtml,
  checkXml,
  escapeHtml,
  jsonLdNodes,
  publicPaths,
  SHOWN_ESCAPED,
  saveHostileContent,
  TEXT_PAYLOADS,
} from "./xss";

test("hostile content saved through the admin renders inert on every public page and feed", async ({
  robust,
}) => {
  test.setTimeout(60_000);
  const started = Date.now();
  const report = await saveHostileContent({
    url: robust.url,
    cookie: robust.cookie,
    snapshot: async (collection) =>
      JSON.stringify(await robust.db.collection(collection).find({}).sort({ _id: 1 }).toArray()),
  });
  const savedIn = ((Date.now() - started) / 1000).toFixed(1);
  const problems = [...report.problems];
  const saved = report.attempts.filter((a) => a.saved);
  const refused = report.attempts.filter((a) => !a.saved);

  const paths = await publicPaths(robust.url, report.ids);
  const bodies: string[] = [];
  let scripts = 0;
  let jsonLdBlocks = 0;
  let jobPosting = false;
  let blogPosting = false;
  for (const path of paths) {
    const answer = await robust.send(path);
    if (answer.status !== 200) {
      problems.push(`${path}: answered ${answer.status}`);
      continue;
    }
    bodies.push(answer.body);
    const found = checkHtml(path, answer.body, String(answer.headers["content-security-policy"]));
    problems.push(...found.problems);
    scripts += found.scripts;
    jsonLdBlocks += found.jsonLd.length;
    // The footer's hostile copyright is on every page: each page shows hostile content.
    if (!answer.body.includes(SHOWN_ESCAPED)) problems.push(`${path}: shows no hostile text`);
    for (const node of jsonLdNodes(found.jsonLd)) {
      if (node["@type"] === "JobPosting" && String(node.title).includes(TEXT_PAYLOADS.script)) {
        jobPosting = true;
      }
      if (node["@type"] === "BlogPosting" && String(node.headline).includes(TEXT_PAYLOADS.script)) {
        blogPosting = true;
      }
    }
  }
  if (!jobPosting) problems.push("no page shows the hostile internship's JobPosting");
  if (!blogPosting) problems.push("the hostile post's page has no BlogPosting with its title");

  const xmlTexts: string[] = [];
  for (const path of ["/blog/rss.xml", "/sitemap.xml"]) {
    const answer = await robust.send(path);
    if (answer.status !== 200) {
      problems.push(`${path}: answered ${answer.status}`);
      continue;
    }
    const { problems: found, doc } = checkXml(path, answer.body);
    problems.push(...found);
    xmlTexts.push(...(doc?.texts ?? []));
    if (/<script/i.test(answer.body)) problems.push(`${path}: a raw <script`);
  }
  // The feed carries the hostile title and tags as text (escaped in the source, whole once read).
  if (!xmlTexts.some((t) => t.includes(TEXT_PAYLOADS.script))) {
    problems.push("/blog/rss.xml: the hostile post's text is missing");
  }

  // Every saved text, shown escaped somewhere (a page, the feed) or listed as not shown.
  const texts = report.stored.filter((s) => s.kind === "text");
  const notShown = texts.filter(
    (s) =>
      !bodies.some((b) => b.includes(escapeHtml(s.value))) &&
      !xmlTexts.some((t) => t.includes(s.value)),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `[robustness] xss: ${report.attempts.length} payloads posted through ${new Set(report.attempts.map((a) => a.editor)).size} editors (${report.requests} requests) into ${new Set(report.attempts.map((a) => `${a.editor} ${a.field}`)).size} fields: ${saved.length} saved, ${refused.length} refused (nothing stored); ${paths.length} pages + RSS + sitemap checked (${scripts} scripts, ${jsonLdBlocks} JSON-LD); ${texts.length - notShown.length}/${texts.length} saved texts seen escaped; problems: ${problems.length}; ${seconds} s (saving ${savedIn} s)`,
  );
  if (notShown.length) {
    console.log(
      `[robustness] xss: saved but shown on no page checked: ${notShown.map((s) => `${s.editor} ${s.field}`).join(", ")}`,
    );
  }
  const savedLinks = saved.filter((a) => a.kind === "link" || a.kind === "image");
  if (savedLinks.length) {
    console.log(
      `[robustness] xss: link values saved (must stay inert): ${savedLinks.map((a) => `${a.editor} ${a.field} = ${a.payload}`).join("; ")}`,
    );
  }
  expect(problems).toEqual([]);
  // Every editor took part, and hostile text went into each.
  expect(new Set(saved.map((a) => a.editor)).size).toBe(11);
});
