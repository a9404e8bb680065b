// /admin/dashboard/contact-forms: SPEC §2 'Contact Form Submissions'. The table (Name, Email,
// Message, Status, Actions), newest first, 10 a page with Prev, 'page / pages', Next (SPEC §9),
// filtered by status, received dates and a search in the URL (lib/lead-filter.ts); the status
// select of each row (sent on change with JavaScript; a failure says 'Failed to update status.
// Please try again.'; a Save button without JavaScript). The SPEC's Actions column held only a
// dash: here it opens the message's own page (contact-form-detail.tsx), where notes are kept and
// a message can be deleted. Opening a message does not change its status: staff set it.
// Export CSV downloads the same filter (contact-forms-export.ts).
import { EyeIcon } from "@phosphor-icons/react";
import { Link } from "react-router";
import {
  type LeadColumn,
  LeadTable,
  leadActionsCellClass,
  leadMainCellClass,
  leadStatusCellClass,
  ReceivedOn,
  StatusControl,
} from "~/components/admin/lead-inbox";
import { AdminPageHeader, rowActionClass, tdClass } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { CONTACT_STATUSES, CONTACTS_LOAD_FAILED, NO_CONTACTS } from "~/domain/contact-message";
import { contactInbox, listContactMessages } from "~/domain/contact-message.server";
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
  { label: "Name" },
  { label: "Email", className: "hidden md:table-cell" },
  { label: "Message", className: "hidden lg:table-cell" },
  { label: "Status" },
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
        row={(contact) => (
          <>
            <td className={leadMainCellClass}>
              <p className="font-semibold text-slate-900">{contact.name}</p>
              <ReceivedOn iso={contact.createdAt} />
              {/* Narrower screens: the hidden columns' values under the name. */}
              <p className="mt-1 text-slate-700 md:hidden">{contact.email}</p>
              <p className="mt-1 line-clamp-2 text-slate-700 lg:hidden">{contact.message}</p>
            </td>
            <td
              className={`${tdClass} hidden min-w-44 text-slate-700 [overflow-wrap:anywhere] md:table-cell`}
            >
              <a
                href={`mailto:${contact.email}`}
                className="text-blue-700 underline underline-offset-2"
              >
                {contact.email}
              </a>
            </td>
            <td
              className={`${tdClass} hidden min-w-48 text-slate-700 [overflow-wrap:anywhere] lg:table-cell`}
            >
              <p className="line-clamp-3 whitespace-pre-line">{contact.message}</p>
            </td>
            <td className={leadStatusCellClass}>
              <StatusControl
                id={contact._id}
                subject={contact.name}
                status={contact.status}
                statuses={CONTACT_STATUSES}
              />
            </td>
            <td className={leadActionsCellClass}>
              <Link to={`${PAGE}/${contact._id}${here}`} className={rowActionClass}>
                <EyeIcon aria-hidden="true" className="h-4 w-4" />
                View<span className="sr-only"> message from {contact.name}</span>
              </Link>
            </td>
          </>
        )}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
