// Home: hero, 'Why Choose …' highlights, 'What Our Clients Say' carousel,
// 'Latest Blog Articles' and 'Stay Updated'. Everything is read here, on the server.
import { Link, useRouteLoaderData } from "react-router";
import { Icon } from "~/components/icon/icon";
import { BlogCard } from "~/components/site/blog-card";
import { PageErrorBoundary } from "~/components/site/error-page";
import { HighlightCards } from "~/components/site/highlight-cards";
import { JsonLd } from "~/components/site/json-ld";
import { NewsletterForm } from "~/components/site/newsletter-form";
import { PageSection } from "~/components/site/page-header";
import { TestimonialCarousel } from "~/components/site/testimonial-carousel";
import { type VisitorFormReply, visitorClientAction } from "~/components/site/visitor-form";
import { toBlogCard } from "~/content/blogs.server";
import { altOf } from "~/content/kit/image-alt";
// The clientAction's message from the zod-free module: its chunk loads in the browser.
import { SUBSCRIBE_NETWORK_FAILURE } from "~/domain/lead-checks";
import { ALREADY_SUBSCRIBED, SUBSCRIBE_SUCCESS, subscribeSchema } from "~/domain/newsletter";
import { type SubscribeOutcome, subscribe } from "~/domain/newsletter.server";
import {
  readContactInfo,
  readHero,
  readHighlights,
  readLatestBlogs,
  readTeam,
  readTestimonials,
} from "~/domain/public-content.server";
import { responsiveImage } from "~/domain/responsive-image";
import { getEnv } from "~/env.server";
import { isSafeImageSrc } from "~/lib/links";
import type { PageHandle } from "~/lib/page-params";
import { keepActionHeaders } from "~/lib/route-headers";
import { absoluteUrl, FALLBACK_BRAND, seo, siteInfo } from "~/lib/seo";
import { handleVisitorForm } from "~/lib/visitor-form.server";
import type { Route } from "./+types/home";
import type { loader as layoutLoader } from "./site-layout";

export const LATEST_BLOG_COUNT = 3;
export const DEFAULT_CTA_TEXT = "Get Free Consultation";

/** Where a signup without JavaScript lands: the outcome is in the query (POST, redirect, GET). */
const SUBSCRIBED = { new: "1", already: "already" } as const;

// The only query parameter the page reads (any other: a 301 without it, lib/page-params.ts).
export const handle: PageHandle = { searchParams: ["subscribed"] };

export async function loader({ request }: Route.LoaderArgs) {
  const subscribed = new URL(request.url).searchParams.get("subscribed");
  const [hero, highlights, testimonials, latestBlogs, contact, team] = await Promise.all([
    readHero(),
    readHighlights(),
    readTestimonials(),
    readLatestBlogs(LATEST_BLOG_COUNT),
    readContactInfo(),
    // Posts by a team member show their portrait and role.
    readTeam(),
  ]);
  // Social cards need an absolute image URL.
  const shareImage = isSafeImageSrc(hero?.image)
    ? absoluteUrl(getEnv().SITE_URL, hero.image)
    : null;
  return {
    hero,
    shareImage,
    highlights,
    testimonials,
    latestBlogs: latestBlogs.map((post) => toBlogCard(post, team)),
    contact: contact
      ? { email: contact.email, phone: contact.phone, address: contact.address }
      : null,
    subscribedMessage:
      subscribed === SUBSCRIBED.new
        ? SUBSCRIBE_SUCCESS
        : subscribed === SUBSCRIBED.already
          ? ALREADY_SUBSCRIBED
          : null,
  };
}

// The newsletter signup ('Stay Updated'). Subscribing twice keeps one subscription and says so.
export async function action({ request, context }: Route.ActionArgs) {
  let outcome: SubscribeOutcome = "subscribed";
  return handleVisitorForm({
    request,
    context,
    scope: "newsletter",
    schema: subscribeSchema,
    store: async (value, { source }) => {
      outcome = await subscribe(value.email, source);
      return outcome === "subscribed" ? SUBSCRIBE_SUCCESS : ALREADY_SUBSCRIBED;
    },
    successRedirect: () =>
      `/?subscribed=${outcome === "subscribed" ? SUBSCRIBED.new : SUBSCRIBED.already}#newsletter`,
  });
}

// The server could not be reached: say so in the form ('Subscription failed. Please try
// again.') instead of replacing the page with an error.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  visitorClientAction(serverAction, SUBSCRIBE_NETWORK_FAILURE);

// Keeps a 429's Retry-After.
export const headers: Route.HeadersFunction = keepActionHeaders;

const FALLBACK_TITLE = "Web, App, SEO and Cloud Agency";
const FALLBACK_DESCRIPTION =
  "We design, build and grow websites and apps: web and app development, SEO, marketing and cloud migration.";

// Title and social-share tags from the hero, with fallback texts. The title always names the
// brand (a tab, a bookmark and a search result show it): the brand first, then the hero's
// headline, unless the headline already names it.
export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteInfo(matches);
  const headline = data?.hero?.title?.trim() || FALLBACK_TITLE;
  return seo({
    site,
    title: headline.toLowerCase().includes(site.brand.toLowerCase())
      ? headline
      : `${site.brand} | ${headline}`,
    exactTitle: true,
    description: data?.hero?.subtitle || FALLBACK_DESCRIPTION,
    path: "/",
    image: data?.shareImage,
  });
};

export { PageErrorBoundary as ErrorBoundary };

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, highlights, testimonials, latestBlogs, contact, subscribedMessage } = loaderData;
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/site-layout");
  const brand = layout?.site.brandName ?? FALLBACK_BRAND;
  return (
    <>
      {layout ? (
        <JsonLd
          data={{
            "@context": "https://schema.org",
            "@type": "Organization",
            // The site settings: brand, legal name, logo, e-mail, phone and profiles.
            name: brand,
            legalName: layout.site.legalName,
            ...(layout.site.tagline ? { slogan: layout.site.tagline } : {}),
            url: `${layout.siteUrl}/`,
            logo: absoluteUrl(layout.siteUrl, layout.site.logo || "/favicon.svg"),
            ...(layout.site.email ? { email: layout.site.email } : {}),
            ...(layout.site.phone ? { telephone: layout.site.phone } : {}),
            ...(contact?.address ? { address: contact.address } : {}),
            sameAs: layout.site.social.map((s) => s.url),
          }}
        />
      ) : null}

      {hero ? <Hero hero={hero} /> : null}

      <PageSection
        headingId="highlights-heading"
        className="bg-slate-50 py-16 sm:py-24"
        eyebrow="Why us"
        title={`Why Choose ${brand}`}
        intro="Full-stack solutions from one senior team: WordPress sites, React.js apps, e-commerce platforms and cloud migration, designed and built to grow with your business."
      >
        <HighlightCards highlights={highlights} />
      </PageSection>

      <PageSection
        headingId="testimonials-heading"
        eyebrow="Testimonials"
        title="What Our Clients Say"
      >
        <div className="mt-10">
          <TestimonialCarousel testimonials={testimonials} />
        </div>
      </PageSection>

      <PageSection
        headingId="blog-heading"
        className="bg-slate-50 py-16 sm:py-24"
        eyebrow="From the blog"
        title="Latest Blog Articles"
      >
        {latestBlogs.length === 0 ? (
          <p className="mt-10 text-center text-slate-700">No blog articles found.</p>
        ) : (
          <>
            <ul className="mt-12 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {latestBlogs.map((post, i) => (
                // Two columns at tablet width: the third card would sit alone, so it waits
                // for the three-column layout.
                <li key={post._id} className={i === 2 ? "flex md:hidden lg:flex" : "flex"}>
                  <BlogCard post={post} />
                </li>
              ))}
            </ul>
            <p className="mt-10 text-center">
              <Link
                to="/blog"
                className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-900 hover:border-blue-400 hover:text-blue-700"
              >
                View all articles
              </Link>
            </p>
          </>
        )}
      </PageSection>

      <StayUpdated actionData={actionData} sentMessage={subscribedMessage} />
    </>
  );
}

function Hero({ hero }: { hero: NonNullable<Route.ComponentProps["loaderData"]["hero"]> }) {
  // The CTA leads to /contact unless the hero names another site path or web address.
  // Browsers drop tabs and line breaks inside a URL: "/\t/host" would be "//host".
  const ctaLink = /^(\/(?![/\\])|https?:\/\/)\S*$/.test(hero.ctaLink) ? hero.ctaLink : "/contact";
  return (
    <section className="relative isolate overflow-hidden bg-slate-900 text-white">
      {isSafeImageSrc(hero.image) ? (
        <img
          // The box covers the viewport's width and at least min(80svh, 720px) of its height
          // with a 16:9 picture (object-cover): on a phone that is about 950 CSS px wide, not
          // 100vw, or the picture would be blown up.
          {...responsiveImage(hero.image, "max(100vw, min(142svh, 1280px))")}
          src={hero.image}
          alt={altOf(hero, "image")}
          width={1920}
          height={1080}
          fetchPriority="high"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-slate-950/65" aria-hidden="true" />
      <div className="mx-auto flex min-h-[min(80svh,720px)] max-w-4xl flex-col items-center justify-center px-6 py-24 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">{hero.title}</h1>
        {hero.subtitle ? (
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-100 sm:text-xl">
            {hero.subtitle}
          </p>
        ) : null}
        <Link
          to={ctaLink}
          className="mt-10 inline-block rounded-lg bg-blue-600 px-6 py-3 font-semibold text-white shadow-lg hover:bg-blue-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {hero.ctaText || DEFAULT_CTA_TEXT}
        </Link>
      </div>
    </section>
  );
}

/** 'Stay Updated': the newsletter signup, and the RSS feed for feed readers. */
function StayUpdated(props: { actionData?: VisitorFormReply | null; sentMessage: string | null }) {
  return (
    <section aria-labelledby="stay-updated-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div
          id="newsletter"
          className="scroll-mt-24 rounded-3xl bg-blue-700 px-6 py-12 text-center text-white sm:px-12"
        >
          <h2 id="stay-updated-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Stay Updated
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-blue-50">
            Practical articles on web development, SEO, marketing and the cloud, straight from our
            team. No spam.
          </p>
          <NewsletterForm {...props} />
          <p className="mt-6 text-sm text-blue-50">
            Prefer a feed reader?{" "}
            <a
              href="/blog/rss.xml"
              className="inline-flex items-center gap-1 font-semibold text-white underline underline-offset-4 hover:text-blue-100"
            >
              <Icon name="rss-simple" weight="bold" className="h-4 w-4" />
              Follow the RSS feed
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
