// Any URL under /admin/dashboard without a page: typos, and any section listed in
// components/admin/admin-nav.ts whose editor is not ready (marked "Soon" in the sidebar). HTTP 404
// inside the admin shell, for signed-in admins only.
import { data, Link } from "react-router";
import { ADMIN_BASE, ADMIN_NAV } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/domain/auth.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/not-found";

export const NOT_AVAILABLE_MESSAGE = "This section is not available yet.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const path = new URL(request.url).pathname.replace(/(\.data|\/)$/, "");
  const section = ADMIN_NAV.find((link) => link.to === path);
  return data({ section: section?.label ?? null }, { status: 404 });
}

/** Nothing to post to here: signed-in admins get the same 404, others the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return data({ section: null }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.section ? `${loaderData.section} (not available yet)` : "Not found");

export default function AdminNotFound({ loaderData }: Route.ComponentProps) {
  const section = loaderData?.section;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <p className="text-sm font-semibold tracking-wide text-blue-700">Error 404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{section ?? "Not found"}</h1>
      <p className="mt-3 text-slate-700">
        {section
          ? `${NOT_AVAILABLE_MESSAGE} Editing this part of the site arrives in a later release; the public page keeps showing the current content.`
          : "There is no admin page at this address."}
      </p>
      <Link
        to={ADMIN_BASE}
        className="mt-6 inline-block font-semibold text-blue-700 underline underline-offset-4"
      >
        Back to the dashboard
      </Link>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/admin-error";
