// Footer of every public page: the logo, page links, social profiles in a new tab, copyright line.
import { Link } from "react-router";
import { Icon } from "~/components/icon/icon";
import { copyrightLine } from "~/lib/copyright";
import { classifyHref } from "~/lib/links";
import { BrandLogo } from "./brand-logo";

/** The footer's page links when the footer document lists none. */
export const DEFAULT_FOOTER_LINKS = [
  { label: "About Us", url: "/about" },
  { label: "Privacy Policy", url: "/privacy-policy" },
  { label: "Terms & Conditions", url: "/terms-of-service" },
  { label: "Contact Us", url: "/contact" },
] as const;

const SOCIAL_ICONS: Record<
  string,
  "x-logo" | "facebook-logo" | "instagram-logo" | "linkedin-logo"
> = {
  twitter: "x-logo",
  x: "x-logo",
  facebook: "facebook-logo",
  instagram: "instagram-logo",
  linkedin: "linkedin-logo",
};

export interface SiteFooterProps {
  brand: string;
  /** The copyright line's company name. */
  legalName: string;
  /** The line under the brand; a general one while none is set. */
  tagline: string;
  year: number;
  links: readonly { label: string; url: string }[];
  social: readonly { platform: string; url: string }[];
  /** Rendered last inside the footer landmark (the back-to-top link). */
  children?: React.ReactNode;
}

export function SiteFooter({
  brand,
  legalName,
  tagline,
  year,
  links,
  social,
  children,
}: SiteFooterProps) {
  const pageLinks = links.length > 0 ? links : DEFAULT_FOOTER_LINKS;
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="flex">
            <BrandLogo brand={brand} tone="dark" />
          </p>
          <p className="mt-3 max-w-xs text-sm text-slate-300">
            {tagline ||
              "Web and app development, SEO, marketing and cloud migration from one senior team."}
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Company</h2>
          <ul className="mt-4 grid gap-2">
            {pageLinks.map((l) => (
              <li key={`${l.label}-${l.url}`}>
                <FooterLink url={l.url}>{l.label}</FooterLink>
              </li>
            ))}
          </ul>
        </nav>
        {social.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Follow us</h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {social.map((s) => {
                const icon = SOCIAL_ICONS[s.platform.trim().toLowerCase()] ?? "globe";
                return (
                  <li key={`${s.platform}-${s.url}`}>
                    <a
                      href={s.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex h-11 w-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-blue-700 hover:text-white"
                    >
                      <Icon name={icon} className="h-5 w-5" />
                      <span className="sr-only">
                        {brand} on {s.platform} (opens in a new tab)
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {copyrightLine(year, legalName)}
        </p>
      </div>
      {children}
    </footer>
  );
}

function FooterLink({ url, children }: { url: string; children: React.ReactNode }) {
  const className = "text-sm text-slate-300 hover:text-white hover:underline";
  const kind = classifyHref(url);
  // Site paths navigate in the app; web addresses open in a new tab; mailto/tel stay put.
  if (kind === "internal") {
    return (
      <Link to={url} className={className}>
        {children}
      </Link>
    );
  }
  if (kind === "external") {
    return (
      <a href={url} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <a href={url} className={className}>
      {children}
    </a>
  );
}
