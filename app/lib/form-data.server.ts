// Only the fields a form has. conform turns names like `a[99999999]` or `a.b.c…` into nested
// arrays and objects, and echoes the values back in its reply: a 13-byte body could ask for a
// hundred-million-slot array, and a deeply nested name overflows the stack. Copying the known
// names into a fresh FormData first makes every other name inert:
// - a name whose first segment is not one of the schema's fields is dropped;
// - nested names (`links[0].label`, for field lists) are kept only while every list index is
//   below MAX_LIST_INDEX and the path is at most MAX_PATH_SEGMENTS deep;
// - conform's own intent field (add/remove a list row without JavaScript) is kept.
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** No admin list needs more rows than this (service lists, footer links, team members...). */
export const MAX_LIST_INDEX = 200;
export const MAX_PATH_SEGMENTS = 6;
/** Never a path segment: writing through them would reach Object.prototype. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
/** The field conform's intent buttons (insert, remove, reorder, validate) submit. */
const CONFORM_INTENT = "__intent__";

/** The top-level field names of a zod object schema (empty for anything else). */
export function schemaFields(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

/** `links[0].label` -> ["links", 0, "label"]; null when the name is not a plain path. */
function pathOf(name: string): (string | number)[] | null {
  const segments: (string | number)[] = [];
  const pattern = /^([A-Za-z_$][\w$]*)|\[(\d{1,6})\]|\.([A-Za-z_$][\w$]*)/y;
  let index = 0;
  while (index < name.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(name);
    if (!match || (index === 0) !== (match[1] !== undefined)) return null;
    segments.push(match[2] !== undefined ? Number(match[2]) : (match[1] ?? match[3] ?? ""));
    index = pattern.lastIndex;
  }
  return segments.length ? segments : null;
}

function allowed(name: string, fields: ReadonlySet<string>): boolean {
  if (fields.has(name)) return true;
  const path = pathOf(name);
  return (
    path !== null &&
    fields.has(String(path[0])) &&
    path.length <= MAX_PATH_SEGMENTS &&
    path.every((segment) =>
      typeof segment === "number" ? segment < MAX_LIST_INDEX : !UNSAFE_KEYS.has(segment),
    )
  );
}

/** A copy of `form` with only the entries of `names` and their nested paths (see above). */
export function onlyFields(form: FormData, names: Iterable<string>): FormData {
  const fields = new Set(names);
  const copy = new FormData();
  for (const [name, value] of form.entries()) {
    if (name === CONFORM_INTENT ? isConformIntent(value) : allowed(name, fields)) {
      copy.append(name, value);
    }
  }
  return copy;
}

/**
 * conform's list buttons post `__intent__` as JSON ({type, payload}); conform parses it without
 * a guard, so anything else a client sends there would throw (a 500). Such a value is dropped:
 * the post is then an ordinary submit, checked by the schema.
 */
function isConformIntent(value: FormDataEntryValue): boolean {
  if (typeof value !== "string" || value.length > 2000) return false;
  try {
    const intent = JSON.parse(value) as unknown;
    return (
      typeof intent === "object" &&
      intent !== null &&
      typeof (intent as { type?: unknown }).type === "string"
    );
  } catch {
    return false;
  }
}

/**
 * What a form's decoder makes of bytes that are not UTF-8 (a browser always sends UTF-8): U+FFFD,
 * the replacement character. Nobody types it, so a value holding one was not typed but garbled,
 * and is refused rather than stored as mojibake. Likewise a NUL character (U+0000), which no
 * keyboard produces and which would otherwise pass a "not blank" check as text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const UNTYPEABLE = /[\uFFFD\u0000]/;
export const UNREADABLE_TEXT = "This text could not be read. Please type it again.";

/** conform's parseWithZod over only the schema's own fields: the one way actions read a form. */
export function parseFormWith<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const fields = schemaFields(schema);
  if (fields.length === 0) throw new Error("parseFormWith needs a zod object schema");
  const copy = onlyFields(form, fields);
  const garbled = [...copy.entries()]
    .filter(([, value]) => typeof value === "string" && UNTYPEABLE.test(value))
    .map(([name]) => pathOf(name) ?? [name]);
  if (garbled.length === 0) return parseWithZod(copy, { schema });
  const refused = schema.superRefine((_value, ctx) => {
    for (const path of garbled) ctx.addIssue({ code: "custom", path, message: UNREADABLE_TEXT });
  }) as unknown as Schema;
  return parseWithZod(copy, { schema: refused });
}
