// One figure on the admin dashboard: a label, the figure, an optional line under it and an
// optional link to the list behind the figure. The link is a "stretched link" (it covers the
// whole tile) so the tile is one big target, while its accessible name stays short
// ("View quote requests") instead of repeating every word on the card.
import { ArrowRightIcon, type Icon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Link } from "react-router";

const NUMBER = new Intl.NumberFormat("en-US");

export function formatCount(value: number): string {
  return NUMBER.format(value);
}

const LINK_CLASS =
  "mt-auto inline-flex items-center gap-1 self-start pt-4 font-semibold text-blue-700 text-sm after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus:outline-none group-hover:text-blue-800";

/** A router link to another page; a plain anchor for a place on this page ("#id"). */
function TileLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith("#") ? (
    <a href={href} className={LINK_CLASS}>
      {children}
    </a>
  ) : (
    <Link to={href} className={LINK_CLASS}>
      {children}
    </Link>
  );
}

export interface StatTileProps {
  label: string;
  value: number;
  /** Under the figure, e.g. the date of "Visitors Today". */
  sub?: ReactNode;
  /** A path (router link) or "#id" on this page. */
  href?: string;
  /** The link's text; required with href so every link says where it goes. */
  linkLabel?: string;
  icon?: Icon;
  /** Draws attention to a figure that asks for action (new requests waiting). */
  highlight?: boolean;
  className?: string;
}

export function StatTile({
  label,
  value,
  sub,
  href,
  linkLabel,
  icon: IconComponent,
  highlight = false,
  className = "",
}: StatTileProps) {
  const accent = highlight && value > 0;
  return (
    <div
      className={`group relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm transition ${
        accent ? "border-amber-300" : "border-slate-200"
      } ${href ? "focus-within:ring-2 focus-within:ring-blue-600 focus-within:ring-offset-2 hover:border-blue-300 hover:shadow-md" : ""} ${className}`}
      data-stat={label}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-medium text-slate-700 text-sm">{label}</h3>
        {IconComponent ? (
          <span
            className={`grid size-10 shrink-0 place-items-center rounded-xl ${
              accent ? "bg-amber-100 text-amber-800" : "bg-blue-50 text-blue-700"
            }`}
          >
            <IconComponent
              aria-hidden="true"
              focusable="false"
              weight="duotone"
              className="size-5"
            />
          </span>
        ) : null}
      </div>
      <p className="mt-1 font-semibold text-4xl text-slate-900 tabular-nums tracking-tight">
        {formatCount(value)}
      </p>
      {sub ? <p className="mt-1 text-slate-700 text-sm">{sub}</p> : null}
      {href ? (
        <TileLink href={href}>
          {linkLabel ?? `View ${label.toLowerCase()}`}
          <ArrowRightIcon
            aria-hidden="true"
            focusable="false"
            weight="bold"
            className="size-4 transition group-hover:translate-x-0.5"
          />
        </TileLink>
      ) : null}
    </div>
  );
}
