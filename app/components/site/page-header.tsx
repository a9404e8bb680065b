// The heading band at the top of inner pages, section headings and the page bands they head,
// so every page shares one look: a short eyebrow, the page's single h1, and an optional intro.
import type { ReactNode } from "react";

export function PageHeader({
  eyebrow,
  title,
  intro,
  children,
  aside,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  children?: ReactNode;
  /** Beside the heading from the large breakpoint up (below it on smaller screens). */
  aside?: ReactNode;
}) {
  const heading = (
    <div>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
      ) : null}
      <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {title}
      </h1>
      {intro ? <p className="mt-4 max-w-2xl text-lg text-pretty text-slate-700">{intro}</p> : null}
      {children}
    </div>
  );
  return (
    <header className="border-b border-slate-200 bg-gradient-to-b from-blue-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        {aside ? (
          <div className="grid gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-center lg:gap-16">
            {heading}
            {aside}
          </div>
        ) : (
          heading
        )}
      </div>
    </header>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "center",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: "center" | "left";
}) {
  const centered = align === "center";
  return (
    <div className={centered ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>
      ) : null}
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
      >
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-pretty text-slate-700">{intro}</p> : null}
    </div>
  );
}

/**
 * A band of a page: a section named by its centred heading, its content in the page's
 * container. `className`: the band's background and vertical padding.
 */
export function PageSection({
  headingId,
  eyebrow,
  title,
  intro,
  className = "py-16 sm:py-24",
  children,
}: {
  headingId: string;
  eyebrow: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} intro={intro} />
        {children}
      </div>
    </section>
  );
}
