// The history page's list: a record's revisions, newest first, each saying who changed it,
// when, through which door and how, and what changed since the revision before, field by field.
// Removed text is struck through and added text underlined, each also named in words for
// screen readers ("removed:", "added:"), so nothing relies on colour. Restore as draft is a
// plain POST form: it works without JavaScript.
import { ArrowCounterClockwiseIcon } from "@phosphor-icons/react";
import { Form } from "react-router";
import { rowActionClass } from "~/components/admin/list-controls";
import { usePosting } from "~/components/admin/use-editor-form";
import { ACTION_LABELS, formatAt, RESTORE_INTENT, VIA_LABELS } from "./history";
import type { RevisionView } from "./history.server";
import type { DiffPart, FieldChange } from "./revision-diff";

/** How removed and added text look, and what a screen reader hears before it. */
const MARKS = {
  removed: {
    Tag: "del",
    said: "removed",
    className:
      "rounded-sm bg-red-50 px-0.5 text-red-900 line-through decoration-red-800 decoration-2",
  },
  added: {
    Tag: "ins",
    said: "added",
    className:
      "rounded-sm bg-green-50 px-0.5 text-green-900 underline decoration-green-800 decoration-2 underline-offset-2",
  },
} as const;

function Part({ part }: { part: DiffPart }) {
  if (part.change === "same") return <span>{part.text}</span>;
  const { Tag, said, className } = MARKS[part.change];
  return (
    <Tag className={className}>
      <span className="sr-only">[{said}: </span>
      {part.text}
      <span className="sr-only">]</span>
    </Tag>
  );
}

/** A field's change: a word-level difference in the flow of the text, or old and new whole. */
function Change({ change }: { change: FieldChange }) {
  const inline = change.parts.some((part) => part.change === "same");
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="font-semibold text-slate-800">{change.label}</dt>
      <dd className="min-w-0 whitespace-pre-wrap break-words text-slate-800">
        {inline ? (
          change.parts.map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a rendered difference never move.
            <Part key={i} part={part} />
          ))
        ) : (
          <span className="grid gap-1">
            {change.parts.map((part) => (
              <span key={part.change}>
                <Part part={part} />
              </span>
            ))}
          </span>
        )}
      </dd>
    </div>
  );
}

function RestoreButton({ revision }: { revision: RevisionView }) {
  const posting = usePosting(RESTORE_INTENT);
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value={RESTORE_INTENT} />
      <input type="hidden" name="revision" value={revision.id} />
      <button type="submit" className={rowActionClass} disabled={posting}>
        <ArrowCounterClockwiseIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
        Restore as draft
        <span className="sr-only"> (the revision of {formatAt(revision.at)})</span>
      </button>
    </Form>
  );
}

export function RevisionList({
  items,
  newestId,
}: {
  items: RevisionView[];
  /** The record's newest revision: what it is now, nothing to restore. */
  newestId: string | null;
}) {
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-700 shadow-sm">
        No changes recorded yet: the history starts with the next save.
      </p>
    );
  }
  return (
    <ol className="grid gap-4">
      {items.map((revision) => {
        const headingId = `revision-${revision.id}`;
        const door = VIA_LABELS[revision.via] ?? revision.via;
        return (
          <li
            key={revision.id}
            aria-labelledby={headingId}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {ACTION_LABELS[revision.action] ?? revision.action}{" "}
              <time dateTime={revision.at} className="font-normal text-slate-700">
                {formatAt(revision.at)}
              </time>
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              By {revision.actor} through the {door}. {revision.status}.
              {revision.restoredFrom
                ? ` Restored from the revision of ${formatAt(revision.restoredFrom)}.`
                : ""}
            </p>
            {revision.compared === "none" ? (
              <p className="mt-3 text-sm text-slate-700">
                The earliest revision kept: there is none before it to compare with.
              </p>
            ) : revision.changes.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">
                {/* A move changes only the record's place: its summary says where to. */}
                {revision.action === "move" ? `${revision.summary}.` : "No field changed."}
              </p>
            ) : (
              <dl
                aria-label="What changed"
                className="mt-3 divide-y divide-slate-100 border-t border-slate-100 text-sm"
              >
                {revision.changes.map((change) => (
                  <Change key={change.path} change={change} />
                ))}
              </dl>
            )}
            {revision.id === newestId ? (
              <p className="mt-3 text-sm text-slate-600">This is the record as it is now.</p>
            ) : revision.action === "delete" ? null : (
              <RestoreButton revision={revision} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
