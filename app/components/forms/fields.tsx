// Labelled form fields bound to conform: label, optional hint, errors beside the field and the
// aria wiring (aria-invalid, aria-describedby). Shared by the public forms and the admin.
import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import { WarningCircleIcon } from "@phosphor-icons/react";
import type { ComponentProps, ReactNode } from "react";

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

/** A labelled textarea bound to a conform field (see InputField). */
export function TextareaField({
  meta,
  label,
  hint,
  formErrorId,
  ...textarea
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's string field.
  meta: FieldMetadata<string, any, string[]>;
  label: string;
  hint?: ReactNode;
  formErrorId?: string;
} & Omit<ComponentProps<"textarea">, "id" | "name" | "className" | "key">) {
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
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: describedBy })}
        key={meta.key}
        className={`${inputClass} resize-y`}
        {...textarea}
      />
    </Field>
  );
}

/** A labelled select bound to a conform field; `placeholder` is the empty first option. */
export function SelectField({
  meta,
  label,
  options,
  placeholder,
  formErrorId,
  ...select
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's string field.
  meta: FieldMetadata<string, any, string[]>;
  label: string;
  options: readonly string[];
  placeholder: string;
  formErrorId?: string;
} & Omit<ComponentProps<"select">, "id" | "name" | "className" | "key" | "children">) {
  return (
    <Field id={meta.id} label={label} errors={meta.errors} errorId={meta.errorId}>
      <select
        {...getSelectProps(meta, { ariaDescribedBy: formErrorId })}
        key={meta.key}
        className={inputClass}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}
