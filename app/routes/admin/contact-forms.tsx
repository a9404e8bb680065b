import { type LeadColumn, LeadTable } from "~/components/admin/lead-inbox";
import { LeadRowCells } from "~/components/admin/lead-row";
import { AdminPageHeader } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { CONTACT_STATUSES, CONTACTS_LOAD_FAILED, NO_CONTACTS } from "~/domain/contact-message";
import { contactInbox, listContactMessages } from "~/domain/contact-message.server";
import { leadBulkChoices, leadSubject } from "~/domain/lead-inbox";
import { leadListAction, loadLeadList } from "~/domain/lead-pages.server";
import { adminMeta } from "~/lib/admin-meta";
import { leadFilterSearch } from "~/lib/lead-filter";
import type { Route } from "./+types/contact-forms";

export const PAGE = "/admin/dashboard/contact-forms";

export async function loader({ request }: Route.LoaderArgs) {
  // A failed read shows 'Error: Failed to fetch contacts' instead of the table.
  return loadLeadList(request, contactInbox, listContactMessages, {
    what: "Loading contact messages",
    loadFailed: CONTACTS_LOAD_FAILED,
  });
}

export async function action(args: Route.ActionArgs) {
  return leadListAction(args, PAGE, contactInbox);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta("Contact Form Submissions", flashOf(matches));

const COLUMNS: LeadColumn[] = [
  { label: "Name", sort: "name" },
  { label: "Email", className: "hidden md:table-cell", sort: "email" },
  { label: "Message", className: "hidden lg:table-cell" },
  { label: "Status", sort: "status" },
  { label: "Actions", className: "text-right" },
];

export default function ContactForms({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, pages, filter, loadError } = loaderData;
  const here = leadFilterSearch(filter);
  return (
    <>
      <AdminPageHeader
        title="Contact Form Submissions"
        description="Messages sent through the contact page, newest first. Open one to see where the visitor came from and to keep notes."
        addLabel=""
      />
      <LeadTable
        path={PAGE}
        filter={filter}
        statuses={CONTACT_STATUSES}
        noun={["contact message", "contact messages"]}
        searchLabel="Search contact messages"
        total={total}
        pages={pages}
        loadError={loadError}
        listError={actionData?.listError}
        columns={COLUMNS}
        emptyText={NO_CONTACTS}
        items={items}
        bulk={{
          choices: leadBulkChoices(CONTACT_STATUSES),
          subject: (lead) => leadSubject("contact message", lead.name),
          answer: actionData?.bulk,
          listHref: `${PAGE}${here}`,
        }}
        row={(contact) => (
          <LeadRowCells
            lead={contact}
            statuses={CONTACT_STATUSES}
            viewHref={`${PAGE}/${contact._id}${here}`}
            viewLabel={`message from ${contact.name}`}
          />
        )}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
