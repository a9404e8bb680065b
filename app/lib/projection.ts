// Inclusion projections on plain values, as MongoDB's `projection` works on documents: name the
// fields to keep, everything else is left out. The public pages read their content through one
// per view (domain/public-content.server.ts), so a field added to a document (who changed it,
// internal flags) stays off the site until a view names it, however the entity module builds
// its objects.

/** Values kept or left out whole: primitives, dates and BSON values (an ObjectId). */
type Leaf = string | number | boolean | bigint | Date | BsonValue | null | undefined;
type BsonValue = { readonly _bsontype: string };

function isLeaf(value: unknown): boolean {
  return (
    typeof value !== "object" || value === null || value instanceof Date || "_bsontype" in value
  );
}

/**
 * Which fields of `T` to keep: `true` for a value kept whole, which only a leaf (a string, a
 * number, a date) or a list of leaves can be; an object names the fields to keep of an object,
 * or of every object in a list. Nested objects are listed field by field, never kept whole.
 */
export type Projection<T> = [NonNullable<T>] extends [Leaf]
  ? true
  : [NonNullable<T>] extends [readonly (infer E)[]]
    ? Projection<E>
    : { readonly [K in keyof NonNullable<T>]?: Projection<NonNullable<T>[K]> };

/** `T` with only the fields `P` keeps. */
export type Projected<T, P> = T extends Leaf
  ? T
  : T extends readonly (infer E)[]
    ? Projected<E, P>[]
    : { -readonly [K in keyof P & keyof T]: Projected<T[K], P[K]> };

/**
 * A copy of `value` with only the fields `projection` names (a field the value lacks stays
 * absent). Lists are projected element by element; leaves are shared, not copied.
 */
export function project<T, const P extends Projection<T>>(
  value: T,
  projection: P,
): Projected<T, P> {
  return projectValue(value, projection as Projection<unknown>) as Projected<T, P>;
}

function projectValue(value: unknown, projection: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => projectValue(item, projection));
  // The types allow `true` only for leaves and a field list only for objects: anything else is
  // data the type did not expect, and is left out rather than published whole.
  if (projection === true) return isLeaf(value) ? value : undefined;
  if (isLeaf(value)) return undefined;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(projection as Record<string, unknown>)) {
    if (inner !== undefined && Object.hasOwn(source, key)) {
      out[key] = projectValue(source[key], inner);
    }
  }
  return out;
}
