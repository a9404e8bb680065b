// GET, PUT, DELETE /api/testimonials/{id} (SPEC §7 'PUT, DELETE /api/testimonials/{id} record
// data'): one testimonial, as the editor reads and writes it. An id that is malformed or names
// nothing is a 404 either way.
import { z } from "zod";
import {
  TESTIMONIAL_DELETED,
  TESTIMONIAL_IMAGE_REQUIRED,
  TESTIMONIAL_NOT_FOUND,
  TESTIMONIAL_UPDATED,
  testimonialApiSchema,
  testimonialRecord,
} from "~/domain/testimonial";
import { deleteTestimonial, getTestimonial, updateTestimonial } from "~/domain/testimonial.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/testimonials/{id}", {
  get: operation({
    tag: "Testimonials",
    summary: "One testimonial",
    auth: "none",
    response: z.object({ success: z.literal(true), data: testimonialRecord }),
    handler: async ({ params }) => {
      const testimonial = await getTestimonial(params.id ?? "");
      if (!testimonial) apiNotFound(TESTIMONIAL_NOT_FOUND);
      return apiJson({ success: true, data: testimonial });
    },
  }),
  put: operation({
    tag: "Testimonials",
    summary: "Replace a testimonial",
    description:
      "The whole testimonial, as for POST. An image it no longer shows is deleted once nothing else uses it.",
    auth: "bearer",
    body: testimonialApiSchema,
    response: okResponse(testimonialRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await getTestimonial(id))) apiNotFound(TESTIMONIAL_NOT_FOUND);
      const image = await imageToSave("image", body.image, TESTIMONIAL_IMAGE_REQUIRED);
      // Deleted meanwhile. (Also lets the image it replaced go once unused.)
      if (!(await updateTestimonial(id, { ...body, image }, actor))) {
        apiNotFound(TESTIMONIAL_NOT_FOUND);
      }
      const testimonial = await getTestimonial(id);
      if (!testimonial) apiNotFound(TESTIMONIAL_NOT_FOUND);
      return apiJson({ success: true, data: testimonial, message: TESTIMONIAL_UPDATED });
    },
  }),
  delete: operation({
    tag: "Testimonials",
    summary: "Delete a testimonial",
    description: "Its image is deleted too, unless another document still shows it.",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      // Also lets its image go once unused.
      if (!(await deleteTestimonial(params.id ?? "", actor))) apiNotFound(TESTIMONIAL_NOT_FOUND);
      return apiJson({ success: true, message: TESTIMONIAL_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
