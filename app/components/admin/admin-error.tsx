// Errors inside the admin shell: a status-specific message in the admin's look, never a stack
// trace. Admin pages export `AdminErrorBoundary` so the sidebar stays usable.
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { describeError } from "~/components/site/error-page";
import { ADMIN_BASE } from "./admin-nav";

function AdminErrorContent({ error }: { error: unknown }) {
  const described = describeError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-2xl py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-blue-700">
          Error {described.status}
        </p>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">
          {notFound ? "Not found" : described.title}
        </h1>
        <p className="mt-3 text-slate-700">{described.message}</p>
        <Link
          to={ADMIN_BASE}
          className="mt-6 inline-block font-semibold text-blue-700 underline underline-offset-4"
        >
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}

export function AdminErrorBoundary() {
  return <AdminErrorContent error={useRouteError()} />;
}
