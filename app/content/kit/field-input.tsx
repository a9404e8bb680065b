// One editor input per field descriptor: the kit's forms (a collection's, a document's) draw a
// type's fields from its description, with conform's wiring (labels, hints, errors, aria) from
// components/forms, laid out in pairs, and wait for their image uploads before saving.
import { getInputProps, getSelectProps } from "@conform-to/react";
import { type ComponentProps, type ReactNode, useRef, useState } from "react";
import { CheckboxField } from "~/components/admin/checkbox-field";
import { Field, InputField, inputClass } from "~/components/admin/form-controls";
import { ImageField } from "~/components/admin/image-field";
import { StarRatingField } from "~/components/admin/star-rating-field";
import { type ErrorPlacement, placedField } from "~/components/forms/error-summary";
import { SelectField, TextareaField } from "~/components/forms/fields";
import {
  ALT_HINT,
  ALT_LABEL,
  ALT_MAX,
  altNames,
  DECORATIVE_HINT,
  DECORATIVE_LABEL,
  lacksAlt,
} from "./image-alt";
import type { FieldDescriptor } from "./types";

/** What a Markdown field accepts, shown under it unless the field has a hint of its own. */
const MARKDOWN_HINT = (
  <>
    Markdown: <code className="font-mono">## Heading</code>,{" "}
    <code className="font-mono">**bold**</code>, <code className="font-mono">- list item</code>,{" "}
    <code className="font-mono">[link](https://…)</code>. Line breaks are kept; HTML is not shown.
  </>
);

type Meta = ComponentProps<typeof InputField>["meta"];

/** An image field's alt text companions (kit/image-alt.ts): conform's metadata of each. */
export interface AltMetas {
  text: Meta;
  decorative: Meta;
}

/** The alt text of an image, by conform's metadata of its companions (`altNames(name)`). */
export const altMetas = (meta: (name: string) => Meta, name: string): AltMetas => {
  const names = altNames(name);
  return { text: meta(names.alt), decorative: meta(names.decorative) };
};

/** The alt text companions with the placement's view of the words' errors (error-summary.tsx). */
export const placedAlt = (
  alt: AltMetas | undefined,
  placement: ErrorPlacement,
): AltMetas | undefined => alt && { ...alt, text: placedField(alt.text, placement) };

export function FieldInput({
  field,
  meta,
  alt,
  formErrorId,
  autoFocus,
  onUploadingChange,
}: {
  field: FieldDescriptor;
  /** conform's metadata of the field (the type the shared inputs take). */
  meta: Meta;
  /** An image field's alt text companions, unless it is always decorative. */
  alt?: AltMetas;
  formErrorId?: string;
  autoFocus?: boolean;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  // What every typed input shares: label, hint, error wiring, placeholder and length limit.
  const typed = {
    meta,
    label: field.label,
    hint: field.hint,
    formErrorId,
    placeholder: field.placeholder,
    maxLength: field.maxLength,
  };
  switch (field.kind) {
    case "text":
    case "url":
    case "email":
    case "tel":
      // The form opens on purpose (Add, Edit): start typing at once.
      return <InputField {...typed} type={field.kind} autoComplete="off" autoFocus={autoFocus} />;
    case "tags":
      // One line of comma-separated words; the schema splits it into the stored list.
      return <InputField {...typed} type="text" autoComplete="off" />;
    case "link":
      // Not type="url": a site path like /blog is a valid link too.
      return (
        <InputField {...typed} type="text" inputMode="url" autoComplete="off" spellCheck={false} />
      );
    case "textarea":
    case "markdown":
      return (
        <TextareaField
          {...typed}
          hint={field.kind === "markdown" ? (field.hint ?? MARKDOWN_HINT) : field.hint}
          rows={field.rows ?? 5}
          autoFocus={autoFocus}
        />
      );
    case "list":
      return field.rows ? (
        <TextareaField {...typed} rows={field.rows} />
      ) : (
        <InputField {...typed} type="text" inputMode={field.inputMode} />
      );
    case "select":
      return <SelectField {...typed} options={field.options} placeholder={field.placeholder} />;
    case "choice":
      return (
        <Field id={meta.id} label={field.label} errors={meta.errors} errorId={meta.errorId}>
          <select {...getSelectProps(meta)} key={meta.key} className={`${inputClass} h-11.5`}>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Field>
      );
    case "date":
      return (
        <Field
          id={meta.id}
          label={field.label}
          hint={field.hint}
          errors={meta.errors}
          errorId={meta.errorId}
          hintId={meta.descriptionId}
        >
          <input
            {...getInputProps(meta, {
              type: "date",
              ariaDescribedBy: field.hint ? meta.descriptionId : undefined,
            })}
            key={meta.key}
            className={`${inputClass} h-11.5`}
          />
        </Field>
      );
    case "checkbox":
      return <CheckboxField meta={meta} label={field.label} hint={field.hint} />;
    case "stars": {
      const rating = Number(meta.initialValue ?? field.defaultValue);
      return (
        <StarRatingField
          name={meta.name}
          label={field.label}
          defaultValue={Number.isInteger(rating) ? rating : field.defaultValue}
          errors={meta.errors}
          errorId={meta.errorId}
          fieldKey={meta.key}
          id={meta.id}
        />
      );
    }
    case "image":
      return (
        <ImageField
          id={meta.id}
          name={meta.name}
          label={field.label}
          defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
          errors={meta.errors}
          onUploadingChange={onUploadingChange}
          hint={field.hint}
          removable={field.removable ?? true}
          lacksAlt={alt !== undefined && savedWithoutAlt(meta, alt)}
        >
          {alt ? (
            <div className="mt-1 grid gap-3">
              <InputField
                meta={alt.text}
                label={ALT_LABEL}
                hint={ALT_HINT}
                formErrorId={formErrorId}
                maxLength={ALT_MAX}
                type="text"
                autoComplete="off"
              />
              <CheckboxField
                meta={alt.decorative}
                label={DECORATIVE_LABEL}
                hint={DECORATIVE_HINT}
              />
            </div>
          ) : null}
        </ImageField>
      );
  }
}

/** What the editor started from: an image, neither described nor marked decorative. */
function savedWithoutAlt(meta: Meta, alt: AltMetas): boolean {
  const initial = (m: Meta) => m.initialValue;
  return lacksAlt((name) => {
    if (name === meta.name) return initial(meta);
    if (name === alt.decorative.name) return initial(alt.decorative) === "on";
    return initial(alt.text);
  }, meta.name);
}

/** Fields in the description's order; consecutive half-width ones share a row from `sm` on. */
export function laidOut<F extends { name: string; half?: boolean }>(
  fields: readonly F[],
  draw: (field: F, index: number) => ReactNode,
): ReactNode {
  const rows: [F, ...F[]][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    if (field.half && last?.[0].half && last.length < 2) last.push(field);
    else rows.push([field]);
  }
  let index = 0;
  return rows.map((row) => {
    const drawn = row.map((field) => draw(field, index++));
    return row.length > 1 ? (
      <div key={row[0].name} className="grid gap-5 sm:grid-cols-2">
        {drawn}
      </div>
    ) : (
      drawn[0]
    );
  });
}

/**
 * Whether an image field is uploading, per field (Save waits for every upload): with two image
 * fields (a post's cover and avatar) one finishing must not end the other's "Uploading
 * image...". `onChange(name)` is the same callback on every render: ImageField re-runs its
 * effect when its callback changes.
 */
export function useUploads() {
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const callbacks = useRef(new Map<string, (now: boolean) => void>()).current;
  const onChange = (name: string) => {
    let callback = callbacks.get(name);
    if (!callback) {
      callback = (now) =>
        setUploading((was) => (was[name] === now ? was : { ...was, [name]: now }));
      callbacks.set(name, callback);
    }
    return callback;
  };
  return { onChange, any: Object.values(uploading).some(Boolean) };
}
