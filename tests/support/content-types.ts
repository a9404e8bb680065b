// What the shared content-type tests (app/content/kit/kit*.test.ts, tests/api/content-types.spec.ts,
// tests/e2e/admin-content-types.spec.ts) read from a type's description, so that they run over
// every registered type without naming one: its example record, its title field, the cases a
// blank field makes, and the links every link field must refuse or accept.
import type { z } from "zod";
import {
  type CollectionType,
  type FieldDescriptor,
  type ImageFieldDescriptor,
  isImageField,
} from "../../app/content/kit/types";
import { CONTENT_TYPES } from "../../app/content/registry";

export type AnyType = CollectionType;

/**
 * Every registered type whose admin screen and API are the kit's own, as `[entity, type]` for
 * `describe.each` and test titles (the screen and API suites). A type with an escape hatch
 * (`own`) has its own screen and API tests; the store suite (STORE_CASES) still covers it.
 */
export const TYPE_CASES: ReadonlyArray<readonly [string, AnyType]> = CONTENT_TYPES.filter(
  (type) => !("own" in type && type.own),
).map((type) => [type.entity, type as unknown as AnyType] as const);

/** Every registered type, for the store suite: an escape hatch is a screen's, not a store's. */
export const STORE_CASES: ReadonlyArray<readonly [string, AnyType]> = CONTENT_TYPES.map(
  (type) => [type.entity, type as unknown as AnyType] as const,
);

/** The type's example (a valid record as a client sends it); a type without one fails loudly. */
export function exampleOf(type: AnyType): Record<string, unknown> {
  const example = type.example;
  if (!example) {
    throw new Error(
      `${type.entity}: give the description an \`example\` (a valid record) for the shared tests`,
    );
  }
  return example as Record<string, unknown>;
}

/** The example as the store keeps it (trimmed, defaults filled in), and as its writes take it. */
export function storedExample(type: AnyType): Record<string, unknown> {
  return type.schema.parse(exampleOf(type)) as Record<string, unknown>;
}

/** The field that names a record in the admin table (and in the delete question). */
export function titleField(type: AnyType): string {
  return type.admin.titleColumn.title;
}

/** Kinds whose input is free text: the schema trims it, so spaces alone are blank. */
const TEXT_KINDS = new Set<FieldDescriptor["kind"]>([
  "text",
  "textarea",
  "markdown",
  "link",
  "url",
  "email",
]);

export function isTextField(field: FieldDescriptor): boolean {
  return TEXT_KINDS.has(field.kind);
}

export function imageFieldsOf(type: AnyType): ImageFieldDescriptor[] {
  return type.fields.filter(isImageField);
}

/**
 * A value as a browser posts it in a form: numbers as text, a ticked box as "on" (an unticked
 * one is absent), lists and nested objects under conform's `name[0].key` names.
 */
export function formValues(value: Record<string, unknown>, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (item === undefined || item === null || item === false) continue;
    if (item === true) out[name] = "on";
    else if (item instanceof Date) out[name] = item.toISOString();
    else if (Array.isArray(item)) {
      item.forEach((entry, index) => {
        if (entry !== null && typeof entry === "object") {
          Object.assign(out, formValues(entry as Record<string, unknown>, `${name}[${index}]`));
        } else out[`${name}[${index}]`] = String(entry);
      });
    } else if (typeof item === "object") {
      Object.assign(out, formValues(item as Record<string, unknown>, name));
    } else out[name] = String(item);
  }
  return out;
}

/** What the editor posts to blank a field: spaces for free text, nothing for the rest. */
export function blankValue(field: FieldDescriptor): string {
  return isTextField(field) ? "  \n " : "";
}

/** zod's own wording, which an editor must never see for a blank field. */
export const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Too small|Too big|Required$|Expected )/;

/**
 * The messages a blank field gets, from the description: an image field's `required` text (the
 * editor's action checks it once a file had its chance), else the schema's own refusal of the
 * blank value (spaces for free text; conform posts an empty field as absent); null when a blank
 * field is allowed.
 */
export function blankMessages(type: AnyType, field: FieldDescriptor): string[] | null {
  if (isImageField(field)) return field.required ? [field.required] : null;
  const blank = isTextField(field) ? blankValue(field) : undefined;
  const messages = refusals(type, { ...exampleOf(type), [field.name]: blank })[field.name];
  return messages ?? null;
}

/** Every field with the messages its blank value gets (null: allowed). */
export function blankCases(type: AnyType): Array<[string, string[] | null]> {
  return type.fields.map((field) => [field.name, blankMessages(type, field)]);
}

/** The schema's messages for `value`, by field, as the editor shows them. */
export function refusals(type: AnyType, value: Record<string, unknown>): Record<string, string[]> {
  const result = (type.schema as z.ZodObject).safeParse(value);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/**
 * Addresses a `link` field must refuse: script and data URLs in any case, the
 * protocol-relative forms a browser opens on another host (`//host`, `/\host`), other schemes,
 * and text that is no address at all.
 */
export const UNSAFE_LINKS = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/path",
  "/\\evil.example",
  "ftp://files.example/x",
  "mailto:someone@example.com",
  "example.com",
  "https://",
  "https://exa mple.com",
];

/** Addresses a `link` field must accept: paths on this site and http(s) addresses. */
export const SAFE_LINKS = [
  "/blog",
  "/blog/123?x=1",
  "https://example.com/guide?a=1#b",
  "http://example.com/",
];

/** Addresses an image field must refuse (its `invalid` message). */
export const UNSAFE_IMAGES = ["javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo="];

/** The names of the fields of a given kind. */
export function fieldsOfKind(type: AnyType, kind: FieldDescriptor["kind"]): string[] {
  return type.fields.filter((f) => f.kind === kind).map((f) => f.name);
}
