// Bulk select on an admin list: a checkbox per row and "select all on this page" in a leading
// column, and a bar above the table with the list's actions (Delete selected, Mark inactive,
// Change status to …). Each asks once for the whole batch (lib/bulk.ts words it).
// - Without JavaScript the rows' cells already hold forms of their own (Delete, Toggle), and
//   forms cannot nest: the checkboxes belong to the bar's form through `form="<id>"`. Pressing
//   an action posts it; the server answers the list with the confirmation step (which records,
//   by name, Confirm and Cancel), and only Confirm writes.
// - With JavaScript the same buttons open one dialog naming the ticked rows; Confirm posts
//   through a fetcher, and the server's redirect brings the list and its flash back.
import { CheckSquareIcon, WarningIcon } from "@phosphor-icons/react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { SubmitButton } from "~/components/forms/submit-button";
import {
  BULK_FIELDS,
  BULK_INTENT,
  type BulkAnswer,
  type BulkChoice,
  counted,
  nothingSelected,
} from "~/lib/bulk";
import { useHydrated } from "~/lib/use-hydrated";
import { cancelClass, dialogClass } from "./confirm-delete";
import { FormErrors } from "./form-controls";

export interface BulkOptions<T> {
  /** The list's actions, in the bar's order. */
  choices: readonly BulkChoice[];
  /** What a row is called: its checkbox's label ("Select <subject>") and the confirmation. */
  subject: (item: T) => string;
  /** The action's answer to a bulk post: the step without JavaScript, or why it was refused. */
  answer?: BulkAnswer | null;
  /** The list as shown (search, page, filter): where the bar posts and Cancel returns. */
  listHref: string;
  /** Classes of the checkbox cells, when the table lays its rows out as cards on phones. */
  cellClass?: string;
  headClass?: string;
}

/** The leading column of a list's table (ListTable's `lead`). */
export interface LeadColumn<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
}

const checkboxClass = "h-5 w-5 rounded border-slate-400 text-blue-700 accent-blue-700";
const barButtonClass =
  "inline-flex h-9 items-center justify-center gap-1.5 rounded-md bg-white px-3 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const DEFAULT_HEAD = "w-px py-3 pr-0 pl-4 align-middle sm:pl-6";
const DEFAULT_CELL = "w-px py-4 pr-0 pl-4 align-top sm:pl-6";

/**
 * The ticked rows, the bar and the leading column of one list. Undefined `options`: a list
 * without bulk actions (no bar, no column).
 */
export function useBulkSelection<T extends { _id: string }>(
  options: BulkOptions<T> | undefined,
  items: readonly T[],
  noun: readonly [string, string],
): { bar: ReactNode; lead: LeadColumn<T> | undefined } {
  const formId = `${useId()}-bulk`;
  const confirming = options?.answer?.confirm;
  const [selected, setSelected] = useState<string[]>(confirming?.ids ?? []);
  const pageIds = items.map((item) => item._id);
  const pageKey = pageIds.join(",");
  // Another page, or rows gone after a delete: only what is shown stays ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids, by value.
  useEffect(() => {
    setSelected((ids) => ids.filter((id) => pageIds.includes(id)));
  }, [pageKey]);
  if (!options || items.length === 0) return { bar: null, lead: undefined };

  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const some = !all && selected.length > 0;
  const toggle = (id: string, on: boolean) =>
    setSelected((ids) => (on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id)));
  return {
    bar: (
      <BulkBar
        formId={formId}
        options={options}
        noun={noun}
        pageIds={pageIds}
        selected={items.filter((item) => selected.includes(item._id))}
        onDone={() => setSelected([])}
      />
    ),
    lead: {
      header: (
        <th scope="col" className={options.headClass ?? DEFAULT_HEAD}>
          <label className="inline-flex cursor-pointer p-0.5">
            <input
              type="checkbox"
              form={formId}
              name={BULK_FIELDS.all}
              value="page"
              checked={all}
              ref={(box) => {
                if (box) box.indeterminate = some;
              }}
              onChange={(event) => setSelected(event.currentTarget.checked ? pageIds : [])}
              className={checkboxClass}
            />
            <span className="sr-only">Select all on this page</span>
          </label>
        </th>
      ),
      cell: (item) => (
        <td className={options.cellClass ?? DEFAULT_CELL}>
          <label className="inline-flex cursor-pointer p-0.5">
            <input
              type="checkbox"
              form={formId}
              name={BULK_FIELDS.ids}
              value={item._id}
              checked={selected.includes(item._id)}
              onChange={(event) => toggle(item._id, event.currentTarget.checked)}
              className={checkboxClass}
            />
            <span className="sr-only">Select {options.subject(item)}</span>
          </label>
        </td>
      ),
    },
  };
}

/** The bar above the table, or the confirmation step in its place (without JavaScript). */
function BulkBar<T extends { _id: string }>({
  formId,
  options,
  noun,
  pageIds,
  selected,
  onDone,
}: {
  formId: string;
  options: BulkOptions<T>;
  noun: readonly [string, string];
  pageIds: readonly string[];
  selected: readonly T[];
  onDone: () => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ bulk?: BulkAnswer }>();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const panelId = `${formId}-step`;
  const { choices, answer, listHref } = options;
  const withOptions = choices.find((choice) => choice.options);
  const [to, setTo] = useState(withOptions?.options?.values[0] ?? "");
  const [asking, setAsking] = useState<BulkChoice | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);
  // The dialog stays open while the post runs; when it comes back it closes, and the ticks go
  // once the batch is done (an error keeps them, to try again).
  useEffect(() => {
    if (wasBusy.current && !busy) {
      dialog.current?.close();
      if (!fetcher.data?.bulk?.error) onDone();
    }
    wasBusy.current = busy;
  }, [busy, fetcher.data, onDone]);
  // A tick clears the "select at least one" line.
  useEffect(() => {
    if (selected.length) setLocalError(null);
  }, [selected.length]);

  const error = localError ?? (busy ? undefined : fetcher.data?.bulk?.error) ?? answer?.error;
  const what = counted(selected.length, noun);
  const ask = (choice: BulkChoice) => {
    if (selected.length === 0) {
      setLocalError(nothingSelected(noun));
      return;
    }
    setLocalError(null);
    setAsking(choice);
    dialog.current?.showModal();
  };
  const send = () => {
    if (!asking || busy) return;
    const body = new FormData();
    body.set("intent", BULK_INTENT);
    body.set(BULK_FIELDS.action, asking.value);
    body.set(BULK_FIELDS.to, to);
    body.set(BULK_FIELDS.confirmed, "1");
    for (const item of selected) body.append(BULK_FIELDS.ids, item._id);
    void fetcher.submit(body, { method: "post", action: listHref });
  };
  const step = answer?.confirm;
  const stepChoice = step ? choices.find((choice) => choice.value === step.action) : undefined;

  return (
    <div className="grid gap-3">
      {step && stepChoice ? (
        <BulkConfirmation
          id={panelId}
          choice={stepChoice}
          step={step}
          what={counted(step.ids.length, noun)}
          listHref={listHref}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
        <p role="status" className="text-sm font-medium text-slate-800">
          <CheckSquareIcon aria-hidden="true" className="mr-1.5 inline h-4 w-4 align-[-3px]" />
          {hydrated
            ? selected.length
              ? `${what} selected`
              : `No ${noun[1]} selected`
            : `With the selected ${noun[1]}:`}
        </p>
        <Form
          id={formId}
          method="post"
          action={`${listHref}#${panelId}`}
          aria-label={`Bulk actions on the selected ${noun[1]}`}
          className="flex flex-wrap items-center gap-2"
        >
          <input type="hidden" name="intent" value={BULK_INTENT} />
          {pageIds.map((id) => (
            <input key={id} type="hidden" name={BULK_FIELDS.page} value={id} />
          ))}
          {choices.map((choice) => (
            <span key={choice.value} className="flex flex-wrap items-center gap-2">
              {choice.options ? (
                <ChoiceOptions choice={choice} idBase={formId} value={to} onChange={setTo} />
              ) : null}
              <button
                type={hydrated ? "button" : "submit"}
                name={BULK_FIELDS.action}
                value={choice.value}
                aria-haspopup={hydrated ? "dialog" : undefined}
                onClick={hydrated ? () => ask(choice) : undefined}
                className={`${barButtonClass} ${choice.danger ? "text-red-700 ring-red-200 hover:bg-red-50" : "text-blue-700 ring-slate-300 hover:bg-blue-50"}`}
              >
                {choice.label}
              </button>
            </span>
          ))}
        </Form>
      </div>
      <FormErrors errors={error ? [error] : undefined} />
      {hydrated ? (
        <dialog ref={dialog} aria-labelledby={titleId} className={dialogClass}>
          {asking ? (
            <div className="grid gap-4 p-6">
              <Question
                titleId={titleId}
                choice={asking}
                question={asking.question(what, to)}
                subjects={selected.map(options.subject)}
              />
              <div className="flex flex-wrap items-center gap-3">
                <SubmitButton
                  type="button"
                  variant={asking.danger ? "danger" : "primary"}
                  pending={busy}
                  pendingText="Working..."
                  onClick={send}
                >
                  {asking.confirm(what, to)}
                </SubmitButton>
                <button
                  type="button"
                  className={cancelClass}
                  onClick={() => dialog.current?.close()}
                >
                  Cancel
                </button>
              </div>
            </div>
          ) : null}
        </dialog>
      ) : null}
    </div>
  );
}

/** The value a choice sets, picked beside its button ("Change status to"). */
function ChoiceOptions({
  choice,
  idBase,
  value,
  onChange,
}: {
  choice: BulkChoice;
  idBase: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = `${idBase}-${choice.value}`;
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {choice.options?.label}
      </label>
      <select
        id={id}
        name={BULK_FIELDS.to}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-2 focus:outline-offset-2 focus:outline-blue-600"
      >
        {choice.options?.values.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </>
  );
}

/** The question and the records it concerns, by name: the dialog's and the step's. */
function Question({
  titleId,
  choice,
  question,
  subjects,
}: {
  titleId: string;
  choice: BulkChoice;
  question: string;
  subjects: readonly string[];
}) {
  return (
    <>
      <h2 id={titleId} className="flex items-start gap-2 text-lg font-semibold text-slate-900">
        {choice.danger ? (
          <WarningIcon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
        ) : null}
        {question}
      </h2>
      <ul className="grid max-h-60 list-disc gap-1 overflow-y-auto pl-5 text-sm text-slate-800 [overflow-wrap:anywhere]">
        {subjects.map((subject, index) => (
          // The same name may be on two rows: the position tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, drawn once.
          <li key={index}>{subject}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The confirmation step without JavaScript: the action's answer to the bar's post, naming the
 * records; Confirm posts them again with `confirmed`, Cancel goes back to the list.
 */
function BulkConfirmation({
  id,
  choice,
  step,
  what,
  listHref,
}: {
  id: string;
  choice: BulkChoice;
  step: NonNullable<BulkAnswer["confirm"]>;
  what: string;
  listHref: string;
}) {
  const titleId = useId();
  const tone = choice.danger ? "border-red-200 bg-red-50" : "border-blue-200 bg-blue-50";
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={`grid scroll-mt-6 gap-4 rounded-2xl border p-5 shadow-sm ${tone}`}
    >
      <Question
        titleId={titleId}
        choice={choice}
        question={choice.question(what, step.to)}
        subjects={step.subjects}
      />
      <Form method="post" action={listHref} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={BULK_INTENT} />
        <input type="hidden" name={BULK_FIELDS.action} value={step.action} />
        <input type="hidden" name={BULK_FIELDS.to} value={step.to} />
        <input type="hidden" name={BULK_FIELDS.confirmed} value="1" />
        {step.ids.map((one) => (
          <input key={one} type="hidden" name={BULK_FIELDS.ids} value={one} />
        ))}
        <SubmitButton variant={choice.danger ? "danger" : "primary"} pending={false} pendingText="">
          {choice.confirm(what, step.to)}
        </SubmitButton>
        <Link to={listHref} className={`${cancelClass} bg-white`}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
