// FAQ form (SPEC §2 'Manage FAQs', §5): question and answer, both required, with the SPEC's one
// message for either missing. Shared by the browser (conform's instant checks) and the action.
import { z } from "zod";

export const FAQ_REQUIRED = "Both question and answer are required.";
/** SPEC §8: what a failed save says, inline above the form. */
export const FAQ_SAVE_FAILED = "Operation failed.";
export const FAQ_DELETE_CONFIRM = "Are you sure you want to delete this FAQ?";

/** The editor's flash and the JSON API's message after a write. */
export const FAQ_CREATED = "FAQ created.";
export const FAQ_UPDATED = "FAQ updated.";
export const FAQ_DELETED = "FAQ deleted.";
/** An id that is malformed or names no FAQ (the admin's 404, the JSON API's). */
export const FAQ_NOT_FOUND = "This FAQ does not exist (it may have been deleted).";
export const QUESTION_MAX = 300;
export const ANSWER_MAX = 5000;

// conform turns an empty field into undefined; a blank one is empty once trimmed.
const required = (max: number, what: string) =>
  z
    .string({ error: FAQ_REQUIRED })
    .trim()
    .min(1, FAQ_REQUIRED)
    .max(max, `The ${what} can be at most ${max} characters long.`);

export const faqSchema = z.object({
  question: required(QUESTION_MAX, "question"),
  answer: required(ANSWER_MAX, "answer"),
});

export type FaqInput = z.infer<typeof faqSchema>;

/** A FAQ as the JSON API answers it (routes/api/faqs.ts). */
export const faqRecord = z.object({ _id: z.string(), question: z.string(), answer: z.string() });
