// The blog post editor: the kit's inputs for the post's fields (app/content/blogs.ts), grouped
// as the post shows them, and the post's own part: the Markdown description's preview,
// rendered by the same component as the public post (components/site/markdown.tsx). Without
// JavaScript, Preview posts the form (intent=preview), which comes back with every value and
// the preview and stores nothing; with JavaScript, Preview shows it at once and it follows the
// typing. The form is multipart: the cover image and the author's avatar are ImageFields. The
// author may be picked from the about page's team (`team`, the loader's); the typed author stays
// the fallback for a post by someone who is not on the team, or no longer.
import { EyeIcon, InfoIcon } from "@phosphor-icons/react";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { secondaryLinkClass } from "~/components/admin/list-controls";
import { SelectField } from "~/components/forms/fields";
import { Markdown } from "~/components/site/markdown";
import { useHydrated } from "~/lib/use-hydrated";
import { CollectionEditor, type EditorProps } from "./kit/admin-screen";

export const PREVIEW_INTENT = "preview";
export const FILES_NOT_KEPT =
  "Preview does not keep a picked file: choose the image again before saving.";
const PREVIEW_ID = "blog-preview";
const MEMBER_HINT_ID = "blog-author-member-hint";
/** The description and its preview: where Preview without JavaScript lands. */
const DESCRIPTION_BLOCK_ID = "blog-description";

/** What the action answers besides the form's result (see routes/admin/blogs.tsx). */
export interface PreviewData {
  /** The form came back from Preview (no JavaScript): show the rendered description. */
  previewing?: boolean;
  /** A file was picked before Preview: say it must be chosen again. */
  filesDropped?: boolean;
}

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

/**
 * Preview: at once with JavaScript; without it, a post of the form that lands on the preview
 * (the description stays in view above it). The browser's required checks are skipped: a
 * draft can be previewed half-written.
 */
function PreviewButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const hydrated = useHydrated();
  const location = useLocation();
  return (
    <button
      type={hydrated ? "button" : "submit"}
      name="intent"
      value={PREVIEW_INTENT}
      formNoValidate
      formAction={`${location.pathname}${location.search}#${DESCRIPTION_BLOCK_ID}`}
      aria-pressed={hydrated ? shown : undefined}
      aria-controls={hydrated && shown ? PREVIEW_ID : undefined}
      className={secondaryLinkClass}
      onClick={hydrated ? onToggle : undefined}
    >
      <EyeIcon aria-hidden="true" className="h-4 w-4" />
      Preview
    </button>
  );
}

/** The team member choice: the team's names, and a saved one the team no longer has. */
function memberOptions(team: readonly string[], saved: unknown): string[] {
  const kept = typeof saved === "string" ? saved.trim() : "";
  return kept && !team.includes(kept) ? [...team, kept] : [...team];
}

export function BlogEditor({ team, ...props }: EditorProps & { team: readonly string[] }) {
  const { previewing, filesDropped } = (props.actionData ?? {}) as PreviewData;
  const [showPreview, setShowPreview] = useState(Boolean(previewing));
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

  return (
    <CollectionEditor
      {...props}
      // Back from Preview: the description is where the page lands, not the title.
      autoFocus={!previewing}
      notice={
        filesDropped ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            <InfoIcon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            {FILES_NOT_KEPT}
          </p>
        ) : null
      }
      buttons={
        <PreviewButton
          shown={showPreview}
          onToggle={() => {
            openedPreview.current = !showPreview;
            setShowPreview(!showPreview);
          }}
        />
      }
      layout={(input, fields) => (
        <>
          {input("title")}
          <div id={DESCRIPTION_BLOCK_ID} className="grid scroll-mt-6 gap-3">
            {input("description")}
            {showPreview ? (
              <div ref={previewRef}>
                {/* What is typed now: conform follows the field as it changes. */}
                <DescriptionPreview source={String(fields.description?.value ?? "")} />
              </div>
            ) : null}
          </div>
          {input("excerpt")}
          {input("tags")}
          {input("imageUrl")}
          <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:p-5">
            <legend className="px-1 text-sm font-semibold text-slate-900">Author</legend>
            <SelectField
              meta={fields.authorMember as never}
              label="Team member"
              options={memberOptions(team, fields.authorMember?.initialValue)}
              placeholder="None: the author typed below"
              aria-describedby={MEMBER_HINT_ID}
            />
            <p id={MEMBER_HINT_ID} className="-mt-3 text-sm text-slate-600">
              {team.length
                ? "Their name, portrait and role show on the post and its card."
                : "No team members yet: add them on the About page to pick one here."}
            </p>
            <div className="grid gap-5 sm:grid-cols-2">
              {input("author")}
              {input("authorName")}
            </div>
            {input("authorAvatar")}
          </fieldset>
        </>
      )}
    />
  );
}
