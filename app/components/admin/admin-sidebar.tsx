// The admin shell's navigation (the section links and Logout): a dark sidebar on large screens;
// on small ones a top bar whose <details> menu opens and closes without JavaScript (with it,
// following a link also closes the menu). The current page is marked with aria-current="page"
// by NavLink.
import { ListIcon, SignOutIcon, XIcon } from "@phosphor-icons/react";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation, useNavigation } from "react-router";
import { ADMIN_ACCOUNT_NAV, ADMIN_BASE, ADMIN_NAV, type AdminNavLink } from "./admin-nav";

/** Per link (`to`), how many new items wait there (new quotes, new messages). */
type NewCounts = Readonly<Record<string, number>>;

function NavList({
  links,
  newCounts = {},
  onNavigate,
}: {
  links: readonly AdminNavLink[];
  newCounts?: NewCounts;
  onNavigate?: () => void;
}) {
  return (
    <ul className="grid gap-0.5">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center justify-between gap-2 rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
                isActive
                  ? "bg-slate-700 text-white"
                  : "text-slate-200 hover:bg-slate-800 hover:text-white"
              }`
            }
          >
            <span>{link.label}</span>
            {newCounts[link.to] ? (
              <>
                <span className="sr-only"> ({newCounts[link.to]} new)</span>
                <span
                  aria-hidden="true"
                  className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900"
                >
                  {newCounts[link.to]}
                </span>
              </>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function LogoutButton() {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/logout") === true;
  return (
    <Form method="post" action="/admin/logout">
      <button
        type="submit"
        disabled={pending}
        className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-100 ring-1 ring-slate-600 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-70"
      >
        <SignOutIcon aria-hidden="true" className="h-5 w-5" />
        {pending ? "Signing out..." : "Logout"}
      </button>
    </Form>
  );
}

/**
 * The section links scroll in their own box while the account links, the signed-in line and
 * Logout stay pinned below them: on a laptop's 800 px the whole list does not fit, and the way
 * out must never be below the fold.
 */
function Navigation({
  email,
  newCounts,
  onNavigate,
}: {
  email: string;
  newCounts: NewCounts;
  onNavigate?: () => void;
}) {
  return (
    <div className="flex h-full min-h-0 flex-col gap-4">
      <div className="min-h-0 flex-1 overflow-y-auto">
        <p className="px-3 text-xs font-semibold tracking-wide text-slate-300 uppercase">Content</p>
        <div className="mt-2">
          <NavList links={ADMIN_NAV} newCounts={newCounts} onNavigate={onNavigate} />
        </div>
      </div>
      <div className="grid shrink-0 gap-3 border-t border-slate-700 pt-4">
        <div>
          <p className="px-3 text-xs font-semibold tracking-wide text-slate-300 uppercase">
            Account
          </p>
          <div className="mt-2">
            <NavList links={ADMIN_ACCOUNT_NAV} onNavigate={onNavigate} />
          </div>
        </div>
        <p className="truncate px-3 text-sm text-slate-300" title={email}>
          Signed in as <span className="font-semibold text-white">{email}</span>
        </p>
        <LogoutButton />
      </div>
    </div>
  );
}

export function AdminSidebar({ email, newCounts }: { email: string; newCounts: NewCounts }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Close the mobile menu after any navigation (link tap, back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  const brand = (
    <Link to={ADMIN_BASE} className="rounded-md text-lg font-extrabold tracking-tight text-white">
      Bureau <span className="font-medium text-slate-300">admin</span>
    </Link>
  );

  return (
    <>
      {/* Small screens: top bar with a menu toggle. */}
      <div className="sticky top-0 z-40 flex h-14 items-center justify-between gap-4 bg-slate-900 px-4 lg:hidden">
        {brand}
        <details ref={menu} className="group">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm font-semibold text-white ring-1 ring-slate-600 [&::-webkit-details-marker]:hidden">
            <ListIcon aria-hidden="true" className="h-5 w-5 group-open:hidden" />
            <XIcon aria-hidden="true" className="hidden h-5 w-5 group-open:block" />
            <span className="group-open:hidden">Menu</span>
            <span className="hidden group-open:inline">Close menu</span>
          </summary>
          <nav
            aria-label="Admin (mobile)"
            className="absolute inset-x-0 top-14 max-h-[calc(100vh-3.5rem)] overflow-y-auto border-t border-slate-700 bg-slate-900 px-3 py-4 shadow-xl"
          >
            <Navigation email={email} newCounts={newCounts} />
          </nav>
        </details>
      </div>

      {/* Large screens: fixed dark sidebar. */}
      <aside className="hidden w-64 shrink-0 bg-slate-900 lg:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 px-3 py-5">
          <div className="px-3">{brand}</div>
          <nav aria-label="Admin" className="min-h-0 flex-1">
            <Navigation email={email} newCounts={newCounts} />
          </nav>
        </div>
      </aside>
    </>
  );
}
