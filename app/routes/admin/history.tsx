// /admin/dashboard/history/<entity>/<id> (a single document: /admin/dashboard/history/<entity>):
// every change to one record, newest first, with what changed field by field, and Restore as
// draft (app/content/history-admin.server.ts), for every content type.
import { ArrowLeftIcon } from "@phosphor-icons/react";
import { Link } from "react-router";
import { AdminPageHeader, secondaryLinkClass } from "~/components/admin/list-controls";
import { flashOf } from "~/components/admin/use-flash";
import { Pagination } from "~/components/site/pagination";
import { historyAction, historyLoader } from "~/content/history-admin.server";
import { RevisionList } from "~/content/history-view";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/history";

export const loader = (args: Route.LoaderArgs) => historyLoader(args);
export const action = (args: Route.ActionArgs) => historyAction(args);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data ? `History of ${data.title}` : "History", flashOf(matches));

export default function History({ loaderData }: Route.ComponentProps) {
  const { items, page, pages, total, title, editorHref, hrefBase } = loaderData;
  return (
    <>
      <AdminPageHeader
        title={`History: ${title}`}
        description={`${total} ${total === 1 ? "revision" : "revisions"}, newest first. Removed text is struck through, added text underlined. Restoring one makes it a draft; nothing changes on the site until it is published.`}
        actions={
          editorHref ? (
            <Link to={editorHref} className={secondaryLinkClass}>
              <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
              Back to the editor
            </Link>
          ) : null
        }
      />
      <div className="mt-6">
        <RevisionList items={items} newestId={page === 1 ? (items[0]?.id ?? null) : null} />
      </div>
      <Pagination
        page={page}
        pages={pages}
        hrefFor={(to) => (to > 1 ? `${hrefBase}?page=${to}` : hrefBase)}
        label="History pages"
      />
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
