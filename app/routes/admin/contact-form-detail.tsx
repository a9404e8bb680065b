// /admin/dashboard/contact-forms/:id: one contact message with everything stored about it (the
// form's fields, when it came, where the visitor came from, the e-mail notification), a reply
// link, its status, internal notes and Delete. Opening a 'new' message leaves it 'new': staff
// set 'read' or 'replied' themselves (a look is not a reply). The list's filter and page ride
// along in the query string so that the way back returns to the same list.
import { EnvelopeSimpleIcon } from "@phosphor-icons/react";
import { DeleteButton, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { FormErrors } from "~/components/admin/form-controls";
import { LeadDetailLayout } from "~/components/admin/lead-detail";
import {
  DateTime,
  Detail,
  NotesSection,
  NotificationDetail,
  SourceDetails,
  StatusControl,
} from "~/components/admin/lead-inbox";
import { primaryLinkClass } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import {
  CONTACT_DELETE_CONFIRM,
  CONTACT_NOT_FOUND,
  CONTACT_STATUSES,
} from "~/domain/contact-message";
import { contactInbox, getContactMessage } from "~/domain/contact-message.server";
import { leadAction } from "~/domain/lead-actions.server";
import { NOTES_PER_LEAD_MAX, replyHref } from "~/domain/lead-inbox";
import { notFound } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { leadFilterSearch, parseLeadFilter } from "~/lib/lead-filter";
import type { Route } from "./+types/contact-form-detail";
import { PAGE } from "./contact-forms";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const contact = await getContactMessage(params.id ?? "");
  if (!contact) notFound(CONTACT_NOT_FOUND);
  const url = new URL(request.url);
  return {
    contact,
    listSearch: leadFilterSearch(parseLeadFilter(url, CONTACT_STATUSES)),
    confirmingDelete: url.searchParams.has("delete"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const id = params.id ?? "";
  const listSearch = leadFilterSearch(parseLeadFilter(new URL(request.url), CONTACT_STATUSES));
  return leadAction(request, actor, contactInbox, {
    back: `${PAGE}/${id}${listSearch}`,
    afterDelete: `${PAGE}${listSearch}`,
    fixedId: id,
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data ? `Message from ${data.contact.name}` : "Contact message", flashOf(matches));

export default function ContactFormDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, listSearch, confirmingDelete } = loaderData;
  const here = `${PAGE}/${contact._id}${listSearch}`;
  const subject = `Message from ${contact.name}`;
  return (
    <LeadDetailLayout
      backHref={`${PAGE}${listSearch}`}
      backLabel="All contact messages"
      title={subject}
      receivedAt={contact.createdAt}
      status={contact.status}
      actions={
        <>
          <a href={replyHref(contact.email, "Re: Your message")} className={primaryLinkClass}>
            <EnvelopeSimpleIcon aria-hidden="true" className="h-4 w-4" />
            Reply by e-mail
          </a>
          <DeleteButton
            id={contact._id}
            subject={subject}
            question={CONTACT_DELETE_CONFIRM}
            confirmHref={`${here}${listSearch ? "&" : "?"}delete`}
          />
        </>
      }
    >
      {confirmingDelete ? (
        <DeleteConfirmation
          id={contact._id}
          subject={subject}
          question={CONTACT_DELETE_CONFIRM}
          cancelHref={here}
        />
      ) : null}
      <FormErrors errors={actionData?.listError ? [actionData.listError] : undefined} />

      <section
        aria-labelledby="message-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="message-heading" className="text-lg font-semibold text-slate-900">
          The message
        </h2>
        <dl className="mt-2 divide-y divide-slate-200">
          <Detail term="Received">
            <DateTime iso={contact.createdAt} />
          </Detail>
          <Detail term="Name">{contact.name}</Detail>
          <Detail term="Email">
            <a href={`mailto:${contact.email}`} className="text-blue-700 underline">
              {contact.email}
            </a>
          </Detail>
          <Detail term="Status">
            <StatusControl
              id={contact._id}
              subject={contact.name}
              status={contact.status}
              statuses={CONTACT_STATUSES}
            />
            {contact.updatedBy ? (
              <span className="mt-1 block text-xs text-slate-600">
                Last changed by {contact.updatedBy}, <DateTime iso={contact.updatedAt} />
              </span>
            ) : null}
          </Detail>
          <Detail term="Message">
            <p className="whitespace-pre-line">{contact.message}</p>
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
          <SourceDetails source={contact.source} />
          <NotificationDetail notification={contact.notification} />
        </dl>
      </section>

      <NotesSection
        notes={contact.notes}
        lastResult={actionData?.noteResult}
        formId={`note-${contact._id}`}
        full={contact.notes.length >= NOTES_PER_LEAD_MAX}
      />
    </LeadDetailLayout>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
