// /internships, 'Career at …': the public internships with search, sort,
// filters, saved-only and pages, all in the query string; Save toggles a cookie through this
// route's action; the FAQ below. Complete without JavaScript; with it the list updates in place.

import { data, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { INTERNSHIP_DOMAINS, type InternshipDomain } from "#db/collections";
import { Icon } from "~/components/icon/icon";
import { FaqList, faqPageJsonLd } from "~/components/site/faq-list";
import { InternshipCard } from "~/components/site/internship-card";
import { InternshipFilters } from "~/components/site/internship-filters";
import { type SaveActionData, TOGGLE_SAVE_INTENT } from "~/components/site/internship-save-button";
import { JsonLd } from "~/components/site/json-ld";
import { PageHeader, SectionHeading } from "~/components/site/page-header";
import { Pagination } from "~/components/site/pagination";
import {
  countOpen,
  countSavedIn,
  durationsOffered,
  isPublicInternship,
  publicInternshipPage,
} from "~/domain/internship.server";
import {
  DEFAULT_INTERNSHIP_SORT,
  hasActiveFilters,
  INTERNSHIP_PAGE_SIZE,
  INTERNSHIP_QUERY_KEYS,
  internshipSearch,
  jobPostingJsonLd,
  parseInternshipQuery,
} from "~/domain/internship-list";
import { readFaqs, readPublicInternships } from "~/domain/public-content.server";
import type { PageHandle } from "~/lib/page-params";
import {
  readSavedInternships,
  serializeSavedInternships,
  withSaved,
} from "~/lib/saved-internships.server";
import { FALLBACK_BRAND, seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/internships";
import type { loader as layoutLoader } from "./site-layout";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

// The page depends on the savedInternships cookie (Save/Saved, saved-only): a shared cache
// must not hand one visitor's version to another.
export const headers: Route.HeadersFunction = () => ({ Vary: "Cookie" });

// The list's state (parseInternshipQuery reads these; any other parameter: a 301 without it,
// lib/page-params.ts).
export const handle: PageHandle = { searchParams: INTERNSHIP_QUERY_KEYS };

export const EMPTY_TITLE = "No internships found";
export const EMPTY_HINT = "Try adjusting your search or filter criteria.";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseInternshipQuery(url.searchParams);
  const savedIds = readSavedInternships(request);
  const now = new Date();
  const [internships, faqs] = await Promise.all([readPublicInternships(), readFaqs()]);
  const list = publicInternshipPage(internships, query, savedIds, now);
  return {
    ...list,
    // The page actually shown (a page past the end shows the last one).
    query: { ...query, page: list.page },
    openCount: countOpen(internships, now),
    // The hero's "open now" panel: each domain's open positions, linking to its filter.
    openByDomain: INTERNSHIP_DOMAINS.map((domain) => ({
      domain,
      open: countOpen(
        internships.filter((i) => i.domain === domain),
        now,
      ),
    })),
    durations: durationsOffered(internships),
    savedIds,
    savedCount: countSavedIn(internships, savedIds),
    faqs,
  };
}

const badRequest = (error: string, status = 400) => data<SaveActionData>({ error }, { status });

/**
 * Save / unsave (intent "toggle-save", id, and optionally save=1|0 for the state wanted).
 * Without JavaScript: the cookie and a redirect back to the same list, at the same card
 * (POST/redirect/GET). With JavaScript (enhanced=1, a fetcher): the cookie and the new state.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data<SaveActionData>(
      { error: "Saving uses a form post." },
      { status: 405, headers: { Allow: "GET, HEAD, POST" } },
    );
  }
  // A cross-site post here would let another site rewrite a visitor's saved list: app/server.ts
  // refuses it for every route before it gets here (lib/same-origin.server.ts).
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return badRequest("The form could not be read.");
  }
  if (form.get("intent") !== TOGGLE_SAVE_INTENT) return badRequest("Unknown action.");
  const rawId = form.get("id");
  const id = typeof rawId === "string" ? rawId.trim().toLowerCase() : "";
  if (!/^[0-9a-f]{24}$/.test(id)) return badRequest("That internship does not exist.");
  const want = form.get("save");
  if (want !== null && want !== "1" && want !== "0") return badRequest("Unknown action.");

  const saved = readSavedInternships(request);
  const wasSaved = saved.includes(id);
  const save = want === null ? !wasSaved : want === "1";
  // Any saved id can be removed (the internship may have been taken down since); only a listed
  // internship can be added.
  if (!wasSaved && !(await isPublicInternship(id))) {
    return badRequest("This internship is no longer listed.");
  }
  const headers = { "Set-Cookie": serializeSavedInternships(withSaved(saved, id, save)) };
  if (form.get("enhanced") === "1") return data<SaveActionData>({ id, saved: save }, { headers });
  // Built from the parsed query, never from a client-supplied URL: always this page.
  const query = parseInternshipQuery(new URL(request.url).searchParams);
  return redirect(`/internships${internshipSearch(query)}#internship-${id}`, { headers });
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const site = siteInfo(matches);
  const page = loaderData?.page ?? 1;
  // Filtered, sorted and saved-only views point crawlers to the plain list; its pages are
  // canonical on their own.
  const plain =
    loaderData &&
    !hasActiveFilters(loaderData.query) &&
    loaderData.query.sort === DEFAULT_INTERNSHIP_SORT;
  const open = loaderData?.openCount ?? 0;
  return seo({
    site,
    title: `Career at ${site.brand}${page > 1 ? ` – Page ${page}` : ""}`,
    exactTitle: true,
    description: `Internships at ${site.brand} in marketing, tech, design, finance and HR${
      open > 0 ? `: ${open} open ${open === 1 ? "position" : "positions"}` : ""
    }. Real client work, a dedicated mentor and remote, hybrid or on-site options.`,
    path: plain && page > 1 ? `/internships?page=${page}` : "/internships",
  });
};

function resultsSummary(total: number, page: number) {
  if (total === 0) return "No matching internships";
  const first = (page - 1) * INTERNSHIP_PAGE_SIZE + 1;
  const last = Math.min(total, page * INTERNSHIP_PAGE_SIZE);
  const noun = total === 1 ? "internship" : "internships";
  return first === last
    ? `Showing ${first} of ${total} ${noun}`
    : `Showing ${first}–${last} of ${total} ${noun}`;
}

export default function Internships({ loaderData, actionData }: Route.ComponentProps) {
  const { internships, total, page, pages, query, openCount, durations, savedIds, faqs } =
    loaderData;
  const brand =
    useRouteLoaderData<typeof layoutLoader>("routes/site-layout")?.site.brandName ?? FALLBACK_BRAND;
  const navigation = useNavigation();
  const updating =
    navigation.state === "loading" && navigation.location.pathname === "/internships";
  const filtered = hasActiveFilters(query);
  // Clear All Filters: search, filters, saved-only and page go; the chosen sort stays.
  const clearHref = `/internships${internshipSearch({ sort: query.sort })}`;
  const saved = new Set(savedIds);
  const openOnPage = internships.filter((i) => i.isOpen);

  return (
    <>
      <PageHeader
        eyebrow="Careers & internships"
        title={`Career at ${brand}`}
        intro="Real client projects from week one, a dedicated mentor and a team that ships. Find an internship in marketing, tech, design, finance or HR."
        aside={<OpenByDomain domains={loaderData.openByDomain} />}
      >
        <p className="mt-8 inline-flex items-center gap-3 rounded-full bg-white px-5 py-2.5 text-slate-800 shadow-sm ring-1 ring-slate-200">
          <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
            <span
              className={`absolute inline-flex h-full w-full rounded-full ${openCount > 0 ? "bg-green-500" : "bg-slate-400"}`}
            />
          </span>
          <Icon name="briefcase" className="h-5 w-5 text-blue-700" />
          <span>
            <strong className="font-bold text-slate-900">{openCount}</strong>{" "}
            {openCount === 1 ? "open position" : "open positions"}
          </span>
        </p>
      </PageHeader>

      <section
        aria-labelledby="positions-heading"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
      >
        <h2 id="positions-heading" className="sr-only">
          Internships
        </h2>
        <InternshipFilters query={query} durations={durations} savedCount={loaderData.savedCount} />

        {actionData?.error ? (
          <p
            role="alert"
            className="mt-6 flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <Icon name="warning-circle" className="h-5 w-5 shrink-0" />
            {actionData.error}
          </p>
        ) : null}

        <div
          id="results"
          className="mt-8 flex scroll-mt-24 flex-wrap items-center justify-between gap-3"
        >
          <p aria-live="polite" className="text-sm font-medium text-slate-700">
            {resultsSummary(total, page)}
            {updating ? <span className="text-slate-600"> · Updating…</span> : null}
          </p>
          {filtered ? (
            <Link
              to={clearHref}
              preventScrollReset
              className="rounded-md text-sm font-semibold text-blue-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              Clear All Filters
            </Link>
          ) : null}
        </div>

        <div
          aria-busy={updating}
          className={`mt-4 transition-opacity ${updating ? "opacity-60" : "opacity-100"}`}
        >
          {internships.length > 0 ? (
            <ul className="grid gap-6">
              {internships.map((internship) => (
                <li key={internship._id}>
                  <InternshipCard internship={internship} saved={saved.has(internship._id)} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center">
              <Icon name="magnifying-glass" className="mx-auto h-10 w-10 text-slate-500" />
              <h3 className="mt-4 text-lg font-bold text-slate-900">{EMPTY_TITLE}</h3>
              <p className="mt-2 text-slate-700">{EMPTY_HINT}</p>
              {query.saved && savedIds.length === 0 ? (
                <p className="mt-2 text-slate-700">
                  You have not saved any internships yet: use Save on a position to keep it here.
                </p>
              ) : null}
              {filtered ? (
                <Link
                  to={clearHref}
                  preventScrollReset
                  className="mt-6 inline-flex h-11 items-center rounded-lg bg-blue-700 px-5 font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  Clear All Filters
                </Link>
              ) : null}
            </div>
          )}
        </div>

        <Pagination
          page={page}
          pages={pages}
          label="Internship pages"
          // Lands on the results (the browser scrolls to the fragment, with or without
          // JavaScript) rather than at the top of the page or below the new cards.
          hrefFor={(target) =>
            `/internships${internshipSearch({ ...query, page: target })}#results`
          }
        />
      </section>

      {faqs.length > 0 ? (
        <section aria-labelledby="faq-heading" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
            <SectionHeading
              id="faq-heading"
              eyebrow="Questions?"
              title="Frequently Asked Questions"
              intro="What candidates and clients ask us most often."
            />
            <div className="mt-10">
              <FaqList faqs={faqs} />
            </div>
          </div>
          <JsonLd data={faqPageJsonLd(faqs)} />
        </section>
      ) : null}

      {openOnPage.length > 0 ? <JsonLd data={openOnPage.map(jobPostingJsonLd)} /> : null}
    </>
  );
}

/**
 * The hero's right-hand panel on wide screens: open positions per domain, each a link to that
 * filter. Not on smaller screens, where it would stack between the heading and the same filters.
 */
function OpenByDomain({ domains }: { domains: { domain: InternshipDomain; open: number }[] }) {
  return (
    <section
      aria-labelledby="hiring-now"
      className="hidden rounded-2xl border border-slate-200 bg-white p-8 shadow-sm lg:block"
    >
      <h2 id="hiring-now" className="text-lg font-bold text-slate-900">
        Hiring now
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {domains.map(({ domain, open }) => (
          <li key={domain}>
            {open === 0 ? (
              // Nothing to link to: a filter that finds no open position is a dead end.
              <p className="flex items-center justify-between gap-4 py-3 text-slate-600">
                <span className="font-semibold">{domain}</span>
                <span className="text-sm">No openings right now</span>
              </p>
            ) : (
              <Link
                to={`/internships${internshipSearch({ domain })}#results`}
                className="group flex items-center justify-between gap-4 rounded-md py-3 text-slate-800 hover:text-blue-700"
              >
                <span className="font-semibold">{domain}</span>
                <span className="flex items-center gap-2 text-sm text-slate-600 group-hover:text-blue-700">
                  {open === 1 ? "1 position" : `${open} positions`}
                  <Icon name="arrow-right" weight="bold" className="h-4 w-4" />
                </span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
