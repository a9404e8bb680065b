// /admin/dashboard/subscribers: the newsletter list ('Stay Updated' on the home page; issue 7,
// beyond the SPEC). Newest first (or sorted by address or date), searchable by address, in
// pages; Delete removes an address after a confirmation (a dialog with JavaScript,
// `?delete=<id>` without), Delete selected the ticked ones after one confirmation
// (components/admin/bulk-bar.tsx); 'Export CSV' downloads the list with the current search and
// order applied (routes/admin/subscribers-export.ts).
import { DownloadSimpleIcon } from "@phosphor-icons/react";
import { data, Link } from "react-router";
import { Breakable } from "~/components/admin/breakable";
import { CollectionTable } from "~/components/admin/collection-table";
import { DELETE_INTENT, DeleteButton, DeleteConfirmation } from "~/components/admin/confirm-delete";
import {
  AdminPageHeader,
  rowActionsClass,
  secondaryLinkClass,
  tdClass,
} from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { actorOf, requireAdmin } from "~/domain/auth.server";
import { SUBSCRIBER_NOT_FOUND, SUBSCRIBER_REMOVED, SUBSCRIBER_SORTABLE } from "~/domain/newsletter";
import {
  deleteSubscriber,
  getSubscriber,
  listSubscribersForAdmin,
} from "~/domain/newsletter.server";
import {
  deleteFromCollection,
  loadCollectionScreen,
  notFound,
  readForm,
} from "~/lib/admin-crud.server";
import { type ListSort, listHref, parseListState, setSortParams } from "~/lib/admin-list";
import { adminMeta } from "~/lib/admin-meta";
import { BULK_DELETE, BULK_INTENT } from "~/lib/bulk";
import { bulkAction } from "~/lib/bulk.server";
import { formatDate, isoDate } from "~/lib/format";
import type { Route } from "./+types/subscribers";

export const PAGE = "/admin/dashboard/subscribers";
export const SUBSCRIBER_DELETE_CONFIRM = "Remove this address from the newsletter list?";
const NOUN = ["subscriber", "subscribers"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadCollectionScreen(request, {
    list: listSubscribersForAdmin,
    get: getSubscriber,
    notFoundText: SUBSCRIBER_NOT_FOUND,
    sortable: SUBSCRIBER_SORTABLE,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf((await requireAdmin(request)).admin, context);
  const state = parseListState(new URL(request.url), SUBSCRIBER_SORTABLE);
  const form = await readForm(request);
  const id = form.get("id");
  const back = listHref(PAGE, state);
  if (form.get("intent") === BULK_INTENT) {
    // Delete selected: one address at a time, each removal audited as a single one is.
    const outcome = await bulkAction(form, {
      noun: NOUN,
      writes: [{ choice: BULK_DELETE, write: (one) => deleteSubscriber(one, actor) }],
      subject: async (one) => (await getSubscriber(one))?.email ?? null,
      back,
    });
    if (outcome instanceof Response) return outcome;
    return data({ result: null, listError: null, bulk: outcome.bulk }, { status: outcome.status });
  }
  if (form.get("intent") !== DELETE_INTENT) {
    return data({ result: null, listError: "Unknown action." }, { status: 400 });
  }
  if (typeof id !== "string" || !(await getSubscriber(id))) notFound(SUBSCRIBER_NOT_FOUND);
  return deleteFromCollection({
    what: "Removing a subscriber",
    form,
    remove: () => deleteSubscriber(id, actor),
    notFoundText: SUBSCRIBER_NOT_FOUND,
    back,
    flash: SUBSCRIBER_REMOVED,
  });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Subscribers", flashOf(matches));

/** The export link keeps the search and the order: what is listed is what is downloaded. */
function exportHref(q: string, sort: ListSort | null): string {
  const params = new URLSearchParams(q ? { q } : {});
  setSortParams(params, sort);
  const search = params.toString();
  return search ? `${PAGE}/export?${search}` : `${PAGE}/export`;
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pages, q, sort, deleting } = loaderData;
  const here = { q, sort, page };
  return (
    <>
      <AdminPageHeader
        title="Subscribers"
        description={
          <>
            Addresses given in ‘Stay Updated’ on the{" "}
            <Link to="/#newsletter" className="font-semibold text-blue-700 underline">
              home page
            </Link>
            , newest first.
          </>
        }
        actions={
          // A document download, not a client-side navigation.
          <a href={exportHref(q, sort)} className={secondaryLinkClass} download>
            <DownloadSimpleIcon aria-hidden="true" className="h-4 w-4" />
            Export CSV
            {q ? <span className="sr-only"> of the subscribers matching “{q}”</span> : null}
          </a>
        }
      />

      {deleting ? (
        <DeleteConfirmation
          id={deleting._id}
          subject={deleting.email}
          question={SUBSCRIBER_DELETE_CONFIRM}
          cancelHref={listHref(PAGE, here)}
        />
      ) : null}

      <CollectionTable
        path={PAGE}
        q={q}
        sort={sort}
        page={page}
        pages={pages}
        total={total}
        noun={NOUN}
        search={{ label: "Search subscribers", placeholder: "Part of an e-mail address" }}
        listError={actionData?.listError}
        columns={[
          { label: "Email", sort: "email" },
          { label: "Subscribed", className: "hidden sm:table-cell", sort: "createdAt" },
          { label: "Signed up on", className: "hidden lg:table-cell" },
          { label: "Actions", className: "text-right" },
        ]}
        emptyText={q ? "No subscribers match this search." : "No subscribers yet."}
        items={items}
        deletingId={deleting?._id}
        bulk={{
          choices: [BULK_DELETE],
          subject: (s) => s.email,
          answer: actionData && "bulk" in actionData ? actionData.bulk : undefined,
          listHref: listHref(PAGE, here),
        }}
        row={(s) => (
          <>
            <td className={`${tdClass} [overflow-wrap:anywhere]`}>
              <a
                href={`mailto:${s.email}`}
                className="font-semibold text-slate-900 underline-offset-2 hover:underline"
              >
                <Breakable text={s.email} />
              </a>
              {/* Phones: the date under the address instead of in a column. */}
              <p className="mt-1 text-xs text-slate-600 sm:hidden">
                Subscribed <time dateTime={isoDate(s.createdAt)}>{formatDate(s.createdAt)}</time>
              </p>
            </td>
            <td className={`${tdClass} hidden whitespace-nowrap text-slate-700 sm:table-cell`}>
              <time dateTime={isoDate(s.createdAt)}>{formatDate(s.createdAt)}</time>
            </td>
            <td
              className={`${tdClass} hidden text-slate-700 [overflow-wrap:anywhere] lg:table-cell`}
            >
              {/* The path only: the campaign, when there was one, is the line below. */}
              {s.page ? s.page.split("?")[0] || "/" : "—"}
              {s.campaign ? (
                <span className="block text-xs text-slate-600">Campaign: {s.campaign}</span>
              ) : null}
            </td>
            <td className={`${tdClass} text-right`}>
              <div className={rowActionsClass}>
                <DeleteButton
                  id={s._id}
                  subject={s.email}
                  question={SUBSCRIBER_DELETE_CONFIRM}
                  confirmHref={listHref(PAGE, here, { delete: s._id })}
                />
              </div>
            </td>
          </>
        )}
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
