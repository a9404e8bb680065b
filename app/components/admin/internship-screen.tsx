// The internships admin's own parts (routes/admin/internships.tsx draws the kit's editor, always
// on the page). Below the editor, where the page scrolls after a change: the green success line
// (the flash after POST/redirect/GET, or a toggle's answer) and the red error line (the errors
// joined by commas, or 'An error occurred'). Then 'All Internships': the kit's CollectionTable
// (search, count, pages) with the internship's twelve columns in their order, and per row Edit,
// Delete and Toggle Active. Below 1280 px each row is a card of label / value pairs (two side by
// side from 640 px); from 1280 px a table of what says whether a position is live (title,
// deadline, status, urgent, active, actions), the secondary columns (domain, company, location,
// duration, salary, link) shown as two short lines under the title. Their own cells stay in the
// table for screen readers (all twelve columns in their order), visually hidden: in a 940 px box
// beside the sidebar the twelve columns only fitted by scrolling sideways, the actions covering
// the salary. Toggle Active is one small POST form per row: without JavaScript a
// POST/redirect/GET like every other change; with it sent by a fetcher
// (asking for a data answer), so the page stays where it is and the row changes once the server
// answered.

import { CheckCircleIcon, PowerIcon } from "@phosphor-icons/react";
import { type ReactNode, useEffect } from "react";
import { useFetcher } from "react-router";
import { CollectionTable, EditDeleteActions, EditStamp } from "~/components/admin/collection-table";
import { FlashMessage, FormErrors } from "~/components/admin/form-controls";
import { rowActionClass } from "~/components/admin/list-controls";
import {
  INTERNSHIP_ERROR,
  type InternshipRecord,
  internships,
  RESPOND_FIELD,
  TOGGLE_INTENT,
} from "~/content/internships";
import { OpenLink } from "~/content/kit/admin-screen";
import type { ScheduleState } from "~/content/kit/schedule";
import { sortFields } from "~/content/kit/types";
import { formatDurations } from "~/domain/internship-list";
import { type ListSort, listHref } from "~/lib/admin-list";
import { BULK_TRASH, type BulkAnswer, bulkActive } from "~/lib/bulk";
import { formatShortDate, isoDate } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import { type Publishing, StatusBadge } from "./publishing";
import { LateBadge, ScheduledBadge } from "./schedule";
import type { LayoutFlash as Flash } from "./use-flash";

/** A row as the loader sends it: whether the deadline has passed is decided on the server. */
type InternshipRow = InternshipRecord & {
  updatedBy: string | null;
  deadlinePassed: boolean;
};

const { admin, texts } = internships;

/** The header row shows from 1280 px; below it each row is a card of labelled values. */
const HEAD = "hidden xl:table-cell xl:px-3";
/**
 * A secondary column from 1280 px: read by screen readers, shown under the title instead. Pinned
 * to the list's top left corner: left where the table would have put it, the 1px cell would
 * widen the scrolling box by the width of the columns it no longer has.
 */
const SECONDARY = "xl:sr-only xl:top-0 xl:left-0";

const YES_NO = { true: "bg-green-100 text-green-800", false: "bg-slate-100 text-slate-700" };
const STATUS_TONE: Record<string, string> = {
  Open: YES_NO.true,
  Closed: YES_NO.false,
  Pending: "bg-amber-100 text-amber-900",
};

/** A short value in a rounded badge: a status, Yes or No. */
const pill = (tone: string | undefined, text: string) => (
  <span
    className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone ?? ""}`}
  >
    {text}
  </span>
);
const yesNo = (on: boolean) => pill(YES_NO[`${on}`], on ? "Yes" : "No");

/** A note under a value (the deadline has passed), beside it on the cards. */
const aside = (text: string, className = "") => (
  <span className={`ml-1 text-xs text-slate-600 xl:ml-0 xl:block ${className}`}>{text}</span>
);

type Cell = [
  label: string,
  className: string,
  value: (i: InternshipRow) => ReactNode,
  secondary?: boolean,
  /** The record's field: the header sorts by it when the type lets staff (`admin.sortable`). */
  field?: keyof InternshipRow,
];

/** The columns between the title and the actions: label, classes from 1280 px, value. */
const CELLS: Cell[] = [
  ["Domain", "", (i) => i.domain, true],
  ["Company", "", (i) => i.company, true],
  ["Location", "", (i) => i.location, true],
  ["Duration", "", (i) => formatDurations(i.duration), true],
  ["Salary", "", (i) => i.salary, true],
  [
    "Deadline",
    "xl:whitespace-nowrap",
    (i) => (
      <span>
        <time dateTime={isoDate(i.deadline)}>{formatShortDate(i.deadline)}</time>
        {i.deadlinePassed ? aside("(passed)") : null}
      </span>
    ),
    false,
    "deadline",
  ],
  [
    "Status",
    "xl:whitespace-nowrap",
    // The stored status, and whether the site shows it as Closed anyway (a passed deadline).
    (i) => (
      <span>
        {pill(STATUS_TONE[i.status], i.status)}
        {i.deadlinePassed && i.status !== "Closed" ? aside("Closed on the site", "xl:mt-1") : null}
      </span>
    ),
    false,
    "status",
  ],
  ["Urgent", "", (i) => yesNo(i.urgent), false, "urgent"],
  ["Active", "", (i) => yesNo(i.isActive), false, "isActive"],
  ["Application Link", "", (i) => <OpenLink link={i.applicationLink} closed="No link" />, true],
];

/**
 * The secondary columns as two lines under the title, from 1280 px (hidden from screen readers,
 * which read the same values in their own cells).
 */
function Secondary({ internship: i }: { internship: InternshipRow }) {
  return (
    <div aria-hidden="true" className="mt-1 hidden text-xs text-slate-600 xl:grid xl:gap-0.5">
      <p>{[i.company, i.location].join(" · ")}</p>
      <p>
        {[i.domain, formatDurations(i.duration), i.salary].join(" · ")}
        {" · "}
        {i.applicationLink ? (
          <a
            href={i.applicationLink}
            tabIndex={-1}
            className="font-semibold text-blue-700 underline"
            target="_blank"
            rel="noreferrer"
          >
            Application link
          </a>
        ) : (
          "No link"
        )}
      </p>
    </div>
  );
}

/**
 * A data cell: below 1280 px one "Label  value" pair of a row's card (the header row is hidden
 * there; side by side from 640 px as inline grids of half the width), above an ordinary cell.
 */
function cell(label: string, className = "") {
  return {
    "data-label": label,
    className: `grid grid-cols-[8rem_minmax(0,1fr)] items-start gap-2 px-4 py-1 align-top text-slate-800 sm:inline-grid sm:w-1/2 xl:w-auto before:font-semibold before:text-slate-600 before:content-[attr(data-label)] xl:table-cell xl:px-3 xl:py-3 xl:align-top xl:before:content-none ${className}`,
  };
}

/** Mark active, Mark inactive, Delete selected: the bar over the ticked rows. */
const BULK_CHOICES = [bulkActive(true), bulkActive(false), BULK_TRASH];

/** The fields the table's headers may sort by: the type's allow-list. */
const SORTABLE = sortFields(internships);
const sortKey = (field: string | undefined) =>
  field !== undefined && SORTABLE.has(field) ? field : undefined;

export function InternshipTable({
  list: { items, total, page, pages, q, sort, editing, deleting },
  onToggled,
  bulkAnswer,
}: {
  /** The screen's list as loaded, with the internship being edited or deleted. */
  list: {
    items: readonly InternshipRow[];
    total: number;
    page: number;
    pages: number;
    q: string;
    sort: ListSort | null;
    editing: { _id: string } | null;
    deleting: { _id: string } | null;
  };
  onToggled: (note: Note) => void;
  /** The action's answer to a bulk post (its confirmation step, or why it was refused). */
  bulkAnswer?: BulkAnswer;
}) {
  const here = { q, sort, page };
  return (
    <CollectionTable
      path={admin.path}
      q={q}
      sort={sort}
      page={page}
      pages={pages}
      total={total}
      noun={admin.noun}
      heading="All Internships"
      search={admin.search}
      columns={[
        { label: "Title", className: HEAD, sort: sortKey(admin.titleColumn.title) },
        ...CELLS.map(([label, , , secondary, field]) => ({
          label,
          className: `${HEAD} whitespace-nowrap ${secondary ? SECONDARY : ""}`,
          sort: sortKey(field),
        })),
        { label: "Actions", className: `${HEAD} text-right` },
      ]}
      emptyText={admin.emptyText}
      items={items}
      editingId={editing?._id}
      deletingId={deleting?._id}
      bulk={{
        choices: BULK_CHOICES,
        subject: (internship) => internship.title,
        answer: bulkAnswer,
        listHref: listHref(admin.path, here),
        // A card's first line below 1280 px, the first column above.
        headClass: `${HEAD} xl:w-px xl:py-3 xl:pr-0 xl:pl-4`,
        cellClass: "block px-4 pt-4 xl:table-cell xl:w-px xl:py-3 xl:pr-0 xl:pl-4 xl:align-top",
      }}
      row={(internship) => (
        <>
          <td className="block px-4 pt-4 pb-2 [overflow-wrap:anywhere] xl:table-cell xl:px-3 xl:py-3 xl:align-top">
            <p className="text-base font-semibold text-slate-900 xl:text-sm">
              {internship.title}
              <StatusBadge {...(internship as Publishing)} />
              <ScheduledBadge {...(internship as ScheduleState)} />
            </p>
            <LateBadge {...(internship as ScheduleState)} />
            <Secondary internship={internship} />
            <EditStamp updatedAt={internship.updatedAt} updatedBy={internship.updatedBy} />
          </td>
          {CELLS.map(([label, className, value, secondary]) => (
            <td key={label} {...cell(label, `${className} ${secondary ? SECONDARY : ""}`)}>
              {value(internship)}
            </td>
          ))}
          <td className="block px-4 pt-3 pb-4 xl:table-cell xl:px-3 xl:py-3 xl:text-right xl:align-top">
            <div className="flex flex-wrap gap-2 xl:ml-auto xl:grid xl:w-max xl:grid-cols-1">
              <EditDeleteActions
                path={admin.path}
                here={here}
                id={internship._id}
                subject={internship.title}
                deleteQuestion={texts.deleteConfirm}
              />
              <ToggleActive internship={internship} onAnswer={onToggled} />
            </div>
          </td>
        </>
      )}
    />
  );
}

/** What the action answers a fetcher: the message, or the red line's text. */
interface ToggleAnswer {
  message?: string;
  listError: string | null;
}

function ToggleActive({
  internship,
  onAnswer,
}: {
  internship: { _id: string; title: string; isActive: boolean };
  onAnswer: (note: Note) => void;
}) {
  const fetcher = useFetcher<ToggleAnswer>();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // Once per answer (onAnswer is the screen's state setter, the same on every render).
  useEffect(() => {
    if (!answer) return;
    onAnswer(
      answer.message
        ? { ok: true, text: answer.message, at: Date.now() }
        : { ok: false, text: answer.listError ?? INTERNSHIP_ERROR, at: Date.now() },
    );
  }, [answer, onAnswer]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={TOGGLE_INTENT} />
      <input type="hidden" name="id" value={internship._id} />
      {hydrated ? <input type="hidden" name={RESPOND_FIELD} value="data" /> : null}
      <button
        type="submit"
        aria-disabled={pending}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
        className={`${rowActionClass} w-full whitespace-nowrap aria-disabled:cursor-wait aria-disabled:opacity-70`}
      >
        <PowerIcon aria-hidden="true" className="h-4 w-4" />
        {pending ? "Toggling..." : "Toggle Active"}
        <span className="sr-only">
          {" "}
          of {internship.title} (now {internship.isActive ? "active" : "inactive"})
        </span>
      </button>
    </fetcher.Form>
  );
}

/** A toggle's answer, shown in the lines below the form. */
export interface Note {
  ok: boolean;
  text: string;
  /** Distinguishes the same text twice, so it is announced twice. */
  at: number;
}

/**
 * The errors joined by commas ("Title is required, Salary is required."), or the generic
 * 'An error occurred' exactly as written, as delete and toggle show it.
 */
export function joinErrors(errors: readonly string[]): string {
  const unique = [...new Set(errors.map((e) => e.trim().replace(/\.$/, "")))].filter(Boolean);
  if (unique.includes(INTERNSHIP_ERROR)) return INTERNSHIP_ERROR;
  return unique.length ? `${unique.join(", ")}.` : "";
}

/** The green success and red error lines below the form. */
export function ResultLines({
  flash,
  note,
  errorLine,
}: {
  flash: Flash;
  note: Note | null;
  errorLine: string | null | undefined;
}) {
  return (
    <div id={admin.resultId} className="mt-5 grid scroll-mt-6 gap-3">
      <FlashMessage
        key={flash.key ?? "none"}
        message={note ? null : flash.message}
        undo={note ? null : flash.undo}
      />
      <div role="status" className={note?.ok ? "" : "sr-only"}>
        {note?.ok ? (
          <p
            key={note.at}
            className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
          >
            <CheckCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>{note.text}</span>
          </p>
        ) : null}
      </div>
      <FormErrors errors={errorLine ? [errorLine] : undefined} />
    </div>
  );
}
