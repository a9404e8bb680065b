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

/** The editor's input kinds besides the collection kit's. */
export type DocumentInput =
  | FieldDescriptor
  | {
      kind: "tel";
      name: string;
      label: string;
      hint?: string;
      maxLength?: number;
      half?: boolean;
    }
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
  /** The heading and document title in view mode and in edit mode. */
  title: string;
  editTitle: string;
  description: string;
  /** The view's link to the editor: "Edit hero". */
  editLabel: string;
  saveLabel: string;
  /** Links to the form's titled sections above it (a long form). */
  sectionLinks?: boolean;
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
  collection: "heroSection" | "servicePage" | "aboutPage" | "contactInfo" | "footer";
  /** The editor's form, checked in the browser and again by the action; the PUT body too. */
  schema: Schema;
  /** The document as the admin, the JSON API and the public pages read it (text leaves only). */
  record: Rec;
  /** The JSON API's answer, when it shows less than is stored (a map that may not be framed). */
  toApiRecord?: (record: z.output<Rec>) => z.output<Rec>;
  /** The audit entry's summary. */
  summary: (input: z.output<Schema>) => string;
  texts: {
    /** The editor's flash and the JSON API's message. */
    saved: string;
    /** A save that failed, above the form (which keeps what was typed). */
    saveFailed: string;
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
  return {
    ...type,
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
  return typeof value === "string" ? value : "";
}

/** Whether every cell that Add leaves empty is still empty (see RowsField.blank). */
function isBlankRow(list: RowsField, row: Record<string, unknown>): boolean {
  return Object.entries(list.blank).every(([cell, blank]) => blank !== "" || !row[cell]);
}

/** Every field of the editor, sections flattened. */
export function documentFields(type: Pick<DocumentType, "admin">): DocumentField[] {
  return type.admin.sections.flatMap((section) => section.fields);
}

export function rowLists(type: Pick<DocumentType, "admin">): RowsField[] {
  return documentFields(type).filter((f): f is RowsField => f.kind === "rows");
}

/** An image of the document: `hero.image`, or the `image` cell of each row of `team`. */
export type ImagePath = { name: string; list?: undefined } | { list: string; name: string };

export function imagePaths(type: Pick<DocumentType, "admin">): ImagePath[] {
  const paths: ImagePath[] = [];
  for (const field of documentFields(type)) {
    if (field.kind === "image") paths.push({ name: field.name });
    if (field.kind === "rows") {
      for (const cell of field.fields) {
        if (cell.kind === "image") paths.push({ list: field.name, name: cell.name });
      }
    }
  }
  return paths;
}

/** The message of an image field (the JSON API's refusal of an address it cannot keep). */
export function imageMessage(type: Pick<DocumentType, "admin">, path: ImagePath): string {
  for (const field of documentFields(type)) {
    const cells = field.kind === "rows" && field.name === path.list ? field.fields : [field];
    for (const cell of cells) {
      if (cell.kind === "image" && cell.name === path.name) return cell.invalid;
    }
  }
  return "";
}

/** The value at a dotted path ("hero.image") of a plain object. */
export function valueAt(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Sets the value at a form name or dotted path ("hero.image", "team[2].image", "team.2.image"). */
export function setAt(value: Record<string, unknown>, name: string, to: unknown): void {
  const keys = name.split(/\.|\[(\d+)\]\.?/).filter((k) => k !== undefined && k !== "");
  let node: Record<string, unknown> = value;
  for (const key of keys.slice(0, -1)) {
    node = (node[key] ?? {}) as Record<string, unknown>;
  }
  node[keys.at(-1) as string] = to;
}
