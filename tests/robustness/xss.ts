// Issue 9, suite 4 (XSS), the part shared by the HTTP suite (tests/robustness/xss.spec.ts) and
// the browser check (tests/e2e/xss.spec.ts): the hostile payloads, saving them through the
// admin's own forms as the server renders them, and the checks that a public page, the RSS feed
// and the sitemap render them inert.
//
// Saving: every editor that feeds a public page (six collections: the first document of each,
// and the five single documents) is opened in its edit form, and its fields are taken one at a
// time: each payload meant for the field is posted with the rest of the form as it stands (the
// values saved so far included). A 302 means saved and the value stays; a 400 means refused,
// and the field keeps its previous value. Any other answer is a problem.
import { createHash } from "node:crypto";
import { type Answer, rawSend } from "./fixtures";
import { encode, type Field, type Form, parseForms, type Value } from "./forms";

// ---------------------------------------------------------------------------------------------
// Payloads

/** Text that a page shows: each must come out as text, never as markup or script. */
export const TEXT_PAYLOADS = {
  script: "<script>alert(1)</script>",
  attribute: '"><img src=x onerror=alert(1)>',
  jsonLdBreakout: "</script><script>alert(1)</script>",
  template: "{{constructor.constructor('alert(1)')()}}",
  svg: "<svg onload=alert(1)>",
  comment: "<!--<script>alert(1)</script>-->",
} as const;

/** All of them in one value, for fields long enough. */
export const ALL_TEXT = Object.values(TEXT_PAYLOADS).join(" ");
/** The first two, for fields of middling length (an author, a label). */
const SHORT_TEXT = `${TEXT_PAYLOADS.script}${TEXT_PAYLOADS.attribute}`;

/** What every hostile text shows, HTML-escaped, wherever it is displayed. */
export const SHOWN_ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;";

/**
 * Link fields: addresses that would run script when followed or loaded, then site paths that
 * try to break out of the attribute (valid paths, so they may be saved: they must stay inert).
 */
export const LINK_PAYLOADS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "&#106;avascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "/\\evil.example",
  '/"><svg/onload=alert(1)>',
  '/x"onmouseover="alert(1)',
] as const;

/** Image addresses (the image fields' hidden input): a scheme, or a path leaving the attribute. */
export const IMAGE_PAYLOADS = [
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  '/x"onerror="alert(1)',
] as const;

/** Tags: one per payload short enough for a tag (a tag holds at most 40 characters). */
const TAGS = [
  TEXT_PAYLOADS.script,
  TEXT_PAYLOADS.attribute,
  TEXT_PAYLOADS.jsonLdBreakout,
  TEXT_PAYLOADS.svg,
].join(",");

/** E-mail fields: addresses with markup in them (the schema is expected to refuse them). */
const EMAIL_PAYLOADS = [
  '"<script>alert(1)</script>"@example.com',
  "x@example.com<script>alert(1)</script>",
];

/** The link texts of the Markdown tricks (the browser check clicks them). */
export const MARKDOWN_LINK_TEXTS = [
  "xss js link",
  "xss entity link",
  "xss reference link",
  "xss data link",
  "xss raw link",
  "xss spaced link",
];

/** A blog post body: Markdown that tries to smuggle markup, script links and handlers. */
export const MARKDOWN = [
  `# Heading ${TEXT_PAYLOADS.script}`,
  "",
  "[xss js link](javascript:alert(1)) and [xss entity link](&#106;avascript:alert(1))",
  "",
  "![xss js image](javascript:alert(1)) ![xss data image](data:text/html,<script>alert(1)</script>)",
  "",
  "An autolink <javascript:alert(1)> and [xss reference link][evil].",
  "",
  "[evil]: javascript:alert(1)",
  "",
  "[xss data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "",
  "[xss spaced link](<java script:alert(1)>) [vb](vbscript:msgbox(1))",
  "",
  '<iframe src="javascript:alert(1)"></iframe>',
  "",
  '<a href="javascript:alert(1)">xss raw link</a>',
  "",
  "<svg onload=alert(1)></svg>",
  "",
  "<img src=x onerror=alert(1)>",
  "",
  "<script>alert(1)</script>",
  "",
  "Entities: &lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;",
  "",
  `Inline: ${ALL_TEXT}`,
  "",
  "```html",
  "<script>alert(1)</script>",
  "```",
].join("\n");

// ---------------------------------------------------------------------------------------------
// The editors

export interface Editor {
  /** The admin page, e.g. /admin/dashboard/blogs. */
  page: string;
  /** The MongoDB collection it writes. */
  collection: string;
  /** A collection's editor: the first document listed is edited. */
  list: boolean;
}

export const EDITORS: Editor[] = [
  { page: "/admin/dashboard/blogs", collection: "blogs", list: true },
  { page: "/admin/dashboard/testimonials", collection: "testimonials", list: true },
  { page: "/admin/dashboard/resources", collection: "resources", list: true },
  { page: "/admin/dashboard/highlights", collection: "highlights", list: true },
  { page: "/admin/dashboard/faq", collection: "faqs", list: true },
  { page: "/admin/dashboard/intership-page", collection: "internships", list: true },
  { page: "/admin/dashboard/hero", collection: "heroSection", list: false },
  { page: "/admin/dashboard/services", collection: "servicePage", list: false },
  { page: "/admin/dashboard/about", collection: "aboutPage", list: false },
  { page: "/admin/dashboard/contact", collection: "contactInfo", list: false },
  { page: "/admin/dashboard/footer", collection: "footer", list: false },
];

type Kind = "text" | "markdown" | "tags" | "email" | "link" | "image";

/** What a field holds, by its name and type as rendered; null for fields left as they are. */
function kindOf(form: Form, f: Field): Kind | null {
  if (f.kind === "hidden") {
    // The image field's kept address (components/admin/image-field.tsx names its file `<name>File`).
    return form.fields.some((o) => o.name === `${f.name}File`) ? "image" : null;
  }
  if (!["text", "textarea", "url", "email", "tel", "search"].includes(f.kind)) return null;
  const last = f.name.split(".").pop() ?? f.name;
  if (f.kind === "email" || /email/i.test(last)) return "email";
  if (f.name === "description" && form.action.startsWith("/admin/dashboard/blogs")) {
    return "markdown";
  }
  if (f.name === "tags") return "tags";
  if (f.kind === "url" || /(link|url|href)$/i.test(last)) return "link";
  return "text";
}

/** What names a saved text on the pages: `[xss blogs title]`. */
export const markerOf = (collection: string, field: string) => `[xss ${collection} ${field}]`;

function candidates(kind: Kind, marker: string): { label: string; value: string }[] {
  switch (kind) {
    case "text":
      return [
        { label: "all text payloads", value: `${marker} ${ALL_TEXT}` },
        { label: "script + attribute", value: `${marker} ${SHORT_TEXT}` },
        ...Object.entries(TEXT_PAYLOADS).map(([label, value]) => ({ label, value })),
      ];
    case "markdown":
      return [{ label: "markdown tricks", value: MARKDOWN }];
    case "tags":
      return [{ label: "tags", value: TAGS }];
    case "email":
      return EMAIL_PAYLOADS.map((value) => ({ label: value, value }));
    case "link":
      return LINK_PAYLOADS.map((value) => ({ label: JSON.stringify(value), value }));
    case "image":
      return IMAGE_PAYLOADS.map((value) => ({ label: JSON.stringify(value), value }));
  }
}

/** Text kinds stop at the first payload saved; link kinds try every payload. */
const TRY_ALL: Kind[] = ["link", "image", "email"];

export interface Attempt {
  editor: string;
  field: string;
  kind: Kind;
  payload: string;
  saved: boolean;
}

export interface SaveReport {
  attempts: Attempt[];
  /** Values the editors kept at the end (field -> value), per editor. */
  stored: { editor: string; field: string; kind: Kind; value: string }[];
  /** Ids of the documents edited, per collection. */
  ids: Record<string, string>;
  requests: number;
  problems: string[];
}

export interface SaveOptions {
  url: string;
  cookie: string;
  /**
   * The state of a collection (e.g. its documents as JSON), read before and after each refused
   * save to prove nothing was stored. Optional: the browser check has no database handle.
   */
  snapshot?: (collection: string) => Promise<string>;
  /**
   * Only what gets stored: the link fields skip the payloads their schema refuses (the HTTP
   * suite proves those refusals), e-mail fields are left alone. For the browser check.
   */
  storedOnly?: boolean;
}

const EDIT_ID = /[?&]edit=([0-9a-f]{24})/;

/** The edit form of a page: the POST form with the most fields a person fills in. */
function editForm(html: string, page: string): Form | undefined {
  const forms = parseForms(html).filter((f) => f.action.split("?")[0] === page);
  const size = (f: Form) => f.fields.filter((x) => x.kind !== "hidden").length;
  // The editor's form is the one with Save draft beside its main button (a schedule or a
  // preview link's form on the same page may have as many inputs as a small editor).
  const editor = (f: Form) => (f.fields.some((x) => x.name === "as") ? 1 : 0);
  return forms.sort((a, b) => editor(b) - editor(a) || size(b) - size(a))[0];
}

/** The form as posted before any payload: as rendered, row buttons left out, status Open. */
function baseFields(form: Form): [string, Value][] {
  const out: [string, Value][] = [];
  for (const f of form.fields) {
    if (f.kind === "file") continue;
    // The hostile internship must be listed: active (and open, below).
    if (f.kind === "checkbox" && f.name === "isActive") {
      out.push([f.name, f.value || "on"]);
      continue;
    }
    if ((f.kind === "checkbox" || f.kind === "radio") && !f.checked) continue;
    // conform's add/remove-row buttons (components/admin/row-list-form.tsx): not a save. And
    // "Save draft" (`as`): the hostile content must be published, so the main button is pressed.
    if (f.name === "__intent__" || (f.kind === "submit" && f.name === "as")) continue;
    if (f.kind === "checkbox") out.push([f.name, f.value || "on"]);
    else if (f.kind === "select" && f.name === "status" && f.options?.includes("Open")) {
      out.push([f.name, "Open"]);
    } else if (f.kind === "date" && /deadline/i.test(f.name)) {
      // A deadline ahead: an internship past its deadline has no JobPosting.
      out.push([f.name, new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)]);
    } else out.push([f.name, f.value]);
  }
  return out;
}

const setField = (fields: [string, Value][], name: string, value: string): [string, Value][] =>
  fields.map(([n, v]) => (n === name ? [n, value] : [n, v]));

async function saveEditor(editor: Editor, options: SaveOptions, report: SaveReport) {
  const { url, cookie } = options;
  const get = (path: string) => rawSend(url, path, { headers: { Cookie: cookie } });
  let formPage = `${editor.page}?edit`;
  if (editor.list) {
    const listAnswer = await get(editor.page);
    const id = EDIT_ID.exec(listAnswer.body)?.[1];
    if (!id) {
      report.problems.push(`${editor.page}: no document to edit (${listAnswer.status})`);
      return;
    }
    report.ids[editor.collection] = id;
    formPage = `${editor.page}?edit=${id}`;
  }
  const answer = await get(formPage);
  const form = answer.status === 200 ? editForm(answer.body, editor.page) : undefined;
  if (!form) {
    report.problems.push(`${formPage}: no edit form (${answer.status})`);
    return;
  }
  let fields = baseFields(form);
  /** The collection as the last save left it (what a refused post must not change). */
  let state = options.snapshot ? await options.snapshot(editor.collection) : "";
  const post = async (body: [string, Value][]): Promise<Answer> => {
    report.requests++;
    const encoded = encode(body, form.multipart);
    return rawSend(url, form.action, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": encoded.type },
      body: encoded.body,
    });
  };
  /**
   * One post of `values` over the form as it stands: saved (kept), or refused (nothing may
   * change; the fields the re-rendered form marks aria-invalid are returned).
   */
  const attempt = async (
    values: [Field, Kind, string, string][],
    record = true,
  ): Promise<{ saved: boolean; invalid: Set<string> }> => {
    let tried = fields;
    for (const [f, , value] of values) tried = setField(tried, f.name, value);
    const result = await post(tried);
    const saved = result.status === 302 || result.status === 303;
    if (record) {
      for (const [f, kind, , label] of values) {
        report.attempts.push({ editor: editor.page, field: f.name, kind, payload: label, saved });
      }
    }
    const what = `${form.action} ${values.map(([f, , , label]) => `${f.name} = ${label}`).join(", ")}`;
    const invalid = new Set<string>();
    if (saved) {
      fields = tried;
      if (options.snapshot) state = await options.snapshot(editor.collection);
    } else if (result.status === 400) {
      const now = options.snapshot ? await options.snapshot(editor.collection) : state;
      if (now !== state) {
        report.problems.push(`${what}: refused (400) but ${editor.collection} changed`);
      }
      for (const m of result.body.matchAll(/<(?:input|textarea|select)\b[^>]*>/g)) {
        if (!m[0].includes('aria-invalid="true"')) continue;
        const name = /\sname="([^"]*)"/.exec(m[0])?.[1];
        if (name) invalid.add(name.replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
      }
    } else {
      report.problems.push(`${what}: answered ${result.status} ${result.body.slice(0, 200)}`);
    }
    return { saved, invalid };
  };

  const targets = form.fields.flatMap((f) => {
    const kind = kindOf(form, f);
    if (!kind) return [];
    // Rows after the first (footer links, team members, CTA buttons) are rendered by the same
    // code as the first: they get one link payload, not every one again.
    const later = /\[[1-9]\d*\]/.test(f.name) && TRY_ALL.includes(kind);
    let all = candidates(kind, markerOf(editor.collection, f.name));
    if (options.storedOnly && TRY_ALL.includes(kind)) {
      all = all.filter((c) => c.value.startsWith("/"));
    }
    return [{ f, kind, list: later ? all.slice(0, 1) : all, from: 0 }];
  });
  const kept = new Map<string, string>();

  // Texts first, together (most fields take their first payload): the fields the re-rendered
  // form marks invalid are counted as refusing it and left out, and the rest posted again. What
  // is left over is tried one field at a time below.
  let pending = targets.filter((t) => !TRY_ALL.includes(t.kind));
  for (let round = 0; round < 4 && pending.length > 1; round++) {
    const values = pending.map(
      (t) =>
        [t.f, t.kind, t.list[0]?.value ?? "", t.list[0]?.label ?? ""] as [
          Field,
          Kind,
          string,
          string,
        ],
    );
    const { saved, invalid } = await attempt(values, false);
    const refusing = pending.filter((t) => invalid.has(t.f.name));
    for (const t of saved ? pending : refusing) {
      report.attempts.push({
        editor: editor.page,
        field: t.f.name,
        kind: t.kind,
        payload: t.list[0]?.label ?? "",
        saved,
      });
      t.from = saved ? t.list.length : 1;
      if (saved) kept.set(t.f.name, t.list[0]?.value ?? "");
    }
    if (saved || refusing.length === 0) break;
    pending = pending.filter((t) => !invalid.has(t.f.name));
  }

  for (const t of targets) {
    const savedValues: string[] = [];
    for (const candidate of t.list.slice(t.from)) {
      if ((await attempt([[t.f, t.kind, candidate.value, candidate.label]])).saved) {
        kept.set(t.f.name, candidate.value);
        savedValues.push(candidate.value);
        if (!TRY_ALL.includes(t.kind)) break;
      }
    }
    // Of several link payloads saved, the most dangerous (the first in the list) stays stored.
    const preferred = savedValues[0];
    if (preferred !== undefined && preferred !== kept.get(t.f.name)) {
      fields = setField(fields, t.f.name, preferred);
      const result = await post(fields);
      if (result.status !== 302 && result.status !== 303) {
        report.problems.push(`${form.action} ${t.f.name}: saving again answered ${result.status}`);
      }
      if (options.snapshot) state = await options.snapshot(editor.collection);
      kept.set(t.f.name, preferred);
    }
    const value = kept.get(t.f.name);
    if (value !== undefined) {
      report.stored.push({ editor: editor.page, field: t.f.name, kind: t.kind, value });
    }
  }
}

/** Saves the payloads through every editor (several at once: each edits its own document). */
export async function saveHostileContent(options: SaveOptions): Promise<SaveReport> {
  const report: SaveReport = { attempts: [], stored: [], ids: {}, requests: 0, problems: [] };
  const queue = [...EDITORS];
  const worker = async () => {
    for (let editor = queue.shift(); editor; editor = queue.shift()) {
      await saveEditor(editor, options, report);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return report;
}

// ---------------------------------------------------------------------------------------------
// The public pages

export interface PublicPage {
  path: string;
  html: string;
  nonce: string;
}

const STATIC_PAGES = [
  "/",
  "/services",
  "/resources",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
];

/**
 * Every public page, and for the paged lists (/internships, /blog, /resources) also the page
 * that shows the hostile document; the blog post itself.
 */
export async function publicPaths(url: string, ids: Record<string, string>): Promise<string[]> {
  const paths = [...STATIC_PAGES, "/internships", "/blog"];
  for (const [list, collection] of [
    ["/internships", "internships"],
    ["/blog", "blogs"],
    ["/resources", "resources"],
  ] as const) {
    if (!ids[collection]) continue;
    const marker = escapeHtml(markerOf(collection, "title"));
    if ((await rawSend(url, list)).body.includes(marker)) continue;
    for (let page = 2; page <= 10; page++) {
      const answer = await rawSend(url, `${list}?page=${page}`);
      if (answer.status !== 200) break;
      if (answer.body.includes(marker)) {
        paths.push(`${list}?page=${page}`);
        break;
      }
    }
  }
  if (ids.blogs) paths.push(`/blog/${ids.blogs}`);
  return paths;
}

/** Text as React writes it into HTML. */
export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

export function nonceOf(policy: string | string[] | undefined): string {
  return /'nonce-([^']+)'/.exec(String(policy ?? ""))?.[1] ?? "";
}

// ---------------------------------------------------------------------------------------------
// HTML checks

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&amp;/g, "&");

/**
 * The scheme a browser would read from an attribute value (entities decoded, whitespace and
 * control characters dropped as URL parsing does), lower-cased: "javascript", "https", or "".
 */
export function schemeOf(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: URL parsing drops these.
  const cleaned = decodeEntities(value).replace(/[\u0000-\u0020\u007f]/g, "");
  return /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase() ?? "";
}

export interface Tag {
  name: string;
  attributes: [string, string][];
}

/** The tags of a document, as an HTML tokenizer reads them, script and comment bodies skipped. */
export function tagsOf(html: string): { tags: Tag[]; scripts: { attrs: Tag; body: string }[] } {
  const tags: Tag[] = [];
  const scripts: { attrs: Tag; body: string }[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?" || html[lt + 1] === "/") {
      const end = html.indexOf(">", lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const nameMatch = /^<([a-zA-Z][^\s/>]*)/.exec(html.slice(lt, lt + 64));
    if (!nameMatch) {
      i = lt + 1;
      continue;
    }
    const name = (nameMatch[1] as string).toLowerCase();
    let j = lt + nameMatch[0].length;
    const attributes: [string, string][] = [];
    // Attributes as the HTML tokenizer reads them (quoted, unquoted or bare).
    while (j < html.length) {
      while (/[\s/]/.test(html[j] ?? "")) j++;
      if (html[j] === ">" || j >= html.length) break;
      const attrName = /^[^\s/>=][^\s/>=]*/.exec(html.slice(j))?.[0] ?? (html[j] as string);
      j += attrName.length;
      while (/\s/.test(html[j] ?? "")) j++;
      let value = "";
      if (html[j] === "=") {
        j++;
        while (/\s/.test(html[j] ?? "")) j++;
        const quote = html[j];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, j + 1);
          value = html.slice(j + 1, end === -1 ? html.length : end);
          j = end === -1 ? html.length : end + 1;
        } else {
          const raw = /^[^\s>]*/.exec(html.slice(j))?.[0] ?? "";
          value = raw;
          j += raw.length;
        }
      }
      attributes.push([attrName.toLowerCase(), decodeEntities(value)]);
    }
    const tag = { name, attributes };
    tags.push(tag);
    i = j + 1;
    // Raw text elements: their body is not markup.
    if (["script", "style", "textarea", "title"].includes(name)) {
      const close = html.toLowerCase().indexOf(`</${name}`, i);
      const body = html.slice(i, close === -1 ? html.length : close);
      if (name === "script") scripts.push({ attrs: tag, body });
      i = close === -1 ? html.length : close;
    }
  }
  return { tags, scripts };
}

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "data",
  "background",
  "srcset",
  "ping",
  "cite",
]);

/** Frames the contact page may show (content/contact-info.ts MAP_EMBED_PROVIDERS). */
const MAP_FRAME =
  /^https:\/\/(www\.google\.com\/maps\/embed|www\.openstreetmap\.org\/export\/embed\.html)/;

export interface PageFindings {
  problems: string[];
  scripts: number;
  jsonLd: unknown[];
}

/** The checks of one HTML page (see the spec's header). */
export function checkHtml(path: string, html: string, policy: string): PageFindings {
  const problems: string[] = [];
  const jsonLd: unknown[] = [];
  const { tags, scripts } = tagsOf(html);
  // A rendered answer allows its scripts by its nonce; one from the page cache by their hashes
  // (docs/decisions/034-cached-answers.md): then every inline script must be one of those.
  const nonce = nonceOf(policy);
  const hashes = new Set(/script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? []);
  if (!nonce && ![...hashes].some((source) => source.startsWith("'sha256-"))) {
    problems.push(`${path}: neither a nonce nor hashes in the Content-Security-Policy`);
  }
  for (const { attrs, body } of scripts) {
    const has = new Map(attrs.attributes);
    const allowed = nonce
      ? has.get("nonce") === nonce
      : !has.has("src") &&
        hashes.has(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
    if (!allowed) {
      problems.push(`${path}: a <script> the policy does not allow: ${body.slice(0, 120)}`);
    }
    if (has.has("src") && schemeOf(has.get("src") ?? "") !== "") {
      problems.push(`${path}: a <script src> off the site: ${has.get("src")}`);
    }
    // A `<!--` or `<script` inside a script body changes how the tokenizer finds its end.
    if (/<!--|<script/i.test(body)) {
      problems.push(`${path}: a script body holding <!-- or <script: ${body.slice(0, 160)}`);
    }
    if (has.get("type") === "application/ld+json") {
      try {
        jsonLd.push(JSON.parse(body));
      } catch (error) {
        problems.push(`${path}: JSON-LD that is not JSON (${error}): ${body.slice(0, 160)}`);
      }
    }
  }
  for (const tag of tags) {
    for (const [name, value] of tag.attributes) {
      if (name.startsWith("on")) problems.push(`${path}: <${tag.name} ${name}="${value}">`);
      if (URL_ATTRIBUTES.has(name)) {
        const scheme = schemeOf(value);
        // `/\host` is `//host` to a browser: another site disguised as a path.
        const otherSite = /^\s*[/\\][\\]/.test(value);
        if (scheme === "javascript" || scheme === "vbscript" || scheme === "data" || otherSite) {
          problems.push(`${path}: <${tag.name} ${name}="${value.slice(0, 80)}">`);
        }
      }
      if (name === "style" && /expression\(|javascript:|url\(/i.test(value)) {
        problems.push(`${path}: <${tag.name} style="${value.slice(0, 80)}">`);
      }
    }
    if (["object", "embed", "base", "applet", "frame", "frameset"].includes(tag.name)) {
      problems.push(`${path}: a <${tag.name}> element`);
    }
    if (tag.name === "iframe") {
      const src = new Map(tag.attributes).get("src") ?? "";
      if (!MAP_FRAME.test(src)) problems.push(`${path}: an <iframe src="${src}">`);
    }
    if (
      tag.name === "meta" &&
      new Map(tag.attributes).get("http-equiv")?.toLowerCase() === "refresh"
    ) {
      problems.push(`${path}: a <meta http-equiv=refresh>`);
    }
  }
  // A payload's own markup, outside attributes: what would show if any text went out raw.
  for (const raw of [
    "<img src=x",
    "<svg onload",
    '<iframe src="javascript',
    '<a href="javascript',
  ]) {
    if (html.includes(raw)) problems.push(`${path}: raw markup ${raw}`);
  }
  return { problems, scripts: scripts.length, jsonLd };
}

/** Every JSON-LD node of a page (top-level arrays and @graph flattened). */
export function jsonLdNodes(values: unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") {
      out.push(v as Record<string, unknown>);
      const graph = (v as { "@graph"?: unknown })["@graph"];
      if (graph) visit(graph);
    }
  };
  values.forEach(visit);
  return out;
}

// ---------------------------------------------------------------------------------------------
// XML (the RSS feed, the sitemap): a well-formedness check of the XML 1.0 grammar the feeds use

const XML_NAME = /^[A-Za-z_][\w.:-]*/;
const XML_ENTITY = /&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

export interface XmlDocument {
  /** Element names, in document order. */
  elements: string[];
  /** Text content of every element, entities decoded. */
  texts: string[];
}

function xmlText(raw: string, where: string): string {
  if (raw.replace(XML_ENTITY, "").includes("&")) throw new Error(`a bare & in ${where}`);
  if (raw.includes("<")) throw new Error(`a < in ${where}`);
  return decodeEntities(raw);
}

/** Parses `xml`, throwing on anything not well-formed (unbalanced, bad entity, stray `<`). */
export function parseXml(xml: string): XmlDocument {
  const elements: string[] = [];
  const texts: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  if (xml.startsWith("<?xml")) i = xml.indexOf("?>") + 2;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (stack.length === 0) {
      if (text.trim()) throw new Error(`text outside the root: ${text.slice(0, 40)}`);
    } else if (text) {
      texts.push(xmlText(text, `<${stack.at(-1)}>`));
    }
    if (lt === -1) break;
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt);
      if (end === -1) throw new Error("an unclosed comment");
      i = end + 3;
    } else if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt);
      if (end === -1 || stack.length === 0) throw new Error("a stray CDATA section");
      texts.push(xml.slice(lt + 9, end));
      i = end + 3;
    } else if (xml.startsWith("<?", lt)) {
      const end = xml.indexOf("?>", lt);
      if (end === -1) throw new Error("an unclosed processing instruction");
      i = end + 2;
    } else if (xml[lt + 1] === "/") {
      const m = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(xml.slice(lt));
      if (!m || stack.pop() !== m[1]) throw new Error(`a mismatched end tag at ${lt}`);
      i = lt + m[0].length;
    } else {
      const name = XML_NAME.exec(xml.slice(lt + 1))?.[0];
      if (!name) throw new Error(`a < that starts no tag at ${lt}`);
      let j = lt + 1 + name.length;
      const seen = new Set<string>();
      for (;;) {
        const ws = /^\s*/.exec(xml.slice(j))?.[0].length ?? 0;
        j += ws;
        if (xml.startsWith("/>", j) || xml[j] === ">") break;
        if (!ws) throw new Error(`no space before an attribute of <${name}>`);
        const attr = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(xml.slice(j));
        if (!attr) throw new Error(`a malformed attribute in <${name}>`);
        if (seen.has(attr[1] as string)) throw new Error(`a repeated attribute in <${name}>`);
        seen.add(attr[1] as string);
        xmlText(attr[3] ?? attr[4] ?? "", `an attribute of <${name}>`);
        j += attr[0].length;
      }
      if (stack.length === 0 && ++roots > 1) throw new Error("a second root element");
      elements.push(name);
      if (xml.startsWith("/>", j)) i = j + 2;
      else {
        stack.push(name);
        i = j + 1;
      }
    }
  }
  if (stack.length) throw new Error(`unclosed <${stack.join("> <")}>`);
  if (roots !== 1) throw new Error("no root element");
  return { elements, texts };
}

/** The elements an RSS 2.0 feed and a sitemap of this site are made of. */
export const FEED_ELEMENTS = new Set([
  "rss",
  "channel",
  "title",
  "link",
  "description",
  "language",
  "atom:link",
  "lastBuildDate",
  "item",
  "guid",
  "pubDate",
  "dc:creator",
  "category",
  "urlset",
  "url",
  "loc",
  "lastmod",
  "changefreq",
  "priority",
]);

/** The checks of an XML answer: well-formed, made only of the feed's own elements. */
export function checkXml(path: string, xml: string): { problems: string[]; doc?: XmlDocument } {
  try {
    const doc = parseXml(xml);
    const strangers = doc.elements.filter((e) => !FEED_ELEMENTS.has(e));
    return {
      doc,
      problems: strangers.length ? [`${path}: elements ${[...new Set(strangers)].join(", ")}`] : [],
    };
  } catch (error) {
    return { problems: [`${path}: not well-formed XML: ${(error as Error).message}`] };
  }
}
