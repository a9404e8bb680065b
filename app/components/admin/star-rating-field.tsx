// The testimonial's rating (1 to 5, drawn as stars, 5 by default) as five native radio
// inputs drawn as stars, so it works without JavaScript: each star is the label of its radio
// ('4 stars' to screen readers), the arrow keys move between them as in any radio group, and
// the focused star shows an outline. The stars up to the checked one are filled by CSS alone:
// a star is drawn empty when a checked radio comes before its own radio in the DOM.
import { StarIcon, WarningCircleIcon } from "@phosphor-icons/react";
import { Fragment, useId } from "react";
import { RATING_MAX, starsLabel } from "~/content/testimonials";

// Written out in full: Tailwind finds class names in the source, not built at run time.
const CHOICES = [
  { n: 1, peer: "peer/r1", shown: "peer-checked/r1:inline" },
  { n: 2, peer: "peer/r2", shown: "peer-checked/r2:inline" },
  { n: 3, peer: "peer/r3", shown: "peer-checked/r3:inline" },
  { n: 4, peer: "peer/r4", shown: "peer-checked/r4:inline" },
  { n: 5, peer: "peer/r5", shown: "peer-checked/r5:inline" },
] as const;

export function StarRatingField({
  name,
  label,
  defaultValue,
  errors,
  errorId,
  fieldKey,
  id: fieldsetId,
}: {
  name: string;
  label: string;
  /** The checked star (1-5). */
  defaultValue: number;
  errors?: string[];
  errorId: string;
  /** conform's field key: a new one (form reset) re-applies defaultChecked. */
  fieldKey?: string;
  /** The fieldset's id (an error summary links to it). */
  id?: string;
}) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <fieldset
      id={fieldsetId}
      aria-describedby={invalid ? errorId : undefined}
      className="grid gap-1.5"
    >
      <legend className="text-sm font-semibold text-slate-900">{label}</legend>
      <div className="flex flex-wrap items-center">
        {CHOICES.map(({ n, peer }) => (
          <Fragment key={`${fieldKey ?? ""}-${n}`}>
            <input
              type="radio"
              id={`${id}-${n}`}
              name={name}
              value={String(n)}
              defaultChecked={defaultValue === n}
              aria-invalid={invalid || undefined}
              className={`${peer} sr-only`}
            />
            <label
              htmlFor={`${id}-${n}`}
              className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-md text-amber-500 transition-transform hover:scale-110 [input:checked~input~&]:text-slate-500 [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-offset-1 [input:focus-visible+&]:outline-blue-700"
            >
              <StarIcon
                aria-hidden="true"
                weight="fill"
                className="h-8 w-8 [input:checked~input~label_&]:hidden"
              />
              <StarIcon
                aria-hidden="true"
                weight="regular"
                className="hidden h-8 w-8 [input:checked~input~label_&]:block"
              />
              <span className="sr-only">{starsLabel(n)}</span>
            </label>
          </Fragment>
        ))}
        {/* The choice in words, for sighted users (screen readers hear the radio's name):
            siblings of the radios, so CSS shows the checked one's. */}
        {CHOICES.map(({ n, shown }) => (
          <span
            key={n}
            aria-hidden="true"
            className={`ml-3 hidden text-sm font-medium text-slate-700 ${shown}`}
          >
            {n} of {RATING_MAX}
          </span>
        ))}
      </div>
      {invalid ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{errors?.join(" ")}</span>
        </p>
      ) : null}
    </fieldset>
  );
}
