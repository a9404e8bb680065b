// /about: mission, values, team and contact line from the about page document,
// whose title and content also make the page's meta tags.
import { Link, useRouteLoaderData } from "react-router";
import { Icon } from "~/components/icon/icon";
import { EmailLink, PhoneLink } from "~/components/site/contact-links";
import { JsonLd } from "~/components/site/json-ld";
import { PageHeader, PageSection, SectionHeading } from "~/components/site/page-header";
import { TeamGrid } from "~/components/site/team-grid";
import { splitValues } from "~/content/about-page";
import { readAboutPage } from "~/domain/public-content.server";
import { truncate } from "~/lib/format";
import { absoluteUrl, seo, siteInfo } from "~/lib/seo";
import type { Route } from "./+types/about";
import type { loader as layoutLoader } from "./site-layout";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/error-page";

export async function loader() {
  const about = await readAboutPage();
  return { about, values: splitValues(about?.values ?? "") };
}

const FALLBACK_TITLE = "About Us";
const FALLBACK_DESCRIPTION =
  "Meet the team behind our web and app development, design, SEO, marketing and cloud work: our mission, our values and how to reach us.";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const about = loaderData?.about;
  const site = siteInfo(matches);
  const title = about?.title.trim() || FALLBACK_TITLE;
  // Search engines show about 160 characters (social descriptions are cut there too).
  const description =
    truncate(about?.content.trim() || about?.mission.trim() || "", 160) || FALLBACK_DESCRIPTION;
  return seo({
    site,
    title,
    // "About Bureau Digital | Bureau Digital" would repeat the brand.
    exactTitle: title.toLowerCase().includes(site.brand.toLowerCase()),
    description,
    path: "/about",
  });
};

/**
 * "Clarity over jargon: we explain…" reads best as a bold lead over its explanation; a line
 * without such a lead is shown whole.
 */
function valueParts(value: string): { lead: string | null; rest: string } {
  const match = /^([^:]{2,60}):\s+(.+)$/.exec(value);
  return match?.[1] && match[2] ? { lead: match[1], rest: match[2] } : { lead: null, rest: value };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about, values } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/site-layout");
  const brand = layout?.site.brandName ?? "";
  const siteUrl = layout?.siteUrl ?? "";

  const title = about?.title.trim() || FALLBACK_TITLE;
  const team = about?.team ?? [];
  const email = about?.contact?.email.trim() ?? "";
  const phone = about?.contact?.phone.trim() ?? "";

  return (
    <>
      <PageHeader
        eyebrow="About us"
        title={title}
        intro={
          about?.content.trim() ||
          (about
            ? undefined
            : "We are updating this page. In the meantime, we are happy to introduce ourselves in person.")
        }
      />

      {about?.mission.trim() ? (
        <section aria-labelledby="mission-heading" className="py-16 sm:py-24">
          <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-3 lg:gap-16 lg:px-8">
            <SectionHeading
              id="mission-heading"
              eyebrow="Why we exist"
              title="Our Mission"
              align="left"
            />
            <p className="text-xl leading-relaxed text-pretty text-slate-700 lg:col-span-2 lg:text-2xl lg:leading-relaxed">
              {about.mission}
            </p>
          </div>
        </section>
      ) : null}

      {values.length > 0 ? (
        <PageSection
          headingId="values-heading"
          className="bg-slate-50 py-16 sm:py-24"
          eyebrow="What we stand for"
          title="Our Values"
        >
          <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2">
            {values.map((value, i) => {
              const { lead, rest } = valueParts(value);
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: stored order, never reordered here; texts may repeat.
                  key={`${i}-${value}`}
                  className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <Icon
                    name="check-circle"
                    weight="duotone"
                    className="h-7 w-7 shrink-0 text-blue-700"
                  />
                  <p className="text-slate-700">
                    {lead ? (
                      <>
                        {/* The colon stays in the text (read aloud, copied) but not on screen. */}
                        <strong className="block text-lg font-bold text-slate-900">
                          {lead}
                          <span className="sr-only">:</span>
                        </strong>{" "}
                        <span className="mt-1 block first-letter:uppercase">{rest}</span>
                      </>
                    ) : (
                      rest
                    )}
                  </p>
                </li>
              );
            })}
          </ul>
        </PageSection>
      ) : null}

      {team.length > 0 ? (
        <PageSection
          headingId="team-heading"
          className="pt-16 sm:pt-24"
          eyebrow="The people"
          title="Meet the Team"
          intro="The senior specialists who will plan, design, build and grow your product."
        >
          <div className="mt-12">
            <TeamGrid team={team} />
          </div>
        </PageSection>
      ) : null}

      <section aria-labelledby="about-contact-heading" className="py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="flex flex-col gap-6 rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <h2 id="about-contact-heading" className="text-2xl font-bold tracking-tight">
                Let's talk
              </h2>
              <p className="mt-2 text-slate-200">
                {email || phone
                  ? "Questions about working with us, or about joining the team? Get in touch."
                  : "Questions about working with us, or about joining the team? Send us a message."}
              </p>
            </div>
            <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8">
              {email ? (
                <li className="flex items-center gap-3">
                  <Icon name="envelope-simple" className="h-6 w-6 text-blue-300" />
                  <span className="sr-only">Email: </span>
                  <EmailLink email={email} className={CONTACT_LINK} />
                </li>
              ) : null}
              {phone ? (
                <li className="flex items-center gap-3">
                  <Icon name="phone" className="h-6 w-6 text-blue-300" />
                  <span className="sr-only">Phone: </span>
                  <PhoneLink phone={phone} className={CONTACT_LINK} />
                </li>
              ) : null}
              {!email && !phone ? (
                <li>
                  <Link to="/contact" className={CONTACT_LINK}>
                    Contact us
                  </Link>
                </li>
              ) : null}
            </ul>
          </div>
        </div>
      </section>

      {about ? (
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "AboutPage",
            name: title,
            ...(about.content.trim() ? { description: about.content.trim() } : {}),
            url: absoluteUrl(siteUrl, "/about"),
            mainEntity: {
              "@type": "Organization",
              name: brand,
              ...(siteUrl ? { url: siteUrl } : {}),
              ...(email ? { email } : {}),
              ...(phone ? { telephone: phone } : {}),
              ...(about.mission.trim() ? { description: about.mission.trim() } : {}),
              employee: team.map((m) => ({
                "@type": "Person",
                name: m.name,
                ...(m.role ? { jobTitle: m.role } : {}),
              })),
            },
          }}
        />
      ) : null}
    </>
  );
}

const CONTACT_LINK =
  "text-lg font-semibold text-white underline decoration-blue-300 underline-offset-4 hover:decoration-white";
