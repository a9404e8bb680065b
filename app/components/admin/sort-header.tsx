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
  const sorted = sorting.current?.field === field ? sorting.current.dir : null;
  const next = nextSort(sorting.current, field);
  const Arrow =
    sorted === "asc" ? ArrowUpIcon : sorted === "desc" ? ArrowDownIcon : CaretUpDownIcon;
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
