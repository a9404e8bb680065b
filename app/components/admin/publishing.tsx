// Draft and published in the admin (issue 24): the badge a list row shows, the line above an
// editor saying where the record stands, and its POST buttons (Unpublish, Discard changes),
// plain forms that work without JavaScript.
import { Form } from "react-router";
import { rowActionClass } from "./list-controls";

/** A record's state as the kit's store reports it (kit/publishing.ts). */
export interface Publishing {
  publishStatus?: "draft" | "published";
  hasDraft?: boolean;
}

/** What the "Save draft" button posts as `as` (the editor's main button publishes). */
export const SAVE_AS_DRAFT = "draft";
/** The intents of the editor's publishing buttons (kit/admin.server.ts answers them). */
export const UNPUBLISH_INTENT = "unpublish";
export const DISCARD_INTENT = "discard";

const badgeClass = "ml-2 inline-flex rounded-full px-2 py-0.5 align-middle text-xs font-semibold";

/** Beside a row's title: "Draft" or "Unpublished changes"; nothing for a plain published one. */
export function StatusBadge({ publishStatus, hasDraft }: Publishing) {
  if (publishStatus === "draft")
    return <span className={`${badgeClass} bg-amber-100 text-amber-900`}>Draft</span>;
  if (hasDraft)
    return <span className={`${badgeClass} bg-blue-100 text-blue-900`}>Unpublished changes</span>;
  return null;
}

/** The editor's line about the record's state, with Unpublish and Discard changes. */
export function PublishingLine({
  state,
  id,
  noun,
}: {
  state: Publishing;
  /** The record's id, or null for a single document (which is always published). */
  id: string | null;
  noun: string;
}) {
  const draft = state.publishStatus === "draft";
  const text = draft
    ? `This ${noun} is a draft: only staff see it. Publish it to put it on the site.`
    : state.hasDraft
      ? "Published. Changes saved as a draft are not on the site yet: the form shows them."
      : "Published: visitors see it.";
  return (
    <div
      className={`mt-3 flex flex-wrap items-center gap-3 rounded-lg px-3 py-2 text-sm ${
        draft || state.hasDraft ? "bg-amber-50 text-amber-950" : "bg-slate-50 text-slate-700"
      }`}
    >
      <p>
        <span className="font-semibold">Status:</span> {text}
      </p>
      {state.hasDraft ? (
        <PostButton intent={DISCARD_INTENT} id={id} label="Discard changes" />
      ) : null}
      {!draft && id !== null ? (
        <PostButton intent={UNPUBLISH_INTENT} id={id} label="Unpublish" />
      ) : null}
    </div>
  );
}

function PostButton({ intent, id, label }: { intent: string; id: string | null; label: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      {id !== null ? <input type="hidden" name="id" value={id} /> : null}
      <button type="submit" className={rowActionClass}>
        {label}
      </button>
    </Form>
  );
}
