// Only the fields a form has. conform turns names like `a[99999999]` or `a.b.c…` into nested
// arrays and objects, and echoes the values back in its reply: a 13-byte body could ask for a
// hundred-million-slot array, and a deeply nested name overflows the stack. Copying the known
// names into a fresh FormData first makes every other name inert:
// - a name whose first segment is not one of the schema's fields is dropped;
// - nested names (`links[0].label`, for field lists) are kept only while every list index is
//   below MAX_LIST_INDEX and the path is at most MAX_PATH_SEGMENTS deep;
// - conform's own intent field (add/remove a list row without JavaScript) is kept only when it
//   is one this form can carry out (see isCarriedOutIntent): anything else ends the request with
//   a 400.
// The row-list editors then ask readRowIntent (below) what the button asked for: this module is
// the one place that decides which add/remove/move-row posts are carried out.
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

/**
 * A copy of `form` with only the entries of `names` and their nested paths (see above), and
 * conform's intent only when `lists` (from listPaths) says the form can carry it out.
 * Throws the 400 of refuseIntent for any other intent.
 */
export function onlyFields(
  form: FormData,
  names: Iterable<string>,
  lists: ReadonlySet<string> = new Set(),
): FormData {
  const fields = new Set(names);
  const copy = new FormData();
  // conform acts on the first; a second would be a hand-made post.
  if (form.getAll(CONFORM_INTENT).length > 1) throw refuseIntent();
  for (const [name, value] of form.entries()) {
    if (name === CONFORM_INTENT) {
      if (!isCarriedOutIntent(value, form, fields, lists)) throw refuseIntent();
      copy.append(name, value);
    } else if (allowed(name, fields)) {
      copy.append(name, value);
    }
  }
  return copy;
}

/**
 * The paths of a zod schema's arrays, list indexes written `[]`: `links`, `cta.buttons`,
 * `team[].skills`. conform's list intents may only name one of these. Wrappers (optional,
 * default, preprocess, transform...) are looked through; a schema kind not understood here has
 * no lists, so an intent aimed into it is refused rather than guessed at.
 */
export function listPaths(schema: z.ZodType): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown, path: string, depth: number) => {
    const def = (node as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def || depth > MAX_PATH_SEGMENTS) return;
    switch (def.type) {
      case "object":
        for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
          walk(child, path ? `${path}.${key}` : key, depth + 1);
        }
        return;
      case "array":
        found.add(path);
        walk(def.element, `${path}[]`, depth + 1);
        return;
      case "pipe": {
        // z.preprocess(fn, schema) is a pipe from a transform; schema.transform(fn) a pipe to one.
        const input = (def.in as { _zod?: { def?: { type?: unknown } } })?._zod?.def?.type;
        walk(input === "transform" ? def.out : def.in, path, depth);
        return;
      }
      default:
        if (def.innerType) walk(def.innerType, path, depth);
    }
  };
  walk(schema, "", 0);
  return found;
}

/** The intents the row-list editors post (components/admin/row-list-form.tsx, Move up/down)... */
const LIST_INTENTS = new Set(["insert", "remove", "reorder"]);
/** ...and the one services.tsx sets itself to send a form back as it was, without saving. */
const VALIDATE_ALL = "validate";

/**
 * Whether conform may carry out this intent. conform trusts it completely: `insert` at
 * `name[10000000]` builds a ten-million-slot array and echoes it back (hundreds of MiB from a
 * small post), `__proto__` or an intent aimed at a plain field throws (a 500), `reorder` and
 * `update` rewrite any path. So only what our editors send passes:
 * - `insert` or `remove` naming exactly one of the form's lists (no list: no intent at all),
 *   an index within MAX_LIST_INDEX (required to remove, optional to insert), and for an insert
 *   a default row of plain text values;
 * - `reorder` of one of the form's lists, `from` and `to` both within MAX_LIST_INDEX;
 * - `validate` of the whole form (payload `{}`), only in a form that has lists.
 */
function isCarriedOutIntent(
  value: FormDataEntryValue,
  form: FormData,
  fields: ReadonlySet<string>,
  lists: ReadonlySet<string>,
): boolean {
  if (lists.size === 0 || typeof value !== "string" || value.length > 2000) return false;
  let intent: unknown;
  try {
    intent = JSON.parse(value);
  } catch {
    return false;
  }
  if (!isPlainObject(intent) || !isPlainObject(intent.payload)) return false;
  const { type, payload } = intent;
  if (type === VALIDATE_ALL) return Object.keys(payload).length === 0;
  if (typeof type !== "string" || !LIST_INTENTS.has(type)) return false;
  const { name, index, defaultValue, from, to, ...rest } = payload;
  if (Object.keys(rest).length > 0 || typeof name !== "string") return false;
  const moving = from !== undefined || to !== undefined;
  if (moving !== (type === "reorder")) return false;
  const path = pathOf(name);
  if (!path || !allowed(name, fields)) return false;
  const pattern = path.map((s) => (typeof s === "number" ? "[]" : `.${s}`)).join("");
  if (!lists.has(pattern.slice(1).replaceAll(".[]", "[]"))) return false;
  // A list posted as anything but rows (`links=x` is text to conform, `links.label=x` an
  // object) is no array, and a list intent on it throws.
  if (!postedAsRows(form, name)) return false;
  const inRange = (n: unknown) =>
    Number.isInteger(n) && (n as number) >= 0 && (n as number) < MAX_LIST_INDEX;
  if (type === "reorder")
    return index === undefined && defaultValue === undefined && inRange(from) && inRange(to);
  const validIndex = Number.isInteger(index) && (index as number) >= 0;
  if (type === "remove") return validIndex && (index as number) < MAX_LIST_INDEX;
  return (
    (index === undefined || (validIndex && (index as number) < MAX_LIST_INDEX)) &&
    (defaultValue === undefined || isPlainRow(defaultValue))
  );
}

/** Whether every posted name under list `name` goes through a row index (`links[0]…`). */
function postedAsRows(form: FormData, name: string): boolean {
  for (const key of form.keys()) {
    if (!key.startsWith(name)) continue;
    const rest = key.slice(name.length);
    if (rest === "" || rest.startsWith(".") || (rest.startsWith("[") && !/^\[\d/.test(rest))) {
      return false;
    }
  }
  return true;
}

/** A default row: text, or one level of text fields with ordinary names. */
function isPlainRow(value: unknown): boolean {
  if (typeof value === "string") return value.length <= 200;
  if (!isPlainObject(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length <= 20 &&
    entries.every(
      ([key, text]) =>
        /^[A-Za-z_$][\w$]{0,40}$/.test(key) &&
        !UNSAFE_KEYS.has(key) &&
        typeof text === "string" &&
        text.length <= 200,
    )
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const INTENT_REFUSED = "This form cannot do that. Reload the page and try again.";

/**
 * The answer to an intent this form cannot carry out: a small 400 thrown out of the action.
 * Browsers never send one (the buttons post only what passes), so it is a hand-made request and
 * gets no form back.
 */
export function refuseIntent(): Response {
  return new Response(INTENT_REFUSED, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
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

/**
 * For actions that act on an intent before parsing the form (a row editor storing the images
 * of its rows): the same check as parseFormWith, thrown as the same 400, before anything is
 * written.
 */
export function checkFormIntent(form: FormData, schema: z.ZodType): void {
  onlyFields(form, schemaFields(schema), listsOf(schema));
}

const LISTS = new WeakMap<z.ZodType, Set<string>>();
/** listPaths, once per schema (schemas are module-level constants). */
function listsOf(schema: z.ZodType): Set<string> {
  const known = LISTS.get(schema);
  if (known) return known;
  const lists = listPaths(schema);
  LISTS.set(schema, lists);
  return lists;
}

/** conform's parseWithZod over only the schema's own fields: the one way actions read a form. */
export function parseFormWith<Schema extends z.ZodType>(form: FormData, schema: Schema) {
  const fields = schemaFields(schema);
  if (fields.length === 0) throw new Error("parseFormWith needs a zod object schema");
  const copy = onlyFields(form, fields, listsOf(schema));
  const garbled = [...copy.entries()]
    .filter(([, value]) => typeof value === "string" && UNTYPEABLE.test(value))
    .map(([name]) => pathOf(name) ?? [name]);
  const checked =
    garbled.length === 0
      ? schema
      : (schema.superRefine((_value, ctx) => {
          for (const path of garbled) {
            ctx.addIssue({ code: "custom", path, message: UNREADABLE_TEXT });
          }
        }) as unknown as Schema);
  if (!copy.has(CONFORM_INTENT)) return parseWithZod(copy, { schema: checked });
  // conform carries out an intent on the posted values and throws when they do not fit it (a
  // list that arrived as something else): whatever the check above did not foresee is the
  // client's mistake, a 400, never a 500.
  try {
    return parseWithZod(copy, { schema: checked });
  } catch {
    throw refuseIntent();
  }
}

/** A list of rows as the editor describes it (content/kit/document.ts RowsField). */
export interface RowListRule {
  /** The list's path: "team", "cta.buttons". */
  name: string;
  max: number;
  /** How a refusal calls a row: "At most 4 buttons.", "The last service cannot…". */
  noun: string;
  /** What Add inserts: the server's blank row, never the one a client sent. */
  blank: Readonly<Record<string, string>>;
}

export const FORM_UNREADABLE = "The form could not be read. Please try again.";
export const lastRowMessage = (noun: string) =>
  `The last ${noun} cannot be removed; leave it blank instead.`;

export type RowIntent =
  | { kind: "none" }
  | { kind: "row"; type: "insert" | "remove" | "reorder"; list: string; index?: number }
  | { kind: "refused"; message: string };

/**
 * How many rows of list `name` the form holds: its highest row index plus one. A row at or past
 * MAX_LIST_INDEX does not count: parseFormWith drops it, and a loop over the rows stays short.
 */
export function rowCount(form: FormData, name: string): number {
  const prefix = `${name}[`;
  let count = 0;
  for (const key of form.keys()) {
    if (!key.startsWith(prefix)) continue;
    const index = Number(/^\[(\d{1,6})\]/.exec(key.slice(name.length))?.[1]);
    if (Number.isInteger(index) && index < MAX_LIST_INDEX) count = Math.max(count, index + 1);
  }
  return count;
}

/**
 * What the add/remove-row button that sent `form` asks, checked against the editor's lists,
 * after checkFormIntent has refused the shapes no button sends (a 400). Only an insert into or
 * a removal from one of `lists` is carried out: never past a list's maximum, never the last row
 * (the editor always shows one to type into; a blank row is not saved), never a row that is not
 * there. A carried-out intent is rebuilt in `form` from its checked parts (an insert gets the
 * server's blank row); any other is refused with the message to show above the form.
 */
export function readRowIntent(form: FormData, lists: readonly RowListRule[]): RowIntent {
  const raw = form.get(CONFORM_INTENT);
  if (raw === null) return { kind: "none" };
  let intent: { type?: unknown; payload?: { name?: unknown; index?: unknown } } | null;
  try {
    intent = JSON.parse(String(raw));
  } catch {
    return { kind: "refused", message: FORM_UNREADABLE };
  }
  const list = lists.find((l) => l.name === intent?.payload?.name);
  if (!list) return { kind: "refused", message: FORM_UNREADABLE };
  const rows = rowCount(form, list.name);
  if (intent?.type === "insert") {
    if (rows >= list.max) return { kind: "refused", message: `At most ${list.max} ${list.noun}s.` };
    const payload = { name: list.name, defaultValue: list.blank };
    form.set(CONFORM_INTENT, JSON.stringify({ type: "insert", payload }));
    return { kind: "row", type: "insert", list: list.name };
  }
  const index = intent?.payload?.index;
  if (intent?.type === "remove" && Number.isInteger(index) && (index as number) < rows) {
    if (rows <= 1) return { kind: "refused", message: lastRowMessage(list.noun) };
    const payload = { name: list.name, index };
    form.set(CONFORM_INTENT, JSON.stringify({ type: "remove", payload }));
    return { kind: "row", type: "remove", list: list.name, index: index as number };
  }
  // Move up / Move down: one row to a neighbouring place, both inside the list.
  const { from, to } = (intent?.payload ?? {}) as { from?: unknown; to?: unknown };
  const inList = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) < rows;
  if (intent?.type === "reorder" && inList(from) && inList(to)) {
    const payload = { name: list.name, from, to };
    form.set(CONFORM_INTENT, JSON.stringify({ type: "reorder", payload }));
    return { kind: "row", type: "reorder", list: list.name };
  }
  return { kind: "refused", message: FORM_UNREADABLE };
}

/** Drops conform's intent: the form is then read as it was posted. */
export function withoutIntent(form: FormData): FormData {
  form.delete(CONFORM_INTENT);
  return form;
}
