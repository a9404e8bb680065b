// The site's forms as a browser sees them: read from the rendered HTML (no hand-kept copy of
// field names, intents or hidden tokens), and encoded the two ways a browser posts them.
// Conform's fields carry `form="<id>"` and may sit outside the <form> element; both count.

export interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
}

/** A value as posted: text, raw bytes (e.g. invalid UTF-8, sent unescaped) or a file. */
export type Value = string | Buffer | FilePart;

export interface Field {
  name: string;
  /** hidden, text, email, textarea, select, checkbox, file, submit, ... */
  kind: string;
  value: string;
  /** The option values of a select. */
  options?: string[];
  /** Checked (checkboxes, radios). */
  checked?: boolean;
}

export interface Form {
  id: string | null;
  action: string;
  multipart: boolean;
  fields: Field[];
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const inner = tag.replace(/^<\w+/, "").replace(/\/?>$/, "");
  for (const m of inner.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    out[(m[1] as string).toLowerCase()] = unescapeHtml(m[2] ?? "");
  }
  return out;
}

/** Every POST form of a page with its fields. */
export function parseForms(html: string): Form[] {
  const spans: { start: number; end: number; form: Form }[] = [];
  for (const m of html.matchAll(/<form\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    const start = m.index ?? 0;
    const end = html.indexOf("</form>", start);
    const post = (a.method ?? "get").toLowerCase() === "post";
    spans.push({
      start,
      end: end === -1 ? html.length : end,
      form: {
        id: a.id ?? null,
        // GET forms (searches, filters) are kept only to own their fields.
        action: post ? (a.action ?? "") : "",
        multipart: (a.enctype ?? "").toLowerCase() === "multipart/form-data",
        fields: [],
      },
    });
  }
  const owner = (index: number, formAttr: string | undefined) =>
    formAttr !== undefined
      ? spans.find((s) => s.form.id === formAttr)
      : spans.find((s) => s.start < index && index < s.end);

  const controls = /<(input|button)\b[^>]*>|<(textarea|select)\b([^>]*)>([\s\S]*?)<\/\2>/gi;
  for (const m of html.matchAll(controls)) {
    const tag = (m[1] ?? m[2] ?? "").toLowerCase();
    const a = attributes(m[1] ? m[0] : `<${tag}${m[3]}>`);
    if (!a.name || "disabled" in a) continue;
    const span = owner(m.index ?? 0, a.form);
    if (!span) continue;
    const fields = span.form.fields;
    if (tag === "textarea") {
      fields.push({ name: a.name, kind: "textarea", value: unescapeHtml(m[4] ?? "") });
    } else if (tag === "select") {
      const options = [...(m[4] ?? "").matchAll(/<option\b[^>]*>/gi)].map((o) => attributes(o[0]));
      const values = options.map((o) => o.value ?? "");
      const selected = options.find((o) => "selected" in o)?.value ?? values[0] ?? "";
      fields.push({ name: a.name, kind: "select", value: selected, options: values });
    } else if (tag === "button") {
      // A named submit button posts its value only when it is the one pressed: keep the first,
      // and only when no other control carries that name.
      if ((a.type ?? "submit") === "submit" && !fields.some((f) => f.name === a.name)) {
        fields.push({ name: a.name, kind: "submit", value: a.value ?? "" });
      }
    } else {
      const kind = (a.type ?? "text").toLowerCase();
      if (kind === "submit" || kind === "reset" || kind === "button" || kind === "image") continue;
      fields.push({ name: a.name, kind, value: a.value ?? "", checked: "checked" in a });
    }
  }
  return spans.map((s) => s.form).filter((f) => f.action !== "");
}

/** The fields a browser would post as they stand (checked boxes only, no empty file). */
export function asPosted(form: Form): [string, Value][] {
  const out: [string, Value][] = [];
  for (const f of form.fields) {
    if ((f.kind === "checkbox" || f.kind === "radio") && !f.checked) continue;
    if (f.kind === "file") continue;
    out.push([f.name, f.kind === "checkbox" && f.value === "" ? "on" : f.value]);
  }
  return out;
}

export function urlencoded(fields: [string, Value][]): Buffer {
  const parts = fields.map(([name, value]) => {
    const key = Buffer.from(encodeURIComponent(name));
    const val =
      typeof value === "string"
        ? Buffer.from(encodeURIComponent(value))
        : Buffer.isBuffer(value)
          ? value
          : Buffer.from(encodeURIComponent(value.filename));
    return Buffer.concat([key, Buffer.from("="), val]);
  });
  const out: Buffer[] = [];
  parts.forEach((p, i) => {
    if (i > 0) out.push(Buffer.from("&"));
    out.push(p);
  });
  return Buffer.concat(out);
}

export const BOUNDARY = "----robustness7MA4YWxkTrZu0gW";

export function multipart(fields: [string, Value][], boundary = BOUNDARY): Buffer {
  const out: Buffer[] = [];
  for (const [name, value] of fields) {
    const quoted = name.replace(/"/g, "%22");
    if (typeof value === "string" || Buffer.isBuffer(value)) {
      out.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted}"\r\n\r\n`),
        Buffer.isBuffer(value) ? value : Buffer.from(value),
        Buffer.from("\r\n"),
      );
    } else {
      out.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from("\r\n"),
      );
    }
  }
  out.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(out);
}

/** A form encoded as its enctype says, with its Content-Type. */
export function encode(
  fields: [string, Value][],
  asMultipart: boolean,
): { body: Buffer; type: string } {
  return asMultipart
    ? { body: multipart(fields), type: `multipart/form-data; boundary=${BOUNDARY}` }
    : { body: urlencoded(fields), type: "application/x-www-form-urlencoded" };
}
