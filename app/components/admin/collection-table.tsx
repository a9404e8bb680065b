// The list half of every admin collection screen (FAQ, highlights, blogs, testimonials,
// resources): the card with the search box, the count line, the inline list error, the table
// with its header, the empty row, the highlighted row being edited or deleted, and the page
// links. Each screen gives its columns and draws its own cells; everything around them is here
// so that the screens look and behave the same.
import { PencilSimpleIcon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type ListPlace, type ListSort, listHref } from "~/lib/admin-list";
import { formatDate, isoDate } from "~/lib/format";
import { Breakable } from "./breakable";
import { type BulkOptions, useBulkSelection } from "./bulk-bar";
import { DeleteButton } from "./confirm-delete";
import { FormErrors } from "./form-controls";
import { ListPagination, ListTable, ResultCount, rowActionClass, SearchBox } from "./list-controls";
import type { HeaderColumn } from "./sort-header";

/** A column: its header, its classes, and the field it sorts by (`sort`) when it does. */
export type Column = HeaderColumn;

export function CollectionTable<T extends { _id: string }>({
  path,
  q,
  sort = null,
  page,
  pages,
  total,
  noun,
  search,
  heading,
  listError,
  columns,
  emptyText,
  items,
  editingId,
  deletingId,
  row,
  bulk,
}: {
  path: string;
  q: string;
  /** The column the table is sorted by (null: the list's own order). */
  sort?: ListSort | null;
  page: number;
  pages: number;
  total: number;
  /** Singular and plural, e.g. ['FAQ', 'FAQs'], for the count line and the labels. */
  noun: readonly [string, string];
  search: { label: string; placeholder: string };
  /** A visible heading for the list (SPEC 'All Internships'); otherwise one for screen readers. */
  heading?: string;
  listError?: string | null;
  columns: readonly Column[];
  /** SPEC texts: 'No FAQs found.', 'No highlights found'. */
  emptyText: string;
  items: readonly T[];
  editingId?: string;
  deletingId?: string;
  /** The row's cells (one per column, same classes). */
  row: (item: T) => ReactNode;
  /** Bulk select: a checkbox per row and the bar of actions above the table. */
  bulk?: BulkOptions<T>;
}) {
  const [one, many] = noun;
  const selection = useBulkSelection(bulk, items, noun);
  const headingId = `${many.toLowerCase().replace(/\W+/g, "-")}-list-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white pt-6 shadow-sm"
    >
      <div className="grid gap-4 px-4 sm:px-6">
        <h2 id={headingId} className={heading ? "text-lg font-semibold text-slate-900" : "sr-only"}>
          {heading ?? many}
        </h2>
        <SearchBox
          path={path}
          q={q}
          sort={sort}
          label={search.label}
          placeholder={search.placeholder}
        />
        <ResultCount total={total} q={q} one={one} many={many} />
        <FormErrors errors={listError ? [listError] : undefined} />
        {selection.bar}
      </div>
      {/* relative: screen-reader-only text in a wide row stays inside the scrolling box
          instead of widening the whole page. */}
      <div className="relative overflow-x-auto">
        <ListTable
          columns={columns}
          items={items}
          emptyText={emptyText}
          row={row}
          lead={selection.lead}
          // Another order starts at page 1, with the search kept.
          sorting={{ current: sort, href: (next) => listHref(path, { q, sort: next }) }}
          rowClass={(item) =>
            item._id === editingId
              ? "bg-blue-50"
              : item._id === deletingId
                ? "bg-red-50"
                : undefined
          }
        />
      </div>
      <ListPagination
        path={path}
        q={q}
        sort={sort}
        page={page}
        pages={pages}
        label={`${one.charAt(0).toUpperCase()}${one.slice(1)} pages`}
      />
    </section>
  );
}

/** 'Updated Nov 21, 2026 by ana@bureau.example' under a row's title. */
export function EditStamp({
  updatedAt,
  updatedBy,
}: {
  updatedAt: string;
  updatedBy: string | null;
}) {
  return (
    <p className="mt-2 text-xs text-slate-600">
      Updated <time dateTime={isoDate(updatedAt)}>{formatDate(updatedAt)}</time>
      {updatedBy ? (
        <>
          {" by "}
          <Breakable text={updatedBy} />
        </>
      ) : null}
    </p>
  );
}

/** A row's Edit link and Delete button (the confirm text in a dialog, or `?delete=` without JS). */
export function EditDeleteActions({
  path,
  here,
  id,
  subject,
  deleteQuestion,
}: {
  path: string;
  /** The list's search, order and page, kept by Edit and by the delete step. */
  here: ListPlace;
  id: string;
  /** What the row is called, for screen readers ('Edit What is SEO?'). */
  subject: string;
  deleteQuestion: string;
}) {
  return (
    <>
      <Link to={listHref(path, here, { edit: id })} className={rowActionClass}>
        <PencilSimpleIcon aria-hidden="true" className="h-4 w-4" />
        Edit<span className="sr-only"> {subject}</span>
      </Link>
      <DeleteButton
        id={id}
        subject={subject}
        question={deleteQuestion}
        confirmHref={listHref(path, here, { delete: id })}
      />
    </>
  );
}
