// FAQs as an accordion of native <details>: every answer is in the HTML (readable by crawlers
// and without JavaScript) and each question opens and closes on its own.
import { Icon } from "~/components/icon/icon";

export interface FaqItem {
  _id: string;
  question: string;
  answer: string;
}

export function FaqList({ faqs }: { faqs: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {faqs.map((faq) => (
        <details key={faq._id} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-6 rounded-2xl px-5 py-5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 sm:px-6 [&::-webkit-details-marker]:hidden">
            <span className="font-semibold text-slate-900">{faq.question}</span>
            <Icon
              name="plus"
              className="mt-0.5 h-5 w-5 shrink-0 text-blue-700 transition-transform group-open:rotate-45"
            />
          </summary>
          <p className="px-5 pb-6 leading-relaxed whitespace-pre-line text-slate-700 sm:px-6">
            {faq.answer}
          </p>
        </details>
      ))}
    </div>
  );
}

/** schema.org FAQPage for the questions shown. */
export function faqPageJsonLd(faqs: readonly FaqItem[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}
