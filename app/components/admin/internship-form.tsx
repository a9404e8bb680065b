// The internships editor (routes/admin/internships.tsx): always on the page, titled 'Add New
// Internship', or 'Edit Internship' at `?edit=<id>` (editing fills it, lists joined by commas;
// a successful save empties it and leaves edit mode). Its inputs are the content kit's, drawn
// from app/content/internships.ts. Below it the green success line (the flash after
// POST/redirect/GET, or a toggle's answer) and the red error line (the errors joined by commas,
// or 'An error occurred'), where the page scrolls after a change.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { CheckCircleIcon } from "@phosphor-icons/react";
import { Form, Link } from "react-router";
import { FlashMessage, FormErrors, SubmitButton } from "~/components/admin/form-controls";
import { secondaryLinkClass } from "~/components/admin/list-controls";
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { type LayoutFlash as Flash, useResetOnFlash } from "~/components/admin/use-flash";
import { INTERNSHIP_ERROR, type InternshipRecord, internships } from "~/content/internships";
import { editorDefaults, FieldRows, SAVE_INTENT } from "~/content/kit/admin-screen";

const { admin, texts } = internships;

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

export function InternshipForm({
  editing,
  lastResult,
  cancelHref,
  flash,
  note,
  listError,
}: {
  editing: InternshipRecord | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
  flash: Flash;
  note: Note | null;
  listError: string | null | undefined;
}) {
  const saving = usePosting(SAVE_INTENT);
  const [form, fields] = useEditorForm(internships.schema, {
    id: editing ? `internship-${editing._id}` : "internship-new",
    lastResult,
    defaultValue: editorDefaults(internships, editing) as never,
  });
  // With JavaScript the add form stays mounted across the redirect after 'Add Internship': empty
  // it (an edit's form is replaced by the add form anyway; a delete keeps what is being typed).
  useResetOnFlash(form, (message) => message === texts.created);

  const formErrors = joinErrors(Object.values(form.allErrors).flat());
  const errorLine = note && !note.ok ? note.text : listError || formErrors;
  const headingId = "internship-form-heading";
  return (
    <section
      aria-labelledby={headingId}
      // Edit mode stands out, so nobody takes the filled form for a new one.
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-6 ${
        editing ? "border-blue-300 ring-4 ring-blue-50" : "border-slate-200"
      }`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? admin.formTitle.edit : admin.formTitle.create}
      </h2>
      {editing ? (
        <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
          Changing “{editing.title}”.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">Every field is required except the two boxes.</p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        {editing ? <input type="hidden" name="id" value={editing._id} /> : null}
        <FieldRows
          type={internships}
          fields={fields as never}
          // Edit was chosen in the table: start changing at once.
          autoFocus={editing ? "title" : undefined}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={saving} pendingText={editing ? "Updating..." : "Adding..."}>
            {editing ? "Update Internship" : "Add Internship"}
          </SubmitButton>
          {editing ? (
            <Link to={cancelHref} className={secondaryLinkClass}>
              Cancel
            </Link>
          ) : null}
        </div>
      </Form>
      <ResultLines flash={flash} note={note} errorLine={errorLine} />
    </section>
  );
}

/** The green success and red error lines below the form. */
function ResultLines({
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
