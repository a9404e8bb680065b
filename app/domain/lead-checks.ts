// The public forms' checks in the browser (quote, contact, newsletter), without zod: zod and
// conform's zod adapter weigh about 37 kB gzipped, a quarter of a public page's JavaScript
// budget (docs/decisions/018-javascript-budget.md). The zod schemas (lead-fields.ts, quote.ts,
// contact-message.ts, newsletter.ts) stay the truth and the server's only check; these
// functions give the same messages in the same order, which lead-checks.test.ts proves against
// the schemas on a corpus of inputs, and the same constraint attributes.
import { parse, type Submission } from "@conform-to/react";
import { SERVICE_OPTIONS } from "#db/collections";
import { hasControlCharacters } from "~/lib/lead-source";
import type { ContactMessageInput } from "./contact-message";
import type { SubscribeInput } from "./newsletter";
import type { QuoteInput } from "./quote";

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const MESSAGE_MAX = 5000;

/** Digits and the usual separators (+ ( ) - . and plain spaces), with 6 to 20 digits. */
export const PHONE_PATTERN = /^[0-9+(). -]+$/;

/** zod 4's `z.email()` pattern, copied (the test compares it with zod's). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const SERVICE_MESSAGE = "Please select a service.";
export const PHONE_CHARACTERS_MESSAGE =
  "Please enter a valid phone number (digits, spaces and + ( ) - .).";
export const PHONE_DIGITS_MESSAGE = "Please enter a valid phone number (6 to 20 digits).";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address.";
export const NAME_ONE_LINE_MESSAGE = "Name must fit on one line.";

/** What each form says when the server gave no message (or could not be reached). */
export const QUOTE_FAILURE = "Submission failed";
export const CONTACT_FAILURE = "Something went wrong";
export const SUBSCRIBE_FAILURE = "Subscription failed.";
/** The newsletter form's text when the server could not be reached. */
export const SUBSCRIBE_NETWORK_FAILURE = "Subscription failed. Please try again.";

/** One field's check: its messages for a value as conform hands it over (blank: undefined). */
type FieldCheck = (value: unknown) => string[];

const requiredText =
  (what: string, max: number, more?: (value: string) => string[]): FieldCheck =>
  (value) => {
    if (value === undefined) return [`${what} is required.`];
    if (typeof value !== "string") return [`${what} is not valid.`];
    const text = value.trim();
    // Like zod, every check runs and each failure adds its message.
    const errors: string[] = [];
    if (text.length < 1) errors.push(`${what} is required.`);
    if (text.length > max) {
      errors.push(`${what} must be at most ${max.toLocaleString("en-US")} characters.`);
    }
    return more ? [...errors, ...more(text)] : errors;
  };

const nameCheck = requiredText("Name", NAME_MAX, (text) =>
  hasControlCharacters(text) ? [NAME_ONE_LINE_MESSAGE] : [],
);

const emailCheck: FieldCheck = (value) => {
  if (value === undefined) return ["Email is required."];
  if (typeof value !== "string") return [EMAIL_INVALID_MESSAGE];
  const text = value.trim();
  const errors: string[] = [];
  if (text.length < 1) errors.push("Email is required.");
  if (text.length > EMAIL_MAX) errors.push(`Email must be at most ${EMAIL_MAX} characters.`);
  // The address format is checked only once the length checks pass (zod's pipe).
  if (errors.length === 0 && !EMAIL_PATTERN.test(text)) errors.push(EMAIL_INVALID_MESSAGE);
  return errors;
};

const phoneCheck = requiredText("Phone", PHONE_MAX, (text) => {
  // One message at a time: the characters first, then the number of digits.
  const digits = text.replace(/\D/g, "").length;
  if (!PHONE_PATTERN.test(text)) return [PHONE_CHARACTERS_MESSAGE];
  if (digits < 6 || digits > 20) return [PHONE_DIGITS_MESSAGE];
  return [];
});

const messageCheck = requiredText("Message", MESSAGE_MAX);

const serviceCheck: FieldCheck = (value) =>
  typeof value === "string" && (SERVICE_OPTIONS as readonly string[]).includes(value)
    ? []
    : [SERVICE_MESSAGE];

/** A form's checks and the native constraints conform renders (as getZodConstraint would). */
export interface LeadFormChecks<Input extends Record<string, unknown> = Record<string, unknown>> {
  fields: Record<keyof Input & string, FieldCheck>;
  constraint: Record<keyof Input & string, { required?: boolean; pattern?: string }>;
}

export const quoteChecks: LeadFormChecks<QuoteInput> = {
  fields: {
    name: nameCheck,
    email: emailCheck,
    phone: phoneCheck,
    service: serviceCheck,
    message: messageCheck,
  },
  constraint: {
    name: { required: true },
    email: { required: true },
    phone: { required: true },
    service: { required: true, pattern: SERVICE_OPTIONS.join("|") },
    message: { required: true },
  },
};

export const contactChecks: LeadFormChecks<ContactMessageInput> = {
  fields: { name: nameCheck, email: emailCheck, message: messageCheck },
  constraint: { name: { required: true }, email: { required: true }, message: { required: true } },
};

export const subscribeChecks: LeadFormChecks<SubscribeInput> = {
  fields: { email: emailCheck },
  constraint: { email: { required: true } },
};

/**
 * conform's submission for `formData`, like parseWithZod with the form's schema: blank values
 * count as missing, each field gets its messages, and the value is the trimmed text.
 */
export function parseLeadForm<Input extends Record<string, unknown>>(
  formData: FormData | URLSearchParams,
  checks: LeadFormChecks<Input>,
): Submission<Input> {
  return parse<Input, string[]>(formData, {
    resolve(payload) {
      const error: Record<string, string[]> = {};
      const value: Record<string, string> = {};
      for (const [name, check] of Object.entries<FieldCheck>(checks.fields)) {
        const raw = payload[name];
        // conform's zod coercion: an empty string is no value at all.
        const given = raw === "" ? undefined : raw;
        const messages = check(given);
        if (messages.length > 0) error[name] = messages;
        else value[name] = (given as string).trim();
      }
      return Object.keys(error).length > 0 ? { error } : { value: value as Input };
    },
  });
}
