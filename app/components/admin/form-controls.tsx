// Small building blocks of the admin forms: a labelled field with its errors, the red error box
// above a form, the flash line after a redirect, and a submit button that says what it is doing.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { CheckCircleIcon, WarningCircleIcon } from "@phosphor-icons/react";
import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";

export function Field({
  id,
  label,
  hint,
  errors,
  errorId,
  hintId,
  children,
}: {
  /** The input's id (conform's field.id). */
  id: string;
  label: string;
  hint?: ReactNode;
  errors?: string[];
  /** ids the input points at with aria-describedby (conform's errorId / descriptionId). */
  errorId: string;
  hintId?: string;
  /** The input, with id / name / aria-* already set. */
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{errors.join(" ")}</span>
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20";

/**
 * A labelled input bound to a conform field: label, hint, errors and the aria wiring (the
 * input is described by its hint and, while it shows something, the form's red error box).
 */
export function InputField({
  meta,
  label,
  hint,
  type,
  formErrorId,
  ...input
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's string field.
  meta: FieldMetadata<string, any, string[]>;
  label: string;
  hint?: ReactNode;
  type: "text" | "email" | "password" | "url" | "tel";
  /** The form error box's id while it shows an error (see FormErrors). */
  formErrorId?: string;
} & Omit<ComponentProps<"input">, "type" | "id" | "name" | "className" | "key">) {
  const describedBy =
    [hint ? meta.descriptionId : undefined, formErrorId].filter(Boolean).join(" ") || undefined;
  return (
    <Field
      id={meta.id}
      label={label}
      hint={hint}
      hintId={meta.descriptionId}
      errors={meta.errors}
      errorId={meta.errorId}
    >
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: describedBy })}
        key={meta.key}
        className={inputClass}
        {...input}
      />
    </Field>
  );
}

/** The red box above a form: what went wrong with the form as a whole. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    </div>
  );
}

/**
 * A one-time message after a redirect. A live region that already holds text when the page
 * loads is not announced, so with JavaScript the message takes the focus when it arrives (give
 * it a new `key` per message so the same text twice is focused twice); without JavaScript the
 * page title starts with it (adminMeta). Render it first in the main content.
 */
export function FlashMessage({
  message,
  className = "",
}: {
  message: string | null | undefined;
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
      {message ? (
        <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          <CheckCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Not `disabled` while pending: disabling the focused button drops the focus to <body>, and a
 * screen reader user loses their place. aria-disabled says it, and a click (or Enter in a field,
 * which clicks the submit button) while pending is ignored, so nothing is sent twice.
 */
export function SubmitButton({
  pending,
  pendingText,
  children,
  variant = "primary",
  className = "",
  onClick,
  ...props
}: ComponentProps<"button"> & {
  pending: boolean;
  pendingText: string;
  variant?: "primary" | "danger";
}) {
  const colours =
    variant === "danger"
      ? "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700"
      : "bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700";
  return (
    <button
      type="submit"
      aria-disabled={pending}
      className={`inline-flex items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-wait aria-disabled:opacity-70 ${colours} ${className}`}
      {...props}
      onClick={(event) => {
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {pending ? pendingText : children}
    </button>
  );
}
