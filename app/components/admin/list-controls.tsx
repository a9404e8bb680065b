// The parts around an admin collection table: page header with its main action, the search
// box (a GET form: works without JavaScript, and the URL can be shared), the count line, the
// table's look, and page links. Shared by every collection editor (FAQ, highlights, blogs…).
import { MagnifyingGlassIcon, PlusIcon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { inputClass } from "~/components/forms/fields";
import { Pagination } from "~/components/site/pagination";
import { type ListSort, listHref, SEARCH_MAX } from "~/lib/admin-list";
import { HeaderCell, type HeaderColumn, type Sorting } from "./sort-header";

export const primaryLinkClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
export const secondaryLinkClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
/** Small row actions (Edit, Move up…). */
export const rowActionClass =
  "inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-blue-700 ring-1 ring-slate-200 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent";

/**
 * An editor's Save and Cancel: stuck to the bottom of the window while the form is longer than
 * it (the service page editor runs to thousands of pixels), so saving never needs a scroll.
 */
export const saveBarClass =
  "sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 py-3 shadow-[0_-8px_16px_-12px_rgb(15_23_42_/_0.25)] backdrop-blur-sm";

/** The page's h1, a line about it and its main action (e.g. 'Add New FAQ'). */
export function AdminPageHeader({
  title,
  description,
  addHref,
  addLabel,
  actions,
}: {
  title: string;
  description: ReactNode;
  /** Where the add button leads (`?new`); no button when absent (the form is open). */
  addHref?: string;
  addLabel?: string;
  /** Other controls beside it (e.g. 'Export CSV'). */
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">{description}</p>
      </div>
      {addHref || actions ? (
        <div className="flex flex-wrap gap-3">
          {actions}
          {addHref ? (
            <Link to={addHref} className={primaryLinkClass}>
              <PlusIcon aria-hidden="true" weight="bold" className="h-4 w-4" />
              {addLabel}
            </Link>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}

/** Search over the table (`?q=`); a new search starts at page 1, in the same order. */
export function SearchBox({
  path,
  q,
  sort,
  label,
  placeholder,
}: {
  path: string;
  q: string;
  sort?: ListSort | null;
  /** e.g. 'Search FAQs'. */
  label: string;
  placeholder: string;
}) {
  return (
    <Form method="get" action={path} role="search" className="flex flex-wrap items-end gap-2">
      <SortInputs sort={sort} />
      <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
        <label htmlFor="admin-search" className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        <input
          // A new key per search so the box shows the URL's text after client-side navigation.
          key={q}
          id="admin-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX}
          placeholder={placeholder}
          className={inputClass}
        />
      </div>
      <button type="submit" className={`${secondaryLinkClass} h-11.5`}>
        <MagnifyingGlassIcon aria-hidden="true" className="h-4 w-4" />
        Search
      </button>
      {q ? (
        <Link to={listHref(path, { sort })} className={`${secondaryLinkClass} h-11.5`}>
          Clear<span className="sr-only"> search</span>
        </Link>
      ) : null}
    </Form>
  );
}

/** A GET form's hidden `sort` and `dir`: filtering or searching keeps the table's order. */
export function SortInputs({ sort }: { sort?: ListSort | null }) {
  if (!sort) return null;
  return (
    <>
      <input type="hidden" name="sort" value={sort.field} />
      <input type="hidden" name="dir" value={sort.dir} />
    </>
  );
}

/** "12 FAQs" or "2 FAQs match “seo”", read out when the list changes. */
export function ResultCount({
  total,
  q,
  one,
  many,
}: {
  total: number;
  q: string;
  one: string;
  many: string;
}) {
  const noun = total === 1 ? one : many;
  return (
    <p role="status" className="text-sm text-slate-700">
      {q ? `${total} ${noun} ${total === 1 ? "matches" : "match"} “${q}”` : `${total} ${noun}`}
    </p>
  );
}

export const tableClass = "w-full text-left text-sm";
export const theadClass = "border-y border-slate-200 bg-slate-50 text-slate-700";
export const thClass = "px-4 py-3 font-semibold sm:px-6";
export const tdClass = "px-4 py-4 align-top sm:px-6";
/** The Actions cell's buttons: one column of equal widths on phones, side by side above. */
export const rowActionsClass = "ml-auto grid w-max grid-cols-1 gap-2 sm:grid-cols-2";

/** A table row saying the list is empty ('No FAQs found.'). */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-slate-700 sm:px-6">
        {children}
      </td>
    </tr>
  );
}

/**
 * A list's table: the header row of `columns`, then a row per item drawn by `row` (its cells),
 * or the empty line. `stacked`: the classes that turn rows into cards on phones (no header row).
 * `sorting`: the order, and the links of the columns that sort (components/admin/sort-header.tsx).
 */
export function ListTable<T extends { _id: string }>({
  columns,
  items,
  emptyText,
  row,
  rowClass,
  stacked,
  lead,
  sorting,
}: {
  columns: readonly HeaderColumn[];
  items: readonly T[];
  emptyText: ReactNode;
  row: (item: T) => ReactNode;
  rowClass?: (item: T) => string | undefined;
  stacked?: { table: string; thead: string; tbody: string };
  /** A column before `columns`, header and cells drawn whole (bulk select's checkboxes). */
  lead?: { header: ReactNode; cell: (item: T) => ReactNode };
  sorting?: Sorting;
}) {
  return (
    <table className={stacked ? `${tableClass} ${stacked.table}` : tableClass}>
      <thead className={stacked ? `${theadClass} ${stacked.thead}` : theadClass}>
        <tr>
          {lead?.header}
          {columns.map((column) => (
            <HeaderCell
              key={column.label}
              column={column}
              sorting={sorting}
              className={`${thClass} ${column.className ?? ""}`}
            />
          ))}
        </tr>
      </thead>
      <tbody className={`divide-y divide-slate-200${stacked ? ` ${stacked.tbody}` : ""}`}>
        {items.length === 0 ? (
          <EmptyRow colSpan={columns.length + (lead ? 1 : 0)}>{emptyText}</EmptyRow>
        ) : (
          items.map((item) => (
            <tr key={item._id} className={rowClass?.(item)}>
              {lead?.cell(item)}
              {row(item)}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Page links when the list is longer than a page (none otherwise). */
export function ListPagination({
  path,
  q,
  sort,
  page,
  pages,
  label,
}: {
  path: string;
  q: string;
  sort?: ListSort | null;
  page: number;
  pages: number;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <div className="px-4 pb-6 sm:px-6">
      <Pagination
        page={page}
        pages={pages}
        label={label}
        hrefFor={(target) => listHref(path, { q, sort, page: target })}
      />
    </div>
  );
}
