// The quote request form, shown in the modal (QuoteDialog)
// and on the /quote page that stands in for the modal without JavaScript. Both post to /quote.
import type { Ref } from "react";
import { SERVICE_OPTIONS } from "#db/collections";
import { InputField, SelectField, TextareaField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import {
  EMAIL_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  PHONE_MAX,
  QUOTE_FAILURE,
  quoteChecks,
} from "~/domain/lead-checks";
import {
  FormStatus,
  ProtectionFields,
  useReplyMessage,
  useVisitorForm,
  type VisitorFormReply,
} from "./visitor-form";

/** The success message goes 3000 ms after a successful submission. */
const QUOTE_SUCCESS_RESET_MS = 3000;

export function QuoteForm({
  id,
  action = "/quote",
  actionData,
  page,
  onReply,
  onInteract,
  dismissRef,
}: {
  /** Form id: one per place the form is shown. */
  id: string;
  /** Where it posts: /quote, with the page's own query on /quote (see routes/quote.tsx). */
  action?: string;
  actionData?: VisitorFormReply | null;
  /** The page the request counts as sent from (see ProtectionFields). */
  page?: string;
  onReply?: (reply: VisitorFormReply) => void;
  /** Any typing, click or focus change inside the form. */
  onInteract?: () => void;
  /** Receives a function that hides the current message (the modal calls it on close). */
  dismissRef?: Ref<() => void>;
}) {
  const { fetcher, form, formProps, fields, reply, pending } = useVisitorForm({
    id,
    checks: quoteChecks,
    fetcherKey: id,
    actionData,
    onReply,
  });
  const message = useReplyMessage(reply, QUOTE_SUCCESS_RESET_MS, QUOTE_FAILURE);
  if (dismissRef && typeof dismissRef === "object") dismissRef.current = message.dismiss;
  const statusId = `${form.id}-status`;
  const formErrorId = message.error ? statusId : undefined;

  return (
    <fetcher.Form
      method="post"
      action={action}
      {...formProps}
      onInput={onInteract}
      onKeyDown={onInteract}
      onPointerDown={onInteract}
      className="relative grid gap-5"
    >
      <ProtectionFields page={page} reply={reply} />
      <p className="text-sm text-slate-700">All fields are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          meta={fields.name}
          label="Name"
          type="text"
          autoComplete="name"
          maxLength={NAME_MAX}
          formErrorId={formErrorId}
        />
        <InputField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          formErrorId={formErrorId}
        />
        <InputField
          meta={fields.phone}
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX}
          formErrorId={formErrorId}
        />
        <SelectField
          meta={fields.service}
          label="Service"
          options={SERVICE_OPTIONS}
          placeholder="Select a Service"
          formErrorId={formErrorId}
        />
      </div>
      <TextareaField
        meta={fields.message}
        label="Message"
        hint="What would you like us to build or improve? Timeline and budget help us quote."
        rows={4}
        maxLength={MESSAGE_MAX}
        formErrorId={formErrorId}
      />
      {/* The error in red above the submit button; the success line in the same place. */}
      <div>
        <FormStatus id={statusId} success={message.success} error={message.error} spacing="mb-5" />
        <SubmitButton
          pending={pending}
          pendingText="Submitting..."
          className="min-h-11 w-full px-6 text-base sm:w-auto"
        >
          Submit Request
        </SubmitButton>
      </div>
    </fetcher.Form>
  );
}
