// The parts of the lead inbox (quote requests, contact messages): the filter form, the status
// control of a row, Prev / 'page / pages' / Next, the status badge, and on a record's own page
// where the visitor came from, the e-mail notification and the internal notes.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { ArrowLeftIcon, ArrowRightIcon, DownloadSimpleIcon } from "@phosphor-icons/react";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import type { LeadSource } from "#db/collections";
import { TextareaField } from "~/components/forms/fields";
import {
  ENHANCED_FIELD,
  type LeadNoteView,
  type LeadNotificationView,
  NOTE_INTENT,
  NOTE_MAX,
  noteSchema,
  notificationNote,
  STATUS_INTENT,
} from "~/domain/lead-inbox";
import type { ListSort } from "~/lib/admin-list";
import { formatDateTime } from "~/lib/format";
import { isFiltered, type LeadFilter, leadFilterSearch } from "~/lib/lead-filter";
import { useHydrated } from "~/lib/use-hydrated";
import { type BulkOptions, useBulkSelection } from "./bulk-bar";
import { FormErrors, SubmitButton } from "./form-controls";
import { DateFilter, FilterButtons, SearchFilter, SelectFilter } from "./lead-filter-fields";
import { ListTable, SortInputs, tdClass } from "./list-controls";
import { type HeaderColumn, SortLinks } from "./sort-header";
import { useEditorForm, usePosting } from "./use-editor-form";
import { useResetOnFlash } from "./use-flash";

/** "Nov 22, 2026, 14:03 UTC": leads are answered by the hour, and UTC keeps hydration stable. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

const BADGE: Record<string, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  new: "bg-amber-50 text-amber-900 ring-amber-200",
  "in-progress": "bg-blue-50 text-blue-900 ring-blue-200",
  read: "bg-blue-50 text-blue-900 ring-blue-200",
  completed: "bg-green-50 text-green-900 ring-green-200",
  replied: "bg-green-50 text-green-900 ring-green-200",
  rejected: "bg-slate-100 text-slate-800 ring-slate-300",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${BADGE[status] ?? BADGE.rejected}`}
    >
      {status}
    </span>
  );
}

/**
 * The filter over the list (a GET form: works without JavaScript, the URL can be shared):
 * search, status, received from / to, Filter, Clear, and Export CSV of the same filter.
 */
function LeadFilterForm({
  path,
  filter,
  statuses,
  searchLabel,
  searchPlaceholder,
  exportHref,
}: {
  path: string;
  filter: LeadFilter;
  statuses: readonly string[];
  searchLabel: string;
  searchPlaceholder: string;
  exportHref: string;
}) {
  const id = useId();
  // New keys when the URL's filter changes, so the fields show it after client navigation.
  const key = leadFilterSearch(filter, { page: false });
  return (
    <div className="grid gap-3">
      <Form
        method="get"
        action={path}
        role="search"
        aria-label={searchLabel}
        className="grid gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
        key={key}
      >
        <SortInputs sort={filter.sort} />
        <SearchFilter
          id={`${id}-q`}
          name="q"
          label={searchLabel}
          value={filter.q}
          placeholder={searchPlaceholder}
          className="col-span-full grid min-w-0 gap-1.5"
        />
        <SelectFilter
          id={`${id}-status`}
          name="status"
          label="Status"
          value={filter.status}
          all="All statuses"
          options={statuses.map((status) => [status, status] as const)}
        />
        <DateFilter id={`${id}-from`} name="from" label="Received from" value={filter.from} />
        <DateFilter id={`${id}-to`} name="to" label="Received to" value={filter.to} />
        <FilterButtons
          filtered={isFiltered(filter)}
          // Clearing the filter keeps the order.
          clearHref={`${path}${leadFilterSearch({ sort: filter.sort })}`}
          className="flex items-end gap-2 sm:col-span-3 lg:col-span-1"
        />
      </Form>
      <p className="text-sm text-slate-700">
        Dates are UTC days, both included.{" "}
        <a
          href={exportHref}
          className="ml-1 inline-flex items-center gap-1 font-semibold text-blue-700 underline underline-offset-4 hover:text-blue-800"
        >
          <DownloadSimpleIcon aria-hidden="true" className="h-4 w-4" />
          Export CSV
        </a>{" "}
        {isFiltered(filter) ? "(this filter, all pages)" : "(all records)"}
      </p>
    </div>
  );
}

/** "12 quote requests", "3 quote requests match", or 'Loading...' while the list loads. */
function LeadCount({
  path,
  total,
  filtered,
  noun,
}: {
  path: string;
  total: number;
  filtered: boolean;
  noun: readonly [string, string];
}) {
  const navigation = useNavigation();
  // The list's 'Loading...' state: the page arrives with its data; only a change of page or filter
  // (a client-side navigation to this same list: a link, or the filter's GET form, which
  // React Router reports with formMethod "GET") loads anything while the page is shown. The
  // reload after a POST (a status change, a deletion) is not a new list.
  const loading =
    navigation.state === "loading" &&
    (navigation.formMethod ?? "GET").toUpperCase() === "GET" &&
    navigation.location.pathname === path;
  const word = total === 1 ? noun[0] : noun[1];
  return (
    <p role="status" className="text-sm text-slate-700">
      {loading
        ? "Loading..."
        : filtered
          ? `${total} ${word} ${total === 1 ? "matches" : "match"} the filter`
          : `${total} ${word}`}
    </p>
  );
}

/**
 * The status of one record: a select in a small POST form. With JavaScript a change is sent at
 * once through a fetcher, the select disabled meanwhile; the value shown is always the
 * server's (no optimistic change), so it moves only when the loaders come back with the saved
 * status. Without JavaScript a Save button sends the form.
 */
export function StatusControl({
  id,
  subject,
  status,
  statuses,
}: {
  id: string;
  /** Who the record is from, for the label ('Status of Greta Schulz'). */
  subject: string;
  status: string;
  statuses: readonly string[];
}) {
  const fetcher = useFetcher<{ statusError: { id: string; message: string } | null }>();
  const hydrated = useHydrated();
  const selectId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const refocus = useRef(false);
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" ? fetcher.data?.statusError?.message : undefined;
  // Disabling the focused select drops the focus to the page; put it back when it is enabled.
  useEffect(() => {
    if (!busy && refocus.current) {
      refocus.current = false;
      select.current?.focus();
    }
  }, [busy]);
  return (
    <fetcher.Form method="post" className="grid gap-1 max-sm:grid-cols-1">
      <input type="hidden" name="intent" value={STATUS_INTENT} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={selectId} className="sr-only">
        Status of {subject}
      </label>
      {/* Wraps the Save button under the select where a table is tight (all seven quote
          columns at 1280 px without JavaScript). */}
      <div className="flex flex-wrap items-center gap-2 max-sm:min-w-0">
        <select
          ref={select}
          id={selectId}
          name="status"
          value={status}
          disabled={busy}
          aria-describedby={error ? `${selectId}-error` : undefined}
          onChange={(event) => {
            refocus.current = document.activeElement === event.currentTarget;
            void fetcher.submit(
              {
                intent: STATUS_INTENT,
                id,
                status: event.currentTarget.value,
                [ENHANCED_FIELD]: "1",
              },
              { method: "post" },
            );
          }}
          className="h-9 rounded-md max-sm:max-w-full max-sm:min-w-0 border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-offset-2 focus:outline-blue-600 disabled:cursor-wait disabled:bg-slate-100"
        >
          {statuses.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button
            type="submit"
            className="h-9 rounded-md px-3 text-sm font-semibold text-blue-700 ring-1 ring-slate-300 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            Save<span className="sr-only"> status of {subject}</span>
          </button>
        )}
        {busy ? (
          <span role="status" className="text-xs text-slate-700">
            Saving...
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={`${selectId}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The lead lists' pagination: Prev, 'page / pages', Next; only when there is more than one page. */
export function PrevNext({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  const base = "inline-flex h-10 items-center gap-1.5 rounded-lg border px-3 text-sm font-semibold";
  const enabled = `${base} border-slate-300 bg-white text-slate-800 hover:border-blue-400 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`;
  const disabled = `${base} border-slate-200 bg-slate-50 text-slate-500`;
  const edge = (target: number, text: string, off: boolean, icon: React.ReactNode) =>
    off ? (
      <span className={disabled} aria-disabled="true">
        {text === "Prev" ? icon : null}
        {text}
        {text === "Next" ? icon : null}
      </span>
    ) : (
      <Link to={hrefFor(target)} className={enabled} rel={text === "Prev" ? "prev" : "next"}>
        {text === "Prev" ? icon : null}
        {text}
        {text === "Next" ? icon : null}
      </Link>
    );
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3 px-4 pb-6 sm:px-6">
      {edge(page - 1, "Prev", page <= 1, <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" />)}
      <span className="text-sm font-semibold text-slate-800" aria-current="page">
        {page} / {pages}
      </span>
      {edge(
        page + 1,
        "Next",
        page >= pages,
        <ArrowRightIcon aria-hidden="true" className="h-4 w-4" />,
      )}
    </nav>
  );
}

/** A row of a record's details. */
export function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-900">{term}</dt>
      <dd className="text-sm text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const UTM_LABELS: Record<string, string> = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  term: "utm_term",
  content: "utm_content",
};

/** Where the visitor was: the page on this site, the other site, the campaign tags. */
export function SourceDetails({ source }: { source: LeadSource }) {
  const utm = Object.entries(source.utm ?? {}).filter(([, value]) => value);
  return (
    <>
      <Detail term="Sent from page">
        {source.page ? <code className="text-slate-900">{source.page}</code> : "Not known"}
      </Detail>
      <Detail term="Referred by">
        {source.referrer ? (
          // Shown as text, never a link: a visitor's browser said it, staff should not follow it
          // blindly.
          <code className="text-slate-900">{source.referrer}</code>
        ) : (
          "No other site (direct, or the browser did not say)"
        )}
      </Detail>
      <Detail term="Campaign tags">
        {utm.length ? (
          <ul className="grid gap-1">
            {utm.map(([key, value]) => (
              <li key={key}>
                <span className="font-semibold">{UTM_LABELS[key] ?? key}</span>: {value}
              </li>
            ))}
          </ul>
        ) : (
          "None"
        )}
      </Detail>
    </>
  );
}

export function NotificationDetail({
  notification,
}: {
  notification: LeadNotificationView | null;
}) {
  const note = notification ? notificationNote(notification) : null;
  return (
    <Detail term="Notification">
      {notification && note ? (
        <>
          {note.text}, <DateTime iso={notification.at} />
          {note.detail ? <span className="block text-slate-700">{note.detail}</span> : null}
          {note.fix ? (
            <span className="block text-slate-700">
              {note.fix.text}
              {note.fix.href ? (
                <>
                  {" "}
                  <Link
                    to={note.fix.href}
                    className="font-semibold text-blue-700 underline underline-offset-4"
                  >
                    {note.fix.linkText}
                  </Link>
                  .
                </>
              ) : null}
            </span>
          ) : null}
        </>
      ) : (
        "Not recorded (stored before notifications, or still being sent)"
      )}
    </Detail>
  );
}

/** The internal notes, oldest first, and the form that adds one at the end. */
export function NotesSection({
  notes,
  lastResult,
  formId,
  full,
}: {
  notes: LeadNoteView[];
  lastResult: SubmissionResult<string[]> | null | undefined;
  formId: string;
  /** No room for another note (NOTES_PER_LEAD_MAX). */
  full: boolean;
}) {
  const saving = usePosting(NOTE_INTENT);
  const [form, fields] = useEditorForm(noteSchema, { id: formId, lastResult });
  // With JavaScript the page stays mounted after 'Note added.': empty the box for the next one.
  useResetOnFlash(form);
  return (
    <section
      id="notes"
      aria-labelledby="notes-heading"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div>
        <h2 id="notes-heading" className="text-lg font-semibold text-slate-900">
          Internal notes
        </h2>
        <p className="mt-1 text-sm text-slate-700">Seen by staff only, never by the visitor.</p>
      </div>
      {notes.length ? (
        <ol className="grid gap-3">
          {notes.map((note, index) => (
            <li
              // Notes are only ever appended: the position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only list.
              key={index}
              className="rounded-lg border border-slate-200 bg-slate-50 p-4"
            >
              <p className="text-xs text-slate-700">
                <span className="font-semibold text-slate-900">{note.author}</span>,{" "}
                <DateTime iso={note.createdAt} />
              </p>
              <p className="mt-2 text-sm whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">
                {note.text}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-700">No notes yet.</p>
      )}
      {full ? null : (
        <Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value={NOTE_INTENT} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextareaField
            meta={fields.text}
            label="Add a note"
            rows={3}
            maxLength={NOTE_MAX}
            formErrorId={form.errors?.length ? form.errorId : undefined}
            hint={`Up to ${NOTE_MAX.toLocaleString("en-US")} characters; saved with your e-mail and the time.`}
          />
          <div>
            <SubmitButton pending={saving} pendingText="Adding...">
              Add note
            </SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The date a record arrived, short, for a list row. */
export function ReceivedOn({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="text-xs text-slate-600">
      {formatDateTime(iso)}
    </time>
  );
}

/** A column: its header, the header's classes, and the field it sorts by (`sort`) when it does. */
export type LeadColumn = HeaderColumn;

/** Classes of a row and its cells: a card on phones (details, then status and actions). */
const leadRowClass = "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-start";
export const leadMainCellClass = `${tdClass} min-w-36 [overflow-wrap:anywhere] max-sm:col-span-2 max-sm:block max-sm:pb-3`;
// min-w-0 and the select's max-w-full: on a phone the status select shares its row with View
// and Delete, and must shrink into its half instead of running under them.
export const leadStatusCellClass = `${tdClass} max-sm:block max-sm:min-w-0 max-sm:pt-0`;
export const leadActionsCellClass = `${tdClass} text-right max-sm:block max-sm:pt-0`;
/** A row's checkbox: the first line of its card on phones. */
const leadCheckboxCellClass =
  "w-px py-4 pr-0 pl-4 align-top sm:pl-6 max-sm:col-span-2 max-sm:block max-sm:pb-0";

/**
 * The list half of an inbox page: the filter, the count ('Loading...' while a new page or
 * filter loads), the load or post error, the table with its empty row, and Prev / Next.
 */
export function LeadTable<T extends { _id: string }>({
  path,
  filter,
  statuses,
  noun,
  searchLabel,
  total,
  pages,
  loadError,
  listError,
  columns,
  emptyText,
  items,
  markedId,
  row,
  bulk,
}: {
  path: string;
  filter: LeadFilter;
  statuses: readonly string[];
  /** Singular and plural: ['quote request', 'quote requests']. */
  noun: readonly [string, string];
  searchLabel: string;
  total: number;
  pages: number;
  /** The read failed: the line instead of the table. */
  loadError: string | null;
  listError?: string | null;
  columns: readonly LeadColumn[];
  emptyText: string;
  items: readonly T[];
  /** The row being confirmed for deletion. */
  markedId?: string;
  /** The row's cells, with the classes above. */
  row: (item: T) => React.ReactNode;
  /** Bulk select: a checkbox per row and the bar of actions above the table. */
  bulk?: BulkOptions<T>;
}) {
  const headingId = useId();
  const many = noun[1];
  // Another order starts at page 1, with the filter kept.
  const sorting = {
    current: filter.sort ?? null,
    href: (sort: ListSort | null) => `${path}${leadFilterSearch({ ...filter, sort, page: 1 })}`,
  };
  const selection = useBulkSelection(
    bulk && { cellClass: leadCheckboxCellClass, ...bulk },
    loadError ? [] : items,
    noun,
  );
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white pt-6 shadow-sm"
    >
      <div className="grid gap-4 px-4 sm:px-6">
        <h2 id={headingId} className="sr-only">
          {many.charAt(0).toUpperCase()}
          {many.slice(1)}
        </h2>
        <LeadFilterForm
          path={path}
          filter={filter}
          statuses={statuses}
          searchLabel={searchLabel}
          searchPlaceholder="Name, e-mail or words in the message"
          exportHref={`${path}/export${leadFilterSearch(filter, { page: false })}`}
        />
        {loadError ? null : (
          <LeadCount path={path} total={total} filtered={isFiltered(filter)} noun={noun} />
        )}
        <FormErrors errors={loadError ? [loadError] : undefined} />
        <FormErrors errors={listError ? [listError] : undefined} />
        {selection.bar}
      </div>
      {loadError ? null : (
        <div className="overflow-x-auto">
          {/* Phones: each row is a card (details, then status and actions); no header row, so
              its sort links come as a row of their own. */}
          <SortLinks columns={columns} sorting={sorting} className="px-4 pb-3 sm:hidden" />
          <ListTable
            columns={columns}
            items={items}
            emptyText={emptyText}
            row={row}
            lead={selection.lead}
            rowClass={(item) => `${leadRowClass} ${item._id === markedId ? "bg-red-50" : ""}`}
            sorting={sorting}
            stacked={{
              table: "max-sm:block",
              thead: "max-sm:hidden",
              tbody: "max-sm:block max-sm:border-t max-sm:border-slate-200",
            }}
          />
        </div>
      )}
      <PrevNext
        page={filter.page}
        pages={pages}
        label={`${noun[0].charAt(0).toUpperCase()}${noun[0].slice(1)} pages`}
        hrefFor={(target) => `${path}${leadFilterSearch({ ...filter, page: target })}`}
      />
      {pages <= 1 ? <div className="pb-2" /> : null}
    </section>
  );
}
