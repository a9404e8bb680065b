import { DeleteButton, DeleteConfirmation } from "~/components/admin/confirm-delete";
import { type LeadColumn, LeadTable } from "~/components/admin/lead-inbox";
import { LeadRowCells } from "~/components/admin/lead-row";
import { AdminPageHeader, tdClass } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { leadBulkChoices, leadSubject } from "~/domain/lead-inbox";
import { leadListAction, loadLeadList } from "~/domain/lead-pages.server";
import {
  NO_QUOTES,
  QUOTE_DELETE_CONFIRM,
  QUOTE_STATUSES,
  QUOTES_LOAD_FAILED,
} from "~/domain/quote";
import { getQuote, listQuotes, quoteInbox } from "~/domain/quote.server";
import { adminMeta } from "~/lib/admin-meta";
import { leadFilterSearch } from "~/lib/lead-filter";
import type { Route } from "./+types/quotes";

export const PAGE = "/admin/dashboard/quotes";

export async function loader({ request }: Route.LoaderArgs) {
  // A failed read shows 'Failed to load quotes.' instead of the table.
  return loadLeadList(request, quoteInbox, listQuotes, {
    what: "Loading quote requests",
    loadFailed: QUOTES_LOAD_FAILED,
    get: getQuote,
  });
}

export async function action(args: Route.ActionArgs) {
  return leadListAction(args, PAGE, quoteInbox);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta("Manage Quote Requests", flashOf(matches));

// The quote list's seven columns (name, email, phone, service, message, status, date) from
// 1280 px on (beside the sidebar), where they fit in the card
// with narrower gaps between them; below that Phone and Service (then Message, then Email)
// move under the name.
const GAP = "xl:px-2";
const COLUMNS: LeadColumn[] = [
  { label: "Name", className: `${GAP} xl:pl-6`, sort: "name" },
  { label: "Email", className: `hidden md:table-cell ${GAP}`, sort: "email" },
  { label: "Phone", className: `hidden xl:table-cell ${GAP}`, sort: "phone" },
  { label: "Service", className: `hidden xl:table-cell ${GAP}`, sort: "service" },
  { label: "Message", className: `hidden lg:table-cell ${GAP}` },
  { label: "Status", className: GAP, sort: "status" },
  { label: "Actions", className: `text-right ${GAP} xl:pr-6` },
];

export default function ManageQuotes({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, pages, filter, loadError, deleting } = loaderData;
  const here = leadFilterSearch(filter);
  const listUrl = `${PAGE}${here}`;
  const withParam = (name: string, value: string) =>
    `${PAGE}${here ? `${here}&` : "?"}${name}=${encodeURIComponent(value)}`;
  return (
    <>
      <AdminPageHeader
        title="Manage Quote Requests"
        description="Requests sent through the Get Quotes form, newest first. Open one to see where the visitor came from and to keep notes."
        addLabel=""
      />

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={`Quote request from ${deleting.name}`}
          question={QUOTE_DELETE_CONFIRM}
          cancelHref={listUrl}
        />
      ) : null}

      <LeadTable
        path={PAGE}
        filter={filter}
        statuses={QUOTE_STATUSES}
        noun={["quote request", "quote requests"]}
        searchLabel="Search quote requests"
        total={total}
        pages={pages}
        loadError={loadError}
        listError={actionData?.listError}
        columns={COLUMNS}
        emptyText={NO_QUOTES}
        items={items}
        bulk={{
          choices: leadBulkChoices(QUOTE_STATUSES),
          subject: (lead) => leadSubject("quote request", lead.name),
          answer: actionData?.bulk,
          listHref: `${PAGE}${here}`,
        }}
        markedId={deleting?._id}
        row={(quote) => (
          <LeadRowCells
            lead={quote}
            statuses={QUOTE_STATUSES}
            viewHref={`${PAGE}/${quote._id}${here}`}
            viewLabel={`quote request from ${quote.name}`}
            wide
            underName={
              <>
                <p className="mt-1 whitespace-nowrap text-slate-700 xl:hidden">{quote.phone}</p>
                <p className="mt-1 text-slate-700 xl:hidden">{quote.service}</p>
              </>
            }
            middle={
              <>
                <td
                  className={`${tdClass} hidden whitespace-nowrap text-slate-700 xl:table-cell ${GAP}`}
                >
                  {quote.phone}
                </td>
                <td className={`${tdClass} hidden text-slate-700 xl:table-cell ${GAP}`}>
                  {quote.service}
                </td>
              </>
            }
            deleteButton={
              <DeleteButton
                id={quote._id}
                subject={`Quote request from ${quote.name}`}
                question={QUOTE_DELETE_CONFIRM}
                confirmHref={withParam("delete", quote._id)}
              />
            }
          />
        )}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
