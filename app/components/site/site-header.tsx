// Top bar of every public page: the logo (components/site/brand-logo.tsx), Home / Services / Career, Get Quotes.
// On small screens the links sit in a <details> menu, which opens and closes without
// JavaScript; with JavaScript, following a link also closes it.
// Get Quotes is a link to /quote (the form as a page) that, with JavaScript, opens the quote
// modal in place instead (onOpenQuote).
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Icon } from "~/components/icon/icon";
import { quoteHref } from "~/lib/quote-link";
import { BrandLogo } from "./brand-logo";

const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/internships", label: "Career" },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? "text-blue-700" : "text-slate-700 hover:text-blue-700"
  }`;

export function SiteHeader({
  brand,
  onOpenQuote,
  onPrepareQuote,
}: {
  brand: string;
  onOpenQuote: () => void;
  /** The visitor is about to press Get Quotes (pointer over it, or focus): load the modal. */
  onPrepareQuote: () => void;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Close the mobile menu after any navigation (link tap, back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  // With JavaScript, Escape and a tap outside close the open menu too (Escape returns focus
  // to the toggle, as with any disclosure).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !menu.current?.open) return;
      menu.current.open = false;
      menu.current.querySelector("summary")?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) {
        menu.current.open = false;
      }
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-w-0 rounded-md" aria-label={`${brand} home`}>
          <BrandLogo brand={brand} tone="light" />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === "/"} className={navLinkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          <GetQuotesLink
            className="hidden sm:inline-flex"
            onOpen={onOpenQuote}
            onPrepare={onPrepareQuote}
          />
          <details ref={menu} className="group relative md:hidden">
            <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
              <Icon name="list" className="h-6 w-6 group-open:hidden" />
              <Icon name="x" className="hidden h-6 w-6 group-open:block" />
              <span className="sr-only">Menu</span>
            </summary>
            <nav
              aria-label="Main (mobile)"
              className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
            >
              <ul className="flex flex-col">
                {NAV_LINKS.map((l) => (
                  <li key={l.to}>
                    <NavLink
                      to={l.to}
                      end={l.to === "/"}
                      onClick={close}
                      className={({ isActive }) =>
                        `block rounded-md px-3 py-3 text-base font-semibold ${
                          isActive ? "bg-blue-50 text-blue-700" : "text-slate-800 hover:bg-slate-50"
                        }`
                      }
                    >
                      {l.label}
                    </NavLink>
                  </li>
                ))}
                <li className="mt-2 border-t border-slate-100 pt-2 sm:hidden">
                  <GetQuotesLink
                    className="flex w-full"
                    onPrepare={onPrepareQuote}
                    onOpen={() => {
                      close();
                      onOpenQuote();
                    }}
                  />
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

/**
 * The Get Quotes button: a link to the quote page that opens the modal instead when JavaScript
 * runs. A click with a modifier key (new tab, new window) still follows the link.
 */
function GetQuotesLink({
  className = "",
  onOpen,
  onPrepare,
}: {
  className?: string;
  onOpen: () => void;
  onPrepare: () => void;
}) {
  const location = useLocation();
  return (
    <Link
      to={quoteHref(`${location.pathname}${location.search}`)}
      onClick={(event) => {
        if (
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        onOpen();
      }}
      onPointerEnter={onPrepare}
      onFocus={onPrepare}
      onTouchStart={onPrepare}
      aria-haspopup="dialog"
      className={`items-center justify-center rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 ${className}`}
    >
      Get Quotes
    </Link>
  );
}
