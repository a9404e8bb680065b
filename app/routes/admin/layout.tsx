// The admin shell around every page under /admin/dashboard: sidebar, flash message,
// the page. Its middleware runs before every loader and action below it, for page loads, data
// requests and form posts alike: it demands a signed-in admin (so a page or action that forgot
// requireAdmin is still guarded) and marks every answer `Cache-Control: no-store` (admin pages
// must not linger in a browser's or a proxy's cache). Pages still call requireAdmin themselves.
import { randomUUID } from "node:crypto";
import { data, Outlet, useMatches } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { ADMIN_BASE } from "~/components/admin/admin-nav";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { FlashMessage } from "~/components/admin/form-controls";
import { requireAdmin } from "~/domain/auth.server";
import { countNewContactMessages } from "~/domain/contact-message.server";
import { countNewQuotes } from "~/domain/quote.server";
import { mergeHeaders } from "~/lib/admin-meta";
import { readFlash } from "~/lib/flash.server";
import type { Route } from "./+types/layout";

export const ADMIN_CACHE_CONTROL = "no-store";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    let response: Response;
    try {
      await requireAdmin(request);
      response = (await next()) as Response;
    } catch (error) {
      if (!(error instanceof Response)) throw error;
      response = error;
    }
    response.headers.set("Cache-Control", ADMIN_CACHE_CONTROL);
    return response;
  },
];

// For answers the middleware above does not get to mark: an error thrown inside the guard (the
// database failing, say) is rendered by the error boundary from React Router's headers, and
// this export adds no-store there too. Pages without their own headers export inherit it.
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  mergeHeaders(loaderHeaders, actionHeaders, ...(errorHeaders ? [errorHeaders] : []));

export async function loader({ request }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request);
  const flash = await readFlash(request);
  // A new key per message: the pages reset their form on it (useFlashKey), and the message is
  // focused again even when the same text comes twice.
  const flashKey = flash.message ? randomUUID() : null;
  // The sidebar's counts of leads nobody has handled yet, on every admin page.
  const [quotes, messages] = await Promise.all([countNewQuotes(), countNewContactMessages()]);
  const newCounts: Record<string, number> = {
    [`${ADMIN_BASE}/quotes`]: quotes,
    [`${ADMIN_BASE}/contact-forms`]: messages,
  };
  return data(
    {
      email: admin.email,
      flash: flash.message,
      flashTone: flash.tone,
      flashUndo: flash.undo,
      flashKey,
      newCounts,
    },
    { headers: flash.headers },
  );
}

/**
 * A page that shows the flash message in a place of its own (the internships admin: the SPEC's
 * green line below its form) exports `handle = { ownFlash: true }`; the shell then leaves it out.
 */
export interface AdminPageHandle {
  ownFlash?: boolean;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const pageShowsFlash = useMatches().some(
    (match) => (match.handle as AdminPageHandle | undefined)?.ownFlash,
  );
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#admin-main"
        className="sr-only rounded-md bg-blue-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <AdminSidebar email={loaderData.email} newCounts={loaderData.newCounts} />
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
        <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          {pageShowsFlash ? null : (
            <FlashMessage
              key={loaderData.flashKey ?? "none"}
              message={loaderData.flash}
              tone={loaderData.flashTone}
              undo={loaderData.flashUndo}
            />
          )}
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
