// The internships editor's own parts (routes/admin/internships.tsx draws the kit's editor, always
// on the page): below it the green success line (the flash after POST/redirect/GET, or a
// toggle's answer) and the red error line (the errors joined by commas, or 'An error
// occurred'), where the page scrolls after a change.
import { CheckCircleIcon } from "@phosphor-icons/react";
import { FlashMessage, FormErrors } from "~/components/admin/form-controls";
import type { LayoutFlash as Flash } from "~/components/admin/use-flash";
import { INTERNSHIP_ERROR, internships } from "~/content/internships";

const { admin } = internships;

/** A toggle's answer, shown in the lines below the form. */
export interface Note {
  ok: boolean;
  text: string;
  /** Distinguishes the same text twice, so it is announced twice. */
  at: number;
}

/**
 * The errors joined by commas ("Title is required, Salary is required."), or the generic
 * 'An error occurred' exactly as written, as delete and toggle show it.
 */
export function joinErrors(errors: readonly string[]): string {
  const unique = [...new Set(errors.map((e) => e.trim().replace(/\.$/, "")))].filter(Boolean);
  if (unique.includes(INTERNSHIP_ERROR)) return INTERNSHIP_ERROR;
  return unique.length ? `${unique.join(", ")}.` : "";
}

/** The green success and red error lines below the form. */
export function ResultLines({
  flash,
  note,
  errorLine,
}: {
  flash: Flash;
  note: Note | null;
  errorLine: string | null | undefined;
}) {
  return (
    <div id={admin.resultId} className="mt-5 grid scroll-mt-6 gap-3">
      <FlashMessage key={flash.key ?? "none"} message={note ? null : flash.message} />
      <div role="status" className={note?.ok ? "" : "sr-only"}>
        {note?.ok ? (
          <p
            key={note.at}
            className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800"
          >
            <CheckCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>{note.text}</span>
          </p>
        ) : null}
      </div>
      <FormErrors errors={errorLine ? [errorLine] : undefined} />
    </div>
  );
}
