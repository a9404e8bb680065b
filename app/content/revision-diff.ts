// What changed between two revisions of a record, field by field, as the history page shows it:
// each field that differs, named by its editor's label, with its removed and added text. Long
// text (a post's body, a description) is compared word by word (the `diff` package's
// diffWords), so one corrected word in three paragraphs shows as that word; a short value (a
// title, a rating, a date) is shown whole, old then new.
//
// Row lists (a page's team, a footer's links) and lists of words (tags) are compared leaf by
// leaf: "Member 2: Name". Computed on the server: the page's HTML carries the result, and the
// browser never loads the `diff` package.
import { diffWords } from "diff";
import { type DocumentField, type DocumentType, rowLists } from "./kit/document";
import { ALT_LABEL, altNames, DECORATIVE_LABEL } from "./kit/image-alt";
import type { CollectionType, FieldDescriptor } from "./kit/types";

/** A run of text in a change: kept, removed or added. */
export interface DiffPart {
  text: string;
  change: "same" | "removed" | "added";
}

export interface FieldChange {
  /** The field's path in the record: "title", "team.1.name". */
  path: string;
  label: string;
  parts: DiffPart[];
}

/** Text this long, or on several lines, is compared word by word. */
const LONG_TEXT = 60;

/** A value as the page shows it: text, a day, yes/no, a list joined by commas. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : `${iso.slice(0, 16)} UTC`;
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map(shown).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const isRow = (value: unknown) =>
  value !== null && typeof value === "object" && !(value instanceof Date);

/** Every leaf of a record by its dotted path; a list of rows by row, a list of words whole. */
export function leaves(value: unknown, at = "", out = new Map<string, string>()) {
  if (Array.isArray(value) && value.some(isRow)) {
    value.forEach((row, i) => {
      leaves(row, `${at}.${i}`, out);
    });
  } else if (isRow(value) && !Array.isArray(value)) {
    for (const [key, part] of Object.entries(value as Record<string, unknown>)) {
      leaves(part, at ? `${at}.${key}` : key, out);
    }
  } else if (at) {
    out.set(at, shown(value));
  }
  return out;
}

/** The parts of one field's change: word by word for long text, else old then new. */
export function textChange(before: string, after: string): DiffPart[] {
  const long = Math.max(before.length, after.length) >= LONG_TEXT || /\n/.test(before + after);
  if (long && before && after) {
    return diffWords(before, after).map((part) => ({
      text: part.value,
      change: part.added ? "added" : part.removed ? "removed" : "same",
    }));
  }
  return [
    ...(before ? [{ text: before, change: "removed" as const }] : []),
    ...(after ? [{ text: after, change: "added" as const }] : []),
  ];
}

/** The fields of `after` that differ from `before` (null: nothing before), in `order`. */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  label: (path: string) => string,
  order: readonly string[] = [],
): FieldChange[] {
  const old = leaves(before ?? {});
  const now = leaves(after);
  const paths = [...new Set([...now.keys(), ...old.keys()])];
  // The editor's order (by the field a path starts with), then anything it does not name.
  const rank = (path: string) => {
    const index = order.indexOf(path.split(".")[0] as string);
    return index === -1 ? order.length : index;
  };
  paths.sort((a, b) => rank(a) - rank(b));
  return paths.flatMap((path) => {
    const was = old.get(path) ?? "";
    const is = now.get(path) ?? "";
    return was === is ? [] : [{ path, label: label(path), parts: textChange(was, is) }];
  });
}

/** How a record's fields are named: by the label of the editor's input. */
export interface Labels {
  label: (path: string) => string;
  /** The record's top-level fields in the editor's order. */
  order: string[];
}

/** Labels of the inputs named `fields`, with an image's alt text and decorative box. */
function labelMap(fields: readonly { name: string; label: string; kind: string }[]) {
  const map = new Map<string, string>();
  for (const field of fields) {
    map.set(field.name, field.label);
    if (field.kind === "image") {
      const names = altNames(field.name);
      map.set(names.alt, `${field.label}: ${ALT_LABEL.toLowerCase()}`);
      map.set(names.decorative, `${field.label}: ${DECORATIVE_LABEL.toLowerCase()}`);
    }
  }
  return map;
}

/** Labels for a collection's records. */
export function collectionLabels(type: CollectionType): Labels {
  const map = labelMap(type.fields as readonly FieldDescriptor[]);
  return { label: (path) => map.get(path) ?? path, order: type.fields.map((f) => f.name) };
}

/** Labels for a single document: its sections' inputs, a row's cells as "Member 2: Name". */
export function documentLabels(type: DocumentType): Labels {
  const fields = type.admin.sections.flatMap((section) => section.fields) as DocumentField[];
  const map = labelMap(fields.filter((f) => f.kind !== "rows") as never);
  const lists = rowLists(type);
  const label = (path: string) => {
    const own = map.get(path);
    if (own) return own;
    const list = [...lists]
      .sort((a, b) => b.name.length - a.name.length)
      .find((l) => path.startsWith(`${l.name}.`));
    if (!list) return path;
    const [index, ...cell] = path.slice(list.name.length + 1).split(".");
    const cells = labelMap(list.fields as never);
    const name = cell.join(".");
    return `${list.rowLabel} ${Number(index) + 1}: ${cells.get(name) ?? name}`;
  };
  return { label, order: fields.map((f) => f.name.split(".")[0] as string) };
}
