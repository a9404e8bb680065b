// The fields visitors type into the public forms (quote, contact, newsletter), as zod schemas
// shared by the browser (conform's instant checks) and the server (the real checks). Every value
// is trimmed; the bounds keep a lead readable and a request's work small.
import { z } from "zod";
import { hasControlCharacters } from "~/lib/lead-source";

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const MESSAGE_MAX = 5000;

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
  "Name must fit on one line.",
);

export const emailField = z
  .string(required("Email is required.", "Please enter a valid email address."))
  .trim()
  .min(1, "Email is required.")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`)
  .pipe(z.email("Please enter a valid email address."));

/** Digits and the usual separators (+ ( ) - . and plain spaces), with 6 to 20 digits. */
export const PHONE_PATTERN = /^[0-9+(). -]+$/;

export const phoneField = text("Phone", PHONE_MAX).superRefine((value, ctx) => {
  // One message at a time: the characters first, then the number of digits.
  const digits = value.replace(/\D/g, "").length;
  if (!PHONE_PATTERN.test(value)) {
    ctx.addIssue({
      code: "custom",
      message: "Please enter a valid phone number (digits, spaces and + ( ) - .).",
    });
  } else if (digits < 6 || digits > 20) {
    ctx.addIssue({
      code: "custom",
      message: "Please enter a valid phone number (6 to 20 digits).",
    });
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
