// POST /api/images (the clients' image upload posted multipart with a `file` field to
// an image host and kept `secure_url`): stores a picture the way the editors' uploads do
// (domain/image.server.ts storeUploadedImage: the type read from the bytes, at most 5 MB) and
// answers its address, to send as a blog's imageUrl, a testimonial's or resource's image.
// The body is multipart, not JSON: the operation declares none and reads it after the token
// is checked, so nobody without one gets a 16 MiB body read (lib/body-limit.server.ts).
import { z } from "zod";
import { storeUploadedImage } from "~/domain/image.server";
import { ApiError, apiJson, apiRoute, operation } from "~/lib/api.server";
import { absoluteImageUrl } from "~/lib/api-image.server";

const MULTIPART = /^multipart\/form-data\b/i;

const api = apiRoute("/api/images", {
  post: operation({
    tag: "Images",
    summary: "Upload an image",
    description:
      "A multipart/form-data body with the picture in a `file` field: JPEG, PNG, WebP, GIF or AVIF (read from the bytes), at most 5 MB. `secure_url` is the absolute address, `url` the site path; either can be saved in a document. An image no document uses after a day is deleted.",
    auth: "bearer",
    multipart: z.object({ file: z.file().describe("The picture") }),
    response: z.object({
      success: z.literal(true),
      secure_url: z.string().describe("Absolute address of the stored image"),
      url: z.string().describe("/images/<id>, or the image host's address when one is set up"),
    }),
    status: 201,
    errors: {
      400: "No file, or not an image we take (not JPEG, PNG, WebP, GIF or AVIF, or over 5 MB)",
      413: "Body over 16 MiB",
      415: "Body not sent as multipart/form-data",
    },
    handler: async ({ request, admin }) => {
      if (!MULTIPART.test(request.headers.get("Content-Type") ?? "")) {
        throw new ApiError(415, "Send the image as multipart/form-data, in a field named file.");
      }
      const stored = await storeUploadedImage(request, admin.email);
      if (!stored.ok)
        throw new ApiError(400, stored.message, [{ path: "file", msg: stored.message }]);
      return apiJson(
        { success: true, secure_url: absoluteImageUrl(stored.url), url: stored.url },
        201,
      );
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
