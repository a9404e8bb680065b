// /admin/dashboard/faq: SPEC §2 'Manage FAQs'. The list (newest first, searchable, paged), the
// form that 'Add New FAQ' or Edit opens (Create / Update, Cancel), and Delete after the SPEC's
// question. The form's states (SPEC §4: hidden, open for create, open for edit, hidden after
// save or cancel) are the URL: `?new`, `?edit=<id>`, none; the no-JavaScript delete step is
// `?delete=<id>` (components/admin/confirm-delete.tsx). This module is the pattern the other
// collection editors follow.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { CollectionTable, EditDeleteActions, EditStamp } from "~/components/admin/collection-table";
import { DELETE_INTENT, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import {
  AdminPageHeader,
  rowActionsClass,
  secondaryLinkClass,
  tdClass,
} from "~/components/admin/list-controls";
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import { TextareaField } from "~/components/forms/fields";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  ANSWER_MAX,
  FAQ_CREATED,
  FAQ_DELETE_CONFIRM,
  FAQ_DELETED,
  FAQ_NOT_FOUND,
  FAQ_SAVE_FAILED,
  FAQ_UPDATED,
  faqSchema,
  QUESTION_MAX,
} from "~/domain/faq";
import { createFaq, deleteFaq, getFaq, listFaqsForAdmin, updateFaq } from "~/domain/faq.server";
import {
  attempt,
  deleteFromCollection,
  loadCollectionScreen,
  notFound,
  readForm,
} from "~/lib/admin-crud.server";
import { listHref, parseListState } from "~/lib/admin-list";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/faq";

export const PAGE = "/admin/dashboard/faq";
export const SAVE_INTENT = "save";
export { FAQ_NOT_FOUND };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadCollectionScreen(request, {
    list: listFaqsForAdmin,
    get: getFaq,
    notFoundText: FAQ_NOT_FOUND,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const state = parseListState(new URL(request.url));
  const back = listHref(PAGE, state);
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = form.get("id");

  if (intent === DELETE_INTENT) {
    if (typeof id !== "string" || !(await getFaq(id))) notFound(FAQ_NOT_FOUND);
    return deleteFromCollection({
      what: "Deleting an FAQ",
      form,
      remove: () => deleteFaq(id, actor),
      notFoundText: FAQ_NOT_FOUND,
      back,
      flash: FAQ_DELETED,
    });
  }

  if (intent !== SAVE_INTENT) {
    return data({ result: null, listError: "Unknown action." }, { status: 400 });
  }
  // An edit names its FAQ; a create has no id at all.
  const editId = typeof id === "string" && id !== "" ? id : null;
  if (editId !== null && !(await getFaq(editId))) notFound(FAQ_NOT_FOUND);
  const submission = parseFormWith(form, faqSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), listError: null }, { status: 400 });
  }
  const saved = await attempt(editId ? "Updating an FAQ" : "Creating an FAQ", () =>
    editId
      ? updateFaq(editId, submission.value, actor)
      : createFaq(submission.value, actor).then(() => true),
  );
  if (!saved.ok) {
    // SPEC §8: a failed FAQ save says 'Operation failed.' inline; the form keeps its values.
    return data(
      { result: submission.reply({ formErrors: [FAQ_SAVE_FAILED] }), listError: null },
      { status: 500 },
    );
  }
  if (!saved.value) notFound(FAQ_NOT_FOUND);
  // A new FAQ is first in the list (newest first): show page 1 of the whole list.
  return editId ? redirectWithFlash(back, FAQ_UPDATED) : redirectWithFlash(PAGE, FAQ_CREATED);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Manage FAQs", flashOf(matches));

type Editing = { _id: string; question: string; answer: string } | null;

function FaqForm({
  editing,
  lastResult,
  cancelHref,
}: {
  editing: Editing;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
}) {
  const saving = usePosting(SAVE_INTENT);
  const [form, fields] = useEditorForm(faqSchema, {
    id: editing ? `faq-${editing._id}` : "faq-new",
    lastResult,
    defaultValue: editing ? { question: editing.question, answer: editing.answer } : undefined,
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const headingId = "faq-form-heading";
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? "Edit FAQ" : "Add New FAQ"}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid max-w-3xl gap-5">
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        {editing ? <input type="hidden" name="id" value={editing._id} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField
          meta={fields.question}
          label="Question"
          type="text"
          placeholder="Enter question"
          formErrorId={formErrorId}
          maxLength={QUESTION_MAX}
          // The form opens on purpose (Add New FAQ, Edit): start typing at once.
          autoFocus
        />
        <TextareaField
          meta={fields.answer}
          label="Answer"
          placeholder="Enter answer"
          rows={5}
          formErrorId={formErrorId}
          maxLength={ANSWER_MAX}
          hint="Line breaks are kept on the public page."
        />
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

export default function ManageFaqs({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, formOpen, editing, deleting } = loaderData;
  const here = { q, page };
  const listUrl = listHref(PAGE, here);
  return (
    <>
      <AdminPageHeader
        title="Manage FAQs"
        description={
          <>
            The questions and answers under the internships list, in the order they were written.{" "}
            <Link to="/internships#faq-heading" className="font-semibold text-blue-700 underline">
              See them on the site
            </Link>
            .
          </>
        }
        addHref={formOpen ? undefined : listHref(PAGE, here, { new: true })}
        addLabel="Add New FAQ"
      />

      {formOpen ? (
        <FaqForm
          key={editing?._id ?? "new"}
          editing={editing}
          lastResult={actionData?.result}
          cancelHref={listUrl}
        />
      ) : null}

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.question}
          question={FAQ_DELETE_CONFIRM}
          cancelHref={listUrl}
        />
      ) : null}

      <CollectionTable
        path={PAGE}
        q={q}
        page={page}
        pages={pages}
        total={total}
        noun={["FAQ", "FAQs"]}
        search={{ label: "Search FAQs", placeholder: "Words in a question or answer" }}
        listError={actionData?.listError}
        columns={[
          { label: "Question" },
          { label: "Answer", className: "hidden md:table-cell" },
          { label: "Actions", className: "text-right" },
        ]}
        emptyText="No FAQs found."
        items={items}
        editingId={editing?._id}
        deletingId={deleting?._id}
        row={(faq) => (
          <>
            <td className={`${tdClass} [overflow-wrap:anywhere]`}>
              <p className="font-semibold text-slate-900">{faq.question}</p>
              {/* Phones and tablets: the answer under the question, not in a column. */}
              <p className="mt-1 line-clamp-3 text-slate-700 md:hidden">{faq.answer}</p>
              <EditStamp updatedAt={faq.updatedAt} updatedBy={faq.updatedBy} />
            </td>
            <td
              className={`${tdClass} hidden max-w-md text-slate-700 [overflow-wrap:anywhere] md:table-cell`}
            >
              <p className="line-clamp-4 whitespace-pre-line">{faq.answer}</p>
            </td>
            <td className={`${tdClass} text-right`}>
              <div className={rowActionsClass}>
                <EditDeleteActions
                  path={PAGE}
                  here={here}
                  id={faq._id}
                  subject={faq.question}
                  deleteQuestion={FAQ_DELETE_CONFIRM}
                />
              </div>
            </td>
          </>
        )}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
