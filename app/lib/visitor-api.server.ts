// The JSON API's public posts (POST /api/quotes, /api/contact, /api/subscribe; issue 8: "the
// same validation, spam and rate-limit protection as the forms"). The body has already been
// validated by the form's own zod schema (lib/api.server.ts); then the same steps as a form post
// (lib/visitor-form.server.ts), through the same functions and in the same order:
//   honeypot -> per-address rate limit (the form's bucket) -> store (which e-mails the agency).
// Not the forms' fill-time token (lib/form-guard.server.ts): it is handed out with a page, and
// an API client (a mobile app, another site's front end) has no page to take it from.
// A retry is recognised by an `Idempotency-Key` header instead of the form's token: the same key
// with the same body on the same endpoint is one submission (the unique submissionKey index, as
// for the forms), and the retry is answered with what was stored the first time. The body is
// part of the key, so a key reused (or guessed) with another body is another submission and
// never brings back someone else's record.
import { createHash } from "node:crypto";
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
  /** The validated body without the honeypot: what a retry must repeat exactly. */
  payload: unknown;
  /**
   * Stores the post, where it came from recorded (lib/lead-source.server.ts apiLeadSource), once
   * per `submissionKey` when the client sent an Idempotency-Key.
   */
  store: (meta: { source: LeadSource; submissionKey?: string }) => Promise<T>;
}): Promise<T> {
  if (honeypotFilled([input.honeypot])) throw new ApiError(400, SPAM_MESSAGE);
  const submissionKey = idempotencyKey(input.request, input.scope, input.payload);
  const limited = await checkVisitorRateLimit(input.scope, input.context);
  if (limited) throw new ApiError(limited.status, limited.message, undefined, limited.headers);
  const stored = await storeVisitorPost(input.scope, () =>
    input.store({ source: apiLeadSource(input.request), submissionKey }),
  );
  if (!stored.ok) {
    const { status, message, headers } = stored.refusal;
    throw new ApiError(status, message, undefined, headers);
  }
  return stored.value;
}

/** `Idempotency-Key`: 1-255 visible ASCII characters (IETF draft-ietf-httpapi-idempotency-key). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The stored key of a post that carries an Idempotency-Key (per endpoint and body), else undefined. */
function idempotencyKey(
  request: Request,
  scope: VisitorScope,
  payload: unknown,
): string | undefined {
  const key = request.headers.get("Idempotency-Key")?.trim();
  if (!key) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, "Idempotency-Key must be 1 to 255 visible ASCII characters.", [
      {
        path: "Idempotency-Key",
        msg: "Idempotency-Key must be 1 to 255 visible ASCII characters.",
      },
    ]);
  }
  return createHash("sha256")
    .update(`api\0${scope}\0${key}\0${JSON.stringify(payload)}`)
    .digest("base64url");
}
