// GET, POST /api/testimonials (SPEC §7 'GET, POST /api/testimonials record data'): the home
// page carousel's testimonials, and a new one. The same schema and queries as
// /admin/dashboard/testimonials (domain/testimonial.ts, domain/testimonial.server.ts).
import {
  TESTIMONIAL_CREATED,
  TESTIMONIAL_IMAGE_REQUIRED,
  testimonialApiSchema,
  testimonialRecord,
} from "~/domain/testimonial";
import { createTestimonial, listTestimonials } from "~/domain/testimonial.server";
import { apiJson, apiRoute, listResponse, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/testimonials", {
  get: operation({
    tag: "Testimonials",
    summary: "Every testimonial, oldest first (the carousel's order)",
    auth: "none",
    response: listResponse(testimonialRecord),
    handler: async () => apiJson({ success: true, data: await listTestimonials() }),
  }),
  post: operation({
    tag: "Testimonials",
    summary: "Add a testimonial",
    description:
      "image is required: upload the picture first (POST /api/images) and send its secure_url. rating: 1 to 5, 5 when left out.",
    auth: "bearer",
    body: testimonialApiSchema,
    response: okResponse(testimonialRecord),
    status: 201,
    handler: async ({ body, actor }) => {
      const image = await imageToSave("image", body.image, TESTIMONIAL_IMAGE_REQUIRED);
      const testimonial = await createTestimonial({ ...body, image }, actor);
      return apiJson({ success: true, data: testimonial, message: TESTIMONIAL_CREATED }, 201);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
