// Deleting a record from an admin table: always a POST (intent=delete, id), always after the
// SPEC's question ('Are you sure you want to delete this FAQ?').
// - With JavaScript, Delete opens a modal <dialog> asking it, with the POST form inside.
// - Without JavaScript, Delete is a link to the same list with `?delete=<id>`, where the page
//   renders <DeleteConfirmation> (the same question, the POST form and Cancel).
// The server's HTML always has the link; after hydration it becomes the dialog's button, so
// there is no hydration mismatch and no control that needs JavaScript before it has it.
import { TrashIcon, WarningIcon } from "@phosphor-icons/react";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/components/forms/submit-button";
import { useHydrated } from "~/lib/use-hydrated";

export const DELETE_INTENT = "delete";
/**
 * Sent with a delete posted by JavaScript: a failure then answers in place (the error above the
 * list); without it the server redirects back to the list with an error flash (POST/redirect/GET).
 * The same name as the visitor forms' field, which the 'form not sent' page never shows.
 */
export const DELETE_ENHANCED_FIELD = "_enhanced";

/** A destructive action's look (Delete, Revoke): red text on a light red ring. */
export const dangerLink =
  "inline-flex items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";
export const cancelClass =
  "inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** A modal confirmation (also the bulk bar's, bulk-bar.tsx). */
export const dialogClass =
  "m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-left shadow-xl backdrop:bg-slate-900/50";

/**
 * The same question and steps for another deleting intent (the trash's Delete forever): the
 * intent posted and the button's words.
 */
interface DeleteKind {
  /** Posted as `intent`; DELETE_INTENT unless said. */
  intent?: string;
  /** The button's words ("Delete forever"); "Delete" unless said. */
  label?: string;
}

/** Is this record's delete being posted right now? */
function useDeleting(id: string, intent = DELETE_INTENT): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("id") === id
  );
}

function DeleteForm({
  id,
  intent = DELETE_INTENT,
  children,
}: {
  id: string;
  intent?: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {hydrated ? <input type="hidden" name={DELETE_ENHANCED_FIELD} value="1" /> : null}
      {children}
    </Form>
  );
}

/** The Delete control of one table row. */
export function DeleteButton({
  id,
  subject,
  question,
  confirmHref,
  intent,
  label = "Delete",
}: DeleteKind & {
  id: string;
  /** What is deleted, for screen readers and the dialog ("the FAQ's question"). */
  subject: string;
  /** The SPEC's confirmation text. */
  question: string;
  /** This list's URL with `?delete=<id>`: the confirmation step without JavaScript. */
  confirmHref: string;
}) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const deleting = useDeleting(id, intent);
  const wasDeleting = useRef(false);
  // The dialog stays open while the POST runs (it shows 'Deleting...'); when the page comes
  // back with an error instead of the row gone, it closes so the error above the table shows.
  useEffect(() => {
    if (wasDeleting.current && !deleting) dialog.current?.close();
    wasDeleting.current = deleting;
  }, [deleting]);

  const content = (
    <>
      <TrashIcon aria-hidden="true" className="h-4 w-4" />
      {label}
      <span className="sr-only"> {subject}</span>
    </>
  );
  if (!hydrated) {
    return (
      <Link to={confirmHref} className={dangerLink}>
        {content}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={dangerLink}
        onClick={() => dialog.current?.showModal()}
      >
        {content}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className={dialogClass}>
        <div className="grid gap-4 p-6">
          <DeleteQuestion
            id={id}
            titleId={titleId}
            question={question}
            subject={subject}
            intent={intent}
            label={label}
          >
            <button type="button" className={cancelClass} onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </DeleteQuestion>
        </div>
      </dialog>
    </>
  );
}

/**
 * The confirmation step without JavaScript (`?delete=<id>`): the same question, a POST button
 * and a way back. Rendered by the page above its table.
 */
export function DeleteConfirmation({
  id,
  subject,
  question,
  cancelHref,
  intent,
  label,
}: DeleteKind & {
  id: string;
  subject: string;
  question: string;
  cancelHref: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-4 rounded-2xl border border-red-200 bg-red-50 p-6 shadow-sm"
    >
      <DeleteQuestion
        id={id}
        titleId={titleId}
        question={question}
        subject={subject}
        intent={intent}
        label={label}
        onRed
      >
        <Link to={cancelHref} className={`${cancelClass} bg-white`}>
          Cancel
        </Link>
      </DeleteQuestion>
    </section>
  );
}

/**
 * The question, the record it names in quotes, and the Delete form with its way back
 * (`children`): the same in the dialog and on the step without JavaScript (`onRed`: its red box).
 */
function DeleteQuestion({
  id,
  titleId,
  question,
  subject,
  onRed,
  intent,
  label = "Delete",
  children,
}: DeleteKind & {
  id: string;
  titleId: string;
  question: string;
  subject: string;
  onRed?: boolean;
  children: React.ReactNode;
}) {
  const deleting = useDeleting(id, intent);
  return (
    <>
      <h2
        id={titleId}
        className={`flex items-start gap-2 text-lg font-semibold ${onRed ? "text-red-950" : "text-slate-900"}`}
      >
        <WarningIcon aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
        {question}
      </h2>
      <p
        className={`text-sm font-medium [overflow-wrap:anywhere] ${onRed ? "text-red-950" : "text-slate-800"}`}
      >
        “{subject}”
      </p>
      <DeleteForm id={id} intent={intent}>
        <SubmitButton variant="danger" pending={deleting} pendingText="Deleting...">
          {label}
        </SubmitButton>
        {children}
      </DeleteForm>
    </>
  );
}
