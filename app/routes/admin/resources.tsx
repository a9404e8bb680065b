// /admin/dashboard/resources: the cards of /resources (SPEC §3 Resource: title, description,
// image, link), replacing the SPEC's 'Resources CRUD coming soon...' with a real editor. Built
// like routes/admin/faq.tsx: the list (newest first, as on the public page; searchable, paged),
// the form that 'Add resource' or Edit opens (`?new`, `?edit=<id>`), and Delete after a
// question (`?delete=<id>` without JavaScript). The form is multipart: its image field's file
// is posted with it without JavaScript; a replaced or deleted resource's image is deleted once
// nothing uses it.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { ArrowUpRightIcon } from "@phosphor-icons/react";
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
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { flashOf } from "~/components/admin/use-flash";
import { TextareaField } from "~/components/forms/fields";
import { FallbackImage } from "~/components/site/fallback-image";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { IMAGE_UPLOAD_FAILED } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField } from "~/domain/image.server";
import {
  DESCRIPTION_MAX,
  LINK_MAX,
  RESOURCE_CREATE_FAILED,
  RESOURCE_CREATED,
  RESOURCE_DELETE_CONFIRM,
  RESOURCE_DELETED,
  RESOURCE_NOT_FOUND,
  RESOURCE_UPDATE_FAILED,
  RESOURCE_UPDATED,
  resourceSchema,
  TITLE_MAX,
} from "~/domain/resource";
import {
  createResource,
  deleteResource,
  getResource,
  listResourcesForAdmin,
  updateResource,
} from "~/domain/resource.server";
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
import { classifyHref } from "~/lib/links";
import type { Route } from "./+types/resources";

export const PAGE = "/admin/dashboard/resources";
export const SAVE_INTENT = "save";
export { RESOURCE_NOT_FOUND };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadCollectionScreen(request, {
    list: listResourcesForAdmin,
    get: getResource,
    notFoundText: RESOURCE_NOT_FOUND,
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
    if (typeof id !== "string" || !(await getResource(id))) notFound(RESOURCE_NOT_FOUND);
    // Also lets its image go once unused.
    return deleteFromCollection({
      what: "Deleting a resource",
      form,
      remove: () => deleteResource(id, actor),
      notFoundText: RESOURCE_NOT_FOUND,
      back,
      flash: RESOURCE_DELETED,
    });
  }

  if (intent !== SAVE_INTENT) {
    return data({ result: null, listError: "Unknown action." }, { status: 400 });
  }
  // An edit names its resource; a create has no id at all.
  const editId = typeof id === "string" && id !== "" ? id : null;
  if (editId !== null && !(await getResource(editId))) notFound(RESOURCE_NOT_FOUND);
  const submission = parseFormWith(form, resourceSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), listError: null }, { status: 400 });
  }
  // Only now is a file stored: a form with other errors leaves nothing behind.
  const image = await resolveImageField(form, "image", { uploadedBy: admin.email });
  if (!image.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { image: [image.message] } }), listError: null },
      { status: 400 },
    );
  }
  const input = { ...submission.value, image: image.url };
  // An update also lets the image it replaced go once unused.
  const saved = await attempt(editId ? "Updating a resource" : "Creating a resource", () =>
    editId ? updateResource(editId, input, actor) : createResource(input, actor).then(() => true),
  );
  if (!saved.ok || !saved.value) {
    // The file stored for this save would be used by nothing.
    if (image.stored) await discardImage(image.url);
    if (saved.ok) notFound(RESOURCE_NOT_FOUND);
    // SPEC §8's wording for a failed save; the form keeps its values.
    const failed = editId ? RESOURCE_UPDATE_FAILED : RESOURCE_CREATE_FAILED;
    return data(
      { result: submission.reply({ formErrors: [failed] }), listError: null },
      { status: 500 },
    );
  }
  // A new resource is first in the list (newest first): show page 1 of the whole list.
  return editId
    ? redirectWithFlash(back, RESOURCE_UPDATED)
    : redirectWithFlash(PAGE, RESOURCE_CREATED);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Resources", flashOf(matches));

type Editing = Route.ComponentProps["loaderData"]["editing"];

function ResourceForm({
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
  const [form, fields] = useEditorForm(resourceSchema, {
    id: editing ? `resource-${editing._id}` : "resource-new",
    lastResult,
    defaultValue: editing
      ? {
          title: editing.title,
          description: editing.description,
          link: editing.link,
          image: editing.image,
        }
      : undefined,
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const headingId = "resource-form-heading";
  const image = fields.image.initialValue ?? editing?.image ?? "";
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? "Edit resource" : "Add resource"}
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
        <InputField
          meta={fields.title}
          label="Title"
          type="text"
          placeholder="Enter title"
          formErrorId={formErrorId}
          maxLength={TITLE_MAX}
          autoComplete="off"
          // The form opens on purpose (Add, Edit): start typing at once.
          autoFocus
        />
        <TextareaField
          meta={fields.description}
          label="Description"
          placeholder="Enter description"
          rows={4}
          formErrorId={formErrorId}
          maxLength={DESCRIPTION_MAX}
        />
        <InputField
          meta={fields.link}
          label="Link"
          // Not type="url": a site path like /blog is a valid link too.
          type="text"
          inputMode="url"
          placeholder="https://example.com/guide"
          hint="A web address (https://…) opens in a new tab; a site path like /blog works too."
          formErrorId={formErrorId}
          maxLength={LINK_MAX}
          autoComplete="off"
          spellCheck={false}
        />
        <ImageField
          name={fields.image.name}
          label="Image"
          defaultValue={typeof image === "string" ? image : ""}
          errors={fields.image.errors}
          onUploadingChange={setUploading}
          hint="Optional: the card shows a default image without one. 16:9 works best. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB."
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

/** "aws.amazon.com/architecture" for "https://aws.amazon.com/architecture/": shorter to scan. */
function shortLink(link: string): string {
  return link.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, "");
}

/** The stored link as visitors get it: opened in a new tab when it is a web address. */
function ResourceLink({ link }: { link: string }) {
  const kind = classifyHref(link);
  if (kind !== "external" && kind !== "internal") {
    return <span className="text-slate-700">{link || "—"}</span>;
  }
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-start gap-1 font-medium text-blue-700 underline [overflow-wrap:anywhere] hover:text-blue-800"
    >
      {shortLink(link)}
      <ArrowUpRightIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export default function ManageResources({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, formOpen, editing, deleting } = loaderData;
  const here = { q, page };
  const listUrl = listHref(PAGE, here);
  return (
    <>
      <AdminPageHeader
        title="Resources"
        description={
          <>
            The guides and tools on the resources page, newest first; each card opens its link.{" "}
            <Link to="/resources" className="font-semibold text-blue-700 underline">
              See them on the site
            </Link>
            .
          </>
        }
        addHref={formOpen ? undefined : listHref(PAGE, here, { new: true })}
        addLabel="Add resource"
      />

      {formOpen ? (
        <ResourceForm
          key={editing?._id ?? "new"}
          editing={editing}
          lastResult={actionData?.result}
          cancelHref={listUrl}
        />
      ) : null}

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.title}
          question={RESOURCE_DELETE_CONFIRM}
          cancelHref={listUrl}
        />
      ) : null}

      <CollectionTable
        path={PAGE}
        q={q}
        page={page}
        pages={pages}
        total={total}
        noun={["resource", "resources"]}
        search={{ label: "Search resources", placeholder: "Words in a title, description or link" }}
        listError={actionData?.listError}
        columns={[
          { label: "Resource" },
          { label: "Link", className: "hidden w-64 lg:table-cell" },
          { label: "Actions", className: "text-right" },
        ]}
        emptyText="No resources found."
        items={items}
        editingId={editing?._id}
        deletingId={deleting?._id}
        row={(r) => (
          <>
            <td className={`${tdClass} [overflow-wrap:anywhere]`}>
              <div className="flex items-start gap-4">
                <FallbackImage
                  src={r.image}
                  alt=""
                  width={96}
                  height={54}
                  loading="lazy"
                  className="hidden h-[54px] w-24 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover sm:block"
                />
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{r.title}</p>
                  <p className="mt-1 line-clamp-2 text-slate-700">{r.description}</p>
                  {/* Below large screens: the link under the description, not in a column. */}
                  <p className="mt-1 lg:hidden">
                    <ResourceLink link={r.link} />
                  </p>
                  <EditStamp updatedAt={r.updatedAt} updatedBy={r.updatedBy} />
                </div>
              </div>
            </td>
            <td className={`${tdClass} hidden w-64 lg:table-cell`}>
              <ResourceLink link={r.link} />
            </td>
            <td className={`${tdClass} text-right`}>
              <div className={rowActionsClass}>
                <EditDeleteActions
                  path={PAGE}
                  here={here}
                  id={r._id}
                  subject={r.title}
                  deleteQuestion={RESOURCE_DELETE_CONFIRM}
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
