// /admin/dashboard/quotes/:id: one quote request with everything stored about it (the form's
// fields, when it came, where the visitor came from, the e-mail notification), a reply link,
// its status, internal notes and Delete. The list's filter and page ride along in the query
// string so that the way back returns to the same list.
import { EnvelopeSimpleIcon, PhoneIcon } from "@phosphor-icons/react";
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
import { primaryLinkClass, secondaryLinkClass } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { leadAction } from "~/domain/lead-actions.server";
import { NOTES_PER_LEAD_MAX, replyHref } from "~/domain/lead-inbox";
import { QUOTE_DELETE_CONFIRM, QUOTE_NOT_FOUND, QUOTE_STATUSES } from "~/domain/quote";
import { getQuote, quoteInbox } from "~/domain/quote.server";
import { notFound } from "~/lib/admin-crud.server";
import { adminMeta } from "~/lib/admin-meta";
import { leadFilterSearch, parseLeadFilter } from "~/lib/lead-filter";
import type { Route } from "./+types/quote-detail";
import { PAGE } from "./quotes";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const quote = await getQuote(params.id ?? "");
  if (!quote) notFound(QUOTE_NOT_FOUND);
  const url = new URL(request.url);
  return {
    quote,
    listSearch: leadFilterSearch(parseLeadFilter(url, QUOTE_STATUSES)),
    confirmingDelete: url.searchParams.has("delete"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const actor = actorOf(admin, context);
  const id = params.id ?? "";
  const listSearch = leadFilterSearch(parseLeadFilter(new URL(request.url), QUOTE_STATUSES));
  return leadAction(request, actor, quoteInbox, {
    back: `${PAGE}/${id}${listSearch}`,
    afterDelete: `${PAGE}${listSearch}`,
    fixedId: id,
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data ? `Quote request from ${data.quote.name}` : "Quote request", flashOf(matches));

/** A dialable number: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function QuoteDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, listSearch, confirmingDelete } = loaderData;
  const here = `${PAGE}/${quote._id}${listSearch}`;
  const subject = `Quote request from ${quote.name}`;
  return (
    <LeadDetailLayout
      backHref={`${PAGE}${listSearch}`}
      backLabel="All quote requests"
      title={subject}
      receivedAt={quote.createdAt}
      status={quote.status}
      actions={
        <>
          <a
            href={replyHref(quote.email, `Re: Your quote request (${quote.service})`)}
            className={primaryLinkClass}
          >
            <EnvelopeSimpleIcon aria-hidden="true" className="h-4 w-4" />
            Reply by e-mail
          </a>
          <a href={telHref(quote.phone)} className={secondaryLinkClass}>
            <PhoneIcon aria-hidden="true" className="h-4 w-4" />
            Call
          </a>
          <DeleteButton
            id={quote._id}
            subject={subject}
            question={QUOTE_DELETE_CONFIRM}
            confirmHref={`${here}${listSearch ? "&" : "?"}delete`}
          />
        </>
      }
    >
      {confirmingDelete ? (
        <DeleteConfirmation
          id={quote._id}
          subject={subject}
          question={QUOTE_DELETE_CONFIRM}
          cancelHref={here}
        />
      ) : null}
      <FormErrors errors={actionData?.listError ? [actionData.listError] : undefined} />

      <section
        aria-labelledby="request-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="request-heading" className="text-lg font-semibold text-slate-900">
          The request
        </h2>
        <dl className="mt-2 divide-y divide-slate-200">
          <Detail term="Received">
            <DateTime iso={quote.createdAt} />
          </Detail>
          <Detail term="Name">{quote.name}</Detail>
          <Detail term="Email">
            <a href={`mailto:${quote.email}`} className="text-blue-700 underline">
              {quote.email}
            </a>
          </Detail>
          <Detail term="Phone">
            <a href={telHref(quote.phone)} className="text-blue-700 underline">
              {quote.phone}
            </a>
          </Detail>
          <Detail term="Service">{quote.service}</Detail>
          <Detail term="Status">
            <StatusControl
              id={quote._id}
              subject={quote.name}
              status={quote.status}
              statuses={QUOTE_STATUSES}
            />
            {quote.updatedBy ? (
              <span className="mt-1 block text-xs text-slate-600">
                Last changed by {quote.updatedBy}, <DateTime iso={quote.updatedAt} />
              </span>
            ) : null}
          </Detail>
          <Detail term="Message">
            <p className="whitespace-pre-line">{quote.message}</p>
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
          <SourceDetails source={quote.source} />
          <NotificationDetail notification={quote.notification} />
        </dl>
      </section>

      <NotesSection
        notes={quote.notes}
        lastResult={actionData?.noteResult}
        formId={`note-${quote._id}`}
        full={quote.notes.length >= NOTES_PER_LEAD_MAX}
      />
    </LeadDetailLayout>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
