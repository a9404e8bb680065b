// The contact form on /contact: name, e-mail and message, all required. The
// server's check (app/routes/contact.tsx); the browser's is lead-checks.ts, kept equal by test.
import { z } from "zod";
import { CONTACT_STATUSES } from "#db/collections";
import { CONTACT_FAILURE } from "./lead-checks";
import { emailField, honeypotField, messageField, nameField } from "./lead-fields";
import { leadRowRecord, leadViewFields } from "./lead-inbox";

export const CONTACT_SUCCESS = "Message sent successfully! We will get back to you soon.";
export { CONTACT_FAILURE };

export const contactMessageSchema = z.object({
  name: nameField,
  email: emailField,
  message: messageField,
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** POST /api/contact: the form's fields and messages, and its honeypot. */
export const contactMessageApiSchema = contactMessageSchema.extend({ website: honeypotField });

/** A contact message as the JSON API answers it (ContactRow). */
export const contactRecord = leadRowRecord.extend({ status: z.enum(CONTACT_STATUSES) });

/** Everything stored about one message (ContactView): GET /api/contact/{id}. */
export const contactViewRecord = contactRecord.extend(leadViewFields);

// The lead inbox (/admin/dashboard/contact-forms): its texts; those the original app had are kept
// word for word.
export { CONTACT_STATUSES };
/** A failed load says 'Error: ' and what failed, as every failed load does. */
export const CONTACTS_LOAD_FAILED = "Error: Failed to fetch contacts";
export const NO_CONTACTS = "No contacts found.";
export const CONTACT_DELETE_CONFIRM = "Delete this contact message?";
export const CONTACT_NOT_FOUND = "This contact message does not exist (it may have been deleted).";
export const CONTACT_DELETED = "Contact message deleted.";
