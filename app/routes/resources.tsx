// /resources: every resource as a card that opens its link in a new tab; an empty
// list says 'No resources found.'

import { Icon } from "~/components/icon/icon";
import { PageHeader } from "~/components/site/page-header";
import { ResourceCard } from "~/components/site/resource-card";
import { readResources } from "~/domain/public-content.server";
import { seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/resources";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

export async function loader() {
  return { resources: await readResources() };
}

const DESCRIPTION =
  "Guides, references and tools our team relies on for web development, accessibility, SEO and the cloud – hand-picked and free to use.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    site: siteInfo(matches),
    title: "Resources",
    description: DESCRIPTION,
    path: "/resources",
  });

/** Cards in the first row are above the fold on a wide screen: load them straight away. */
const EAGER_CARDS = 3;

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="Resources"
        title="Resources we recommend"
        intro={`Guides, references and tools our team relies on every day.${
          resources.length > 0 ? " Each one opens on its publisher's site in a new tab." : ""
        }`}
      />
      <section aria-label="Resources" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {resources.length > 0 ? (
            <ul className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
              {resources.map((resource, i) => (
                <li key={resource._id}>
                  <ResourceCard resource={resource} eager={i < EAGER_CARDS} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
              <Icon name="books" className="mx-auto h-10 w-10 text-slate-500" weight="duotone" />
              <p className="mt-4 text-lg font-semibold text-slate-900">No resources found.</p>
              <p className="mt-2 text-slate-700">
                We are putting together our favourite guides and tools. Please check back soon.
              </p>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
