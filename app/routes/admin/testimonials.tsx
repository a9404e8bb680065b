// /admin/dashboard/testimonials: the home page's 'What Our Clients Say' (SPEC §3, §5). Built like
// routes/admin/faq.tsx: the list (newest first, searchable, paged), the form that 'Add
// testimonial' or Edit opens (`?new`, `?edit=<id>`), and Delete after the SPEC's question
// (`?delete=<id>` without JavaScript). The form is multipart: its image field's file is posted
// with it without JavaScript (components/admin/image-field.tsx); a replaced or deleted
// testimonial's image is deleted once nothing uses it.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { CollectionTable, EditDeleteActions, EditStamp } from "~/components/admin/collection-table";
import { DELETE_INTENT, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { FormErrors, InputField, SubmitButton } from "~/components/admin/form-controls";
import { ImageField } from "~/components/admin/image-field";
import {
  AdminPageHeader,
  rowActionsClass,
  secondaryLinkClass,
  tdClass,
} from "~/components/admin/list-controls";
import { StarRatingField } from "~/components/admin/star-rating-field";
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import { TextareaField } from "~/components/forms/fields";
import { DEFAULT_AVATAR, FallbackImage } from "~/components/site/fallback-image";
import { Stars } from "~/components/site/stars";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { IMAGE_UPLOAD_FAILED } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField } from "~/domain/image.server";
import {
  DEFAULT_RATING,
  NAME_MAX,
  TESTIMONIAL_CREATE_FAILED,
  TESTIMONIAL_CREATED,
  TESTIMONIAL_DELETE_CONFIRM,
  TESTIMONIAL_DELETED,
  TESTIMONIAL_IMAGE_REQUIRED,
  TESTIMONIAL_NOT_FOUND,
  TESTIMONIAL_UPDATE_FAILED,
  TESTIMONIAL_UPDATED,
  TEXT_MAX,
  TITLE_MAX,
  testimonialSchema,
} from "~/domain/testimonial";
import {
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  listTestimonialsForAdmin,
  updateTestimonial,
} from "~/domain/testimonial.server";
import {
  attempt,
  deleteFromCollection,
  loadCollectionScreen,
  notFound,
} from "~/lib/admin-crud.server";
import { listHref, parseListState } from "~/lib/admin-list";
import { adminMeta } from "~/lib/admin-meta";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseFormWith } from "~/lib/form-data.server";
import type { Route } from "./+types/testimonials";

export const PAGE = "/admin/dashboard/testimonials";
export const SAVE_INTENT = "save";
export { TESTIMONIAL_NOT_FOUND };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadCollectionScreen(request, {
    list: listTestimonialsForAdmin,
    get: getTestimonial,
    notFoundText: TESTIMONIAL_NOT_FOUND,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  // The session first: nobody signed out gets a multipart body read (up to 16 MiB).
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const state = parseListState(new URL(request.url));
  const back = listHref(PAGE, state);
  const form = await readUploadForm(request);
  if (!form) {
    // Not a readable form (a file over the cap, a broken body).
    const result: SubmissionResult<string[]> = {
      status: "error",
      error: { image: [IMAGE_UPLOAD_FAILED] },
    };
    return data({ result, listError: null }, { status: 400 });
  }
  const intent = form.get("intent");
  const id = form.get("id");

  if (intent === DELETE_INTENT) {
    if (typeof id !== "string" || !(await getTestimonial(id))) notFound(TESTIMONIAL_NOT_FOUND);
    // Also lets its image go once unused.
    return deleteFromCollection({
      what: "Deleting a testimonial",
      form,
      remove: () => deleteTestimonial(id, actor),
      notFoundText: TESTIMONIAL_NOT_FOUND,
      back,
      flash: TESTIMONIAL_DELETED,
    });
  }

  if (intent !== SAVE_INTENT) {
    return data({ result: null, listError: "Unknown action." }, { status: 400 });
  }
  // An edit names its testimonial; a create has no id at all.
  const editId = typeof id === "string" && id !== "" ? id : null;
  if (editId !== null && !(await getTestimonial(editId))) notFound(TESTIMONIAL_NOT_FOUND);
  const submission = parseFormWith(form, testimonialSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), listError: null }, { status: 400 });
  }
  // Only now is a file stored: a form with other errors leaves nothing behind.
  const image = await resolveImageField(form, "image", { uploadedBy: admin.email });
  if (!image.ok || image.url === "") {
    // SPEC §5: a valid uploaded image is required.
    const message = image.ok ? TESTIMONIAL_IMAGE_REQUIRED : image.message;
    return data(
      { result: submission.reply({ fieldErrors: { image: [message] } }), listError: null },
      { status: 400 },
    );
  }
  const input = { ...submission.value, image: image.url };
  // An update also lets the image it replaced go once unused.
  const saved = await attempt(editId ? "Updating a testimonial" : "Creating a testimonial", () =>
    editId
      ? updateTestimonial(editId, input, actor)
      : createTestimonial(input, actor).then(() => true),
  );
  if (!saved.ok || !saved.value) {
    // The file stored for this save would be used by nothing.
    if (image.stored) await discardImage(image.url);
    if (saved.ok) notFound(TESTIMONIAL_NOT_FOUND);
    // SPEC §8: 'Failed to create testimonial.' / 'Failed to update testimonial.'; the form
    // keeps its values.
    const failed = editId ? TESTIMONIAL_UPDATE_FAILED : TESTIMONIAL_CREATE_FAILED;
    return data(
      { result: submission.reply({ formErrors: [failed] }), listError: null },
      { status: 500 },
    );
  }
  // A new testimonial is first in the list (newest first): show page 1 of the whole list.
  return editId
    ? redirectWithFlash(back, TESTIMONIAL_UPDATED)
    : redirectWithFlash(PAGE, TESTIMONIAL_CREATED);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta("Testimonials", flashOf(matches));

type Editing = Route.ComponentProps["loaderData"]["editing"];

function TestimonialForm({
  editing,
  lastResult,
  cancelHref,
}: {
  editing: Editing;
  lastResult: SubmissionResult<string[]> | null | undefined;
  cancelHref: string;
}) {
  const saving = usePosting(SAVE_INTENT);
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useEditorForm(testimonialSchema, {
    id: editing ? `testimonial-${editing._id}` : "testimonial-new",
    lastResult,
    defaultValue: editing
      ? {
          name: editing.name,
          title: editing.title,
          text: editing.text,
          rating: editing.rating,
          image: editing.image,
        }
      : { rating: DEFAULT_RATING },
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const headingId = "testimonial-form-heading";
  const image = fields.image.initialValue ?? editing?.image ?? "";
  const rating = Number(fields.rating.initialValue ?? editing?.rating ?? DEFAULT_RATING);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? "Edit testimonial" : "Add testimonial"}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-5 grid max-w-3xl gap-5"
      >
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        {editing ? <input type="hidden" name="id" value={editing._id} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            meta={fields.name}
            label="Name"
            type="text"
            placeholder="Enter name"
            formErrorId={formErrorId}
            maxLength={NAME_MAX}
            autoComplete="off"
            // The form opens on purpose (Add, Edit): start typing at once.
            autoFocus
          />
          <InputField
            meta={fields.title}
            label="Title"
            type="text"
            placeholder="Role, Company"
            formErrorId={formErrorId}
            maxLength={TITLE_MAX}
            autoComplete="off"
          />
        </div>
        <TextareaField
          meta={fields.text}
          label="Text"
          placeholder="What the client said"
          rows={5}
          formErrorId={formErrorId}
          maxLength={TEXT_MAX}
        />
        <StarRatingField
          name={fields.rating.name}
          label="Rating"
          defaultValue={Number.isInteger(rating) ? rating : DEFAULT_RATING}
          errors={fields.rating.errors}
          errorId={fields.rating.errorId}
          fieldKey={fields.rating.key}
        />
        <ImageField
          name={fields.image.name}
          label="Photo"
          defaultValue={typeof image === "string" ? image : ""}
          errors={fields.image.errors}
          onUploadingChange={setUploading}
          hint="Required. A square portrait works best; it is shown round. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB."
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            pending={saving || uploading}
            pendingText={uploading ? "Uploading image..." : editing ? "Updating..." : "Creating..."}
          >
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

export default function ManageTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, formOpen, editing, deleting } = loaderData;
  const here = { q, page };
  const listUrl = listHref(PAGE, here);
  return (
    <>
      <AdminPageHeader
        title="Testimonials"
        description={
          <>
            What clients say about us, in the carousel ‘What Our Clients Say’ on the home page.{" "}
            <Link to="/#testimonials-heading" className="font-semibold text-blue-700 underline">
              See them on the site
            </Link>
            .
          </>
        }
        addHref={formOpen ? undefined : listHref(PAGE, here, { new: true })}
        addLabel="Add testimonial"
      />

      {formOpen ? (
        <TestimonialForm
          key={editing?._id ?? "new"}
          editing={editing}
          lastResult={actionData?.result}
          cancelHref={listUrl}
        />
      ) : null}

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={`${deleting.name}, ${deleting.title}`}
          question={TESTIMONIAL_DELETE_CONFIRM}
          cancelHref={listUrl}
        />
      ) : null}

      <CollectionTable
        path={PAGE}
        q={q}
        page={page}
        pages={pages}
        total={total}
        noun={["testimonial", "testimonials"]}
        search={{ label: "Search testimonials", placeholder: "A name, company or words" }}
        listError={actionData?.listError}
        columns={[
          { label: "Client" },
          { label: "Text", className: "hidden md:table-cell" },
          { label: "Rating", className: "hidden sm:table-cell" },
          { label: "Actions", className: "text-right" },
        ]}
        emptyText="No testimonials found."
        items={items}
        editingId={editing?._id}
        deletingId={deleting?._id}
        row={(t) => (
          <>
            <td className={`${tdClass} [overflow-wrap:anywhere]`}>
              <div className="flex items-start gap-3">
                <FallbackImage
                  src={t.image}
                  fallback={DEFAULT_AVATAR}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="h-10 w-10 shrink-0 rounded-full bg-slate-100 object-cover"
                />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{t.name}</p>
                  <p className="text-slate-700">{t.title}</p>
                  {/* Phones: the rating and text under the name, not in columns. */}
                  <div className="mt-1 sm:hidden">
                    <Stars rating={t.rating} />
                  </div>
                  <p className="mt-1 line-clamp-3 text-slate-700 md:hidden">{t.text}</p>
                  <EditStamp updatedAt={t.updatedAt} updatedBy={t.updatedBy} />
                </div>
              </div>
            </td>
            <td
              className={`${tdClass} hidden max-w-md text-slate-700 [overflow-wrap:anywhere] md:table-cell`}
            >
              <p className="line-clamp-4">{t.text}</p>
            </td>
            <td className={`${tdClass} hidden sm:table-cell`}>
              <Stars rating={t.rating} />
            </td>
            <td className={`${tdClass} text-right`}>
              <div className={rowActionsClass}>
                <EditDeleteActions
                  path={PAGE}
                  here={here}
                  id={t._id}
                  subject={`${t.name}, ${t.title}`}
                  deleteQuestion={TESTIMONIAL_DELETE_CONFIRM}
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
