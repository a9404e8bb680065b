// The service page's 'Our Services' cards and benefits. Icons come from the
// content's icon keys through ContentIcon, so an unknown key still renders a sensible icon.
import { ContentIcon } from "./icon";
import { PageSection } from "./page-header";

export interface IconItem {
  title: string;
  description: string;
  icon: string;
}

export function ServiceGrid({ services }: { services: readonly IconItem[] }) {
  return (
    <PageSection
      headingId="services-heading"
      eyebrow="What we do"
      title="Our Services"
      intro="Everything you need to plan, build, launch and grow a digital product – from one team."
    >
      <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-4">
        {services.map((service, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: stored order, never reordered here; texts may repeat.
            key={`${i}-${service.title}`}
            className="group flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700 ring-1 ring-blue-100 transition-colors group-hover:bg-blue-700 group-hover:text-white">
              <ContentIcon name={service.icon} className="h-7 w-7" />
            </span>
            <h3 className="mt-5 text-lg font-bold text-slate-900">{service.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-700">{service.description}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

export function ServiceBenefits({ benefits }: { benefits: readonly IconItem[] }) {
  return (
    <PageSection
      headingId="benefits-heading"
      className="bg-slate-50 py-16 sm:py-24"
      eyebrow="Why work with us"
      title="The benefits of working with us"
    >
      <ul className="mt-12 grid grid-cols-1 gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map((benefit, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: stored order, never reordered here; texts may repeat.
          <li key={`${i}-${benefit.title}`} className="flex gap-4 sm:flex-col">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-blue-700 text-white shadow-sm">
              <ContentIcon name={benefit.icon} className="h-6 w-6" />
            </span>
            <div>
              <h3 className="text-lg font-bold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{benefit.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
