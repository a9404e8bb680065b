// A lead's own page (a quote request, a contact message): the way back to the list, the title
// with when it came and its status, the actions (reply, delete), the lead's fields with its
// status control, where the visitor came from, and the internal notes. Each kind adds its own
// fields and actions; the rest is the same page.
import type { SubmissionResult } from "@conform-to/react";
import { ArrowLeftIcon, EnvelopeSimpleIcon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DeleteButton, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { FormErrors } from "~/components/admin/form-controls";
import { primaryLinkClass } from "~/components/admin/list-controls";
import { type LeadView, NOTES_PER_LEAD_MAX, replyHref } from "~/domain/lead-inbox";
import {
  DateTime,
  Detail,
  NotesSection,
  NotificationDetail,
  SourceDetails,
  StatusBadge,
  StatusControl,
} from "./lead-inbox";

export function LeadDetailPage({
  lead,
  page,
  listSearch,
  confirmingDelete,
  actionData,
  title,
  backLabel,
  replySubject,
  deleteQuestion,
  statuses,
  section,
  moreActions,
  moreDetails,
}: {
  lead: LeadView<string>;
  /** The list's path; the lead's page is `${page}/${id}`. */
  page: string;
  /** The list's filter and page, kept on every link back. */
  listSearch: string;
  confirmingDelete: boolean;
  actionData:
    | { listError: string | null; noteResult: SubmissionResult<string[]> | null }
    | undefined;
  title: string;
  backLabel: string;
  replySubject: string;
  deleteQuestion: string;
  statuses: readonly string[];
  /** The first section's heading (its id and words). */
  section: { id: string; title: string };
  /** Actions after 'Reply by e-mail'. */
  moreActions?: ReactNode;
  /** The kind's own fields, after Email. */
  moreDetails?: ReactNode;
}) {
  const here = `${page}/${lead._id}${listSearch}`;
  return (
    <>
      <Link
        to={`${page}${listSearch}`}
        className="inline-flex w-max items-center gap-1.5 text-sm font-semibold text-blue-700 underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" />
        {backLabel}
      </Link>
      <header className="grid gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
            {title}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
            <span>
              Received <DateTime iso={lead.createdAt} />
            </span>
            <StatusBadge status={lead.status} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <a href={replyHref(lead.email, replySubject)} className={primaryLinkClass}>
            <EnvelopeSimpleIcon aria-hidden="true" className="h-4 w-4" />
            Reply by e-mail
          </a>
          {moreActions}
          <DeleteButton
            id={lead._id}
            subject={title}
            question={deleteQuestion}
            confirmHref={`${here}${listSearch ? "&" : "?"}delete`}
          />
        </div>
      </header>
      {confirmingDelete ? (
        <DeleteConfirmation
          id={lead._id}
          subject={title}
          question={deleteQuestion}
          cancelHref={here}
        />
      ) : null}
      <FormErrors errors={actionData?.listError ? [actionData.listError] : undefined} />

      <section
        aria-labelledby={section.id}
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id={section.id} className="text-lg font-semibold text-slate-900">
          {section.title}
        </h2>
        <dl className="mt-2 divide-y divide-slate-200">
          <Detail term="Received">
            <DateTime iso={lead.createdAt} />
          </Detail>
          <Detail term="Name">{lead.name}</Detail>
          <Detail term="Email">
            <a href={`mailto:${lead.email}`} className="text-blue-700 underline">
              {lead.email}
            </a>
          </Detail>
          {moreDetails}
          <Detail term="Status">
            <StatusControl
              id={lead._id}
              subject={lead.name}
              status={lead.status}
              statuses={statuses}
            />
            {lead.updatedBy ? (
              <span className="mt-1 block text-xs text-slate-600">
                Last changed by {lead.updatedBy}, <DateTime iso={lead.updatedAt} />
              </span>
            ) : null}
          </Detail>
          <Detail term="Message">
            <p className="whitespace-pre-line">{lead.message}</p>
          </Detail>
        </dl>
      </section>

      <section
        aria-labelledby="source-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="source-heading" className="text-lg font-semibold text-slate-900">
          Where the visitor came from
        </h2>
        <dl className="mt-2 divide-y divide-slate-200">
          <SourceDetails source={lead.source} />
          <NotificationDetail notification={lead.notification} />
        </dl>
      </section>

      <NotesSection
        notes={lead.notes}
        lastResult={actionData?.noteResult}
        formId={`note-${lead._id}`}
        full={lead.notes.length >= NOTES_PER_LEAD_MAX}
      />
    </>
  );
}
