// /admin/dashboard/contact-forms/:id: one contact message with everything stored about it (the
// form's fields, when it came, where the visitor came from, the e-mail notification), a reply
// link, its status, internal notes and Delete. Opening a 'new' message leaves it 'new': staff
// set 'read' or 'replied' themselves (a look is not a reply). The list's filter and page ride
// along in the query string so that the way back returns to the same list.
import { LeadDetailPage } from "~/components/admin/lead-detail";
import { flashOf } from "~/components/admin/use-flash";
import { CONTACT_DELETE_CONFIRM, CONTACT_STATUSES } from "~/domain/contact-message";
import { contactInbox, getContactMessage } from "~/domain/contact-message.server";
import { leadDetailAction, loadLeadDetail } from "~/domain/lead-pages.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/contact-form-detail";
import { PAGE } from "./contact-forms";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { lead, ...rest } = await loadLeadDetail(
    request,
    params.id ?? "",
    contactInbox,
    getContactMessage,
  );
  return { contact: lead, ...rest };
}

export async function action(args: Route.ActionArgs) {
  return leadDetailAction(args, args.params.id ?? "", PAGE, contactInbox);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data ? `Message from ${data.contact.name}` : "Contact message", flashOf(matches));

export default function ContactFormDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, listSearch, confirmingDelete } = loaderData;
  return (
    <LeadDetailPage
      lead={contact}
      page={PAGE}
      listSearch={listSearch}
      confirmingDelete={confirmingDelete}
      actionData={actionData}
      title={`Message from ${contact.name}`}
      backLabel="All contact messages"
      replySubject="Re: Your message"
      deleteQuestion={CONTACT_DELETE_CONFIRM}
      statuses={CONTACT_STATUSES}
      section={{ id: "message-heading", title: "The message" }}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
