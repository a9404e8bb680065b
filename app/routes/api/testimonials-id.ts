// GET, PUT, DELETE /api/testimonials/{id} (SPEC §7 'PUT, DELETE /api/testimonials/{id} record
// data'): one testimonial, as the editor reads and writes it. An id that is malformed or names
// nothing is a 404 either way.
import { z } from "zod";
import { deleteImageIfUnused } from "~/domain/image.server";
import {
  TESTIMONIAL_IMAGE_REQUIRED,
  testimonialApiSchema,
  testimonialRecord,
} from "~/domain/testimonial";
import { deleteTestimonial, getTestimonial, updateTestimonial } from "~/domain/testimonial.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const NOT_FOUND = "Testimonial not found.";

const api = apiRoute("/api/testimonials/{id}", {
  get: operation({
    tag: "Testimonials",
    summary: "One testimonial",
    auth: "none",
    response: z.object({ success: z.literal(true), data: testimonialRecord }),
    handler: async ({ params }) => {
      const testimonial = await getTestimonial(params.id ?? "");
      if (!testimonial) apiNotFound(NOT_FOUND);
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
    handler: async ({ params, body, admin }) => {
      const id = params.id ?? "";
      if (!(await getTestimonial(id))) apiNotFound(NOT_FOUND);
      const image = await imageToSave("image", body.image, TESTIMONIAL_IMAGE_REQUIRED);
      const saved = await updateTestimonial(id, { ...body, image }, admin.email);
      // Deleted meanwhile.
      if (!saved) apiNotFound(NOT_FOUND);
      if (saved.previousImage !== image) await deleteImageIfUnused(saved.previousImage);
      const testimonial = await getTestimonial(id);
      if (!testimonial) apiNotFound(NOT_FOUND);
      return apiJson({ success: true, data: testimonial, message: "Testimonial updated." });
    },
  }),
  delete: operation({
    tag: "Testimonials",
    summary: "Delete a testimonial",
    description: "Its image is deleted too, unless another document still shows it.",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params }) => {
      const removed = await deleteTestimonial(params.id ?? "");
      if (!removed) apiNotFound(NOT_FOUND);
      await deleteImageIfUnused(removed.image);
      return apiJson({ success: true, message: "Testimonial deleted." });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
