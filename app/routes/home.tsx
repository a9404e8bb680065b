import { getHeroSection } from "~/domain/hero.server";
import { getEnv } from "~/env.server";
import type { Route } from "./+types/home";

export async function loader() {
  const hero = await getHeroSection();
  // Social cards need an absolute image URL.
  const shareImage = hero?.image ? new URL(hero.image, getEnv().SITE_URL).href : null;
  return { hero, shareImage };
}

const FALLBACK_TITLE = "Bureau | Web, App, SEO and Cloud Agency";
const FALLBACK_DESCRIPTION =
  "We design, build and grow websites and apps: web and app development, SEO, marketing and cloud migration.";

export const meta: Route.MetaFunction = ({ data }) => {
  const title = data?.hero?.title || FALLBACK_TITLE;
  const description = data?.hero?.subtitle || FALLBACK_DESCRIPTION;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(data?.shareImage ? [{ property: "og:image", content: data.shareImage }] : []),
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero } = loaderData;
  return (
    <div>
      {hero ? (
        <section
          className="relative isolate flex min-h-svh items-center bg-slate-900 bg-cover bg-center px-6 py-24 text-white"
          style={hero.image ? { backgroundImage: `url(${JSON.stringify(hero.image)})` } : undefined}
        >
          <div className="absolute inset-0 -z-10 bg-slate-950/60" aria-hidden="true" />
          <div className="mx-auto max-w-4xl text-center">
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
              {hero.title}
            </h1>
            {hero.subtitle ? (
              <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-100 sm:text-xl">
                {hero.subtitle}
              </p>
            ) : null}
            <a
              href="/contact"
              className="mt-10 inline-block rounded-lg bg-blue-600 px-6 py-3 font-semibold text-white shadow-lg hover:bg-blue-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {hero.ctaText || "Get Free Consultation"}
            </a>
          </div>
        </section>
      ) : null}
    </div>
  );
}
