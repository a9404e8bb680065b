// Queries every admin table shares: a case-insensitive search over a few text fields, the order
// a column header asks for, and one page of results.
import type { CollationOptions, Collection, Document, Filter, Sort } from "mongodb";
import type { ListSort } from "./admin-list";
import { escapeRegExp } from "./regexp";

/** Documents whose `fields` contain `q` (any case, literally); everything when `q` is empty. */
export function searchFilter<T extends Document>(q: string, fields: readonly string[]): Filter<T> {
  if (!q) return {};
  const pattern = { $regex: escapeRegExp(q), $options: "i" };
  return { $or: fields.map((field) => ({ [field]: pattern })) } as Filter<T>;
}

/**
 * Text sorted by a column ignores case ("apple" beside "Apple", not after "Zebra"); accents and
 * other characters keep their order. Dates and numbers sort as such whatever the collation.
 * https://www.mongodb.com/docs/manual/reference/collation/ (strength 2: secondary differences)
 */
const ANY_CASE: CollationOptions = { locale: "en", strength: 2 };

export interface ListOrder {
  sort: Sort;
  collation?: CollationOptions;
}

/**
 * The order of a list: a column's (`sort.field` is the stored field, already checked against the
 * list's allow-list), its ties broken by `_id` in the same direction so that pages neither
 * repeat nor skip a row; else the list's own order, queried as before (no collation, so its
 * indexes still serve it).
 */
export function listOrder(sort: ListSort | null | undefined, fallback: Sort): ListOrder {
  if (!sort) return { sort: fallback };
  const direction = sort.dir === "desc" ? -1 : 1;
  return { sort: { [sort.field]: direction, _id: direction }, collation: ANY_CASE };
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

/**
 * One page of `filter` in `sort` order (with `collation`, if given, for the count too, so both
 * read the filter alike); a page past the end shows the last page.
 */
export async function listPage<T extends Document, Out>(
  collection: Collection<T>,
  options: ListOrder & {
    filter: Filter<T>;
    page: number;
    pageSize: number;
    map: (doc: T) => Out;
  },
): Promise<ListPage<Out>> {
  const collation = options.collation ? { collation: options.collation } : {};
  const total = await collection.countDocuments(options.filter, collation);
  const pages = Math.max(1, Math.ceil(total / options.pageSize));
  const page = Math.min(Math.max(1, options.page), pages);
  const docs = (await collection
    .find(options.filter, collation)
    .sort(options.sort)
    .skip((page - 1) * options.pageSize)
    .limit(options.pageSize)
    .toArray()) as T[];
  return { items: docs.map(options.map), total, page, pages };
}
