// The JSON API's public posts (POST /api/quotes, /api/contact, /api/subscribe; issue 8: "the
// same validation, spam and rate-limit protection as the forms"). The body has already been
// validated by the form's own zod schema (lib/api.server.ts); then the same steps as a form post
// (lib/visitor-form.server.ts), through the same functions and in the same order:
//   honeypot -> per-address rate limit (the form's bucket) -> store (which e-mails the agency).
// Not the forms' fill-time token (lib/form-guard.server.ts): it is handed out with a page, and
// an API client (a mobile app, another site's front end) has no page to take it from.
import type { RouterContextProvider } from "react-router";
import type { LeadSource } from "#db/collections";
import { ApiError } from "./api.server";
import { honeypotFilled, SPAM_MESSAGE } from "./form-guard.server";
import { apiLeadSource } from "./lead-source.server";
import { checkVisitorRateLimit, storeVisitorPost, type VisitorScope } from "./visitor-form.server";

export async function acceptVisitorPost<T>(input: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The rate-limit bucket of the matching form: "quote", "contact", "newsletter". */
  scope: VisitorScope;
  /** The body's honeypot field (`website`). */
  honeypot: unknown;
  /** Stores the post, where it came from recorded (lib/lead-source.server.ts apiLeadSource). */
  store: (source: LeadSource) => Promise<T>;
}): Promise<T> {
  if (honeypotFilled([input.honeypot])) throw new ApiError(400, SPAM_MESSAGE);
  const limited = await checkVisitorRateLimit(input.scope, input.context);
  if (limited) throw new ApiError(limited.status, limited.message, undefined, limited.headers);
  const stored = await storeVisitorPost(input.scope, () =>
    input.store(apiLeadSource(input.request)),
  );
  if (!stored.ok) {
    const { status, message, headers } = stored.refusal;
    throw new ApiError(status, message, undefined, headers);
  }
  return stored.value;
}
