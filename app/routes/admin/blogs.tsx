// /admin/dashboard/blogs: the blog posts (SPEC §2-§5, §8) that /blog, /blog/{id}, the home
// page, the feed and the sitemap show. Built like routes/admin/faq.tsx: the list (newest first,
// searchable, paged), the form that 'Add New Blog Post' or Edit opens (`?new`, `?edit=<id>`),
// and Delete after the SPEC's question (`?delete=<id>` without JavaScript).
// The form is multipart: the cover image and the author's avatar are ImageFields (a file posted
// with the form without JavaScript, uploaded on pick with it). The Markdown description has a
// preview rendered by the same component as the public post (components/site/markdown.tsx):
// without JavaScript, Preview posts the form (intent=preview), which comes back with every value
// and the preview and stores nothing; with JavaScript, Preview shows it at once and it follows
// the typing.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { ArrowRightIcon, EyeIcon, InfoIcon } from "@phosphor-icons/react";
import { useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { data, Form, Link, useLocation } from "react-router";
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
import { DEFAULT_IMAGE, FallbackImage } from "~/components/site/fallback-image";
import { Markdown } from "~/components/site/markdown";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  AUTHOR_MAX,
  AVATAR_FIELD,
  BLOG_CREATE_FAILED,
  BLOG_CREATED,
  BLOG_DELETE_CONFIRM,
  BLOG_DELETED,
  BLOG_EDITOR_NOT_FOUND,
  BLOG_FILE_FIELDS,
  BLOG_UPDATE_FAILED,
  BLOG_UPDATED,
  type BlogInput,
  blogSchema,
  DESCRIPTION_MAX,
  DESCRIPTION_ROWS,
  EXCERPT_MAX,
  IMAGE_FIELD,
  TITLE_MAX,
} from "~/domain/blog";
import {
  createBlog,
  deleteBlog,
  getBlogById,
  listBlogsForAdmin,
  releaseBlogImages,
  updateBlog,
} from "~/domain/blog.server";
import { IMAGE_UPLOAD_FAILED } from "~/domain/image";
import { discardImage, readUploadForm, resolveImageField } from "~/domain/image.server";
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
import { formatDate, isoDate } from "~/lib/format";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/blogs";

export const PAGE = "/admin/dashboard/blogs";
export const SAVE_INTENT = "save";
export const PREVIEW_INTENT = "preview";
export { BLOG_CREATED, BLOG_DELETED, BLOG_EDITOR_NOT_FOUND, BLOG_UPDATED };
export const FILES_NOT_KEPT =
  "Preview does not keep a picked file: choose the image again before saving.";
const PREVIEW_ID = "blog-preview";
/** The description and its preview: where Preview without JavaScript lands. */
const DESCRIPTION_BLOCK_ID = "blog-description";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadCollectionScreen(request, {
    list: listBlogsForAdmin,
    get: getBlogById,
    notFoundText: BLOG_EDITOR_NOT_FOUND,
  });
}

type ActionResult = {
  result: SubmissionResult<string[]> | null;
  listError: string | null;
  /** The form came back from Preview (no JavaScript): show the rendered description. */
  previewing?: boolean;
  /** A file was picked before Preview: say it must be chosen again. */
  filesDropped?: boolean;
};

const reply = (result: ActionResult, status: number) => data(result, { status });

const hasFile = (value: FormDataEntryValue | null) => value instanceof Blob && value.size > 0;

export async function action({ request, context }: Route.ActionArgs) {
  // The session first: nobody signed out gets a multipart body read (up to 16 MiB).
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const state = parseListState(new URL(request.url));
  const back = listHref(PAGE, state);
  const form = await readUploadForm(request);
  if (!form) {
    // Not a readable form (a file over the cap, a broken body).
    return reply(
      { result: { status: "error", error: { "": [IMAGE_UPLOAD_FAILED] } }, listError: null },
      400,
    );
  }
  // The form's hidden intent is `save`; the Preview button (no JavaScript) adds its own after it.
  const intents = form.getAll("intent");
  const intent = intents.includes(PREVIEW_INTENT) ? PREVIEW_INTENT : intents[0];
  const id = form.get("id");

  if (intent === DELETE_INTENT) {
    if (typeof id !== "string" || !(await getBlogById(id))) notFound(BLOG_EDITOR_NOT_FOUND);
    return deleteFromCollection({
      what: "Deleting a blog post",
      form,
      remove: async () => {
        const images = await deleteBlog(id, actor);
        if (!images) return false;
        // Its images go too, unless another document still shows them.
        await releaseBlogImages(images, null);
        return true;
      },
      notFoundText: BLOG_EDITOR_NOT_FOUND,
      back,
      flash: BLOG_DELETED,
    });
  }

  if (intent !== SAVE_INTENT && intent !== PREVIEW_INTENT) {
    return reply({ result: null, listError: "Unknown action." }, 400);
  }
  // An edit names its post; a create has no id at all.
  const editId = typeof id === "string" && id !== "" ? id : null;
  if (editId !== null && !(await getBlogById(editId))) notFound(BLOG_EDITOR_NOT_FOUND);
  const submission = parseFormWith(form, blogSchema);

  if (intent === PREVIEW_INTENT) {
    // Every value back (no errors yet: the admin is still writing), nothing stored.
    const { initialValue } = submission.reply({ hideFields: BLOG_FILE_FIELDS });
    return reply(
      {
        result: { initialValue },
        listError: null,
        previewing: true,
        filesDropped: hasFile(form.get(IMAGE_FIELD.file)) || hasFile(form.get(AVATAR_FIELD.file)),
      },
      200,
    );
  }

  if (submission.status !== "success") {
    return reply(
      { result: submission.reply({ hideFields: BLOG_FILE_FIELDS }), listError: null },
      400,
    );
  }
  // Only now are files stored: a form with other errors leaves nothing behind.
  const image = await resolveImageField(form, IMAGE_FIELD.url, { uploadedBy: admin.email });
  if (!image.ok) {
    return reply(
      {
        result: submission.reply({
          hideFields: BLOG_FILE_FIELDS,
          fieldErrors: { [IMAGE_FIELD.url]: [image.message] },
        }),
        listError: null,
      },
      400,
    );
  }
  const avatar = await resolveImageField(form, AVATAR_FIELD.url, { uploadedBy: admin.email });
  if (!avatar.ok) {
    if (image.stored) await discardImage(image.url);
    return reply(
      {
        result: submission.reply({
          hideFields: BLOG_FILE_FIELDS,
          fieldErrors: { [AVATAR_FIELD.url]: [avatar.message] },
        }),
        listError: null,
      },
      400,
    );
  }
  const discardStored = async () => {
    if (image.stored) await discardImage(image.url);
    if (avatar.stored) await discardImage(avatar.url);
  };

  const { title, description, author, authorName, excerpt, tags } = submission.value;
  const input: BlogInput = {
    title,
    description,
    imageUrl: image.url,
    author,
    authorName,
    authorAvatar: avatar.url,
    excerpt,
    tags,
  };
  const failed = async () => {
    await discardStored();
    // SPEC §8: the form keeps its values and says the save failed.
    return reply(
      {
        result: submission.reply({
          hideFields: BLOG_FILE_FIELDS,
          formErrors: [editId ? BLOG_UPDATE_FAILED : BLOG_CREATE_FAILED],
        }),
        listError: null,
      },
      500,
    );
  };
  if (editId) {
    const saved = await attempt("Updating a blog post", () => updateBlog(editId, input, actor));
    if (!saved.ok) return failed();
    const before = saved.value;
    if (!before) {
      // Deleted while the form was open.
      await discardStored();
      notFound(BLOG_EDITOR_NOT_FOUND);
    }
    await releaseBlogImages(before, input);
    return redirectWithFlash(back, BLOG_UPDATED);
  }
  const created = await attempt("Creating a blog post", () => createBlog(input, actor));
  if (!created.ok) return failed();
  // A new post is first in the list (newest first): show page 1 of the whole list.
  return redirectWithFlash(PAGE, BLOG_CREATED);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Blog Posts", flashOf(matches));

type Editing = Route.ComponentProps["loaderData"]["editing"];

/** The rendered description: the public post's Markdown component, in a framed box. */
function DescriptionPreview({ source }: { source: string }) {
  // Long posts: typing stays fluid, the preview catches up.
  const deferred = useDeferredValue(source);
  return (
    <section
      id={PREVIEW_ID}
      aria-labelledby={`${PREVIEW_ID}-heading`}
      className="scroll-mt-6 rounded-xl border border-slate-200 bg-slate-50"
    >
      <h3
        id={`${PREVIEW_ID}-heading`}
        className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5 text-sm font-semibold text-slate-900"
      >
        <EyeIcon aria-hidden="true" className="h-4 w-4 text-blue-700" />
        Preview
        <span className="font-normal text-slate-600">as the post shows it</span>
      </h3>
      <div className="max-h-[32rem] overflow-y-auto bg-white px-4 py-5 sm:px-6">
        {deferred.trim() ? (
          <Markdown source={deferred} className="!text-base !leading-7" />
        ) : (
          <p className="text-slate-600">Nothing to preview yet: write the description above.</p>
        )}
      </div>
    </section>
  );
}

function BlogForm({
  editing,
  actionData,
  cancelHref,
}: {
  editing: Editing;
  actionData: ActionResult | undefined;
  cancelHref: string;
}) {
  const saving = usePosting(SAVE_INTENT);
  const hydrated = useHydrated();
  const location = useLocation();
  const [uploadingImage, setUploadingImage] = useState(false);
  const [uploadingAvatar, setUploadingAvatar] = useState(false);
  const uploading = uploadingImage || uploadingAvatar;
  const [form, fields] = useEditorForm(blogSchema, {
    id: editing ? `blog-${editing._id}` : "blog-new",
    lastResult: actionData?.result,
    defaultValue: editing
      ? {
          title: editing.title,
          description: editing.description,
          imageUrl: editing.imageUrl,
          author: editing.author,
          authorName: editing.authorName,
          authorAvatar: editing.authorAvatar,
          excerpt: editing.excerpt,
          tags: editing.tags.join(", "),
        }
      : undefined,
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const initialText = (value: unknown) => (typeof value === "string" ? value : "");
  const [description, setDescription] = useState(initialText(fields.description.initialValue));
  const [showPreview, setShowPreview] = useState(Boolean(actionData?.previewing));
  const previewRef = useRef<HTMLDivElement>(null);
  const openedPreview = useRef(false);
  useEffect(() => {
    // Opened with the button: bring it into view (it sits under the description).
    if (showPreview && openedPreview.current) {
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      previewRef.current?.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "nearest" });
    }
    openedPreview.current = false;
  }, [showPreview]);
  const onUploadingImage = useCallback((value: boolean) => setUploadingImage(value), []);
  const onUploadingAvatar = useCallback((value: boolean) => setUploadingAvatar(value), []);
  const headingId = "blog-form-heading";

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? "Edit Blog Post" : "Add New Blog Post"}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-5 grid max-w-4xl gap-6"
      >
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        {editing ? <input type="hidden" name="id" value={editing._id} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.filesDropped ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            {FILES_NOT_KEPT}
          </p>
        ) : null}
        <InputField
          meta={fields.title}
          label="Title"
          type="text"
          formErrorId={formErrorId}
          maxLength={TITLE_MAX}
          // The form opens on purpose (Add New Blog Post, Edit): start typing at once.
          autoFocus={!actionData?.previewing}
        />
        <div id={DESCRIPTION_BLOCK_ID} className="grid scroll-mt-6 gap-3">
          <TextareaField
            meta={fields.description}
            label="Description"
            rows={DESCRIPTION_ROWS}
            formErrorId={formErrorId}
            maxLength={DESCRIPTION_MAX}
            hint={
              <>
                Markdown: <code className="font-mono">## Heading</code>,{" "}
                <code className="font-mono">**bold**</code>,{" "}
                <code className="font-mono">- list item</code>,{" "}
                <code className="font-mono">[link](https://…)</code>. Line breaks are kept; HTML is
                not shown.
              </>
            }
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          {showPreview ? (
            <div ref={previewRef}>
              <DescriptionPreview source={description} />
            </div>
          ) : null}
        </div>
        <TextareaField
          meta={fields.excerpt}
          label="Excerpt"
          rows={2}
          formErrorId={formErrorId}
          maxLength={EXCERPT_MAX}
          hint="A sentence or two for search results and social cards. Empty: the start of the description."
        />
        <InputField
          meta={fields.tags}
          label="Tags"
          type="text"
          formErrorId={formErrorId}
          placeholder="e.g. SEO, Web Development"
          hint="Separated by commas. Repeated tags are kept once."
        />
        <ImageField
          name={fields.imageUrl.name}
          label="Cover image"
          defaultValue={initialText(fields.imageUrl.initialValue)}
          errors={fields.imageUrl.errors}
          onUploadingChange={onUploadingImage}
          removable={false}
        />
        <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-900">Author</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              meta={fields.author}
              label="Author"
              type="text"
              formErrorId={formErrorId}
              maxLength={AUTHOR_MAX}
              hint="Who wrote the post."
            />
            <InputField
              meta={fields.authorName}
              label="Author name"
              type="text"
              formErrorId={formErrorId}
              maxLength={AUTHOR_MAX}
              hint="The name the post shows. Empty: the author."
            />
          </div>
          <ImageField
            name={fields.authorAvatar.name}
            label="Author avatar"
            defaultValue={initialText(fields.authorAvatar.initialValue)}
            errors={fields.authorAvatar.errors}
            onUploadingChange={onUploadingAvatar}
            hint="Square works best. Empty: a default avatar. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB."
          />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            pending={saving || uploading}
            pendingText={uploading ? "Uploading image..." : editing ? "Updating..." : "Creating..."}
          >
            {editing ? "Update" : "Create"}
          </SubmitButton>
          {hydrated ? (
            <button
              type="button"
              aria-pressed={showPreview}
              aria-controls={showPreview ? PREVIEW_ID : undefined}
              className={secondaryLinkClass}
              onClick={() => {
                openedPreview.current = !showPreview;
                setShowPreview(!showPreview);
              }}
            >
              <EyeIcon aria-hidden="true" className="h-4 w-4" />
              Preview
            </button>
          ) : (
            // Without JavaScript: post the form to render the preview, landing on it (under the
            // description, which stays in view). The
            // browser's required checks are skipped: a draft can be previewed half-written.
            <button
              type="submit"
              name="intent"
              value={PREVIEW_INTENT}
              formNoValidate
              formAction={`${location.pathname}${location.search}#${DESCRIPTION_BLOCK_ID}`}
              className={secondaryLinkClass}
            >
              <EyeIcon aria-hidden="true" className="h-4 w-4" />
              Preview
            </button>
          )}
          <Link to={cancelHref} className={secondaryLinkClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export default function ManageBlogs({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, formOpen, editing, deleting } = loaderData;
  const here = { q, page };
  const listUrl = listHref(PAGE, here);
  return (
    <>
      <AdminPageHeader
        title="Blog Posts"
        description={
          <>
            The articles on the blog, the home page and the feed, newest first.{" "}
            <Link to="/blog" className="font-semibold text-blue-700 underline">
              See them on the site
            </Link>
            .
          </>
        }
        addHref={formOpen ? undefined : listHref(PAGE, here, { new: true })}
        addLabel="Add New Blog Post"
      />

      {formOpen ? (
        <BlogForm
          key={editing?._id ?? "new"}
          editing={editing}
          actionData={actionData as ActionResult | undefined}
          cancelHref={listUrl}
        />
      ) : null}

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.title}
          question={BLOG_DELETE_CONFIRM}
          cancelHref={listUrl}
        />
      ) : null}

      <CollectionTable
        path={PAGE}
        q={q}
        page={page}
        pages={pages}
        total={total}
        noun={["blog post", "blog posts"]}
        search={{
          label: "Search blog posts",
          placeholder: "Words in a title, text, author or tag",
        }}
        listError={actionData?.listError}
        columns={[
          { label: "Image", className: "hidden sm:table-cell" },
          { label: "Title" },
          { label: "Author", className: "hidden lg:table-cell" },
          { label: "Date", className: "hidden lg:table-cell" },
          { label: "Actions", className: "text-right" },
        ]}
        emptyText="No blog articles found."
        items={items}
        editingId={editing?._id}
        deletingId={deleting?._id}
        row={(post) => (
          <>
            <td className={`${tdClass} hidden w-32 sm:table-cell`}>
              <FallbackImage
                src={post.imageUrl}
                fallback={DEFAULT_IMAGE}
                alt=""
                width={96}
                height={54}
                loading="lazy"
                className="aspect-video w-24 rounded-md border border-slate-200 bg-slate-100 object-cover"
              />
            </td>
            <td className={`${tdClass} [overflow-wrap:anywhere]`}>
              <p className="font-semibold text-slate-900">{post.title}</p>
              {/* Phones and tablets: author and date under the title, not in columns. */}
              <p className="mt-1 text-slate-700 lg:hidden">
                {post.author || "—"} ·{" "}
                <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt)}</time>
              </p>
              <EditStamp updatedAt={post.updatedAt} updatedBy={post.updatedBy} />
              <Link
                to={`/blog/${post._id}`}
                className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-blue-700 underline-offset-4 hover:underline"
              >
                View on the site<span className="sr-only">: {post.title}</span>
                <ArrowRightIcon aria-hidden="true" className="h-4 w-4" />
              </Link>
            </td>
            <td className={`${tdClass} hidden text-slate-700 lg:table-cell`}>
              {post.author || "—"}
            </td>
            <td className={`${tdClass} hidden whitespace-nowrap text-slate-700 lg:table-cell`}>
              <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt)}</time>
            </td>
            <td className={`${tdClass} text-right`}>
              <div className={rowActionsClass}>
                <EditDeleteActions
                  path={PAGE}
                  here={here}
                  id={post._id}
                  subject={post.title}
                  deleteQuestion={BLOG_DELETE_CONFIRM}
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
