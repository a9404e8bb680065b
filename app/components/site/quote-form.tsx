// The quote request form, shown in the modal (QuoteDialog)
// and on the /quote page that stands in for the modal without JavaScript. Both post to /quote.
import type { Ref } from "react";
import { SERVICE_OPTIONS } from "#db/collections";
import { SelectField, TextareaField } from "~/components/forms/fields";
import { MESSAGE_MAX, QUOTE_FAILURE, quoteChecks } from "~/domain/lead-checks";
import type { VisitorFormReply } from "./visitor-form";
import { StatusAndSubmit, useVisitorForm, VisitorForm, VisitorInputs } from "./visitor-form";

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
  const visitor = useVisitorForm({
    id,
    checks: quoteChecks,
    fetcherKey: id,
    actionData,
    onReply,
    successMs: QUOTE_SUCCESS_RESET_MS,
    failure: QUOTE_FAILURE,
  });
  const { fields, message, formErrorId } = visitor;
  if (dismissRef && typeof dismissRef === "object") dismissRef.current = message.dismiss;

  return (
    <VisitorForm
      visitor={visitor}
      action={action}
      page={page}
      onInput={onInteract}
      onKeyDown={onInteract}
      onPointerDown={onInteract}
      className="relative grid gap-5"
    >
      <p className="text-sm text-slate-700">All fields are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <VisitorInputs
          fields={fields}
          names={["name", "email", "phone"]}
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
      <StatusAndSubmit visitor={visitor}>Submit Request</StatusAndSubmit>
    </VisitorForm>
  );
}
