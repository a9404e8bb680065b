// The shared shell of every public page: skip link, top bar, footer, back-to-top.
// Its loader reads the site settings (`site`: brand, legal name, logo, e-mail, phone, social
// profiles) and the footer's links once; pages' meta functions and JSON-LD read the brand and
// site URL from here (see app/lib/seo.ts).
import { useState } from "react";
import { Outlet, type ShouldRevalidateFunction, useLocation } from "react-router";
import { BackToTop } from "~/components/site/back-to-top";
import { PreviewBanner } from "~/components/site/preview-banner";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { readFooter } from "~/domain/public-content.server";
import { publicSiteUrl, readPublicSite } from "~/domain/site-content.server";
import { issueFormToken } from "~/lib/form-guard.server";
import { externalReferrer } from "~/lib/lead-source";
import { classifyHref } from "~/lib/links";
import { notePageSlots } from "~/lib/page-cache.server";
import { CAMPAIGN_PARAMS, type PageHandle } from "~/lib/page-params";
import { isPreview } from "~/lib/preview-context.server";
import { quoteHref } from "~/lib/quote-link";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/site-layout";

// The quote modal and its form code (conform, zod) load on the first Get Quotes click, or
// earlier when the pointer or focus reaches the button, not with every page. If the code
// cannot be loaded (offline, or a deploy replaced it), Get Quotes goes to /quote instead.
type QuoteDialogModule = typeof import("~/components/site/quote-dialog");
let quoteDialogModule: Promise<QuoteDialogModule> | undefined;
function loadQuoteDialog(): Promise<QuoteDialogModule> {
  quoteDialogModule ??= import("~/components/site/quote-dialog").catch((error: unknown) => {
    quoteDialogModule = undefined; // try again next time
    throw error;
  });
  return quoteDialogModule;
}

// Every public page may carry the campaign tags: its forms record them as the lead's source
// (components/site/visitor-form.tsx reads them from the address bar). lib/page-params.ts.
export const handle: PageHandle = { searchParams: CAMPAIGN_PARAMS };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [site, footer, formToken] = await Promise.all([
    readPublicSite(),
    readFooter(),
    issueFormToken(),
  ]);
  const landingReferrer =
    externalReferrer(request.headers.get("Referer"), new URL(request.url).host) ?? null;
  // A cached copy of this page gets a fresh token per answer, and is kept only for visitors
  // with this landing referrer (lib/page-cache.server.ts).
  notePageSlots(context, { formToken, landingReferrer });
  return {
    // Signed "handed out at" time for the quote, contact and newsletter forms on this page
    // (lib/form-guard.server.ts). Renewed after every form post (see shouldRevalidate).
    formToken,
    // The other site that sent this visitor, for the forms' "came from" (lib/lead-source.ts).
    landingReferrer,
    // The site settings: site.brandName, site.legalName, site.logo, site.social…
    site,
    siteUrl: publicSiteUrl(),
    year: new Date().getUTCFullYear(),
    // Links come from the back office: keep only ones that are safe to render.
    links: (footer?.links ?? []).filter((l) => l.label.trim() && classifyHref(l.url)),
    // Shown through a private preview link: the Preview banner (domain/preview-request.server.ts).
    preview: isPreview(),
  };
}

// The shell's content does not depend on the page or its query string (the internships
// filters change the query on every keystroke): read it again only after a form post, which
// also hands the page's forms a fresh token.
// Also after a refused post (React Router skips loaders after a 4xx unless asked): a form whose
// token expired gets a fresh one.
// Not after a 503: that is a form's clientAction saying the server could not be reached, and
// reloading would fail too and replace the page with an error.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionStatus }) =>
  Boolean(formMethod && formMethod !== "GET" && actionStatus !== 503);

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { site, year, links, preview } = loaderData;
  const [quoteOpen, setQuoteOpen] = useState(false);
  const [quoteModule, setQuoteModule] = useState<QuoteDialogModule | null>(null);
  const location = useLocation();
  // The modal exists only where JavaScript runs; without it Get Quotes leads to /quote.
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-screen flex-col">
      {/* Target of the back-to-top link. Empty, so the sticky header's containing block is the
          whole page column (a wrapper as tall as the header would stop it sticking). */}
      <span id="top" tabIndex={-1} className="outline-none" />
      <a
        href="#main"
        className="sr-only rounded-md bg-blue-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      {preview ? <PreviewBanner /> : null}
      <SiteHeader
        brand={site.brandName}
        onOpenQuote={() => {
          loadQuoteDialog().then(
            (module) => {
              setQuoteModule(() => module);
              setQuoteOpen(true);
            },
            () => window.location.assign(quoteHref(`${location.pathname}${location.search}`)),
          );
        }}
        onPrepareQuote={() => void loadQuoteDialog().catch(() => {})}
      />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter
        brand={site.brandName}
        legalName={site.legalName}
        tagline={site.tagline}
        year={year}
        links={links}
        social={site.social}
      >
        <BackToTop />
      </SiteFooter>
      {hydrated && quoteModule ? (
        <quoteModule.QuoteDialog open={quoteOpen} onClose={() => setQuoteOpen(false)} />
      ) : null}
    </div>
  );
}
