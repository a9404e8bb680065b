// /services: hero with image fallback and the first CTA button, 'Our Services',
// benefits, numbered 'Our Process' and the CTA block, all from the service page document.
import { useRouteLoaderData } from "react-router";
import { Icon } from "~/components/icon/icon";
import { JsonLd } from "~/components/site/json-ld";
import { PageHeader } from "~/components/site/page-header";
import { CtaLink, ServiceCta, usableButtons } from "~/components/site/service-cta";
import { ServiceHero } from "~/components/site/service-hero";
import { ServiceBenefits, ServiceGrid } from "~/components/site/service-list";
import { ServiceProcess } from "~/components/site/service-process";
import { altOf } from "~/content/kit/image-alt";
import { readServicePage } from "~/domain/public-content.server";
import { absoluteUrl, seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/services";
import type { loader as layoutLoader } from "./site-layout";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

export async function loader() {
  return { page: await readServicePage() };
}

const FALLBACK_TITLE = "Our Services";
const FALLBACK_DESCRIPTION =
  "Web and app development, UI/UX design, SEO, marketing and cloud migration: what our team can design, build and grow for you.";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const hero = loaderData?.page?.hero;
  return seo({
    site: siteInfo(matches),
    title: hero?.title.trim() || FALLBACK_TITLE,
    description: hero?.subtitle.trim() || FALLBACK_DESCRIPTION,
    path: "/services",
    image: hero?.image || null,
  });
};

export default function Services({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/site-layout");
  if (!page) return <NoServicePage />;

  const buttons = usableButtons(page.cta?.buttons);
  const siteUrl = layout?.siteUrl ?? "";
  return (
    <>
      <ServiceHero
        title={page.hero.title.trim() || FALLBACK_TITLE}
        subtitle={page.hero.subtitle}
        image={page.hero.image}
        imageAlt={altOf(page.hero, "image")}
        cta={buttons[0] ?? null}
      />
      {page.services.length > 0 ? <ServiceGrid services={page.services} /> : null}
      {page.benefits.length > 0 ? <ServiceBenefits benefits={page.benefits} /> : null}
      {page.processSteps.length > 0 ? <ServiceProcess steps={page.processSteps} /> : null}
      {page.cta?.title.trim() || buttons.length > 0 ? (
        <ServiceCta
          title={page.cta.title.trim() || "Let's talk about your project"}
          subtitle={page.cta.subtitle}
          buttons={buttons}
        />
      ) : null}
      {page.services.length > 0 ? (
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "ItemList",
            name: "Our Services",
            url: absoluteUrl(siteUrl, "/services"),
            itemListElement: page.services.map((service, i) => ({
              "@type": "ListItem",
              position: i + 1,
              item: {
                "@type": "Service",
                name: service.title,
                description: service.description,
                provider: {
                  "@type": "Organization",
                  name: layout?.site.brandName,
                  ...(siteUrl ? { url: siteUrl } : {}),
                },
              },
            })),
          }}
        />
      ) : null}
    </>
  );
}

/** No service page saved yet: say so kindly and point to the ways of reaching the team. */
function NoServicePage() {
  return (
    <>
      <PageHeader
        eyebrow="Services"
        title={FALLBACK_TITLE}
        intro="We are refreshing this page with a full overview of what we offer. Until it is back, we are happy to tell you about our services in person."
      />
      <section aria-labelledby="services-soon-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-blue-50 text-blue-700 ring-1 ring-blue-100">
            <Icon name="chat-circle-text" className="h-8 w-8" weight="duotone" />
          </span>
          <h2
            id="services-soon-heading"
            className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            Tell us what you are planning
          </h2>
          <p className="mt-4 text-lg text-pretty text-slate-700">
            Web and app development, design, SEO, marketing or a move to the cloud: describe your
            project and we will suggest how we can help.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
            <CtaLink button={{ label: "Contact us", link: "/contact" }} variant="primary" />
            <CtaLink button={{ label: "About us", link: "/about" }} variant="secondary" />
          </div>
        </div>
      </section>
    </>
  );
}
