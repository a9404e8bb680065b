// Labelled form fields bound to conform: label, optional hint, errors beside the field and the
// aria wiring (aria-invalid, aria-describedby). Shared by the public forms and the admin.
import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Icon } from "~/components/icon/icon";

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
    // content-start: beside a field showing an error (a taller grid cell), this one keeps its
    // label and input at their own height instead of stretching them.
    <div className="grid content-start gap-1.5">
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
          <Icon name="warning-circle" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{errors.join(" ")}</span>
        </p>
      ) : null}
    </div>
  );
}

// Focus is a solid outline around the field, apart from its border: it stays plain on a field
// with a red (invalid) border, where a faint ring would not tell focused from not focused.
export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-offset-2 focus:outline-blue-600 aria-[invalid=true]:border-red-600";

// biome-ignore lint/suspicious/noExplicitAny: any form's string field.
type StringField = FieldMetadata<string, any, string[]>;

/** Field, wired to a conform field's ids and errors. */
function ConformField({
  meta,
  label,
  hint,
  children,
}: {
  meta: StringField;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field
      id={meta.id}
      label={label}
      hint={hint}
      hintId={meta.descriptionId}
      errors={meta.errors}
      errorId={meta.errorId}
    >
      {children}
    </Field>
  );
}

/** What a field's input is described by: its hint, and the form's error box while it shows. */
function describedBy(meta: StringField, hint: ReactNode, formErrorId: string | undefined) {
  return (
    [hint ? meta.descriptionId : undefined, formErrorId].filter(Boolean).join(" ") || undefined
  );
}

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
  meta: StringField;
  label: string;
  hint?: ReactNode;
  type: "text" | "email" | "password" | "url" | "tel";
  /** The form error box's id while it shows an error (see FormErrors). */
  formErrorId?: string;
} & Omit<ComponentProps<"input">, "type" | "id" | "name" | "className" | "key">) {
  return (
    <ConformField meta={meta} label={label} hint={hint}>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: describedBy(meta, hint, formErrorId) })}
        key={meta.key}
        className={inputClass}
        {...input}
      />
    </ConformField>
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
  meta: StringField;
  label: string;
  hint?: ReactNode;
  formErrorId?: string;
} & Omit<ComponentProps<"textarea">, "id" | "name" | "className" | "key">) {
  return (
    <ConformField meta={meta} label={label} hint={hint}>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: describedBy(meta, hint, formErrorId) })}
        key={meta.key}
        className={`${inputClass} resize-y`}
        {...textarea}
      />
    </ConformField>
  );
}

/**
 * conform resets a form it was told to reset (a successful post's `resetForm`) by unselecting
 * every option of a select (selectedIndex -1), which leaves the select blank instead of showing
 * its empty first option. It marks each field it resets with a new data-conform value: when
 * that happens to a select left with nothing selected, select the placeholder again.
 */
function keepPlaceholderSelected(select: HTMLSelectElement | null) {
  if (!select) return;
  const observer = new MutationObserver(() => {
    if (select.selectedIndex === -1 && select.options.length > 0) select.selectedIndex = 0;
  });
  observer.observe(select, { attributes: true, attributeFilter: ["data-conform"] });
  return () => observer.disconnect();
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
  meta: StringField;
  label: string;
  options: readonly string[];
  placeholder: string;
  formErrorId?: string;
} & Omit<ComponentProps<"select">, "id" | "name" | "className" | "key" | "children">) {
  return (
    <ConformField meta={meta} label={label}>
      <select
        {...getSelectProps(meta, { ariaDescribedBy: formErrorId })}
        key={meta.key}
        ref={keepPlaceholderSelected}
        // A native select is a few pixels shorter than a text input with the same padding: the
        // same height as the inputs beside it (py-2.5 + a 24 px line + the border).
        className={`${inputClass} h-11.5`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </ConformField>
  );
}
