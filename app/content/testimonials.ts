// Testimonials: what clients say, in the home page's carousel 'What Our Clients Say'. Name,
// title and text are required with one shared message, a picture is required, and the rating
// is 1 to 5 stars, 5 when none is given. Staff set their order (Move up / Move down).
import { z } from "zod";
import { isValidImageUrl } from "~/domain/image";
import { address } from "./kit/document-schema";
import { requiredText } from "./kit/schema";
import { defineCollection, MANUAL_ORDER } from "./kit/types";

export const TESTIMONIAL_REQUIRED = "Name, title, and text are required.";
export const TESTIMONIAL_RATING_RANGE = "Rating must be between 1 and 5.";
/** The blog's wording for the same rule (a valid uploaded image is required). */
export const TESTIMONIAL_IMAGE_REQUIRED = "Please upload a valid image before submitting.";

const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;
const NAME_MAX = 120;
const TITLE_MAX = 160;
const TEXT_MAX = 2000;

const required = (max: number, what: string) => requiredText(TESTIMONIAL_REQUIRED, max, what);

const schema = z.object({
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
  image: address(TESTIMONIAL_IMAGE_REQUIRED, isValidImageUrl),
});

export const testimonials = defineCollection({
  entity: "testimonial",
  collection: "testimonials",
  schema,
  record: z.object({
    name: z.string(),
    title: z.string(),
    image: z.string(),
    text: z.string(),
    rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  }),
  fields: [
    {
      kind: "text",
      name: "name",
      label: "Name",
      placeholder: "Enter name",
      maxLength: NAME_MAX,
      half: true,
    },
    {
      kind: "text",
      name: "title",
      label: "Title",
      placeholder: "Role, Company",
      maxLength: TITLE_MAX,
      half: true,
    },
    {
      kind: "textarea",
      name: "text",
      label: "Text",
      placeholder: "What the client said",
      maxLength: TEXT_MAX,
    },
    { kind: "stars", name: "rating", label: "Rating", defaultValue: DEFAULT_RATING },
    {
      kind: "image",
      name: "image",
      label: "Photo",
      required: TESTIMONIAL_IMAGE_REQUIRED,
      invalid: TESTIMONIAL_IMAGE_REQUIRED,
      hint: "Required. A square portrait works best; it is shown round. JPEG, PNG, WebP, GIF or AVIF, at most 5 MB.",
      decorative: "Shown beside the client's name, which says who it is.",
    },
  ],
  summary: (t) => t.name,
  searchFields: ["name", "title", "text"],
  // The carousel's order, set by staff (a new testimonial goes last).
  ordered: true,
  publicSort: MANUAL_ORDER,
  admin: {
    path: "/admin/dashboard/testimonials",
    title: "Testimonials",
    description:
      "What clients say about us, in the carousel ‘What Our Clients Say’ on the home page.",
    siteLink: "/#testimonials-heading",
    addLabel: "Add testimonial",
    formTitle: { create: "Add testimonial", edit: "Edit testimonial" },
    noun: ["testimonial", "testimonials"],
    search: { label: "Search testimonials", placeholder: "A name, company or words" },
    emptyText: "No testimonials found.",
    titleColumn: {
      label: "Client",
      title: "name",
      subtitle: { field: "title" },
      image: { field: "image", shape: "avatar" },
      sort: true,
    },
    columns: [
      { label: "Text", field: "text", kind: "text", from: "md" },
      { label: "Rating", field: "rating", kind: "stars", from: "sm", sort: true },
    ],
    subject: (t) => `${t.name}, ${t.title}`,
  },
  api: {
    path: "/api/testimonials",
    tag: "Testimonials",
    listSummary:
      "Every testimonial in the carousel's order (set in the admin with Move up / Move down)",
    createDescription:
      "image is required: upload the picture first (POST /api/images) and send its secure_url. rating: 1 to 5, 5 when left out.",
    updateDescription:
      "The whole testimonial, as for POST. An image it no longer shows is deleted once nothing else uses it.",
  },
  example: {
    name: "Grace Hopper",
    title: "Rear Admiral, US Navy",
    text: "They shipped on time, and the code read like prose.",
    rating: 4,
    image: "/demo/client-daniel-whitaker.webp",
  },
});

export type Testimonial = z.output<typeof testimonials.record> & { _id: string };

/** '1 star', '4 stars': the accessible name of a rating choice. */
export function starsLabel(n: number): string {
  return `${n} ${n === 1 ? "star" : "stars"}`;
}
