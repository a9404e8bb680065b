// The layout of the static legal pages (/privacy-policy, /terms-of-service): the page header
// with its last-updated date, a table of contents, and numbered sections with h2 headings.
// The texts themselves live in the route modules; the company they name is the site settings'
// legal company name (the site layout's loader data).
import { Link, useRouteLoaderData } from "react-router";
import { formatDate } from "~/lib/format";
import { LEGAL_TEXT_REVISED } from "~/lib/legal";
import { FALLBACK_BRAND, seo, siteInfo } from "~/lib/seo";
import type { loader as layoutLoader } from "~/routes/site-layout";
import { EmailLink } from "./contact-links";
import { PageHeader } from "./page-header";

export interface LegalSection {
  /** Fragment id, so each section can be linked to. */
  id: string;
  heading: string;
  body: React.ReactNode;
}

/** The page's meta tags; the description names the brand. */
export function legalMeta(title: string, path: string, description: (brand: string) => string) {
  return ({ matches }: { matches: Parameters<typeof siteInfo>[0] }) => {
    const site = siteInfo(matches);
    return seo({ site, title, description: description(site.brand), path });
  };
}

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: (company: string) => string;
  sections: (company: string) => readonly LegalSection[];
}) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/site-layout");
  // The legal texts name the company by its legal name (the site settings').
  const company = layout?.site.legalName || FALLBACK_BRAND;
  const lastUpdated = LEGAL_TEXT_REVISED;
  const texts = sections(company);
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} intro={intro(company)}>
        <p className="mt-6 text-sm text-slate-700">
          Last updated: <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16 lg:px-8">
        <nav
          aria-labelledby="toc-heading"
          className="rounded-2xl border border-slate-200 bg-slate-50 p-5 lg:sticky lg:top-24 lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
        >
          <h2
            id="toc-heading"
            className="text-sm font-semibold tracking-wide text-slate-900 uppercase"
          >
            On this page
          </h2>
          <ol className="mt-3 gap-x-8 text-sm sm:columns-2 lg:mt-4 lg:columns-1 lg:border-l lg:border-slate-200">
            {texts.map((section, i) => (
              <li key={section.id} className="break-inside-avoid">
                <a
                  href={`#${section.id}`}
                  className="block py-1 text-slate-700 hover:text-blue-700 hover:underline lg:-ml-px lg:border-l lg:border-transparent lg:pl-4 lg:hover:border-blue-700 lg:hover:no-underline"
                >
                  {i + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl text-base leading-relaxed text-slate-700 [&_a]:font-semibold [&_a]:text-blue-700 [&_a]:underline-offset-4 [&_a:hover]:underline [&_li]:mt-2 [&_p+p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
          {texts.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24 border-b border-slate-200 py-8 first:pt-0 last:border-0"
            >
              <h2
                id={`${section.id}-heading`}
                className="mb-4 text-2xl font-bold tracking-tight text-slate-900"
              >
                {i + 1}. {section.heading}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

/**
 * The closing "write to us" sentence: a mailto link when an address is known, otherwise the
 * contact page (a sentence about an e-mail address we don't have would help nobody).
 */
export function LegalContactSentence({
  email,
  topic,
}: {
  email: string | null;
  /** e.g. "this policy". */
  topic: string;
}) {
  return email ? (
    <p>
      If you have questions about {topic}, email us at <EmailLink email={email} /> or use our{" "}
      <Link to="/contact">contact page</Link>.
    </p>
  ) : (
    <p>
      If you have questions about {topic}, please get in touch through our{" "}
      <Link to="/contact">contact page</Link>.
    </p>
  );
}
