// A header cell of an admin table. A column staff may sort by is a link (it works without
// JavaScript: the order is in the URL), whose first click sorts ascending, the next flips it and
// a third goes back to the list's own order.
// The sorted column says so to screen readers with `aria-sort` and to everyone with an arrow; the
// link is named by the column's label and described by what a click does ("Sort by Title,
// descending").
import { ArrowDownIcon, ArrowUpIcon, CaretUpDownIcon } from "@phosphor-icons/react";
import { useId } from "react";
import { Link } from "react-router";
import { type ListSort, nextSort } from "~/lib/admin-list";

export interface HeaderColumn {
  label: string;
  /** Extra classes for the header and the cells, e.g. `hidden md:table-cell`. */
  className?: string;
  /** The field the URL names (`?sort=`) when staff may sort by the column. */
  sort?: string;
}

/** The table's order and the list's URL for another one (search kept, back to page 1). */
export interface Sorting {
  current: ListSort | null;
  /** null: the list's own order. */
  href: (sort: ListSort | null) => string;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** A sortable column's state: how it is sorted now, where a press leads, and its arrow. */
function columnSort(sorting: Sorting, field: string) {
  const sorted = sorting.current?.field === field ? sorting.current.dir : null;
  const Arrow =
    sorted === "asc" ? ArrowUpIcon : sorted === "desc" ? ArrowDownIcon : CaretUpDownIcon;
  return { sorted, next: nextSort(sorting.current, field), Arrow };
}

export function HeaderCell({
  column,
  sorting,
  className,
}: {
  column: HeaderColumn;
  sorting?: Sorting;
  className: string;
}) {
  const hintId = useId();
  const field = sorting && column.sort;
  if (!field) {
    return (
      <th scope="col" className={className}>
        {column.label}
      </th>
    );
  }
  const { sorted, next, Arrow } = columnSort(sorting, field);
  return (
    <th scope="col" className={className} aria-sort={sorted ? ARIA_SORT[sorted] : undefined}>
      <Link
        to={sorting.href(next)}
        // The table stays where it is: a new order is not a new page.
        preventScrollReset
        // Named by the column's label, so the header (read out with each of its cells) is just
        // "Title"; what a click does is the link's description.
        aria-describedby={hintId}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 text-slate-800 underline-offset-4 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {column.label}
        <Arrow
          aria-hidden="true"
          weight={sorted ? "bold" : "regular"}
          className={`h-4 w-4 shrink-0 ${sorted ? "text-blue-700" : "text-slate-500"}`}
        />
      </Link>
      <span id={hintId} hidden>
        {next ? `Sort by ${column.label}, ${ARIA_SORT[next.dir]}` : "Back to the list's own order"}
      </span>
    </th>
  );
}

/**
 * The same links for a table that hides its header row on phones (its rows drawn as cards): a
 * row of them above the table, so the order can still be changed there. The sorted one is
 * marked (arrow, and in words for screen readers).
 */
export function SortLinks({
  columns,
  sorting,
  className = "",
}: {
  columns: readonly HeaderColumn[];
  sorting: Sorting;
  className?: string;
}) {
  const sortable = columns.filter((column) => column.sort);
  if (sortable.length === 0) return null;
  return (
    <nav aria-label="Sort the list" className={`flex flex-wrap items-center gap-2 ${className}`}>
      <span className="text-sm font-semibold text-slate-700">Sort by</span>
      {sortable.map((column) => {
        const field = column.sort as string;
        const { sorted, next, Arrow } = columnSort(sorting, field);
        return (
          <Link
            key={field}
            to={sorting.href(next)}
            preventScrollReset
            aria-current={sorted ? "true" : undefined}
            className={`inline-flex items-center gap-1 rounded-md px-2.5 py-1.5 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
              sorted
                ? "bg-blue-50 text-blue-800 ring-blue-300"
                : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            {column.label}
            <Arrow aria-hidden="true" weight={sorted ? "bold" : "regular"} className="h-4 w-4" />
            {sorted ? <span className="sr-only">, sorted {ARIA_SORT[sorted]}</span> : null}
          </Link>
        );
      })}
    </nav>
  );
}
