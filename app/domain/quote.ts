// The quote request form: its fields (all five required) and the five service options.
// The server's check (app/routes/quote.tsx); the browser's is lead-checks.ts, kept equal by test.
import { z } from "zod";
import { QUOTE_STATUSES, SERVICE_OPTIONS } from "#db/collections";
import { QUOTE_FAILURE, SERVICE_MESSAGE } from "./lead-checks";
import { emailField, honeypotField, messageField, nameField, phoneField } from "./lead-fields";
import { LEAD_SORTABLE, leadRowRecord, leadViewFields } from "./lead-inbox";

export { QUOTE_STATUSES, SERVICE_OPTIONS };

/** The quote list's columns that sort: the inbox's, and the quote's phone and service. */
export const QUOTE_SORTABLE = [...LEAD_SORTABLE, "phone", "service"] as const;

export const QUOTE_SUCCESS = "Quote submitted successfully!";
export { QUOTE_FAILURE };

export const quoteSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  service: z.enum(SERVICE_OPTIONS, { error: SERVICE_MESSAGE }),
  message: messageField,
});

export type QuoteInput = z.infer<typeof quoteSchema>;

/** POST /api/quotes: the form's fields and messages, and its honeypot. */
export const quoteApiSchema = quoteSchema.extend({ website: honeypotField });

/** A quote request as the JSON API answers it (QuoteRow). */
export const quoteRecord = leadRowRecord.extend({
  status: z.enum(QUOTE_STATUSES),
  phone: z.string(),
  service: z.string(),
});

/** Everything stored about one quote request (QuoteView): GET /api/quotes/{id}. */
export const quoteViewRecord = quoteRecord.extend(leadViewFields);

// The lead inbox (/admin/dashboard/quotes): its texts; those the original app had are kept word
// for word.
export const QUOTES_LOAD_FAILED = "Failed to load quotes.";
export const NO_QUOTES = "No quote requests found.";
export const QUOTE_DELETE_CONFIRM = "Delete this quote request?";
export const QUOTE_NOT_FOUND = "This quote request does not exist (it may have been deleted).";
export const QUOTE_DELETED = "Quote request deleted.";
