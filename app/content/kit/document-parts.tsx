// Parts of a document's form (document-screen.tsx): a row of a row list (the service page's
// services, the footer's links, the team) and the list's Add button, conform intent buttons
// which post the form, so adding and removing a row works without JavaScript
// (components/admin/row-list-form.tsx).
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { PlusIcon, TrashIcon } from "@phosphor-icons/react";
import type { ComponentProps, ReactNode } from "react";
import { MoveRowButton } from "~/components/admin/move-buttons";

/** conform's metadata of any field of a document's form: a value, an object or a list. */
// biome-ignore lint/suspicious/noExplicitAny: any document's form.
export type Meta = FieldMetadata<string, any, string[]> & {
  getFieldset(): Record<string, Meta>;
  getFieldList(): Meta[];
};

/** The server's refusal of the same (lib/form-data.server.ts), as the disabled button's tip. */
const LAST_ROW = "The last row cannot be removed; leave it blank instead.";

/** A row: a fieldset named by its visible heading, with its Remove button beside it. */
const rowButtonClass =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50";

const moveClass = `${rowButtonClass} hover:border-blue-300 hover:bg-blue-50`;

/**
 * One row of a row list (a service, a benefit, a team member...): its title, Move up / Move down
 * (the order is the public page's order; plain submit buttons, so they work without
 * JavaScript: the form comes back reordered, nothing saved until Save) and Remove.
 */
export function RowCard({
  id,
  title,
  remove,
  canRemove,
  moveUp,
  moveDown,
  children,
}: {
  id: string;
  title: string;
  remove: ComponentProps<"button">;
  canRemove: boolean;
  /** Absent for the first row (Move up) and the last (Move down): the button is disabled. */
  moveUp?: ComponentProps<"button">;
  moveDown?: ComponentProps<"button">;
  children: ReactNode;
}) {
  const subject = `${title.charAt(0).toLowerCase()}${title.slice(1)}`;
  const label = `Remove ${subject}`;
  return (
    // aria-labelledby, not a <legend>: a legend cannot sit in the row's flex header.
    <fieldset
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        <div className="flex flex-wrap gap-2">
          <MoveRowButton direction="up" subject={subject} button={moveUp} className={moveClass} />
          <MoveRowButton
            direction="down"
            subject={subject}
            button={moveDown}
            className={moveClass}
          />
          <button
            {...remove}
            disabled={!canRemove}
            aria-label={label}
            title={canRemove ? label : LAST_ROW}
            className={`${rowButtonClass} hover:border-red-300 hover:bg-red-50 hover:text-red-800 disabled:hover:border-slate-300 disabled:hover:bg-white disabled:hover:text-slate-700`}
          >
            <TrashIcon aria-hidden="true" className="h-4 w-4" />
            Remove
          </button>
        </div>
      </div>
      {children}
    </fieldset>
  );
}

export function AddRowButton(props: ComponentProps<"button">) {
  const { children, ...button } = props;
  return (
    <div>
      <button
        {...button}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 text-sm font-semibold text-blue-800 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <PlusIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
        {children}
      </button>
    </div>
  );
}

/** The row to focus after adding or removing one: the new row, or the one now in its place. */
export function rowToFocus(
  result: SubmissionResult<string[]> | undefined,
  count: (list: string) => number,
): { list: string; index: number } | null {
  const intent = result?.intent as
    | { type: string; payload: { name?: string; index?: number } }
    | undefined;
  const list = intent?.payload?.name;
  if (!intent || !list || result?.error) return null;
  if (intent.type === "insert") return { list, index: count(list) - 1 };
  if (intent.type === "remove")
    return { list, index: Math.min(intent.payload.index ?? 0, count(list) - 1) };
  return null;
}
