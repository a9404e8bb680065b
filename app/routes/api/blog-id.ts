// GET, PUT, DELETE /api/blog/{id} (SPEC §7 'GET /api/blog/{id} post in data', 'PUT
// /api/blog/{id}, DELETE /api/blog/{id} blog data'): one post, as /blog/{id} and the editor
// read and write it. An id that is malformed or names nothing is a 404 either way.
import { z } from "zod";
import {
  BLOG_DELETED,
  BLOG_IMAGE_REQUIRED,
  BLOG_NOT_FOUND,
  BLOG_UPDATED,
  blogApiSchema,
  blogRecord,
} from "~/domain/blog";
import { deleteBlog, getBlogById, releaseBlogImages, updateBlog } from "~/domain/blog.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/blog/{id}", {
  get: operation({
    tag: "Blog",
    summary: "One post",
    auth: "none",
    response: z.object({ success: z.literal(true), data: blogRecord }),
    handler: async ({ params }) => {
      const post = await getBlogById(params.id ?? "");
      if (!post) apiNotFound(BLOG_NOT_FOUND);
      return apiJson({ success: true, data: post });
    },
  }),
  put: operation({
    tag: "Blog",
    summary: "Replace a post",
    description:
      "The whole post, as for POST. Images it no longer shows are deleted once nothing else uses them.",
    auth: "bearer",
    body: blogApiSchema,
    response: okResponse(blogRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await getBlogById(id))) apiNotFound(BLOG_NOT_FOUND);
      const input = {
        ...body,
        imageUrl: await imageToSave("imageUrl", body.imageUrl, BLOG_IMAGE_REQUIRED),
        authorAvatar: await imageToSave("authorAvatar", body.authorAvatar, BLOG_IMAGE_REQUIRED),
      };
      const before = await updateBlog(id, input, actor);
      // Deleted meanwhile.
      if (!before) apiNotFound(BLOG_NOT_FOUND);
      await releaseBlogImages(before, input);
      const post = await getBlogById(id);
      if (!post) apiNotFound(BLOG_NOT_FOUND);
      return apiJson({ success: true, data: post, message: BLOG_UPDATED });
    },
  }),
  delete: operation({
    tag: "Blog",
    summary: "Delete a post",
    description: "Its images are deleted too, unless another document still shows them.",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      const images = await deleteBlog(params.id ?? "", actor);
      if (!images) apiNotFound(BLOG_NOT_FOUND);
      await releaseBlogImages(images, null);
      return apiJson({ success: true, message: BLOG_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
