// Where a form's validation messages show. Several fields often share one message ("Title and
// description are required." for either or both; a testimonial's name, title and text share
// one): each message shows once, under the first field it concerns, and the other fields it
// concerns are marked invalid and described by that same line, so a screen reader still says
// why. Above the form a summary names every field to correct, each a link to its field (the
// messages themselves are not repeated there: each is on the page once).
import { WarningCircleIcon } from "@phosphor-icons/react";
import { Fragment } from "react";

/** A field as the placement sees it: its input's id, its error line's id and its messages. */
export interface FieldErrorSource {
  id: string;
  errorId: string;
  errors?: string[] | undefined;
  /** What the summary links to when the field has no input of that id (a list of rows). */
  anchor?: string;
}

/** What placeErrors reads of a conform field (its metadata is a proxy: spreading it gives nothing). */
export function pickErrors(meta: FieldErrorSource): FieldErrorSource {
  return { id: meta.id, errorId: meta.errorId, errors: meta.errors };
}

/** A field to correct, as the summary links to it. */
export interface SummaryLink {
  label: string;
  href: string;
}

export interface ErrorPlacement {
  /** The messages shown under the field whose input has this id (possibly none). */
  shown: (id: string) => string[];
  /** The error line that describes the field's input: its own, or the one showing its message. */
  errorIdOf: (id: string) => string | undefined;
  /** Every field with a message, in the order they are drawn. */
  summary: SummaryLink[];
}

/** Places the messages of `fields`, given in the order they are drawn, named by `label`. */
export function placeErrors(
  fields: readonly (FieldErrorSource & { label: string })[],
): ErrorPlacement {
  const firstBy = new Map<string, FieldErrorSource>();
  const shown = new Map<string, string[]>();
  const errorIds = new Map<string, string>();
  for (const field of fields) {
    const own: string[] = [];
    let elsewhere: string | undefined;
    for (const message of field.errors ?? []) {
      const first = firstBy.get(message);
      if (!first) {
        firstBy.set(message, field);
        own.push(message);
      } else if (first !== field) {
        elsewhere ??= first.errorId;
      }
    }
    shown.set(field.id, own);
    errorIds.set(field.id, own.length || !elsewhere ? field.errorId : elsewhere);
  }
  return {
    shown: (id) => shown.get(id) ?? [],
    errorIdOf: (id) => errorIds.get(id),
    summary: fields
      .filter((field) => field.errors?.length)
      .map((field) => ({ label: field.label, href: `#${field.anchor ?? field.id}` })),
  };
}

/**
 * A conform field's metadata with the placement's view of its errors: the messages it shows and
 * the error line its input points at (conform's input props read both). Whether it is invalid
 * is conform's own answer, unchanged.
 */
export function placedField<
  M extends { id: string; errorId: string; errors?: string[] | undefined },
>(meta: M, placement: ErrorPlacement): M {
  const shown = placement.shown(meta.id);
  return new Proxy(meta, {
    get(target, key) {
      if (key === "errors") return target.errors?.length ? shown : target.errors;
      if (key === "errorId") return placement.errorIdOf(target.id) ?? target.errorId;
      return Reflect.get(target, key);
    },
  });
}

/**
 * The red box above a form: what went wrong with the form as a whole, then the fields to
 * correct, each a link to its field. `id` is what the inputs' aria-describedby names while the
 * form as a whole has an error (see InputField's formErrorId).
 */
export function ErrorSummary({
  id,
  formErrors,
  fieldErrors = [],
}: {
  id?: string;
  formErrors?: string[] | undefined;
  fieldErrors?: readonly SummaryLink[];
}) {
  if (!formErrors?.length && !fieldErrors.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="grid gap-1">
        {formErrors?.map((error) => (
          <p key={error}>{error}</p>
        ))}
        {fieldErrors.length ? (
          <p>
            {fieldErrors.length === 1 ? "Correct this field" : "Correct these fields"}:{" "}
            {fieldErrors.map(({ label, href }, i) => (
              <Fragment key={href}>
                {i ? ", " : ""}
                <a href={href} className="underline underline-offset-2 hover:text-red-950">
                  {label}
                </a>
              </Fragment>
            ))}
            .
          </p>
        ) : null}
      </div>
    </div>
  );
}
