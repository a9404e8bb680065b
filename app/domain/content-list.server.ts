// Queries every admin collection table shares: a case-insensitive search over a few text
// fields, one page of results, and the stamps that record who changed a document and when.
import type { Collection, Document, Filter, Sort } from "mongodb";
import { escapeRegExp } from "./internship.server";

/** Documents whose `fields` contain `q` (any case, literally); everything when `q` is empty. */
export function searchFilter<T extends Document>(q: string, fields: readonly string[]): Filter<T> {
  if (!q) return {};
  const pattern = { $regex: escapeRegExp(q), $options: "i" };
  return { $or: fields.map((field) => ({ [field]: pattern })) } as Filter<T>;
}

export interface ListPage<T> {
  items: T[];
  /** Matching documents on all pages. */
  total: number;
  /** The page shown: the one asked for, clamped to the last page. */
  page: number;
  /** At least 1. */
  pages: number;
}

/** One page of `filter` in `sort` order; a page past the end shows the last page. */
export async function listPage<T extends Document, Out>(
  collection: Collection<T>,
  options: { filter: Filter<T>; sort: Sort; page: number; pageSize: number; map: (doc: T) => Out },
): Promise<ListPage<Out>> {
  const total = await collection.countDocuments(options.filter);
  const pages = Math.max(1, Math.ceil(total / options.pageSize));
  const page = Math.min(Math.max(1, options.page), pages);
  const docs = (await collection
    .find(options.filter)
    .sort(options.sort)
    .skip((page - 1) * options.pageSize)
    .limit(options.pageSize)
    .toArray()) as T[];
  return { items: docs.map(options.map), total, page, pages };
}

/** `updatedAt` and `updatedBy` (the admin's e-mail, see db/collections.ts) for a write. */
export function editedBy(adminEmail: string, now = new Date()) {
  return { updatedAt: now, updatedBy: adminEmail };
}

/** The stamps of a new document: created and last changed now, by this admin. */
export function createdBy(adminEmail: string, now = new Date()) {
  return { createdAt: now, ...editedBy(adminEmail, now) };
}

/** When and by whom a document was last changed, for the admin tables. */
export interface EditInfo {
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
}

export function editInfo(doc: { createdAt: Date; updatedAt: Date; updatedBy?: string }): EditInfo {
  return {
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    updatedBy: doc.updatedBy ?? null,
  };
}
