// The quote request form (SPEC §2 quote modal, §5, §9): its fields and the service options.
// Shared by the browser and the server (app/routes/quote.tsx).
import { z } from "zod";
import { SERVICE_OPTIONS } from "#db/collections";
import { emailField, messageField, nameField, phoneField } from "./lead-fields";

export { SERVICE_OPTIONS };

export const QUOTE_SUCCESS = "Quote submitted successfully!";
/** SPEC §8: what the form says when the server gave no message (or could not be reached). */
export const QUOTE_FAILURE = "Submission failed";

export const quoteSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  service: z.enum(SERVICE_OPTIONS, { error: "Please select a service." }),
  message: messageField,
});

export type QuoteInput = z.infer<typeof quoteSchema>;
