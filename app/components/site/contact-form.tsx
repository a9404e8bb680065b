// The contact form on /contact: name, e-mail and message, all required. Posts natively to
// /contact without JavaScript (the page comes back with errors, or redirects to a success
// message); with JavaScript it posts through a fetcher, the fields clear on success and the
// message disappears after 3 s.
import { TextareaField } from "~/components/forms/fields";
import { Icon } from "~/components/icon/icon";
import { CONTACT_FAILURE, contactChecks, MESSAGE_MAX } from "~/domain/lead-checks";
import type { VisitorFormReply } from "./visitor-form";
import {
  FormStatus,
  StatusAndSubmit,
  useVisitorForm,
  VisitorForm,
  VisitorInputs,
} from "./visitor-form";

/** The success message clears itself 3000 ms after it appears. */
export const CONTACT_MESSAGE_MS = 3000;

export function ContactForm({
  actionData,
  sentMessage,
}: {
  actionData?: VisitorFormReply | null;
  /** The success message after a post without JavaScript (POST, redirect, GET). */
  sentMessage?: string | null;
}) {
  const visitor = useVisitorForm({
    id: "contact",
    checks: contactChecks,
    fetcherKey: "contact-form",
    actionData,
    successMs: CONTACT_MESSAGE_MS,
    failure: CONTACT_FAILURE,
  });
  const { fields, reply, formErrorId } = visitor;

  return (
    <section
      id="contact-form"
      aria-labelledby="message-heading"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700 ring-1 ring-blue-100">
        <Icon name="paper-plane-tilt" className="h-7 w-7" weight="duotone" />
      </span>
      <h2
        id="message-heading"
        className="mt-5 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
      >
        Send us a message
      </h2>
      <p className="mt-3 text-slate-700">
        Tell us about your project or ask us anything. All fields are required; we usually reply
        within one working day.
      </p>
      {/* After a post without JavaScript: the outcome first, where the page opens. */}
      {sentMessage && !reply ? (
        <div className="mt-6">
          <FormStatus id="contact-sent" success={sentMessage} error={null} />
        </div>
      ) : null}
      <VisitorForm visitor={visitor} action="/contact" className="relative mt-8 grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <VisitorInputs fields={fields} names={["name", "email"]} formErrorId={formErrorId} />
        </div>
        <TextareaField
          meta={fields.message}
          label="Message"
          rows={6}
          maxLength={MESSAGE_MAX}
          formErrorId={formErrorId}
        />
        <StatusAndSubmit visitor={visitor}>Send Message</StatusAndSubmit>
      </VisitorForm>
    </section>
  );
}
