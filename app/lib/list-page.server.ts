// Queries every admin table shares: a case-insensitive search over a few text fields and one
// page of results.
import type { Collection, Document, Filter, Sort } from "mongodb";
import { escapeRegExp } from "./regexp";

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
