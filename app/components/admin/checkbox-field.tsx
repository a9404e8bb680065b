// A labelled checkbox bound to conform, its hint beside it: a box ticked or not (an internship's
// Urgent and Active). Unchecked posts nothing, which the schema reads as false.
import { type FieldMetadata, getInputProps } from "@conform-to/react";

export function CheckboxField({
  meta,
  label,
  hint,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's boolean field.
  meta: FieldMetadata<any, any, string[]>;
  label: string;
  hint: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      <input
        {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: meta.descriptionId })}
        key={meta.key}
        className="mt-0.5 h-5 w-5 shrink-0 rounded accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      />
      <div className="grid gap-0.5">
        <label htmlFor={meta.id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        <p id={meta.descriptionId} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
