// Small generators of malformed requests, shared by the bad-input and cross-site suites. Every
// case they make is invalid by construction (a required field left empty or missing, a value of
// the wrong type, an unknown id, a body that does not parse), so a case that writes a document
// is a defect of the app, not of the case.

import { UNKNOWN_ID } from "./fixtures";
import {
  encode,
  type Field,
  type FilePart,
  type Form,
  multipart,
  urlencoded,
  type Value,
} from "./forms";

export interface Case {
  what: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send only the headers, declaring this many bytes (node:http), and expect 413. */
  declaredLength?: number;
}

export const KB100 = "x".repeat(100 * 1024);
/** Bytes that are no UTF-8: a lone continuation byte, an overlong form, 0xFF/0xFE. */
export const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x80, 0xc0, 0xaf]);
export const MALFORMED_IDS = [
  "zzz",
  "123",
  "0123456789abcdef0123456g",
  "%24ne",
  "%7B%22%24ne%22%3A%22%22%7D",
  "..%2F..%2Fadmin",
  "ObjectId(%220123456789abcdef01234567%22)",
  "0123456789ABCDEF0123456",
  "x".repeat(2000),
  "%00",
  "%FF%FE",
];

/** A small Linux executable's first bytes (ELF header), as a picked "photo". */
export const ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(56),
  Buffer.from("\x00robustness: not an image"),
]);
/** A Windows executable's first bytes (MZ ... PE). */
export const PE = Buffer.concat([
  Buffer.from("MZ"),
  Buffer.alloc(58),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from("PE\x00\x00"),
  Buffer.alloc(40),
]);
export const EXECUTABLES: FilePart[] = [
  { filename: "photo.png", type: "image/png", data: ELF },
  { filename: "photo.png", type: "image/png", data: PE },
  { filename: "photo.jpg", type: "image/jpeg", data: ELF },
  { filename: "photo.webp", type: "image/webp", data: PE },
  { filename: "../../photo.png", type: "image/png", data: ELF },
  { filename: "photo.png", type: "application/octet-stream", data: PE },
  { filename: "photo.png", type: "image/png", data: Buffer.from("#!/bin/sh\nrm -rf /\n") },
  {
    filename: "photo.png",
    type: "image/png",
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { filename: "photo.png", type: "image/png", data: Buffer.alloc(0) },
];

// ---------------------------------------------------------------------------------------------
// Forms

const isId = (name: string) => name === "id" || /Id$/.test(name);
/** Names a form might be probed with when it has none of them: ids, roles, operators. */
const EXTRA_NAMES = ["email", "password", "_id", "$where", "role", "status"];
const TOKEN_FIELDS = new Set(["formToken", "intent", "__intent__"]);

/**
 * The form as posted, but invalid: every field a person fills in is empty (checkboxes off), ids
 * name nothing, the hidden tokens and intents stay as rendered.
 */
export function invalidBase(form: Form): [string, Value][] {
  const out: [string, Value][] = [];
  for (const f of form.fields) {
    if (f.kind === "checkbox" || f.kind === "radio" || f.kind === "file") continue;
    if (isId(f.name)) out.push([f.name, UNKNOWN_ID]);
    else if (f.kind === "hidden" || f.kind === "submit") out.push([f.name, f.value]);
    else out.push([f.name, ""]);
  }
  return out;
}

/** A plausible valid value for a field a person fills in (public forms: the cross-site suite). */
export function validValue(f: Field): string {
  if (f.kind === "select") return f.options?.find((o) => o !== "") ?? f.value;
  if (f.value !== "") return f.value;
  if (f.kind === "email" || /email/i.test(f.name)) return "robust.visitor@example.com";
  if (f.kind === "tel" || /phone/i.test(f.name)) return "+1 555 0100";
  if (/password/i.test(f.name)) return "a long and unusual passphrase";
  return "Robustness check";
}

/** The form as a person would send it: every field filled, the honeypot empty. */
export function validFields(form: Form): [string, Value][] {
  const out: [string, Value][] = [];
  for (const f of form.fields) {
    if (f.kind === "file" || ((f.kind === "checkbox" || f.kind === "radio") && !f.checked))
      continue;
    if (f.name === "website") out.push([f.name, ""]);
    else if (f.kind === "hidden" || f.kind === "submit" || f.kind === "checkbox") {
      out.push([f.name, f.value || "on"]);
    } else out.push([f.name, validValue(f)]);
  }
  return out;
}

const replace = (fields: [string, Value][], name: string, value: Value | null, newName = name) => {
  const out = fields.filter(([n]) => n !== name);
  if (value !== null) out.push([newName, value]);
  return out;
};

/** Mutations of one field, most telling first. */
function fieldMutations(
  base: [string, Value][],
  f: Field,
): { what: string; fields: [string, Value][] }[] {
  const n = f.name;
  if (f.kind === "file") {
    return EXECUTABLES.map((file) => ({
      what: `${n} = ${file.filename} (${file.data.subarray(0, 4).toString("hex")})`,
      fields: [...base, [n, file] as [string, Value]],
    }));
  }
  const mutations: { what: string; fields: [string, Value][] }[] = [
    { what: `${n}.$ne`, fields: replace(base, n, "", `${n}.$ne`) },
    { what: `${n}[$gt]`, fields: replace(base, n, "", `${n}[$gt]`) },
    { what: `${n} = 100 kB`, fields: replace(base, n, KB100) },
    { what: `${n} = invalid UTF-8`, fields: replace(base, n, INVALID_UTF8) },
    { what: `${n} twice`, fields: [...base, [n, "second value"]] },
    { what: `${n} = unknown id`, fields: replace(base, n, UNKNOWN_ID) },
    { what: `${n} = malformed id`, fields: replace(base, n, "0123456789abcdef0123456g") },
    { what: `${n} = {"$ne":""}`, fields: replace(base, n, '{"$ne":""}') },
    { what: `${n} = %FF%FE`, fields: replace(base, n, Buffer.from("%FF%FE%C3%28")) },
    { what: `${n} = NUL`, fields: replace(base, n, "\u0000\u0000") },
    { what: `${n} missing`, fields: replace(base, n, null) },
    { what: `${n} = 20k emoji`, fields: replace(base, n, "🦄".repeat(20_000)) },
    { what: `${n} = true`, fields: replace(base, n, "true") },
    { what: `${n} = -1e309`, fields: replace(base, n, "-1e309") },
  ];
  return mutations;
}

/** The `.data` twin of an admin action URL (what a browser with JavaScript posts to). */
function dataUrl(action: string): string {
  const url = new URL(action, "http://localhost");
  if (!url.pathname.startsWith("/admin/dashboard/")) return action;
  return `${url.pathname.replace(/\/$/, "")}.data${url.search}`;
}

export interface FormCaseOptions {
  headers: Record<string, string>;
  /** The body limit of this action: 1 MiB, or 16 MiB for the admin's multipart posts. */
  limit: number;
  /** At least this many cases (the issue asks 50), more when the forms have many fields. */
  minimum?: number;
}

/** Malformed posts to the action of `forms` (all posting to the same module). */
export function formCases(forms: Form[], options: FormCaseOptions): Case[] {
  const main = forms[0] as Form;
  const action = main.action;
  const minimum = options.minimum ?? 60;
  const h = options.headers;
  const post = (what: string, type: string | null, body?: Buffer, path = action): Case => ({
    what,
    method: "POST",
    path,
    headers: { ...h, ...(type ? { "Content-Type": type } : {}) },
    body,
  });
  const base = invalidBase(main);
  const encoded = encode(base, main.multipart);
  const asMultipart = multipart(base);
  const textNames = main.fields
    .filter((f) => !TOKEN_FIELDS.has(f.name) && !["hidden", "file", "submit"].includes(f.kind))
    .map((f) => f.name);
  const out: Case[] = [
    post("no body", null),
    post("empty form", "application/x-www-form-urlencoded", Buffer.alloc(0)),
    post("text/plain", "text/plain", Buffer.from("email=a@b.example")),
    post("JSON operator", "application/json", Buffer.from('{"email":{"$ne":""}}')),
    post(
      "JSON of the form",
      "application/json",
      Buffer.from(
        JSON.stringify(
          Object.fromEntries(base.map(([k, v]) => [k, typeof v === "string" ? v : { $gt: "" }])),
        ),
      ),
    ),
    post("XML", "application/xml", Buffer.from("<form><email>a</email></form>")),
    post("bad escapes", "application/x-www-form-urlencoded", Buffer.from("%ZZ=%&%%=%E0%A4%A&=")),
    post(
      "invalid UTF-8 in every text field",
      encoded.type,
      encode(
        base.map(([k, v]) => [k, textNames.includes(k) ? INVALID_UTF8 : v] as [string, Value]),
        main.multipart,
      ).body,
    ),
    post("multipart without a boundary", "multipart/form-data", asMultipart),
    post("multipart, empty body", "multipart/form-data; boundary=x", Buffer.alloc(0)),
    post(
      "multipart truncated",
      "multipart/form-data; boundary=----robustness7MA4YWxkTrZu0gW",
      asMultipart.subarray(0, Math.floor(asMultipart.length * 0.6)),
    ),
    post("multipart, another boundary", "multipart/form-data; boundary=other", asMultipart),
    post(
      "multipart without the closing line",
      "multipart/form-data; boundary=----robustness7MA4YWxkTrZu0gW",
      asMultipart.subarray(0, asMultipart.length - 40),
    ),
    post(
      "3,000 repeated fields",
      "application/x-www-form-urlencoded",
      urlencoded(Array.from({ length: 3000 }, (_, i) => [`f${i % 7}`, "v"] as [string, Value])),
    ),
    post(
      "a 100 kB field name",
      "application/x-www-form-urlencoded",
      urlencoded([...base, [KB100, "v"]]),
    ),
    post(
      "prototype keys",
      encoded.type,
      encode(
        [...base, ["__proto__[admin]", "1"], ["constructor[prototype][admin]", "1"]],
        main.multipart,
      ).body,
    ),
    post(
      "an unknown intent",
      encoded.type,
      encode([...replace(base, "intent", "drop-database"), ["$where", "1"]], main.multipart).body,
    ),
    post(
      "extra fields",
      encoded.type,
      encode([...base, ["role", "owner"], ["isAdmin", "true"], ["_id", UNKNOWN_ID]], main.multipart)
        .body,
    ),
    post("charset utf-16", "application/x-www-form-urlencoded; charset=utf-16", encoded.body),
    {
      what: `oversized (Content-Length ${options.limit + 1})`,
      method: "POST",
      path: action,
      headers: { ...h, "Content-Type": encoded.type },
      declaredLength: options.limit + 1,
    },
  ];
  // The public forms' protection: a post that is valid but for it.
  const valid = validFields(main);
  if (main.fields.some((f) => f.name === "website")) {
    out.push(
      post(
        "honeypot filled",
        encoded.type,
        encode(replace(valid, "website", "https://spam.example"), main.multipart).body,
      ),
    );
  }
  if (main.fields.some((f) => f.name === "formToken")) {
    out.push(
      post(
        "form token forged",
        encoded.type,
        encode(
          replace(valid, "formToken", `v1.${Date.now() - 60_000}.${"A".repeat(43)}`),
          main.multipart,
        ).body,
      ),
      post(
        "form token missing",
        encoded.type,
        encode(replace(valid, "formToken", null), main.multipart).body,
      ),
      post(
        "form token from the future",
        encoded.type,
        encode(
          replace(valid, "formToken", `v1.${Date.now() + 86_400_000}.${"A".repeat(43)}`),
          main.multipart,
        ).body,
      ),
    );
  }
  // Files: an executable renamed as a picture, into the form as rendered (an edit form: every
  // other value valid, so only the file can refuse it).
  for (const form of forms) {
    for (const file of form.fields.filter((f) => f.kind === "file")) {
      for (const exe of EXECUTABLES.slice(0, 2)) {
        const fields: [string, Value][] = [...validFields(form), [file.name, exe]];
        out.push(
          post(
            `${file.name} = executable as ${exe.filename}, rest as rendered`,
            `multipart/form-data; boundary=----robustness7MA4YWxkTrZu0gW`,
            multipart(fields),
          ),
        );
      }
    }
  }

  // Field by field: every field of every form once, each with the next mutation in turn (so the
  // mutations spread over the fields), then again until the minimum is reached. Rows of a list
  // (`team[0].name`, `team[1].name`) and radio buttons count once. Forms with few fields are
  // also probed with fields they do not have (extra fields, each one odd).
  const named = new Set<string>();
  const queues = forms.flatMap((form, formIndex) => {
    const formBase = invalidBase(form);
    const fields = form.fields.filter((f) => {
      const key = f.name.replace(/\[\d+\]/g, "[]");
      if (named.has(key)) return false;
      named.add(key);
      return true;
    });
    const extra =
      formIndex === 0
        ? EXTRA_NAMES.filter((n) => !form.fields.some((f) => f.name === n)).map(
            (name): Field => ({ name, kind: "text", value: "" }),
          )
        : [];
    return [...fields, ...extra].map((f) => ({ form, list: fieldMutations(formBase, f) }));
  });
  const longest = Math.max(...queues.map((q) => q.list.length));
  for (let round = 0; round < longest && (round === 0 || out.length < minimum); round++) {
    for (const [index, { form, list }] of queues.entries()) {
      if (round > 0 && out.length >= minimum) break;
      if (round >= list.length) continue;
      const m = list[(index + round) % list.length];
      if (!m) continue;
      const { body, type } = encode(m.fields, form.multipart);
      // Most go to the `.data` twin (the path of a browser with JavaScript) of admin actions,
      // which answers data rather than a rendered page; every fourth to the page itself.
      const path = out.length % 4 ? dataUrl(form.action) : form.action;
      out.push(post(m.what, type, body, path));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The JSON API, from the JSON Schema of /api/openapi.json

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  maxLength?: number;
  minimum?: number;
  format?: string;
}

/** A plausible value (it need not pass: every case breaks it further). */
export function sampleOf(schema: JsonSchema, name = ""): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf[0] as JsonSchema, name);
  switch (schema.type) {
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "array":
      return [];
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s, k)]),
      );
    default:
      if (name === "website") return ""; // the honeypot: empty, as a person leaves it
      if (/email/i.test(name)) return "robust.api@example.com";
      if (/deadline|date/i.test(name)) return "2031-01-01";
      if (/link|url/i.test(name)) return "https://example.com/robust";
      if (/phone/i.test(name)) return "+1 555 0100";
      if (/image|avatar/i.test(name)) return "";
      return "Robust value";
  }
}

function types(schema: JsonSchema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...types(s)]));
  if (schema.enum) return new Set(["enum"]);
  return new Set([schema.type ?? "any"]);
}

const OPERATORS = [{ $ne: "" }, { $gt: "" }, { $regex: ".*" }, { $where: "sleep(100)" }];

/** Values of a type the property does not take (operators everywhere). */
function wrongValues(schema: JsonSchema): unknown[] {
  const allowed = types(schema);
  const candidates: [string, unknown][] = [
    ["number", 123],
    ["integer", 1.5],
    ["boolean", true],
    ["string", "not this"],
    ["array", ["a", "b"]],
    ["object", { a: 1 }],
  ];
  const out: unknown[] = [];
  for (const [type, value] of candidates) {
    if (allowed.has(type) || allowed.has("any")) continue;
    if (type === "integer" && allowed.has("number")) continue;
    if (type === "number" && allowed.has("integer")) continue;
    if (type === "string" && allowed.has("enum")) continue; // "not this" is a wrong enum value: keep
    out.push(value);
  }
  if (allowed.has("enum")) out.push("not-one-of-them");
  if (schema.maxLength !== undefined) out.push("y".repeat(schema.maxLength + 1));
  return [...out, ...OPERATORS];
}

/** A JSON text with raw bytes spliced in where `marker` stands. */
function spliced(json: string, marker: string, bytes: Buffer): Buffer {
  const at = json.indexOf(marker);
  return Buffer.concat([
    Buffer.from(json.slice(0, at)),
    bytes,
    Buffer.from(json.slice(at + marker.length)),
  ]);
}

/** Property-by-property cases per API operation (the body-level ones come on top). */
const PER_PROPERTY_BUDGET = 36;

export function jsonBodyCases(
  method: string,
  path: string,
  headers: Record<string, string>,
  schema: JsonSchema,
): Case[] {
  const json = (what: string, body: Buffer | string, type = "application/json"): Case => ({
    what,
    method,
    path,
    headers: { ...headers, "Content-Type": type },
    body: Buffer.from(body),
  });
  const base = sampleOf(schema) as Record<string, unknown>;
  const text = JSON.stringify(base);
  const required = schema.required ?? [];
  const out: Case[] = [
    { what: "no body", method, path, headers },
    json("empty JSON body", ""),
    json("text/plain", text, "text/plain"),
    json("form-urlencoded", "email=a%40b.example&title=x", "application/x-www-form-urlencoded"),
    json(
      "multipart",
      multipart([["title", "x"]]),
      `multipart/form-data; boundary=----robustness7MA4YWxkTrZu0gW`,
    ),
    json("truncated JSON", text.slice(0, Math.max(1, Math.floor(text.length / 2)))),
    json(
      "invalid UTF-8 JSON",
      Buffer.concat([Buffer.from('{"a":"'), INVALID_UTF8, Buffer.from('"}')]),
    ),
    json("an array", JSON.stringify([base])),
    json("a string", JSON.stringify("body")),
    json("null", "null"),
    json("a number", "1e400"),
    json("operator at the top", '{"$where":"sleep(100)","email":{"$ne":""}}'),
    json("deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`),
    json(
      "prototype keys",
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    ),
    json("JSON in UTF-16", Buffer.from(text, "utf16le"), "application/json; charset=utf-16"),
    json("100 kB of junk", JSON.stringify({ junk: KB100 })),
    json(
      "duplicate keys",
      `{${Object.keys(base)
        .map((k) => `${JSON.stringify(k)}:1`)
        .join(",")}${Object.keys(base).length ? "," : ""}"x":1}`,
    ),
  ];
  const perProperty: Case[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    // The rest valid-looking, this one of a wrong type.
    for (const value of wrongValues(prop)) {
      perProperty.push(
        json(
          `${name} = ${JSON.stringify(value).slice(0, 40)}`,
          JSON.stringify({ ...base, [name]: value }),
        ),
      );
    }
    // Only this one, and odd: the required others missing.
    const alone = (what: string, value: unknown) =>
      perProperty.push(json(`only ${name} = ${what}`, JSON.stringify({ [name]: value })));
    alone("100 kB", KB100);
    alone("unknown id", UNKNOWN_ID);
    alone("malformed id", "zzz");
    alone("null", null);
    perProperty.push(
      json(
        `only ${name} = invalid UTF-8`,
        spliced(JSON.stringify({ [name]: "@@" }), "@@", INVALID_UTF8),
      ),
    );
    // An operator spelled into the key: an unknown key (the schemas drop it), so a required
    // field goes missing too, or the post would be valid.
    const rest = omit(omit(base, name), required.find((r) => r !== name) ?? name);
    perProperty.push(
      json(`${name}.$ne as a key`, JSON.stringify({ ...rest, [`${name}.$ne`]: "" })),
      json(`${name}[$gt] as a key`, JSON.stringify({ ...rest, [`${name}[$gt]`]: "" })),
    );
  }
  // A large schema makes hundreds: an even spread over properties and mutations is enough.
  out.push(...spread(perProperty, PER_PROPERTY_BUDGET));
  // Extra fields, with a required one missing.
  if (required[0]) {
    out.push(
      json(
        "extra fields",
        JSON.stringify({
          ...omit(base, required[0]),
          _id: UNKNOWN_ID,
          role: "owner",
          isAdmin: true,
        }),
      ),
    );
  }
  return out;
}

/** At most `budget` of `items`, evenly spaced (all of them when there are fewer). */
export function spread<T>(items: T[], budget: number): T[] {
  if (items.length <= budget) return items;
  return Array.from(
    { length: budget },
    (_, i) => items[Math.floor((i * items.length) / budget)] as T,
  );
}

function omit(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _, ...rest } = o;
  return rest;
}
