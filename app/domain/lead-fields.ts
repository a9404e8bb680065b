// The fields visitors type into the public forms (quote, contact, newsletter), as zod schemas: the
// server's checks (and the JSON API's). The browser gives the same messages without zod
// (lead-checks.ts). Every value is trimmed; the bounds keep a lead readable and a request's work
// small.
import { z } from "zod";
// The browser checks the same fields without zod (lead-checks.ts, kept equal by its test).
import { hasControlCharacters } from "~/lib/lead-source";
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  NAME_ONE_LINE_MESSAGE,
  PHONE_CHARACTERS_MESSAGE,
  PHONE_DIGITS_MESSAGE,
  PHONE_MAX,
  PHONE_PATTERN,
} from "./lead-checks";

export { EMAIL_MAX, MESSAGE_MAX, NAME_MAX, PHONE_MAX, PHONE_PATTERN };

/** conform turns an empty field into `undefined`: that is "required", anything else "invalid". */
const required = (message: string, invalid = message) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : invalid),
});

/** Trimmed text that must not be blank once trimmed. */
const text = (what: string, max: number) =>
  z
    .string(required(`${what} is required.`, `${what} is not valid.`))
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} must be at most ${max.toLocaleString("en-US")} characters.`);

/** No line breaks or other control characters: a name goes into an e-mail subject line. */
export const nameField = text("Name", NAME_MAX).refine(
  (value) => !hasControlCharacters(value),
  NAME_ONE_LINE_MESSAGE,
);

export const emailField = z
  .string(required("Email is required.", EMAIL_INVALID_MESSAGE))
  .trim()
  .min(1, "Email is required.")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email(EMAIL_INVALID_MESSAGE));

export const phoneField = text("Phone", PHONE_MAX).superRefine((value, ctx) => {
  // One message at a time: the characters first, then the number of digits.
  const digits = value.replace(/\D/g, "").length;
  if (!PHONE_PATTERN.test(value)) {
    ctx.addIssue({ code: "custom", message: PHONE_CHARACTERS_MESSAGE });
  } else if (digits < 6 || digits > 20) {
    ctx.addIssue({ code: "custom", message: PHONE_DIGITS_MESSAGE });
  }
});

export const messageField = text("Message", MESSAGE_MAX);

/**
 * The forms' honeypot ("website", lib/form-guard.server.ts) as a field of the JSON API's public
 * posts: people's clients leave it out; a bot that fills in every field it finds is refused.
 */
export const honeypotField = z
  .string()
  .optional()
  .describe("Leave this out: it is a spam trap, and a post with a value here is refused.");
