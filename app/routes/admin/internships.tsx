// /admin/dashboard/intership-page (the SPEC's spelling): SPEC §2 internship admin. The form
// is always there, titled 'Add New Internship', or 'Edit Internship' at `?edit=<id>` (SPEC §4:
// edit fills it, lists joined by commas; a successful save empties it and leaves edit mode).
// Below it the SPEC's green success line (the flash after POST/redirect/GET, or a toggle's
// answer) and red error line (the errors joined by commas, or 'An error occurred'); then 'All
// Internships' with search and pages (CollectionTable). Delete asks the SPEC's question (a
// dialog with JavaScript, `?delete=<id>` without, components/admin/confirm-delete.tsx);
// Toggle Active is a small POST form per row, sent with useFetcher when JavaScript runs so the
// page stays where it is, and the row changes once the server has answered.
import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
} from "@conform-to/react";
import {
  ArrowSquareOutIcon,
  CheckCircleIcon,
  PowerIcon,
  WarningCircleIcon,
} from "@phosphor-icons/react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { CollectionTable, EditDeleteActions, EditStamp } from "~/components/admin/collection-table";
import { DELETE_INTENT, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { Field, FlashMessage, InputField, SubmitButton } from "~/components/admin/form-controls";
import {
  AdminPageHeader,
  rowActionClass,
  secondaryLinkClass,
} from "~/components/admin/list-controls";
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { ADMIN_LAYOUT_ID, flashOf } from "~/components/admin/use-flash";
import { inputClass, SelectField, TextareaField } from "~/components/forms/fields";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  type AdminInternship,
  formatDurations,
  INTERNSHIP_ADDED,
  INTERNSHIP_DELETE_CONFIRM,
  INTERNSHIP_DELETED,
  INTERNSHIP_DOMAINS,
  INTERNSHIP_ERROR,
  INTERNSHIP_LIMITS,
  INTERNSHIP_NOT_FOUND,
  INTERNSHIP_STATUSES,
  INTERNSHIP_TOGGLED,
  INTERNSHIP_UPDATED,
  type InternshipInput,
  internshipFormSchema,
  internshipFormValues,
} from "~/domain/internship";
import {
  createInternship,
  deleteInternship,
  getInternship,
  listInternshipsForAdmin,
  toggleInternshipActive,
  updateInternship,
} from "~/domain/internship.server";
import { attempt, loadCollectionScreen, notFound, readForm } from "~/lib/admin-crud.server";
import { listHref, parseListState } from "~/lib/admin-list";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import { formatShortDate, isoDate } from "~/lib/format";
import { isWebUrl } from "~/lib/links";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/internships";
import type { AdminPageHandle } from "./layout";

export const PAGE = "/admin/dashboard/intership-page";
export const SAVE_INTENT = "save";
export const TOGGLE_INTENT = "toggle";
/** Posted by the Toggle Active form once JavaScript runs: answer with data, not a redirect. */
export const RESPOND_FIELD = "respond";
/**
 * Where a change lands: the lines below the form (SPEC §2), with the list right under them. The
 * form is long, so without this the confirmation would be out of sight at the top of the page;
 * the browser (or React Router's scroll restoration) scrolls to the fragment.
 */
export const RESULT_ID = "internship-result";
const AT_RESULT = `#${RESULT_ID}`;

export { INTERNSHIP_NOT_FOUND };

// The success line belongs below the form (SPEC §2), not at the top of the admin shell.
export const handle: AdminPageHandle = { ownFlash: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const screen = await loadCollectionScreen(request, {
    list: listInternshipsForAdmin,
    get: getInternship,
    notFoundText: INTERNSHIP_NOT_FOUND,
  });
  // Decided here, on the server's clock, so the page and its hydration agree.
  const now = Date.now();
  return {
    ...screen,
    items: screen.items.map((item) => ({
      ...item,
      deadlinePassed: new Date(item.deadline).getTime() < now,
    })),
  };
}

type ActionData = {
  result: SubmissionResult<string[]> | null;
  listError: string | null;
  toggled?: AdminInternship;
  message?: string;
};

const reply = (body: ActionData, status = 200) => data(body, { status });

/**
 * Requirements and benefits are typed comma-separated (SPEC §5), so an item holding a comma
 * ("HTML, CSS and JavaScript") cannot survive the round trip. When the admin left such a list
 * exactly as the form showed it, the stored items are kept instead of being split anew.
 */
function keepUnchangedLists(
  value: InternshipInput,
  form: FormData,
  current: AdminInternship | null,
): InternshipInput {
  if (!current) return value;
  const unchanged = (name: "requirements" | "benefits") =>
    String(form.get(name) ?? "").trim() === current[name].join(", ");
  return {
    ...value,
    requirements: unchanged("requirements") ? current.requirements : value.requirements,
    benefits: unchanged("benefits") ? current.benefits : value.benefits,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const state = parseListState(new URL(request.url));
  const back = listHref(PAGE, state);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== SAVE_INTENT && intent !== DELETE_INTENT && intent !== TOGGLE_INTENT) {
    return reply({ result: null, listError: "Unknown action." }, 400);
  }
  const rawId = form.get("id");
  const id = typeof rawId === "string" && rawId !== "" ? rawId : null;
  // Every intent but adding names an existing internship: a malformed or unknown id is a 404.
  const current = id ? await getInternship(id) : null;
  // A toggle sent by a fetcher gets its 404 as data: thrown, it would replace the whole page
  // with the error boundary, where the red line can say it (as lead-actions.server.ts does).
  const fetched = intent === TOGGLE_INTENT && form.get(RESPOND_FIELD) === "data";
  const gone = () =>
    fetched
      ? reply({ result: null, listError: INTERNSHIP_NOT_FOUND }, 404)
      : notFound(INTERNSHIP_NOT_FOUND);
  if ((intent !== SAVE_INTENT || id !== null) && !current) return gone();

  if (intent === DELETE_INTENT) {
    const deleted = await attempt("Deleting an internship", () =>
      deleteInternship(id as string, actor),
    );
    if (!deleted.ok) return reply({ result: null, listError: INTERNSHIP_ERROR }, 500);
    if (!deleted.value) notFound(INTERNSHIP_NOT_FOUND);
    return redirectWithFlash(`${back}${AT_RESULT}`, INTERNSHIP_DELETED);
  }

  if (intent === TOGGLE_INTENT) {
    const toggled = await attempt("Toggling an internship", () =>
      toggleInternshipActive(id as string, actor),
    );
    if (!toggled.ok) return reply({ result: null, listError: INTERNSHIP_ERROR }, 500);
    if (!toggled.value) return gone();
    // SPEC §4: the returned record replaces the old one. With JavaScript the page stays put
    // and reloads its list; without it, POST/redirect/GET like every other change.
    if (fetched) {
      return reply({
        result: null,
        listError: null,
        toggled: toggled.value,
        message: INTERNSHIP_TOGGLED,
      });
    }
    return redirectWithFlash(`${back}${AT_RESULT}`, INTERNSHIP_TOGGLED);
  }

  const submission = parseFormWith(form, internshipFormSchema);
  if (submission.status !== "success") {
    return reply({ result: submission.reply(), listError: null }, 400);
  }
  const value = keepUnchangedLists(submission.value, form, current);
  const saved = await attempt(id ? "Updating an internship" : "Adding an internship", () =>
    id ? updateInternship(id, value, actor) : createInternship(value, actor).then(() => true),
  );
  if (!saved.ok) {
    // The form keeps what was typed; the red line says it did not work.
    return reply(
      { result: submission.reply({ formErrors: [INTERNSHIP_ERROR] }), listError: null },
      500,
    );
  }
  if (!saved.value) notFound(INTERNSHIP_NOT_FOUND);
  // A new internship leads the list (newest first): page 1 of the whole list. An edit returns
  // to the page it came from. Either way the form is empty and in add mode again.
  return id
    ? redirectWithFlash(`${back}${AT_RESULT}`, INTERNSHIP_UPDATED)
    : redirectWithFlash(`${PAGE}${AT_RESULT}`, INTERNSHIP_ADDED);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Internships", flashOf(matches));

// ---------------------------------------------------------------------------------------

/**
 * SPEC §8: the errors joined by commas ("Title is required, Salary is required."), or the
 * SPEC's 'An error occurred' exactly as written, as delete and toggle show it.
 */
export function joinErrors(errors: readonly string[]): string {
  const unique = [...new Set(errors.map((e) => e.trim().replace(/\.$/, "")))].filter(Boolean);
  if (unique.includes(INTERNSHIP_ERROR)) return INTERNSHIP_ERROR;
  return unique.length ? `${unique.join(", ")}.` : "";
}

function SuccessLine({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
      <CheckCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** The flash of the admin layout: the message after a redirect and its per-message key. */
function useFlash(): { message: string | null; key: string | null } {
  const layout = useRouteLoaderData<{ flash: string | null; flashKey: string | null }>(
    ADMIN_LAYOUT_ID,
  );
  return { message: layout?.flash ?? null, key: layout?.flashKey ?? null };
}

/** A toggle's answer, shown in the lines below the form. */
interface Note {
  ok: boolean;
  text: string;
  /** Distinguishes the same text twice, so it is announced twice. */
  at: number;
}

// biome-ignore lint/suspicious/noExplicitAny: any field of the form.
type AnyField = FieldMetadata<any, any, string[]>;

function CheckboxField({ meta, label, hint }: { meta: AnyField; label: string; hint: string }) {
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

function InternshipForm({
  editing,
  lastResult,
  cancelHref,
  flash,
  note,
  listError,
}: {
  editing: AdminInternship | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
  flash: { message: string | null; key: string | null };
  note: Note | null;
  listError: string | null | undefined;
}) {
  const saving = usePosting(SAVE_INTENT);
  const [form, fields] = useEditorForm(internshipFormSchema, {
    id: editing ? `internship-${editing._id}` : "internship-new",
    lastResult,
    // SPEC §4 defaults: status Open, Active on, Urgent off.
    defaultValue: editing
      ? internshipFormValues(editing)
      : { status: "Open", isActive: true, urgent: false },
  });
  // With JavaScript the add form stays mounted across the redirect after 'Add Internship':
  // empty it once per success message (an edit's form is replaced by the add form anyway).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!flash.key || handled.current === flash.key) return;
    handled.current = flash.key;
    if (flash.message === INTERNSHIP_ADDED) form.reset();
  });

  const formErrors = joinErrors(Object.values(form.allErrors).flat());
  const errorLine = note && !note.ok ? note.text : listError || formErrors;
  const headingId = "internship-form-heading";
  const half = "grid gap-5 sm:grid-cols-2";
  return (
    <section
      aria-labelledby={headingId}
      // Edit mode stands out, so nobody takes the filled form for a new one.
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-6 ${
        editing ? "border-blue-300 ring-4 ring-blue-50" : "border-slate-200"
      }`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? "Edit Internship" : "Add New Internship"}
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
        <div className={half}>
          <InputField
            meta={fields.title}
            label="Title"
            type="text"
            placeholder="Frontend Development Intern"
            maxLength={INTERNSHIP_LIMITS.title}
            // Edit was chosen in the table: start changing at once.
            autoFocus={Boolean(editing)}
          />
          <SelectField
            meta={fields.domain}
            label="Domain"
            options={INTERNSHIP_DOMAINS}
            placeholder="Select a domain"
          />
          <InputField
            meta={fields.company}
            label="Company name"
            type="text"
            placeholder="Bureau Digital"
            maxLength={INTERNSHIP_LIMITS.company}
          />
          <InputField
            meta={fields.location}
            label="Location"
            type="text"
            placeholder="Hybrid - Berlin"
            maxLength={INTERNSHIP_LIMITS.location}
            hint="Starting with Remote, Hybrid or On-site lets visitors filter by it."
          />
          <InputField
            meta={fields.duration}
            label="Duration (days)"
            type="text"
            inputMode="numeric"
            placeholder="30,60"
            maxLength={200}
            hint="Whole days, separated by commas."
          />
          <InputField
            meta={fields.salary}
            label="Salary"
            type="text"
            placeholder="€1,000 / month"
            maxLength={INTERNSHIP_LIMITS.salary}
          />
          <Field
            id={fields.deadline.id}
            label="Deadline"
            errors={fields.deadline.errors}
            errorId={fields.deadline.errorId}
            hint="Applications close at the end of this day (UTC)."
            hintId={fields.deadline.descriptionId}
          >
            <input
              {...getInputProps(fields.deadline, {
                type: "date",
                ariaDescribedBy: fields.deadline.descriptionId,
              })}
              key={fields.deadline.key}
              className={`${inputClass} h-11.5`}
            />
          </Field>
          <Field
            id={fields.status.id}
            label="Status"
            errors={fields.status.errors}
            errorId={fields.status.errorId}
          >
            <select
              {...getSelectProps(fields.status)}
              key={fields.status.key}
              className={`${inputClass} h-11.5`}
            >
              {INTERNSHIP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <TextareaField
          meta={fields.description}
          label="Description"
          rows={5}
          maxLength={INTERNSHIP_LIMITS.description}
        />
        <div className={half}>
          <TextareaField
            meta={fields.requirements}
            label="Requirements"
            rows={3}
            placeholder="Good written English, Basic Git"
            maxLength={INTERNSHIP_LIMITS.listText}
            hint="Separate the items with commas."
          />
          <TextareaField
            meta={fields.benefits}
            label="Benefits"
            rows={3}
            placeholder="Mentor, Learning budget"
            maxLength={INTERNSHIP_LIMITS.listText}
            hint="Separate the items with commas."
          />
        </div>
        <InputField
          meta={fields.applicationLink}
          label="Application link"
          type="url"
          placeholder="https://jobs.example.com/frontend-intern"
          maxLength={INTERNSHIP_LIMITS.link}
          hint="Apply Now opens it in a new tab."
        />
        <div className={half}>
          <CheckboxField
            meta={fields.urgent}
            label="Urgent"
            hint="Marked as urgent on the internships page."
          />
          <CheckboxField
            meta={fields.isActive}
            label="Active"
            hint="Shown on the internships page. Inactive ones are kept but hidden."
          />
        </div>
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

      {/* SPEC §2: the green success and red error lines below the form. */}
      <div id={RESULT_ID} className="mt-5 grid scroll-mt-6 gap-3">
        <FlashMessage key={flash.key ?? "none"} message={note ? null : flash.message} />
        <div role="status" className={note?.ok ? "" : "sr-only"}>
          {note?.ok ? <SuccessLine key={note.at}>{note.text}</SuccessLine> : null}
        </div>
        {errorLine ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            <WarningCircleIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>{errorLine}</span>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Toggle Active: a POST form; with JavaScript sent by a fetcher, so the page stays put. */
function ToggleActive({
  internship,
  onAnswer,
}: {
  internship: AdminInternship;
  onAnswer: (note: Note) => void;
}) {
  const fetcher = useFetcher<ActionData>();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const report = useRef(onAnswer);
  report.current = onAnswer;
  useEffect(() => {
    if (!answer) return;
    report.current(
      answer.message
        ? { ok: true, text: answer.message, at: Date.now() }
        : { ok: false, text: answer.listError ?? INTERNSHIP_ERROR, at: Date.now() },
    );
  }, [answer]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={TOGGLE_INTENT} />
      <input type="hidden" name="id" value={internship._id} />
      {hydrated ? <input type="hidden" name={RESPOND_FIELD} value="data" /> : null}
      <button
        type="submit"
        aria-disabled={pending}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
        className={`${rowActionClass} w-full whitespace-nowrap aria-disabled:cursor-wait aria-disabled:opacity-70`}
      >
        <PowerIcon aria-hidden="true" className="h-4 w-4" />
        {pending ? "Toggling..." : "Toggle Active"}
        <span className="sr-only">
          {" "}
          of {internship.title} (now {internship.isActive ? "active" : "inactive"})
        </span>
      </button>
    </fetcher.Form>
  );
}

function YesNo({ value }: { value: boolean }) {
  return (
    <span
      className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        value ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"
      }`}
    >
      {value ? "Yes" : "No"}
    </span>
  );
}

const STATUS_TONE: Record<string, string> = {
  Open: "bg-green-100 text-green-800",
  Closed: "bg-slate-100 text-slate-700",
  Pending: "bg-amber-100 text-amber-900",
};

function hostOf(link: string): string {
  try {
    return new URL(link).host.replace(/^www\./, "");
  } catch {
    return link;
  }
}

/** SPEC §2: the table's columns, in its order. */
const COLUMNS = [
  "Title",
  "Domain",
  "Company",
  "Location",
  "Duration",
  "Salary",
  "Deadline",
  "Status",
  "Urgent",
  "Active",
  "Application Link",
  "Actions",
] as const;

// Below 1280 px the twelve columns do not fit (beside the sidebar from 1024 px on), so each row
// is a card of label / value pairs (two side by side from 640 px). From 1280 px it is a table
// that scrolls sideways inside its card when needed, the title and the actions staying in
// view (in the row's own colour).
const ROW_COLOURS =
  "xl:z-10 xl:bg-white in-[.bg-blue-50]:xl:bg-blue-50 in-[.bg-red-50]:xl:bg-red-50 in-[thead]:xl:bg-slate-50";
const STICKY = `xl:sticky xl:left-0 xl:shadow-[1px_0_0_var(--color-slate-200)] ${ROW_COLOURS}`;
// The actions stay in view on the right for the same reason.
const STICKY_END = `xl:sticky xl:right-0 xl:shadow-[-1px_0_0_var(--color-slate-200)] ${ROW_COLOURS}`;

/**
 * A data cell: below 1280 px one "Label  value" pair of a row's card (the header row is hidden
 * there; side by side from 640 px as inline grids of half the width), above an ordinary cell.
 */
function cell(label: string, className = "") {
  return {
    "data-label": label,
    className: `grid grid-cols-[8rem_minmax(0,1fr)] items-start gap-2 px-4 py-1 align-top text-slate-800 sm:inline-grid sm:w-1/2 xl:w-auto before:font-semibold before:text-slate-600 before:content-[attr(data-label)] xl:table-cell xl:px-3 xl:py-3 xl:align-top xl:before:content-none ${className}`,
  };
}

export default function ManageInternships({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, editing, deleting } = loaderData;
  const here = { q, page };
  const listUrl = listHref(PAGE, here);
  const flash = useFlash();
  const location = useLocation();
  // A toggle's answer shows until the next page or message replaces it.
  const [note, setNote] = useState<Note | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the page changes.
  useEffect(() => setNote(null), [location.key]);
  // A new message replaces it too; the flash going away does not (the list reloading after a
  // toggle reads the layout again, which then has no message).
  useEffect(() => {
    if (flash.key) setNote(null);
  }, [flash.key]);
  return (
    <>
      <AdminPageHeader
        title="Internships"
        description={
          <>
            The positions on the careers page. Inactive ones stay here but are hidden there, and one
            whose deadline has passed shows as Closed by itself.{" "}
            <Link to="/internships" className="font-semibold text-blue-700 underline">
              See them on the site
            </Link>
            .
          </>
        }
        addLabel="Add New Internship"
      />

      <InternshipForm
        key={editing?._id ?? "new"}
        editing={editing}
        lastResult={actionData?.result}
        cancelHref={listUrl}
        flash={flash}
        note={note}
        listError={actionData?.listError}
      />

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.title}
          question={INTERNSHIP_DELETE_CONFIRM}
          cancelHref={listUrl}
        />
      ) : null}

      <CollectionTable
        path={PAGE}
        q={q}
        page={page}
        pages={pages}
        total={total}
        noun={["internship", "internships"]}
        heading="All Internships"
        search={{
          label: "Search internships",
          placeholder: "Title, domain, company, location or description",
        }}
        columns={COLUMNS.map((label) => ({
          label,
          className: `hidden xl:table-cell xl:px-3 ${
            label === "Title"
              ? STICKY
              : label === "Actions"
                ? `text-right ${STICKY_END}`
                : "whitespace-nowrap"
          }`,
        }))}
        emptyText="No internships found."
        items={items}
        editingId={editing?._id}
        deletingId={deleting?._id}
        row={(internship) => (
          <>
            <td
              className={`block px-4 pt-4 pb-2 [overflow-wrap:anywhere] xl:table-cell xl:min-w-52 xl:px-3 xl:py-3 xl:align-top ${STICKY}`}
            >
              <p className="text-base font-semibold text-slate-900 xl:text-sm">
                {internship.title}
              </p>
              <EditStamp updatedAt={internship.updatedAt} updatedBy={internship.updatedBy} />
            </td>
            <td {...cell("Domain")}>{internship.domain}</td>
            <td {...cell("Company", "xl:min-w-32")}>{internship.company}</td>
            <td {...cell("Location", "xl:min-w-32")}>{internship.location}</td>
            <td {...cell("Duration", "xl:whitespace-nowrap")}>
              {formatDurations(internship.duration)}
            </td>
            <td {...cell("Salary", "xl:min-w-28")}>{internship.salary}</td>
            <td {...cell("Deadline", "xl:whitespace-nowrap")}>
              <span>
                <time dateTime={isoDate(internship.deadline)}>
                  {formatShortDate(internship.deadline)}
                </time>
                {internship.deadlinePassed ? (
                  <span className="ml-1 text-xs text-slate-600 xl:ml-0 xl:block">(passed)</span>
                ) : null}
              </span>
            </td>
            <td {...cell("Status", "xl:whitespace-nowrap")}>
              <span>
                <span
                  className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[internship.status] ?? ""}`}
                >
                  {internship.status}
                </span>
                {internship.deadlinePassed && internship.status !== "Closed" ? (
                  <span className="ml-1 text-xs text-slate-600 xl:mt-1 xl:ml-0 xl:block">
                    Closed on the site
                  </span>
                ) : null}
              </span>
            </td>
            <td {...cell("Urgent")}>
              <YesNo value={internship.urgent} />
            </td>
            <td {...cell("Active")}>
              <YesNo value={internship.isActive} />
            </td>
            <td {...cell("Application Link", "xl:whitespace-nowrap")}>
              {isWebUrl(internship.applicationLink) ? (
                <a
                  href={internship.applicationLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-semibold text-blue-700 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-blue-800"
                >
                  {hostOf(internship.applicationLink)}
                  <ArrowSquareOutIcon aria-hidden="true" className="h-4 w-4 shrink-0" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className="text-slate-700">No link</span>
              )}
            </td>
            <td
              className={`block px-4 pt-3 pb-4 xl:table-cell xl:px-3 xl:py-3 xl:text-right xl:align-top ${STICKY_END}`}
            >
              <div className="flex flex-wrap gap-2 xl:ml-auto xl:grid xl:w-max xl:grid-cols-1">
                <EditDeleteActions
                  path={PAGE}
                  here={here}
                  id={internship._id}
                  subject={internship.title}
                  deleteQuestion={INTERNSHIP_DELETE_CONFIRM}
                />
                <ToggleActive internship={internship} onAnswer={setNote} />
              </div>
            </td>
          </>
        )}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
