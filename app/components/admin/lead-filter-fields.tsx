// The fields of the admin lists' GET filter forms (the lead inbox, the audit log): a search
// box, a select with an 'All …' choice, a day, and Filter / Clear. A GET form works without
// JavaScript and its URL can be shared; every field is labelled.
import { FunnelIcon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { inputClass } from "~/components/forms/fields";
import { SEARCH_MAX } from "~/lib/admin-list";
import { secondaryLinkClass } from "./list-controls";

function Field({
  id,
  label,
  className = "grid min-w-0 gap-1.5",
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children}
    </div>
  );
}

export function SearchFilter(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  className?: string;
}) {
  return (
    <Field id={props.id} label={props.label} className={props.className}>
      <input
        id={props.id}
        type="search"
        name={props.name}
        defaultValue={props.value}
        maxLength={SEARCH_MAX}
        placeholder={props.placeholder}
        className={inputClass}
      />
    </Field>
  );
}

export function SelectFilter(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The empty choice: "All statuses". */
  all: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        className={`${inputClass} h-11.5`}
      >
        <option value="">{props.all}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function DateFilter(props: { id: string; name: string; label: string; value: string }) {
  return (
    <Field id={props.id} label={props.label}>
      <input
        id={props.id}
        type="date"
        name={props.name}
        defaultValue={props.value}
        className={`${inputClass} h-11.5`}
      />
    </Field>
  );
}

/** Filter, and Clear (back to the whole list) once a filter is set. */
export function FilterButtons({
  filtered,
  clearHref,
  className,
}: {
  filtered: boolean;
  clearHref: string;
  className: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className={`${secondaryLinkClass} h-11.5`}>
        <FunnelIcon aria-hidden="true" className="h-4 w-4" />
        Filter
      </button>
      {filtered ? (
        <Link to={clearHref} className={`${secondaryLinkClass} h-11.5`}>
          Clear<span className="sr-only"> filter</span>
        </Link>
      ) : null}
    </div>
  );
}
