// The blog post editor: the kit's inputs for the post's fields (app/content/blogs.ts), grouped
// as the post shows them, and the post's own part: the Markdown description's preview,
// rendered by the same component as the public post (components/site/markdown.tsx). Without
// JavaScript, Preview posts the form (intent=preview), which comes back with every value and
// the preview and stores nothing; with JavaScript, Preview shows it at once and it follows the
// typing. The form is multipart: the cover image and the author's avatar are ImageFields.
import { getFormProps } from "@conform-to/react";
import { EyeIcon, InfoIcon } from "@phosphor-icons/react";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { FormErrors, SubmitButton } from "~/components/admin/form-controls";
import { secondaryLinkClass } from "~/components/admin/list-controls";
import { useEditorForm, usePosting } from "~/components/admin/use-editor-form";
import { TextareaField } from "~/components/forms/fields";
import { Markdown } from "~/components/site/markdown";
import { useHydrated } from "~/lib/use-hydrated";
import { blogs, DESCRIPTION_MAX, DESCRIPTION_ROWS } from "./blogs";
import type { EditorProps } from "./kit/admin-screen";
import { FieldInput } from "./kit/field-input";

export const SAVE_INTENT = "save";
export const PREVIEW_INTENT = "preview";
export const FILES_NOT_KEPT =
  "Preview does not keep a picked file: choose the image again before saving.";
const PREVIEW_ID = "blog-preview";
/** The description and its preview: where Preview without JavaScript lands. */
const DESCRIPTION_BLOCK_ID = "blog-description";

/** What the action answers besides the form's result (see routes/admin/blogs.tsx). */
export interface PreviewData {
  /** The form came back from Preview (no JavaScript): show the rendered description. */
  previewing?: boolean;
  /** A file was picked before Preview: say it must be chosen again. */
  filesDropped?: boolean;
}

const field = (name: string) => {
  const found = blogs.fields.find((f) => f.name === name);
  if (!found) throw new Error(`blogs.ts describes no field ${name}`);
  return found;
};

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

/** Preview: at once with JavaScript; without it, a post of the form that lands on the preview. */
function PreviewButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const content = (
    <>
      <EyeIcon aria-hidden="true" className="h-4 w-4" />
      Preview
    </>
  );
  return hydrated ? (
    <button
      type="button"
      aria-pressed={shown}
      aria-controls={shown ? PREVIEW_ID : undefined}
      className={secondaryLinkClass}
      onClick={onToggle}
    >
      {content}
    </button>
  ) : (
    // The description stays in view above it. The browser's required checks are skipped: a
    // draft can be previewed half-written.
    <button
      type="submit"
      name="intent"
      value={PREVIEW_INTENT}
      formNoValidate
      formAction={`${location.pathname}${location.search}#${DESCRIPTION_BLOCK_ID}`}
      className={secondaryLinkClass}
    >
      {content}
    </button>
  );
}

export function BlogEditor({ editing, actionData, cancelHref }: EditorProps) {
  const preview = actionData as (EditorProps["actionData"] & PreviewData) | undefined;
  const saving = usePosting(SAVE_INTENT);
  const [uploadingImage, setUploadingImage] = useState(false);
  const [uploadingAvatar, setUploadingAvatar] = useState(false);
  const uploading = uploadingImage || uploadingAvatar;
  const [form, fields] = useEditorForm(blogs.schema, {
    id: editing ? `blog-${String(editing._id)}` : "blog-new",
    lastResult: actionData?.result,
    defaultValue: editing
      ? (Object.fromEntries(
          blogs.fields.map(({ name }) => {
            const value = editing[name];
            return [name, Array.isArray(value) ? value.join(", ") : value];
          }),
        ) as never)
      : undefined,
  });
  const formErrorId = form.errors?.length ? form.errorId : undefined;
  const input = (name: keyof typeof fields, more: { autoFocus?: boolean } = {}) => (
    <FieldInput
      field={field(name)}
      meta={fields[name] as never}
      formErrorId={formErrorId}
      onUploadingChange={name === "authorAvatar" ? setUploadingAvatar : setUploadingImage}
      {...more}
    />
  );
  const initial = fields.description.initialValue;
  const [description, setDescription] = useState(typeof initial === "string" ? initial : "");
  const [showPreview, setShowPreview] = useState(Boolean(preview?.previewing));
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
  const headingId = "blog-form-heading";

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {editing ? blogs.admin.formTitle.edit : blogs.admin.formTitle.create}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-5 grid max-w-4xl gap-6"
      >
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        {editing ? <input type="hidden" name="id" value={String(editing._id)} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        {preview?.filesDropped ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            {FILES_NOT_KEPT}
          </p>
        ) : null}
        {/* The form opens on purpose (Add New Blog Post, Edit): start typing at once. */}
        {input("title", { autoFocus: !preview?.previewing })}
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
        {input("excerpt")}
        {input("tags")}
        {input("imageUrl")}
        <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-900">Author</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            {input("author")}
            {input("authorName")}
          </div>
          {input("authorAvatar")}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            pending={saving || uploading}
            pendingText={uploading ? "Uploading image..." : editing ? "Updating..." : "Creating..."}
          >
            {editing ? "Update" : "Create"}
          </SubmitButton>
          <PreviewButton
            shown={showPreview}
            onToggle={() => {
              openedPreview.current = !showPreview;
              setShowPreview(!showPreview);
            }}
          />
          <Link to={cancelHref} className={secondaryLinkClass}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
