// /admin/dashboard/quotes/:id: one quote request with everything stored about it (the form's
// fields, when it came, where the visitor came from, the e-mail notification), a reply link,
// a Call link, its status, internal notes and Delete. The list's filter and page ride along in
// the query string so that the way back returns to the same list.
import { PhoneIcon } from "@phosphor-icons/react";
import { LeadDetailPage } from "~/components/admin/lead-detail";
import { Detail } from "~/components/admin/lead-inbox";
import { secondaryLinkClass } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { leadDetailAction, loadLeadDetail } from "~/domain/lead-pages.server";
import { QUOTE_DELETE_CONFIRM, QUOTE_STATUSES } from "~/domain/quote";
import { getQuote, quoteInbox } from "~/domain/quote.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/quote-detail";
import { PAGE } from "./quotes";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { lead, ...rest } = await loadLeadDetail(request, params.id ?? "", quoteInbox, getQuote);
  return { quote: lead, ...rest };
}

export async function action(args: Route.ActionArgs) {
  return leadDetailAction(args, args.params.id ?? "", PAGE, quoteInbox);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data ? `Quote request from ${data.quote.name}` : "Quote request", flashOf(matches));

/** A dialable number: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function QuoteDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, listSearch, confirmingDelete } = loaderData;
  return (
    <LeadDetailPage
      lead={quote}
      page={PAGE}
      listSearch={listSearch}
      confirmingDelete={confirmingDelete}
      actionData={actionData}
      title={`Quote request from ${quote.name}`}
      backLabel="All quote requests"
      replySubject={`Re: Your quote request (${quote.service})`}
      deleteQuestion={QUOTE_DELETE_CONFIRM}
      statuses={QUOTE_STATUSES}
      section={{ id: "request-heading", title: "The request" }}
      moreActions={
        <a href={telHref(quote.phone)} className={secondaryLinkClass}>
          <PhoneIcon aria-hidden="true" className="h-4 w-4" />
          Call
        </a>
      }
      moreDetails={
        <>
          <Detail term="Phone">
            <a href={telHref(quote.phone)} className="text-blue-700 underline">
              {quote.phone}
            </a>
          </Detail>
          <Detail term="Service">{quote.service}</Detail>
        </>
      }
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
