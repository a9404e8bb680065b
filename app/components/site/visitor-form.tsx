// What the three public forms (quote, contact, newsletter) have in common:
// - useVisitorForm: conform bound to a fetcher. Without JavaScript the same <form> posts
//   natively to the route that owns the action, and the page comes back with that route's
//   actionData; with JavaScript the fetcher posts and its data drives the form. Either way the
//   form shows the server's reply (field errors, form message) and keeps what was typed.
// - ProtectionFields: the hidden fields the server checks (lib/form-guard.server.ts) and the
//   "came from" fields (lib/lead-source.ts).
// - VisitorForm: the fetcher form with those hidden fields; VisitorInputs: the visitor's name,
//   e-mail and phone inputs, labelled and limited the same way wherever they appear.
// - FormStatus: the success or error line; StatusAndSubmit: that line above the submit button.
// - visitorClientAction: the routes' clientAction when the server cannot be reached.
import {
  type FieldMetadata,
  getFormProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from "react";
import { data, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { LeadSource } from "#db/collections";
import { InputField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { Icon } from "~/components/icon/icon";
import {
  EMAIL_MAX,
  type LeadFormChecks,
  NAME_MAX,
  PHONE_MAX,
  parseLeadForm,
} from "~/domain/lead-checks";
import {
  externalReferrer,
  SOURCE_PAGE_FIELD,
  SOURCE_REFERRER_FIELD,
  UTM_KEYS,
  utmField,
  utmFromSearch,
} from "~/lib/lead-source";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader as layoutLoader } from "~/routes/site-layout";

/** The reply of a visitor form's action (lib/visitor-form.server.ts), or of its clientAction. */
export interface VisitorFormReply {
  result?: SubmissionResult<string[]>;
  ok: boolean;
  message?: string;
  formToken?: string;
  source?: LeadSource;
}

/**
 * What the browser knew when the site was first opened in this tab: the referrer and the
 * landing URL's campaign tags. Read once, when this module first runs in the browser (at
 * hydration of the first page), because client-side navigation changes location.search.
 */
const firstTouch =
  typeof document === "undefined"
    ? null
    : {
        referrer: externalReferrer(document.referrer, window.location.host),
        utm: utmFromSearch(window.location.search),
      };

export function useVisitorForm<Input extends Record<string, unknown>>(options: {
  id: string;
  /** The form's checks: its zod schema's, without zod in the browser (domain/lead-checks.ts). */
  checks: LeadFormChecks<Input>;
  /** The form's own fetcher key: one per form on the page. */
  fetcherKey: string;
  /** The reply when this page IS the action's route and was posted to without JavaScript. */
  actionData?: VisitorFormReply | null;
  /** Called after each reply the fetcher receives (success or not). */
  onReply?: (reply: VisitorFormReply) => void;
  /** How long a success message shows, in ms; null: it stays (see useReplyMessage). */
  successMs: number | null;
  /** What to say when the server refused without a message of its own. */
  failure: string;
}) {
  const fetcher = useFetcher<VisitorFormReply>({ key: options.fetcherKey });
  const reply = fetcher.data ?? options.actionData ?? undefined;
  const pending = fetcher.state !== "idle";
  const [form, fields] = useForm<Input>({
    id: options.id,
    lastResult: reply?.result,
    constraint: options.checks.constraint,
    // Checked on submit, then as the visitor corrects: an error appearing on blur moves the
    // submit button between mouse-down and mouse-up, and the click would be lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseLeadForm(formData, options.checks),
  });
  const onReply = useRef(options.onReply);
  onReply.current = options.onReply;
  useEffect(() => {
    if (fetcher.data) onReply.current?.(fetcher.data);
  }, [fetcher.data]);
  // conform turns the browser's own checks off so it can show its messages instead; without
  // JavaScript nothing would replace them, so they stay on until hydration.
  const hydrated = useHydrated();
  const formProps = {
    ...getFormProps(form),
    noValidate: hydrated,
    ref: cancelNativeIntentSubmits,
  };
  const message = useReplyMessage(reply, options.successMs, options.failure);
  // The status line's id; the inputs point at it while it shows an error.
  const statusId = `${form.id}-status`;
  const formErrorId = message.error ? statusId : undefined;
  return { fetcher, form, formProps, fields, reply, pending, message, statusId, formErrorId };
}

/**
 * A visitor form route's clientAction: the server's reply; when the server cannot be reached
 * (or answers with something that is not the form's reply), the form's own `failure` message
 * in the form instead of an error page. With an error status, so React Router skips reloading
 * the page's data, which would fail too (offline) and replace the page with an error.
 */
export async function visitorClientAction<Reply>(
  serverAction: () => Promise<Reply>,
  failure: string,
) {
  try {
    return await serverAction();
  } catch {
    return data<VisitorFormReply>({ ok: false, message: failure }, { status: 503 });
  }
}

/** The name of the hidden button conform submits a form with to validate it (conform's INTENT). */
const CONFORM_INTENT = "__intent__";

/**
 * conform validates a field when it loses focus by submitting the form with a hidden "intent"
 * button; its submit handler, which React calls, cancels that submission. But after a
 * successful post conform resets the form and re-keys its fields, so React replaces the field
 * that still has focus (the one the visitor pressed Enter in) while it commits, and React
 * ignores events while it commits: the blur validates the empty form, nobody cancels the
 * submit event, and the browser posts the empty form natively, leaving the page for an error
 * page. Here validation runs in the browser and an intent never needs the server, so the
 * browser's own submission of one is always cancelled; React's handlers still run as before.
 */
function cancelNativeIntentSubmits(form: HTMLFormElement | null) {
  if (!form) return;
  const cancel = (event: SubmitEvent) => {
    if (event.submitter?.getAttribute("name") === CONFORM_INTENT) event.preventDefault();
  };
  form.addEventListener("submit", cancel);
  return () => form.removeEventListener("submit", cancel);
}

/**
 * The reply's message to show: a success clears itself `ms` after it appears (3 s);
 * an error stays until the next reply. `dismiss` hides whatever shows (closing the quote modal
 * resets its state). Without JavaScript a success message simply stays.
 */
function useReplyMessage(
  reply: VisitorFormReply | undefined,
  /** null: the success message stays. */
  ms: number | null,
  /** What to say when the server sent no message. */
  failure: string,
) {
  const [dismissed, setDismissed] = useState<VisitorFormReply | undefined>();
  useEffect(() => {
    if (!reply?.ok || ms === null) return;
    const timer = setTimeout(() => setDismissed(reply), ms);
    return () => clearTimeout(timer);
  }, [reply, ms]);
  const live = reply && reply !== dismissed ? reply : undefined;
  return {
    success: live?.ok ? (live.message ?? null) : null,
    error: live && !live.ok ? live.message || failure : null,
    dismiss: () => setDismissed(reply),
  };
}

/**
 * The hidden fields every visitor form carries. `page`: the page it counts as sent from.
 * `reply`: after a refusal, the server gives back the token and source it read, which win over
 * this page's own (without JavaScript the refusal is a new page, at the action's URL).
 */
export function ProtectionFields({ page, reply }: { page?: string; reply?: VisitorFormReply }) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/site-layout");
  const location = useLocation();
  const hydrated = useHydrated();
  const echoed = reply?.source;
  const sentFrom = echoed?.page ?? page ?? `${location.pathname}${location.search}`;
  // The server's view on the first render (no hydration mismatch), the tab's first page after.
  const referrer =
    echoed?.referrer ?? (hydrated ? firstTouch?.referrer : null) ?? layout?.landingReferrer ?? "";
  const utm =
    echoed?.utm ??
    (hydrated ? firstTouch?.utm : undefined) ??
    utmFromSearch(sentFrom.split("?")[1] ?? "");
  return (
    <>
      <input type="hidden" name="formToken" value={reply?.formToken ?? layout?.formToken ?? ""} />
      {/* The honeypot: invisible to people and out of the tab order; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {hydrated ? <input type="hidden" name="_enhanced" value="1" /> : null}
      <input type="hidden" name={SOURCE_PAGE_FIELD} value={sentFrom} />
      {referrer ? <input type="hidden" name={SOURCE_REFERRER_FIELD} value={referrer} /> : null}
      {UTM_KEYS.map((key) =>
        utm?.[key] ? <input key={key} type="hidden" name={utmField(key)} value={utm[key]} /> : null,
      )}
    </>
  );
}

/**
 * The line under a form: green success or red error. It is a live region that exists before
 * the message does, so screen readers announce what arrives.
 */
export function FormStatus({
  id,
  success,
  error,
  tone = "light",
  spacing = "",
}: {
  id?: string;
  success: string | null;
  error: string | null;
  /** "dark": on a coloured background (the newsletter band). */
  tone?: "light" | "dark";
  /**
   * Margin classes for the message. The live region itself stays in the layout while empty,
   * so it must not sit in a grid with a gap (it would double the gap next to it): give the
   * message its own margin instead.
   */
  spacing?: string;
}) {
  const message = error ?? success;
  const colours = error
    ? tone === "dark"
      ? "bg-white text-red-800 ring-1 ring-red-200"
      : "border border-red-200 bg-red-50 text-red-800"
    : tone === "dark"
      ? "bg-white text-green-800 ring-1 ring-green-200"
      : "border border-green-200 bg-green-50 text-green-800";
  return (
    <div id={id} role="status" aria-live="polite">
      {message ? (
        <p
          className={`flex items-start gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium ${colours} ${spacing}`}
        >
          <Icon
            name={error ? "warning-circle" : "check-circle"}
            className="mt-0.5 h-5 w-5 shrink-0"
          />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The form element of a visitor form: posts through the form's fetcher (natively to `action`
 * without JavaScript) and carries the hidden ProtectionFields first.
 */
export function VisitorForm({
  visitor,
  action,
  page,
  children,
  ...props
}: {
  visitor: Pick<ReturnType<typeof useVisitorForm>, "fetcher" | "formProps" | "reply">;
  action: string;
  /** The page the request counts as sent from (see ProtectionFields). */
  page?: string;
  children: ReactNode;
} & Pick<ComponentProps<"form">, "className" | "onInput" | "onKeyDown" | "onPointerDown">) {
  const { fetcher, formProps, reply } = visitor;
  return (
    <fetcher.Form method="post" action={action} {...formProps} {...props}>
      <ProtectionFields page={page} reply={reply} />
      {children}
    </fetcher.Form>
  );
}

/** The visitor's own details, labelled and limited the same way on every form that asks. */
const VISITOR_INPUTS = {
  name: { label: "Name", type: "text", autoComplete: "name", maxLength: NAME_MAX },
  email: { label: "Email", type: "email", autoComplete: "email", maxLength: EMAIL_MAX },
  phone: { label: "Phone", type: "tel", autoComplete: "tel", maxLength: PHONE_MAX },
} as const;

/** The inputs for `names`, in that order (conform's fields of a form that has them). */
export function VisitorInputs<Name extends keyof typeof VISITOR_INPUTS>({
  fields,
  names,
  formErrorId,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's string field.
  fields: Record<Name, FieldMetadata<string, any, string[]>>;
  names: readonly Name[];
  formErrorId?: string;
}) {
  return names.map((name) => (
    <InputField
      key={name}
      meta={fields[name]}
      {...VISITOR_INPUTS[name]}
      formErrorId={formErrorId}
    />
  ));
}

/** The form's status line (see FormStatus) right above its submit button. */
export function StatusAndSubmit({
  visitor,
  children,
}: {
  visitor: Pick<ReturnType<typeof useVisitorForm>, "statusId" | "message" | "pending">;
  /** The button's text. */
  children: ReactNode;
}) {
  const { statusId, message, pending } = visitor;
  return (
    <div>
      <FormStatus id={statusId} success={message.success} error={message.error} spacing="mb-5" />
      <SubmitButton
        pending={pending}
        pendingText="Submitting..."
        className="min-h-11 w-full px-6 text-base sm:w-auto"
      >
        {children}
      </SubmitButton>
    </div>
  );
}
