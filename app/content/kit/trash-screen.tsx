// The trash of a content type's admin screen: the "Trash (N)" link under the list's header, and
// the view the list's URL with `?trash` shows instead of the editor and the table: each deleted
// record with when and by whom it was deleted and the days it has left, Restore (a POST button)
// and Delete forever (its question in a dialog with JavaScript, `&purge=<id>` without, the
// same steps as every Delete: components/admin/confirm-delete.tsx). Mounted by
// CollectionScreen and the internships' own screen with one element each.
import { ArrowCounterClockwiseIcon, ArrowLeftIcon, TrashIcon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Breakable } from "~/components/admin/breakable";
import { DeleteButton, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { FormErrors } from "~/components/admin/form-controls";
import {
  ListTable,
  rowActionClass,
  rowActionsClass,
  secondaryLinkClass,
  tdClass,
} from "~/components/admin/list-controls";
import { Pagination } from "~/components/site/pagination";
import { formatDate, isoDate } from "~/lib/format";
import {
  PURGE_INTENT,
  RESTORE_INTENT,
  type TrashData,
  type TrashRow,
  trashHref,
  trashTexts,
} from "./trash";
import type { CollectionType } from "./types";

/** "Trash (3)": from the list to its trash, beside the header's Add link. */
export function TrashLink({ type, count }: { type: CollectionType; count: number }) {
  return (
    <Link to={trashHref(type.admin.path)} className={secondaryLinkClass}>
      <TrashIcon aria-hidden="true" className="h-4 w-4" />
      Trash ({count})<span className="sr-only">: deleted {type.admin.noun[1]}</span>
    </Link>
  );
}

/** The trash: its rows, Restore and Delete forever, and the way back to the list. */
export function TrashView({
  type,
  trash,
  listError,
  flash,
}: {
  type: CollectionType;
  trash: TrashData & { items: TrashRow[] };
  /** A Delete forever posted with JavaScript that failed (the action's list error line). */
  listError?: string | null;
  /** A screen that shows the flash itself (the internships') puts it here. */
  flash?: ReactNode;
}) {
  const { admin, texts } = type;
  const words = trashTexts(type);
  const here = trashHref(admin.path, undefined, trash.page);
  const [one, many] = admin.noun;
  return (
    <>
      {trash.purging ? (
        <DeleteConfirmation
          id={trash.purging._id}
          subject={trash.purging.subject}
          question={texts.purgeConfirm}
          cancelHref={here}
          intent={PURGE_INTENT}
          label="Delete forever"
        />
      ) : null}
      <section
        aria-labelledby="trash-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white pt-6 shadow-sm"
      >
        <div className="grid gap-3 px-4 sm:px-6">
          <Link
            to={admin.path}
            className="inline-flex w-max items-center gap-1.5 text-sm font-semibold text-blue-700 underline-offset-4 hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" />
            Back to the {many}
          </Link>
          <h2 id="trash-heading" className="text-lg font-semibold text-slate-900">
            {words.heading}
          </h2>
          <p className="max-w-2xl text-sm text-slate-700">
            A deleted {one} stays here for {trash.days} days, off the site, and is then deleted for
            good (with any image only it used). Restore puts it back on the site.
          </p>
          {flash}
          <FormErrors errors={listError ? [listError] : undefined} />
        </div>
        <div className="relative overflow-x-auto">
          <ListTable
            columns={[
              { label: one.charAt(0).toUpperCase() + one.slice(1) },
              { label: "Deleted", className: "hidden sm:table-cell" },
              { label: "Days left", className: "hidden md:table-cell" },
              { label: "Actions", className: "text-right" },
            ]}
            items={trash.items}
            emptyText={words.empty}
            rowClass={(row) => (row._id === trash.purging?._id ? "bg-red-50" : undefined)}
            row={(row) => (
              <>
                <td className={`${tdClass} [overflow-wrap:anywhere]`}>
                  <p className="font-semibold text-slate-900">{row.subject}</p>
                  <div className="sm:hidden">
                    <Deleted row={row} />
                  </div>
                  <p className="mt-1 text-xs text-slate-600 md:hidden">
                    <DaysLeft days={row.daysLeft} />
                  </p>
                </td>
                <td className={`${tdClass} hidden sm:table-cell`}>
                  <Deleted row={row} />
                </td>
                <td className={`${tdClass} hidden whitespace-nowrap text-slate-700 md:table-cell`}>
                  <DaysLeft days={row.daysLeft} />
                </td>
                <td className={`${tdClass} text-right`}>
                  <div className={rowActionsClass}>
                    <RestoreButton id={row._id} subject={row.subject} />
                    <DeleteButton
                      id={row._id}
                      subject={row.subject}
                      question={texts.purgeConfirm}
                      confirmHref={trashHref(admin.path, row._id, trash.page)}
                      intent={PURGE_INTENT}
                      label="Delete forever"
                    />
                  </div>
                </td>
              </>
            )}
          />
        </div>
        {trash.pages > 1 ? (
          <div className="px-4 pb-6 sm:px-6">
            <Pagination
              page={trash.page}
              pages={trash.pages}
              label={`${words.heading}: pages`}
              hrefFor={(target) => trashHref(admin.path, undefined, target)}
            />
          </div>
        ) : null}
      </section>
    </>
  );
}

function Deleted({ row }: { row: TrashRow }) {
  return (
    <p className="text-sm text-slate-700">
      <time dateTime={isoDate(row.deletedAt)}>{formatDate(row.deletedAt)}</time>
      {row.deletedBy ? (
        <>
          {" by "}
          <Breakable text={row.deletedBy} />
        </>
      ) : null}
    </p>
  );
}

function DaysLeft({ days }: { days: number }) {
  return (
    <>{days === 0 ? "Deleted at the next purge" : `${days} ${days === 1 ? "day" : "days"} left`}</>
  );
}

/** Restore: a POST button (no question: nothing is lost, and the record can be deleted again). */
function RestoreButton({ id, subject }: { id: string; subject: string }) {
  const navigation = useNavigation();
  const restoring =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === RESTORE_INTENT &&
    navigation.formData?.get("id") === id;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={RESTORE_INTENT} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-disabled={restoring}
        className={`${rowActionClass} w-full aria-disabled:cursor-wait aria-disabled:opacity-70`}
        onClick={(event) => {
          if (restoring) event.preventDefault();
        }}
      >
        <ArrowCounterClockwiseIcon aria-hidden="true" className="h-4 w-4" />
        {restoring ? "Restoring..." : "Restore"}
        <span className="sr-only"> {subject}</span>
      </button>
    </Form>
  );
}
