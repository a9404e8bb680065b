// A content type, described once: the collection it lives in, the zod schema its forms and the
// JSON API validate with, its fields as data, its texts, and how it is listed, searched, sorted
// and shown. The kit builds the rest from this one description: the domain functions
// (store.server.ts), the admin list and editor (admin.server.ts, admin-screen.tsx), the JSON API
// operations with their OpenAPI (api.server.ts) and the shared tests (kit.test.ts). See
// docs/content-kit.md for how to add a type.
//
// A description is isomorphic: the admin screen's component reads its fields and schema in the
// browser too. Nothing here may import server code.
import { z } from "zod";
import type { AuditEntity } from "~/domain/audit";

/** What every field descriptor has: the form input's name, its label and its hint. */
interface FieldBase {
  /** The schema's key, and the form input's name. */
  name: string;
  label: string;
  placeholder?: string;
  /** A line under the input (what is expected, how it is shown). */
  hint?: string;
  maxLength?: number;
  /** Two half-width fields in a row sit side by side from the `sm` breakpoint. */
  half?: boolean;
}

/**
 * The kinds of field the editor draws. `markdown` is a textarea whose text is rendered as
 * Markdown on the site; `image` is the image picker (components/admin/image-field.tsx), which
 * makes the form multipart; `stars` is the 1-5 rating radio group; `tel` a phone number (the
 * phone keypad on touch screens).
 */
export type FieldDescriptor =
  | (FieldBase & { kind: "text" | "url" | "email" | "tel" })
  /** A link visitors open: an http(s) address or a path on this site (kit/links.ts checks it). */
  | (FieldBase & { kind: "link" })
  | (FieldBase & { kind: "textarea" | "markdown"; rows?: number })
  /** A list of short words, typed as one comma-separated line (the record keeps a list). */
  | (FieldBase & { kind: "tags" })
  | (FieldBase & {
      kind: "image";
      /** The message when no image is given (a required image), else the image is optional. */
      required?: string;
      /** The message for an address that names no usable image (the JSON API's refusal). */
      invalid: string;
      hint: string;
      /** False: no "Remove image" box (a required image is replaced, never removed). */
      removable?: false;
      /**
       * Why the image is always decorative (an avatar beside the name it shows): it has no alt
       * text of its own. Without it the image has the companions of kit/image-alt.ts, and an
       * image is saved described or marked decorative.
       */
      decorative?: string;
    })
  | (FieldBase & { kind: "stars"; defaultValue: number })
  | (FieldBase & { kind: "select"; options: readonly string[]; placeholder: string })
  /** A select without an empty choice: the field has a default (the schema's), shown first. */
  | (FieldBase & { kind: "choice"; options: readonly string[] })
  /** A calendar day, posted as YYYY-MM-DD. */
  | (FieldBase & { kind: "date" })
  /** A box ticked or not; its hint stands beside it. `defaultValue`: ticked in a new record. */
  | (FieldBase & { kind: "checkbox"; hint: string; defaultValue?: boolean })
  /**
   * Items typed in one text, separated by commas, stored as a list (the schema splits them):
   * a textarea with `rows`, else one line (`inputMode: "numeric"` for numbers). Editing joins the
   * stored items with `separator` (", " unless given).
   */
  | (FieldBase & { kind: "list"; rows?: number; inputMode?: "numeric"; separator?: string });

/** A column of the admin table besides the title (the record's title, with its edit stamp). */
export interface ListColumn {
  label: string;
  field: string;
  /**
   * How the value is drawn: text (clamped; — when empty), the star rating, a link that opens, a
   * picture (not repeated on narrow screens), a day, or `own`: drawn by the type's screen
   * (`CollectionScreen`'s `table.cells[field]`).
   */
  kind: "text" | "stars" | "link" | "image" | "date" | "own";
  /** Below this breakpoint the value shows under the title instead of in its own column. */
  from: "sm" | "md" | "lg";
  /** Text keeps its line breaks. */
  preLine?: boolean;
  /** The column comes before the title's; on narrow screens its value shows above the title. */
  before?: boolean;
  /**
   * Staff may sort the table by this column (its header becomes a link): `true` sorts by the
   * column's field, a name by that stored field instead (a place shown from a stored order).
   */
  sort?: true | string;
}

/** The title column: the record's title, an optional second line and picture. */
export interface TitleColumn {
  label: string;
  title: string;
  /** `accent`: the line in the brand colour (a highlight's label); an empty one is left out. */
  subtitle?: { field: string; clamp?: boolean; accent?: boolean };
  image?: { field: string; shape: "avatar" | "thumbnail" };
  /** Where the record shows on the site: a "View on the site" link under the title. */
  siteHref?: (record: Record<string, unknown>) => string;
  /** Staff may sort the table by the title. */
  sort?: true;
}

export interface CollectionTexts {
  created: string;
  updated: string;
  /** A delete, as the JSON API words it (its contract: the record went to the trash). */
  deleted: string;
  /** A delete, as the admin's flash words it: where the record went. */
  trashed: string;
  /** Brought back from the trash, and deleted from it for good (its Delete forever). */
  restored: string;
  purged: string;
  /** Delete forever's question. */
  purgeConfirm: string;
  /** An id that is malformed or names nothing (the admin's 404, the JSON API's). */
  notFound: string;
  /** The delete step's question. */
  deleteConfirm: string;
  /** A failed save, inline above the form; the form keeps what was typed. */
  createFailed: string;
  updateFailed: string;
  /** The JSON API's 404 when it words it differently from the admin's `notFound`. */
  apiNotFound?: string;
  /**
   * A failed delete, said on the list's error line (a 500) with or without JavaScript; without
   * it a delete posted without JavaScript goes back to the list with an error flash.
   */
  deleteFailed?: string;
}

export interface AdminScreen {
  /** The screen's URL (app/routes.ts declares it). */
  path: string;
  /** The page heading; `metaTitle` the document title when it differs. */
  title: string;
  metaTitle?: string;
  /** One line about where the content shows, and a link to see it on the site. */
  description: string;
  siteLink: string;
  addLabel: string;
  formTitle: { create: string; edit: string };
  /** Singular and plural, for the count line and the labels. */
  noun: readonly [string, string];
  search: { label: string; placeholder: string };
  emptyText: string;
  titleColumn: TitleColumn;
  columns: readonly ListColumn[];
  /** The record as the delete step and the row's buttons name it. */
  subject: (record: Record<string, unknown>) => string;
  /**
   * A screen that draws its own table (`own`): the stored fields its column headers sort by,
   * beside the title column's.
   */
  sortable?: readonly string[];
  /**
   * The id of the element a write lands on (its success line): redirects after a write end with
   * `#resultId`, so a long form does not hide the confirmation at the top of the page.
   */
  resultId?: string;
}

export interface ApiDescription {
  /** `/api/testimonials`; the one record is `${path}/{id}`. */
  path: string;
  tag: string;
  listSummary: string;
  createDescription?: string;
  updateDescription?: string;
  deleteDescription?: string;
  /** Operation summaries when the generic ones ("Add a …", "One …") do not fit. */
  summaries?: { create?: string; one?: string; update?: string; delete?: string };
}

export interface CollectionType<
  Schema extends z.ZodObject = z.ZodObject,
  Rec extends z.ZodObject = z.ZodObject,
> {
  /** The audit log's entity, also the key of the shared test suite's cases. */
  entity: AuditEntity;
  /** The key in db/collections.ts. */
  collection: "testimonials" | "resources" | "faqs" | "internships" | "highlights" | "blogs";
  /** The editor's form, checked in the browser and again by the action. */
  schema: Schema;
  /** The JSON body for POST and PUT; the form's schema when the same. */
  apiSchema?: z.ZodType<z.output<Schema>>;
  /** A record as the admin, the JSON API and the public pages read it (besides `_id`). */
  record: Rec;
  /** The record as JSON answers it, when it differs from `record` (dates become strings). */
  apiRecord?: z.ZodObject;
  fields: readonly FieldDescriptor[];
  texts: CollectionTexts;
  /**
   * How a stored document reads as a record when not field for field (dates as ISO strings,
   * defaults for fields older documents, or older clients of the JSON API, left out); without it
   * each record field is copied. The store's one reader of documents.
   */
  fromDocument?(doc: Record<string, unknown>): z.output<Rec>;
  /** The audit entry's summary of a record. */
  summary: (value: z.output<Schema>) => string;
  /** Fields the admin search looks in (any case, literally). */
  searchFields: readonly string[];
  /** The public order (pages, JSON API list), ending with `_id`; the admin table is newest first. */
  publicSort: Record<string, 1 | -1>;
  /** The admin table's order, ending with `_id`, when it is not newest first. */
  adminSort?: Record<string, 1 | -1>;
  /**
   * Staff set the order the site shows the records in: the kit keeps it in a stored `order`
   * (0, 1, 2… without gaps), a new record goes last (or at the 1-based `position` its form
   * names), the admin table lists them in that order with Move up / Move down (plain POST forms,
   * no JavaScript needed). `publicSort` is then MANUAL_ORDER.
   */
  ordered?: true;
  /**
   * What a JSON API reader without a token gets of a record, or null when it is not public (a
   * draft): with it the API's reads take an optional token, and a token reads every record as
   * stored. Without it every record is public as it is.
   */
  publicView?(record: z.output<Rec>, now: Date): z.output<Rec> | null;
  admin: AdminScreen;
  api: ApiDescription;
  /**
   * Why the type's admin screen or JSON API is partly its own (an escape hatch), when it is. The
   * shared screen and API suites run over the types without one (the type's own tests cover its
   * screen); the store suite runs over every type.
   */
  own?: string;
  /**
   * A valid record as a client sends it (the JSON API's body; the editor posts the same values
   * as text). The shared tests start every write from it, and it can serve as the OpenAPI
   * example. Image fields name a picture that exists (a site path under /demo/ will do).
   */
  example?: z.input<Schema>;
}

/** The order of an `ordered` type: staff's order; records never placed keep oldest first. */
export const MANUAL_ORDER = { order: 1, createdAt: 1, _id: 1 } as const;

/** A Move up / Move down (or a form's position) that names no place in the list. */
export const POSITION_MESSAGE = "Choose a position from the list.";

/**
 * The texts worded from a noun ("FAQ created.", "Failed to create FAQ."…): what a type says
 * unless its description words some of them otherwise.
 */
export function collectionTexts(noun: string): CollectionTexts {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    created: `${Noun} created.`,
    updated: `${Noun} updated.`,
    deleted: `${Noun} deleted.`,
    trashed: `${Noun} moved to the trash.`,
    restored: `${Noun} restored.`,
    purged: `${Noun} deleted forever.`,
    purgeConfirm: `Delete this ${noun} forever? This cannot be undone.`,
    notFound: `This ${noun} does not exist (it may have been deleted).`,
    deleteConfirm: `Are you sure you want to delete this ${noun}?`,
    createFailed: `Failed to create ${noun}.`,
    updateFailed: `Failed to update ${noun}.`,
  };
}

/**
 * Declares a content type. The texts it leaves out are worded from its singular noun
 * (collectionTexts).
 */
export function defineCollection<Schema extends z.ZodObject, Rec extends z.ZodObject>(
  type: Omit<CollectionType<Schema, Rec>, "texts"> & { texts?: Partial<CollectionTexts> },
): CollectionType<Schema, Rec> {
  return { ...type, texts: { ...collectionTexts(type.admin.noun[0]), ...type.texts } };
}

/**
 * The columns staff may sort a type's admin table by: the field the URL names (`?sort=`) and the
 * stored field it sorts by. The one allow-list: the loader, the store and the headers all read it,
 * so no other field is ever sorted on.
 */
export function sortFields(type: Pick<CollectionType, "admin">): Map<string, string> {
  const { titleColumn, columns, sortable = [] } = type.admin;
  const fields = new Map<string, string>();
  if (titleColumn.sort) fields.set(titleColumn.title, titleColumn.title);
  for (const column of columns) {
    if (column.sort) fields.set(column.field, column.sort === true ? column.field : column.sort);
  }
  for (const field of sortable) fields.set(field, field);
  return fields;
}

export type ImageFieldDescriptor = Extract<FieldDescriptor, { kind: "image" }>;

export function isImageField(field: FieldDescriptor): field is ImageFieldDescriptor {
  return field.kind === "image";
}

/** The image fields that are described in words (kit/image-alt.ts), not always decorative. */
export const describedImages = (fields: readonly FieldDescriptor[]): ImageFieldDescriptor[] =>
  fields.filter(isImageField).filter((field) => field.decorative === undefined);

/** The names of a type's image fields, whose files are deleted once nothing uses them. */
export function imageFields(type: Pick<CollectionType, "fields">): string[] {
  return type.fields.filter(isImageField).map((f) => f.name);
}

/**
 * The JSON body of POST and PUT: the type's `apiSchema`, else its form's schema, with each
 * required image field required here too. The form takes an empty address, since a file picked
 * without JavaScript is posted apart and the action checks the image once it is stored; JSON has
 * no file posted apart (the image is uploaded first, POST /api/images), so the body must name it.
 */
export function apiBody<T extends CollectionType>(type: T): z.ZodType<z.output<T["schema"]>> {
  const body = type.apiSchema ?? type.schema;
  const required = type.fields.filter(isImageField).filter((field) => field.required);
  if (required.length === 0) return body as z.ZodType<z.output<T["schema"]>>;
  if (!(body instanceof z.ZodObject)) throw new Error(`${type.entity}: the API body is no object`);
  const images = required.map(({ name, required: message }) => [
    name,
    z
      .string({ error: message })
      .optional()
      .pipe(body.shape[name])
      .refine((url) => url !== "", message),
  ]);
  return body.extend(Object.fromEntries(images)) as unknown as z.ZodType<z.output<T["schema"]>>;
}

/**
 * A record's fields from the schema that checks them, for a record that says no more than the
 * schema's values: each field is the type of what is posted (a text, a box ticked or not, one of
 * the choices, a row list of such), without the schema's limits and messages, which check input
 * and do not describe what is read. A schema that turns a posted value into another type (a
 * comma-separated text into a list, a day into a date) or a field with a note for the OpenAPI
 * document names its record type in `overrides`, which also adds fields the schema lacks (an
 * order, the dates). Keys keep the schema's order (a JSON answer's too), added ones at the end.
 */
export function recordFrom<S extends z.ZodRawShape, O extends z.ZodRawShape = Record<never, never>>(
  schema: z.ZodObject<S>,
  overrides?: O,
) {
  const given: z.ZodRawShape = overrides ?? {};
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, given[key] ?? plainType(field)]),
  );
  return z.object({ ...shape, ...given }) as unknown as z.ZodObject<
    { [K in Exclude<keyof S, keyof O>]: z.ZodType<z.output<S[K]>> } & O
  >;
}

/** The type of the value a field is given (see recordFrom). */
function plainType(field: z.core.SomeType): z.ZodType {
  const def = field._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.ZodType;
    in?: z.ZodType;
    element?: z.ZodType;
    entries?: Record<string, string>;
  };
  if (def.type === "string") return z.string();
  if (def.type === "boolean") return z.boolean();
  if (def.type === "enum" && def.entries) return z.enum(def.entries);
  if (def.innerType) return plainType(def.innerType); // optional, default, prefault
  // A transform is taken to keep the value's type (a trim, CRLF to LF, "" for nothing posted).
  if (def.type === "pipe" && def.in) return plainType(def.in);
  if (def.type === "array" && def.element) return z.array(plainType(def.element));
  if (field instanceof z.ZodObject) return recordFrom(field);
  throw new Error(`recordFrom: a ${def.type} field has no plain type; give it in overrides`);
}
