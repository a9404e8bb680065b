// Testimonial form (SPEC §3, §5): name, title and text required with the SPEC's one message, a
// valid uploaded image required, rating 1 to 5 (default 5). Shared by the browser (conform's
// checks) and the admin action.
import { z } from "zod";
import { isValidImageUrl } from "./image";

export const TESTIMONIAL_REQUIRED = "Name, title, and text are required.";
export const TESTIMONIAL_RATING_RANGE = "Rating must be between 1 and 5.";
/**
 * SPEC §5 'a valid uploaded image required' names no text of its own: the blog's wording for
 * the same rule (SPEC §5 Blog).
 */
export const TESTIMONIAL_IMAGE_REQUIRED = "Please upload a valid image before submitting.";
/** SPEC §8 save failures. */
export const TESTIMONIAL_CREATE_FAILED = "Failed to create testimonial.";
export const TESTIMONIAL_UPDATE_FAILED = "Failed to update testimonial.";
/** SPEC §6: 'a matching one for testimonials' of the blog's delete question. */
export const TESTIMONIAL_DELETE_CONFIRM = "Are you sure you want to delete this testimonial?";

/** The editor's flash and the JSON API's message after a write. */
export const TESTIMONIAL_CREATED = "Testimonial created.";
export const TESTIMONIAL_UPDATED = "Testimonial updated.";
export const TESTIMONIAL_DELETED = "Testimonial deleted.";
/** An id that is malformed or names no testimonial (the admin's 404, the JSON API's). */
export const TESTIMONIAL_NOT_FOUND = "This testimonial does not exist (it may have been deleted).";

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** SPEC §5, §9. */
export const DEFAULT_RATING = 5;
export const NAME_MAX = 120;
export const TITLE_MAX = 160;
export const TEXT_MAX = 2000;

// conform turns an empty field into undefined; a blank one is empty once trimmed.
const required = (max: number, what: string) =>
  z
    .string({ error: TESTIMONIAL_REQUIRED })
    .trim()
    .min(1, TESTIMONIAL_REQUIRED)
    .max(max, `The ${what} can be at most ${max} characters long.`);

export const testimonialSchema = z.object({
  name: required(NAME_MAX, "name"),
  title: required(TITLE_MAX, "title"),
  text: required(TEXT_MAX, "text"),
  // conform's zod integration turns the posted "4" into 4; "abc" stays a string and is refused.
  rating: z
    .number({ error: TESTIMONIAL_RATING_RANGE })
    .int(TESTIMONIAL_RATING_RANGE)
    .min(RATING_MIN, TESTIMONIAL_RATING_RANGE)
    .max(RATING_MAX, TESTIMONIAL_RATING_RANGE)
    .default(DEFAULT_RATING),
  // The image field's hidden address (kept, or uploaded with JavaScript). A file picked without
  // JavaScript is posted apart and stored by the action, which then requires an image: the
  // schema alone cannot, since without JavaScript the address is empty until the file is stored.
  image: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || isValidImageUrl(value), TESTIMONIAL_IMAGE_REQUIRED),
});

export type TestimonialInput = z.infer<typeof testimonialSchema>;

/** '1 star', '4 stars': the accessible name of a rating choice. */
export function starsLabel(n: number): string {
  return `${n} ${n === 1 ? "star" : "stars"}`;
}

// ---- The JSON API (routes/api/testimonials.ts, testimonials-id.ts) ----

/**
 * A testimonial's JSON body: the form's schema, with the image required by the schema itself
 * (JSON has no file posted apart: the image is uploaded first, through POST /api/images).
 */
export const testimonialApiSchema = testimonialSchema.extend({
  image: z
    .string({ error: TESTIMONIAL_IMAGE_REQUIRED })
    .optional()
    .pipe(testimonialSchema.shape.image)
    .refine((url) => url !== "", TESTIMONIAL_IMAGE_REQUIRED),
});

/** A testimonial as the JSON API answers it. */
export const testimonialRecord = z.object({
  _id: z.string(),
  name: z.string(),
  title: z.string(),
  image: z.string(),
  text: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
});
