// The place of the contact form on /contact (SPEC §2, §4, §5). The form itself (name, e-mail,
// message) arrives with the next issue and replaces this file's content; until then the
// section offers the one way of writing in that works today, the e-mail address, rather than
// a form that could not be sent.
import { EnvelopeSimpleIcon, PaperPlaneTiltIcon } from "@phosphor-icons/react";
import { EmailLink, mailtoHref, PhoneLink } from "./contact-links";

const WHAT_TO_INCLUDE = [
  "What you would like to build or improve",
  "Your timeline and any fixed dates",
  "A budget range, if you have one",
] as const;

export function ContactFormSlot({ email, phone }: { email: string; phone: string }) {
  return (
    <section
      aria-labelledby="message-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700 ring-1 ring-blue-100">
        <PaperPlaneTiltIcon aria-hidden="true" className="h-7 w-7" weight="duotone" />
      </span>
      <h2
        id="message-heading"
        className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        Send us a message
      </h2>
      {email ? (
        <>
          <p className="mt-4 text-lg text-pretty text-slate-700">
            Write to us at <EmailLink email={email} /> and tell us about your project, or ask us
            anything. Every message is read by a person, and we reply personally.
          </p>
          <h3 className="mt-8 text-sm font-semibold tracking-wide text-slate-900 uppercase">
            Helpful to include
          </h3>
          <ul className="mt-3 grid gap-2 text-slate-700">
            {WHAT_TO_INCLUDE.map((item) => (
              <li key={item} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-blue-700"
                />
                {item}
              </li>
            ))}
          </ul>
          <a
            href={mailtoHref(email)}
            className="mt-8 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 sm:w-auto"
          >
            <EnvelopeSimpleIcon aria-hidden="true" className="h-5 w-5" weight="bold" />
            Email us
          </a>
        </>
      ) : phone ? (
        <p className="mt-4 text-lg text-pretty text-slate-700">
          Call us on <PhoneLink phone={phone} /> and tell us about your project, or ask us anything.
        </p>
      ) : (
        <p className="mt-4 text-lg text-pretty text-slate-700">
          Our contact details are being updated. Please check back soon.
        </p>
      )}
    </section>
  );
}
