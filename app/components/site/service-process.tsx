// 'Our Process': the steps in order, as an ordered list whose numbers are visible
// text (the list marker is replaced by a badge, which screen readers would not announce on its
// own, so the badge reads "Step 1").
import { PageSection } from "./page-header";

export function ServiceProcess({
  steps,
}: {
  steps: readonly { title: string; description: string }[];
}) {
  return (
    <PageSection
      headingId="process-heading"
      eyebrow="How we work"
      title="Our Process"
      intro="A clear path from first conversation to a product that keeps improving."
    >
      {/* auto-fit: as many equal columns as the steps need, wrapping when space runs out. */}
      <ol className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(13rem,1fr))]">
        {steps.map((step, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: stored order, never reordered here; texts may repeat.
            key={`${i}-${step.title}`}
            className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-blue-700 text-lg font-bold text-white tabular-nums">
              <span className="sr-only">Step </span>
              {i + 1}
            </span>
            <h3 className="mt-5 text-lg font-bold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{step.description}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}
