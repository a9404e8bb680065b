// Any URL under /admin/dashboard without a page (a typo): HTTP 404 inside the admin shell, for
// signed-in admins only.
import { data, Link } from "react-router";
import { ADMIN_BASE } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/domain/auth.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/not-found";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

/** Nothing to post to here: signed-in admins get the same 404, others the sign-in page. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => adminMeta("Not found");

export default function AdminNotFound() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <p className="text-sm font-semibold tracking-wide text-blue-700">Error 404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Not found</h1>
      <p className="mt-3 text-slate-700">There is no admin page at this address.</p>
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
