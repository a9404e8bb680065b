// Small building blocks of the admin forms: the red error box above a form, the flash line after
// a redirect, and a submit button that says what it is doing. Labelled fields are shared with
// the public forms (components/forms/fields.tsx).
import { CheckCircleIcon, WarningCircleIcon } from "@phosphor-icons/react";
import { useEffect, useRef } from "react";
import { ErrorSummary } from "~/components/forms/error-summary";

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
  className = "",
}: {
  message: string | null | undefined;
  /** "error": something posted without JavaScript failed (a delete); drawn like FormErrors. */
  tone?: "success" | "error";
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
        <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          <CheckCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
