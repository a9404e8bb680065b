// /admin/dashboard/highlights: the home page's 'Why Choose' cards (the SPEC does not show this
// screen). Title, label, description, and the position that decides each card's icon and
// colour on the home page (first a headset, second users, the rest a trophy): chosen in the
// form or changed with Move up / Move down, each a small POST form, so it all works without
// JavaScript. Listed in home-page order (not newest first: the order is the point here).
// Built like routes/admin/faq.tsx: `?new`, `?edit=<id>`, `?delete=<id>` in the URL.
import { type FieldMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { ArrowDownIcon, ArrowUpIcon } from "@phosphor-icons/react";
import { data, Form, Link } from "react-router";
import { CollectionTable, EditDeleteActions, EditStamp } from "~/components/admin/collection-table";
import { DELETE_INTENT, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import {
  AdminPageHeader,
  rowActionClass,
  secondaryLinkClass,
  tdClass,
} from "~/components/admin/list-controls";
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import { SelectField, TextareaField } from "~/components/forms/fields";
import { Icon } from "~/components/icon/icon";
import { highlightStyle } from "~/components/site/highlight-cards";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  HIGHLIGHT_CREATED,
  HIGHLIGHT_DELETE_CONFIRM,
  HIGHLIGHT_DELETED,
  HIGHLIGHT_DESCRIPTION_MAX,
  HIGHLIGHT_LABEL_MAX,
  HIGHLIGHT_NOT_FOUND,
  HIGHLIGHT_TITLE_MAX,
  HIGHLIGHT_UPDATED,
  highlightSchema,
  moveSchema,
} from "~/domain/highlight";
import {
  createHighlight,
  deleteHighlight,
  getHighlight,
  listHighlightsForAdmin,
  moveHighlight,
  updateHighlight,
} from "~/domain/highlight.server";
import {
  attempt,
  deleteFromCollection,
  loadCollectionScreen,
  notFound,
  readForm,
  unexpectedError,
} from "~/lib/admin-crud.server";
import { listHref, parseListState } from "~/lib/admin-list";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/highlights";

export const PAGE = "/admin/dashboard/highlights";
export const SAVE_INTENT = "save";
export const MOVE_INTENT = "move";
export { HIGHLIGHT_NOT_FOUND };
export const SAVE_FAILED = "Failed to save highlight.";

const ICON_NAMES: Record<string, string> = {
  headset: "headset, blue",
  users: "users, green",
  trophy: "trophy, yellow",
};

/** "2 – users, green": what a position looks like on the home page. */
function positionLabel(position: number): string {
  return `${position} – ${ICON_NAMES[highlightStyle(position - 1).iconName]}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadCollectionScreen(request, {
    list: listHighlightsForAdmin,
    get: getHighlight,
    notFoundText: HIGHLIGHT_NOT_FOUND,
  });
}

const failure = (listError: string, status: number) =>
  data({ result: null, listError }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const state = parseListState(new URL(request.url));
  const back = listHref(PAGE, state);
  const form = await readForm(request);
  const intent = form.get("intent");
  const rawId = form.get("id");
  const id = typeof rawId === "string" && rawId !== "" ? rawId : null;
  // Every intent but creating names an existing highlight: a malformed or unknown id is a 404.
  const namesOne = intent === DELETE_INTENT || intent === MOVE_INTENT || id !== null;
  if (namesOne && (id === null || !(await getHighlight(id)))) notFound(HIGHLIGHT_NOT_FOUND);

  switch (intent) {
    case DELETE_INTENT:
      return deleteFromCollection({
        what: "Deleting a highlight",
        form,
        remove: () => deleteHighlight(id as string, actor),
        notFoundText: HIGHLIGHT_NOT_FOUND,
        back,
        flash: HIGHLIGHT_DELETED,
      });
    case MOVE_INTENT: {
      const submission = parseFormWith(form, moveSchema);
      if (submission.status !== "success") return failure("Choose a position from the list.", 400);
      const moved = await attempt("Moving a highlight", () =>
        moveHighlight(id as string, submission.value.position, actor),
      );
      if (!moved.ok) return failure(unexpectedError(moved.error), 500);
      if (!moved.value) notFound(HIGHLIGHT_NOT_FOUND);
      return redirectWithFlash(back, `Highlight moved to position ${submission.value.position}.`);
    }
    case SAVE_INTENT: {
      const submission = parseFormWith(form, highlightSchema);
      if (submission.status !== "success") {
        return data({ result: submission.reply(), listError: null }, { status: 400 });
      }
      const saved = await attempt(id ? "Updating a highlight" : "Creating a highlight", () =>
        id
          ? updateHighlight(id, submission.value, actor)
          : createHighlight(submission.value, actor).then(() => true),
      );
      if (!saved.ok) {
        return data(
          {
            result: submission.reply({ formErrors: [unexpectedError(saved.error)] }),
            listError: null,
          },
          { status: 500 },
        );
      }
      if (!saved.value) notFound(HIGHLIGHT_NOT_FOUND);
      return redirectWithFlash(id ? back : PAGE, id ? HIGHLIGHT_UPDATED : HIGHLIGHT_CREATED);
    }
    default:
      return failure("Unknown action.", 400);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Highlights", flashOf(matches));

type Editing = { _id: string; title: string; label: string; description: string } | null;

function HighlightForm({
  editing,
  editingPosition,
  count,
  lastResult,
  cancelHref,
}: {
  editing: Editing;
  /** The edited card's current 1-based position. */
  editingPosition: number | null;
  /** How many cards there are now. */
  count: number;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
}) {
  const saving = usePosting(SAVE_INTENT);
  const [form, fields] = useEditorForm(highlightSchema, {
    id: editing ? `highlight-${editing._id}` : "highlight-new",
    lastResult,
    defaultValue: editing
      ? { title: editing.title, label: editing.label, description: editing.description }
      : undefined,
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  // A new card can go anywhere from 1 to one past the end; an edited one within the list.
  const places = editing ? count : count + 1;
  const options = Array.from({ length: places }, (_, i) => String(i + 1));
  return (
    <section
      aria-labelledby="highlight-form-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="highlight-form-heading" className="text-lg font-semibold text-slate-900">
        {editing ? "Edit highlight" : "Add New Highlight"}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-3xl gap-5">
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        {editing ? <input type="hidden" name="id" value={editing._id} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            meta={fields.title}
            label="Title"
            type="text"
            placeholder="Dedicated Support"
            formErrorId={formErrorId}
            maxLength={HIGHLIGHT_TITLE_MAX}
            autoFocus
          />
          <InputField
            meta={fields.label}
            label="Label (optional)"
            type="text"
            placeholder="Replies within 2 hours"
            formErrorId={formErrorId}
            maxLength={HIGHLIGHT_LABEL_MAX}
          />
        </div>
        <TextareaField
          meta={fields.description}
          label="Description"
          rows={3}
          formErrorId={formErrorId}
          maxLength={HIGHLIGHT_DESCRIPTION_MAX}
        />
        <div className="max-w-sm">
          <SelectField
            // A number for zod; the select posts its digits, which conform turns into one.
            meta={
              fields.position as unknown as FieldMetadata<string, Record<string, unknown>, string[]>
            }
            label="Position on the home page"
            options={options}
            placeholder={
              editing && editingPosition
                ? `Keep its place (${positionLabel(editingPosition)})`
                : `Last (${positionLabel(count + 1)})`
            }
            formErrorId={formErrorId}
          />
          <p className="mt-1.5 text-sm text-slate-600">
            The position decides the icon: 1 a headset in blue, 2 users in green, 3 and after a
            trophy in yellow.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={saving} pendingText={editing ? "Updating..." : "Creating..."}>
            {editing ? "Update" : "Create"}
          </SubmitButton>
          <Link to={cancelHref} className={secondaryLinkClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** Move up / Move down: a POST of the card's new position. */
function MoveButton({
  id,
  title,
  to,
  direction,
}: {
  id: string;
  title: string;
  to: number;
  direction: "up" | "down";
}) {
  const Icon = direction === "up" ? ArrowUpIcon : ArrowDownIcon;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={MOVE_INTENT} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="position" value={to} />
      <button type="submit" className={`${rowActionClass} w-full`}>
        <Icon aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">
          Move {direction} {title}
        </span>
      </button>
    </Form>
  );
}

export default function ManageHighlights({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, count, formOpen, editing, deleting } = loaderData;
  const here = { q, page };
  const listUrl = listHref(PAGE, here);
  const editingPosition = editing
    ? (items.find((h) => h._id === editing._id)?.position ?? editing.order + 1)
    : null;
  return (
    <>
      <AdminPageHeader
        title="Highlights"
        description={
          <>
            The ‘Why Choose’ cards on the home page, in the order shown there.{" "}
            <Link to="/#highlights-heading" className="font-semibold text-blue-700 underline">
              See them on the site
            </Link>
            .
          </>
        }
        addHref={formOpen ? undefined : listHref(PAGE, here, { new: true })}
        addLabel="Add New Highlight"
      />

      {formOpen ? (
        <HighlightForm
          key={editing?._id ?? "new"}
          editing={editing}
          editingPosition={editingPosition}
          count={count}
          lastResult={actionData?.result}
          cancelHref={listUrl}
        />
      ) : null}

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.title}
          question={HIGHLIGHT_DELETE_CONFIRM}
          cancelHref={listUrl}
        />
      ) : null}

      <CollectionTable
        path={PAGE}
        q={q}
        page={page}
        pages={pages}
        total={total}
        noun={["highlight", "highlights"]}
        search={{ label: "Search highlights", placeholder: "Title, label or description" }}
        listError={actionData?.listError}
        columns={[
          { label: "Position", className: "hidden sm:table-cell" },
          { label: "Highlight" },
          { label: "Description", className: "hidden lg:table-cell" },
          { label: "Actions", className: "text-right" },
        ]}
        emptyText="No highlights found"
        items={items}
        editingId={editing?._id}
        deletingId={deleting?._id}
        row={(h) => {
          const { iconName, tone } = highlightStyle(h.position - 1);
          return (
            <>
              <td className={`${tdClass} hidden whitespace-nowrap sm:table-cell`}>
                <span className="flex items-center gap-3">
                  <span className={`flex h-10 w-10 items-center justify-center rounded-xl ${tone}`}>
                    <Icon name={iconName} weight="duotone" className="h-6 w-6" />
                  </span>
                  <span className="text-base font-semibold text-slate-900">{h.position}</span>
                </span>
              </td>
              <td className={`${tdClass} min-w-48 [overflow-wrap:anywhere]`}>
                {/* Phones: the position sits above the title instead of in a column. */}
                <p className="mb-2 flex items-center gap-2 text-xs font-semibold text-slate-700 sm:hidden">
                  <span className={`flex h-7 w-7 items-center justify-center rounded-lg ${tone}`}>
                    <Icon name={iconName} weight="duotone" className="h-4 w-4" />
                  </span>
                  Position {h.position}
                </p>
                <p className="font-semibold text-slate-900">{h.title}</p>
                {h.label ? <p className="mt-0.5 font-semibold text-blue-700">{h.label}</p> : null}
                <p className="mt-1 line-clamp-3 text-slate-700 lg:hidden">{h.description}</p>
                <EditStamp updatedAt={h.updatedAt} updatedBy={h.updatedBy} />
              </td>
              <td
                className={`${tdClass} hidden max-w-md text-slate-700 [overflow-wrap:anywhere] lg:table-cell`}
              >
                <p className="line-clamp-4">{h.description}</p>
              </td>
              <td className={`${tdClass} text-right`}>
                <div className="ml-auto grid w-max grid-cols-2 gap-2 [&>:nth-child(n+3)]:col-span-2 sm:[&>:nth-child(n+3)]:col-span-1">
                  {/* Up and down keep their columns at the ends of the list. */}
                  {h.position > 1 ? (
                    <MoveButton id={h._id} title={h.title} to={h.position - 1} direction="up" />
                  ) : (
                    <span />
                  )}
                  {h.position < count ? (
                    <MoveButton id={h._id} title={h.title} to={h.position + 1} direction="down" />
                  ) : (
                    <span />
                  )}
                  <EditDeleteActions
                    path={PAGE}
                    here={here}
                    id={h._id}
                    subject={h.title}
                    deleteQuestion={HIGHLIGHT_DELETE_CONFIRM}
                  />
                </div>
              </td>
            </>
          );
        }}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
