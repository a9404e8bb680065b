// A single document (the hero, the service page, the about page, the contact information, the
// footer), described once: the collection key it lives under, the zod schema its editor and the
// JSON API's PUT check, its record, its editor's fields as data (rows included), its texts and
// its audit summary. The kit builds the rest from this: get and save with the after-write steps
// (document-store.server.ts), the admin screen's loader and action (document-admin.server.ts)
// and its form (document-screen.tsx), and GET/PUT of the JSON API (document-api.server.ts).
// What only one document does (a view of its own, the icon picker, the portrait rule) stays in
// its own module: the description names it, the kit calls it.
//
// Isomorphic, as the collection descriptions (types.ts): the admin form reads it in the browser.
import type { z } from "zod";
import type { AuditEntity } from "~/domain/audit";
import type { FieldDescriptor } from "./types";

/** The editor's input kinds: the collection kit's, and one of the route module's own. */
export type DocumentInput =
  | FieldDescriptor
  /** Drawn by the screen's `custom[render]` (an escape hatch: the service page's icon picker). */
  | { kind: "custom"; name: string; label: string; render: string; half?: boolean };

/**
 * A repeatable list of rows (the service page's services, the footer's links, the team): conform
 * field lists whose Add and Remove buttons post the form, so they work without JavaScript. The
 * editor always shows at least one row; the last one cannot be removed (it is left blank, and a
 * blank row is not saved).
 */
export interface RowsField {
  kind: "rows";
  /** The list's path in the schema: "team", "cta.buttons". */
  name: string;
  /** A row's heading and its Remove button: "Service" gives "Service 1", "Remove service 1". */
  rowLabel: string;
  addLabel: string;
  /** How the server's refusals call a row: "At most 4 buttons.", "The last row cannot…". */
  noun: string;
  max: number;
  /**
   * What Add inserts (the server's, never the client's). A row whose cells left empty here are
   * all still empty is blank: not stored (an icon chosen in advance is not something typed).
   */
  blank: Readonly<Record<string, string>>;
  /** The cells of a row; names relative to the row ("title", not "services[0].title"). */
  fields: readonly DocumentInput[];
}

export type DocumentField = DocumentInput | RowsField;

/** A part of the editor: a titled card (a landmark, reachable from the section links) or bare fields. */
export interface DocumentSection {
  /** The card's id (the section links' anchor); a section without a title has none. */
  id?: string;
  title?: string;
  intro?: string;
  fields: readonly DocumentField[];
}

export interface DocumentAdmin {
  /** The screen's URL (app/routes.ts declares it); `?edit` opens the editor. */
  path: string;
  /** The heading and document title in view mode, and in edit mode ("Edit hero" unless given). */
  title: string;
  editTitle?: string;
  description: string;
  /** The view's link to the editor: "Edit hero" for "Hero" unless given. */
  editLabel?: string;
  /** "Save" unless given. */
  saveLabel?: string;
  /** Links to the form's titled sections above it (a long form). */
  sectionLinks?: boolean;
  /** What the view says while nothing was saved yet (without it the view shows a blank one). */
  nothingSaved?: string;
  /** The public page, opened in a new tab from the header. */
  publicLink?: { href: string; label: string };
  sections: readonly DocumentSection[];
}

export interface DocumentApi {
  /** `/api/hero-section`: GET reads, PUT replaces. */
  path: string;
  tag: string;
  getSummary: string;
  putSummary: string;
  putDescription?: string;
}

export interface DocumentDescription<
  Schema extends z.ZodObject = z.ZodObject,
  Rec extends z.ZodObject = z.ZodObject,
> {
  /** The audit log's entity, also the key of the shared test suite's cases. */
  entity: AuditEntity;
  /** The key in db/collections.ts; the document's `_id` is SINGLETON_ID. */
  collection:
    | "heroSection"
    | "servicePage"
    | "aboutPage"
    | "contactInfo"
    | "footer"
    | "siteSettings";
  /** The editor's form, checked in the browser and again by the action; the PUT body too. */
  schema: Schema;
  /** The document as the admin, the JSON API and the public pages read it (text leaves only). */
  record: Rec;
  /** The JSON API's answer, when it shows less than is stored (a map that may not be framed). */
  toApiRecord?: (record: z.output<Rec>) => z.output<Rec>;
  /** The audit entry's summary. */
  summary: (input: z.output<Schema>) => string;
  texts?: {
    /** The editor's flash and the JSON API's message: "Footer updated." unless given. */
    saved?: string;
    /** A save that failed, above the form (which keeps what was typed): "Failed to update footer." */
    saveFailed?: string;
  };
  /**
   * Rules that need the posted files, which the schema never sees (a portrait picked for a row
   * without a name): field errors by form name, or null.
   */
  checkFiles?: (
    value: z.output<Schema>,
    picked: (formName: string) => boolean,
  ) => Record<string, string[]> | null;
  admin: DocumentAdmin;
  api: DocumentApi;
}

export interface DocumentType<
  Schema extends z.ZodObject = z.ZodObject,
  Rec extends z.ZodObject = z.ZodObject,
> extends DocumentDescription<Schema, Rec> {
  admin: DocumentAdmin & Required<Pick<DocumentAdmin, "editTitle" | "editLabel" | "saveLabel">>;
  texts: { saved: string; saveFailed: string };
  toApiRecord: (record: z.output<Rec>) => z.output<Rec>;
  // Method syntax: a description's function may take a narrower stored shape.
  /** A stored document (or nothing saved: null) as a record, every missing part blank. */
  toRecord(stored: Record<string, unknown> | null): z.output<Rec>;
  /** What is stored from valid input: the record's parts, blank rows dropped. */
  toStore(input: z.output<Schema>): z.output<Rec>;
}

/**
 * Declares a single document. Reading and storing follow from its record: a stored document is
 * read in the record's shape (a missing text is "", a missing list empty, anything else left
 * out), and valid input is stored the same way, without its blank rows.
 */
export function defineDocument<Schema extends z.ZodObject, Rec extends z.ZodObject>(
  type: DocumentDescription<Schema, Rec>,
): DocumentType<Schema, Rec> {
  const lists = rowLists(type);
  const { title } = type.admin;
  const editLabel = type.admin.editLabel ?? `Edit ${title.toLowerCase()}`;
  return {
    ...type,
    admin: { editLabel, editTitle: editLabel, saveLabel: "Save", ...type.admin },
    texts: {
      saved: `${title} updated.`,
      saveFailed: `Failed to update ${title.toLowerCase()}.`,
      ...type.texts,
    },
    toApiRecord: type.toApiRecord ?? ((record) => record),
    toRecord: (stored) => inShape(type.record, stored) as z.output<Rec>,
    toStore: (input) => inShape(type.record, input, lists) as z.output<Rec>,
  };
}

/** `value` in the shape of `record` (see defineDocument), without the blank rows of `lists`. */
function inShape(
  record: z.ZodType,
  value: unknown,
  lists: readonly RowsField[] = [],
  at = "",
): unknown {
  const def = record._zod.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
  };
  const node =
    value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  if (def.shape) {
    const keys = Object.entries(def.shape);
    return Object.fromEntries(
      keys.map(([key, part]) => [key, inShape(part, node[key], lists, at ? `${at}.${key}` : key)]),
    );
  }
  if (def.element) {
    const list = lists.find((l) => l.name === at);
    const kept = Array.isArray(value) ? value.filter((row) => !list || !isBlankRow(list, row)) : [];
    return kept.map((row) => inShape(def.element as z.ZodType, row));
  }
  // A box (an image marked decorative) is ticked or not; any other leaf is a text.
  if (def.type === "boolean") return value === true;
  return typeof value === "string" ? value : "";
}

/** Whether every cell that Add leaves empty is still empty (see RowsField.blank). */
function isBlankRow(list: RowsField, row: Record<string, unknown>): boolean {
  return Object.entries(list.blank).every(([cell, blank]) => blank !== "" || !row[cell]);
}

/** Every field of the editor, sections flattened. */
const documentFields = (type: { admin: Pick<DocumentAdmin, "sections"> }): DocumentField[] =>
  type.admin.sections.flatMap((section) => section.fields);

export const rowLists = (type: { admin: Pick<DocumentAdmin, "sections"> }) =>
  documentFields(type).filter((f): f is RowsField => f.kind === "rows");

/** An image of the document: `hero.image`, or the `image` cell of each row of `team`; `invalid`
 * is its field's message (the JSON API's refusal of an address it cannot keep). */
export type ImagePath = { name: string; invalid: string; list?: string; described: boolean };

export function imagePaths(type: { admin: Pick<DocumentAdmin, "sections"> }): ImagePath[] {
  // `described`: the image has alt text (kit/image-alt.ts), not always decorative.
  return documentFields(type).flatMap((field): ImagePath[] => {
    if (field.kind === "image") {
      return [{ name: field.name, invalid: field.invalid, described: !field.decorative }];
    }
    if (field.kind !== "rows") return [];
    return field.fields.flatMap((cell) =>
      cell.kind === "image"
        ? [
            {
              list: field.name,
              name: cell.name,
              invalid: cell.invalid,
              described: !cell.decorative,
            },
          ]
        : [],
    );
  });
}

/**
 * The names of the images with `rows(list)` rows in each list: "hero.image", "team[0].image"
 * (a form's names), or "team.0.image" with `dots` (the JSON API's).
 */
export function imageNames(
  paths: readonly ImagePath[],
  rows: (list: string) => number,
  dots = false,
) {
  return paths.flatMap(({ list, name, invalid, described }) => {
    if (list === undefined) return [{ name, invalid, described }];
    const at = (i: number) => (dots ? `${list}.${i}.${name}` : `${list}[${i}].${name}`);
    return Array.from({ length: rows(list) }, (_, i) => ({ name: at(i), invalid, described }));
  });
}

/** How many rows the list at `list` of `value` has. */
export const rowsIn = (value: unknown) => (list: string) => {
  const rows = valueAt(value, list);
  return Array.isArray(rows) ? rows.length : 0;
};

/** The keys of a form name or dotted path ("hero.image", "team[2].image", "team.2.image"). */
const keysOf = (name: string) =>
  name.split(/\.|\[(\d+)\]\.?/).filter((k) => k !== undefined && k !== "");

/** The value at a form name or dotted path of a plain object. */
export function valueAt(value: unknown, path: string): unknown {
  let node = value;
  for (const key of keysOf(path)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Sets the value at a form name or dotted path ("hero.image", "team[2].image", "team.2.image"). */
export function setAt(value: Record<string, unknown>, name: string, to: unknown): void {
  const keys = keysOf(name);
  let node: Record<string, unknown> = value;
  for (const key of keys.slice(0, -1)) {
    node = (node[key] ?? {}) as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = to;
}
