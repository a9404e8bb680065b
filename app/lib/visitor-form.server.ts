// The one path every public form post takes (quote, contact, newsletter), so each gets the same
// protection in the same order:
//   read the body -> validate (zod; the browser's lead-checks.ts says the same) -> honeypot and fill-time token
//   -> per-address rate limit (MongoDB) -> store -> answer.
// The JSON API's public posts (lib/visitor-api.server.ts) take the same steps through the same
// functions (honeypotFilled, checkVisitorRateLimit, storeVisitorPost), all but the fill-time
// token, which only a page can hand out.
// Nothing is stored unless every step passed. Each refusal is a 4xx with a message for the
// form and the typed values kept (conform's reply); a storage failure is a 503 with a
// message, never an error page, so the visitor can simply send again.

import { createHash } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import type { LeadSource } from "#db/collections";
import { getEnv } from "~/env.server";
import { clientIp } from "./client-ip.server";
import { parseFormWith } from "./form-data.server";
import { checkFormGuard, FORM_TOKEN_FIELD } from "./form-guard.server";
import { readLeadSource } from "./lead-source.server";
import { hitRateLimit, retryAfterText } from "./rate-limit.server";

/** Present (value "1") only in forms the browser's JavaScript sends (see EnhancedField). */
const ENHANCED_FIELD = "_enhanced";

const RATE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
const CHECK_FIELDS_MESSAGE = "Please correct the highlighted fields.";
const UNREADABLE_MESSAGE = "The form could not be read. Please try again.";
const STORAGE_FAILED_MESSAGE = "We could not save this just now. Please try again in a moment.";

export interface VisitorFormData {
  result: SubmissionResult<string[]>;
  /** True when the submission was stored. */
  ok: boolean;
  /** What to tell the visitor: the success text, or why nothing was sent. */
  message?: string;
  /** After a refusal: the posted token, when it is still good (see handleVisitorForm). */
  formToken?: string;
  /** After a refusal: the "came from" fields as the server read them. */
  source?: LeadSource;
}

/**
 * The kinds of public post, each its own rate-limit bucket. A form and the JSON API's post of
 * the same kind name the same one, so switching from the one to the other does not double the
 * allowance (a union, so a misspelt bucket does not compile).
 */
export type VisitorScope = "quote" | "contact" | "newsletter";

/** Why a public post was not stored, for a form's reply or a JSON API error alike. */
export interface VisitorRefusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** The per-address limit of a public post (FORM_IP_LIMIT an hour, per scope). Null: go on. */
export async function checkVisitorRateLimit(
  scope: VisitorScope,
  context: Readonly<RouterContextProvider>,
): Promise<VisitorRefusal | null> {
  const limit = await hitRateLimit({
    scope,
    ip: clientIp(context),
    limit: getEnv().FORM_IP_LIMIT,
    windowMs: RATE_LIMIT_WINDOW_MS,
  });
  if (limit.allowed) return null;
  return {
    status: 429,
    message: `Too many submissions from your network. ${retryAfterText(limit.retryAfterMs)}`,
    headers: { "Retry-After": String(Math.ceil(limit.retryAfterMs / 1000)) },
  };
}

/**
 * Runs `store` (the domain's create, which also starts the new-lead e-mail). A failure is
 * logged and becomes a 503 with a message to send again, never an error page or a 500.
 */
export async function storeVisitorPost<T>(
  scope: VisitorScope,
  store: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; refusal: VisitorRefusal }> {
  try {
    return { ok: true, value: await store() };
  } catch (error) {
    console.error(`[${scope}] Could not store a submission:`, error);
    return {
      ok: false,
      refusal: { status: 503, message: STORAGE_FAILED_MESSAGE, headers: { "Retry-After": "5" } },
    };
  }
}

export async function handleVisitorForm<Schema extends z.ZodType<Record<string, unknown>>>(input: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** Rate-limit bucket, e.g. "quote". */
  scope: VisitorScope;
  schema: Schema;
  /**
   * Stores the valid submission; returns the message for the visitor. `submissionKey` is the
   * same for a repeat of the same post: store it once (unique index) and confirm both.
   */
  store: (
    value: z.output<Schema>,
    meta: { source: LeadSource; submissionKey: string },
  ) => Promise<string>;
  /** Where a browser without JavaScript goes after success (POST-redirect-GET). */
  successRedirect: (form: FormData) => string;
}) {
  const { request, schema } = input;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const empty = parseWithZod(new FormData(), { schema });
    return data<VisitorFormData>(
      {
        result: empty.reply({ formErrors: [UNREADABLE_MESSAGE] }),
        ok: false,
        message: UNREADABLE_MESSAGE,
      },
      { status: 400 },
    );
  }

  // The token and the "came from" fields go back with any refusal, so the page that comes
  // back (without JavaScript, a fresh page) keeps them: the fill time still counts from the
  // first page, not from the refusal, and the source survives a typo. An expired or forged
  // token is not echoed; the page's fresh one takes its place.
  const guard = await checkFormGuard(form);
  const source = readLeadSource(form, request);
  const postedToken = form.get(FORM_TOKEN_FIELD);
  const echo = {
    source,
    ...((guard.ok || guard.reason === "too-fast") && typeof postedToken === "string"
      ? { formToken: postedToken }
      : {}),
  };

  // Only the schema's fields reach conform (see form-data.server.ts); the protection and
  // source fields are read from the original by name.
  const submission = parseFormWith(form, schema);
  if (submission.status !== "success") {
    return data<VisitorFormData>(
      { result: submission.reply(), ok: false, message: CHECK_FIELDS_MESSAGE, ...echo },
      { status: 400 },
    );
  }

  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    data<VisitorFormData>(
      { result: submission.reply({ formErrors: [message] }), ok: false, message, ...echo },
      { status, headers },
    );

  if (!guard.ok) return refuse(guard.message, 400);

  const limited = await checkVisitorRateLimit(input.scope, input.context);
  if (limited) return refuse(limited.message, limited.status, limited.headers);

  // The same form, token and values twice (a double click without JavaScript, a resent
  // request) is one submission: the store keeps the first and confirms the second.
  const submissionKey = createHash("sha256")
    .update(`${input.scope}\0${String(postedToken)}\0${JSON.stringify(submission.value)}`)
    .digest("base64url");

  const stored = await storeVisitorPost(input.scope, () =>
    input.store(submission.value as z.output<Schema>, { source, submissionKey }),
  );
  if (!stored.ok) {
    return refuse(stored.refusal.message, stored.refusal.status, stored.refusal.headers);
  }
  const message = stored.value;

  if (form.get(ENHANCED_FIELD) !== "1") {
    throw redirect(input.successRedirect(form), 303);
  }
  return data<VisitorFormData>({
    result: submission.reply({ resetForm: true }),
    ok: true,
    message,
  });
}
