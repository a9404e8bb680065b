// Small building blocks of the admin forms: the red error box above a form, the flash line after
// a redirect, and a submit button that says what it is doing. Labelled fields are shared with
// the public forms (components/forms/fields.tsx).
import {
  ArrowCounterClockwiseIcon,
  CheckCircleIcon,
  WarningCircleIcon,
} from "@phosphor-icons/react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { type FlashUndo, UNDO_FIELD } from "~/lib/flash";

export { Field, InputField, inputClass } from "~/components/forms/fields";
export { SubmitButton } from "~/components/forms/submit-button";

/** The red box above a form: what went wrong with the form as a whole (see ErrorSummary). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  return <ErrorSummary id={id} formErrors={errors} />;
}

/**
 * A one-time message after a redirect. A live region that already holds text when the page
 * loads is not announced, so with JavaScript the message takes the focus when it arrives (give
 * it a new `key` per message so the same text twice is focused twice); without JavaScript the
 * page title starts with it (adminMeta). Render it first in the main content.
 */
export function FlashMessage({
  message,
  tone = "success",
  undo = null,
  className = "",
}: {
  message: string | null | undefined;
  /** "error": something posted without JavaScript failed (a delete); drawn like FormErrors. */
  tone?: "success" | "error";
  /** A success that can be taken back (a move to the trash): an Undo button beside the text. */
  undo?: FlashUndo | null;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      tabIndex={-1}
      className={`outline-none ${message ? className : "sr-only"}`}
    >
      {message && tone === "error" ? (
        <p className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span>{message}</span>
        </p>
      ) : message ? (
        <div className="flex flex-wrap items-start gap-x-2 gap-y-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          <CheckCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <p className="min-w-0 flex-1">{message}</p>
          {undo ? <UndoButton undo={undo} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The flash's Undo: a plain POST form (it works without JavaScript) to the page whose action
 * takes the change back, which then returns to the list with its own message.
 */
function UndoButton({ undo }: { undo: FlashUndo }) {
  const navigation = useNavigation();
  const undoing = navigation.state !== "idle" && navigation.formData?.get(UNDO_FIELD) === "1";
  return (
    <Form method="post" action={undo.action} className="-my-1 ml-auto">
      <input type="hidden" name="intent" value={undo.intent} />
      <input type="hidden" name={UNDO_FIELD} value="1" />
      {undo.ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <button
        type="submit"
        aria-disabled={undoing}
        onClick={(event) => {
          if (undoing) event.preventDefault();
        }}
        className="inline-flex items-center gap-1.5 rounded-md bg-white px-3 py-1 text-sm font-semibold text-green-900 ring-1 ring-green-300 hover:bg-green-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        <ArrowCounterClockwiseIcon aria-hidden="true" className="h-4 w-4" />
        {undoing ? "Undoing..." : "Undo"}
      </button>
    </Form>
  );
}
