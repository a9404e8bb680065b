// The newsletter signup in 'Stay Updated' on the home page: one required
// e-mail. Posts natively to the home page's action without JavaScript (redirecting back to
// #newsletter with the outcome); with JavaScript through a fetcher, the input disabled and the
// button reading 'Subscribing...' meanwhile.
import { getInputProps } from "@conform-to/react";
import { SubmitButton } from "~/components/forms/submit-button";
import { Icon } from "~/components/icon/icon";
import { EMAIL_MAX, SUBSCRIBE_FAILURE, subscribeChecks } from "~/domain/lead-checks";
import { FormStatus, useVisitorForm, VisitorForm, type VisitorFormReply } from "./visitor-form";

export function NewsletterForm({
  actionData,
  sentMessage,
}: {
  actionData?: VisitorFormReply | null;
  /** The outcome after a post without JavaScript (POST, redirect, GET). */
  sentMessage?: string | null;
}) {
  const visitor = useVisitorForm({
    // Not "newsletter": that is the band's id (the #newsletter anchor the no-JS redirect lands
    // on), and conform ties the input to its form with form="<id>", so a shared id would tie
    // it to the band and the e-mail would never be sent.
    id: "newsletter-signup",
    checks: subscribeChecks,
    fetcherKey: "newsletter",
    actionData,
    successMs: null,
    failure: SUBSCRIBE_FAILURE,
  });
  const { fields, reply, pending, message, statusId, formErrorId } = visitor;
  const success = message.success ?? (reply ? null : (sentMessage ?? null));
  const email = fields.email;

  return (
    <VisitorForm
      visitor={visitor}
      action="/?index"
      className="relative mx-auto mt-8 grid max-w-xl gap-3 text-left"
    >
      <label htmlFor={email.id} className="text-sm font-semibold text-blue-50">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          // conform adds the field's own error id itself while it shows an error.
          {...getInputProps(email, { type: "email", ariaDescribedBy: formErrorId })}
          key={email.key}
          autoComplete="email"
          maxLength={EMAIL_MAX}
          placeholder="you@example.com"
          disabled={pending}
          className="min-h-12 w-full flex-1 rounded-lg border border-white/70 bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white disabled:cursor-wait disabled:bg-blue-50 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-600 aria-[invalid=true]:ring-inset"
        />
        <SubmitButton
          pending={pending}
          pendingText="Subscribing..."
          className="min-h-12 bg-white! px-6 text-base text-blue-800! hover:bg-blue-50! focus-visible:outline-white!"
        >
          Subscribe
        </SubmitButton>
      </div>
      {/* One block under the input, so the empty live region adds no gap of its own. */}
      <div>
        {email.errors?.length ? (
          <p
            id={email.errorId}
            className="flex items-start gap-2 rounded-lg bg-white px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200"
          >
            <Icon name="warning-circle" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>{email.errors.join(" ")}</span>
          </p>
        ) : null}
        <FormStatus
          id={statusId}
          success={success}
          error={email.errors?.length ? null : message.error}
          tone="dark"
          spacing={email.errors?.length ? "mt-3" : ""}
        />
      </div>
    </VisitorForm>
  );
}
