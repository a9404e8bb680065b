// The service page's hero: title, subtitle, the first call-to-action button and the
// hero image. The image is a real <img> (not a CSS background) so it reserves its space, falls
// back to the default picture when missing or broken, and loads first: it is the largest thing
// above the fold.
import { FallbackImage } from "./fallback-image";
import { type CtaButton, CtaLink } from "./service-cta";

export function ServiceHero({
  title,
  subtitle,
  image,
  imageAlt,
  cta,
}: {
  title: string;
  subtitle: string;
  image: string;
  /** What the image shows; "" when it only decorates (or was not described yet). */
  imageAlt: string;
  cta: CtaButton | null;
}) {
  return (
    <header className="overflow-hidden border-b border-slate-200 bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Services</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {title}
          </h1>
          {subtitle ? (
            <p className="mt-6 max-w-xl text-lg text-pretty text-slate-700 sm:text-xl">
              {subtitle}
            </p>
          ) : null}
          {cta ? (
            <div className="mt-10">
              <CtaLink button={cta} variant="primary" />
            </div>
          ) : null}
        </div>
        <div className="relative">
          <div
            aria-hidden="true"
            className="absolute -inset-4 -z-0 rounded-[2rem] bg-blue-100/70 blur-2xl"
          />
          <FallbackImage
            src={image}
            alt={imageAlt}
            width={1920}
            height={1080}
            loading="eager"
            fetchPriority="high"
            // Half the container (less the gap) beside the text from lg, else its full width.
            sizes="(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 56px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            className="relative aspect-video w-full rounded-2xl bg-slate-100 object-cover shadow-xl ring-1 ring-slate-900/5"
          />
        </div>
      </div>
    </header>
  );
}
