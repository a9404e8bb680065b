// GET, POST /api/blog (SPEC §7 'GET /api/blog list in data', 'POST /api/blog blog data'); also
// GET /api/blog/, which the SPEC's dashboard reads (React Router matches it to this route). The
// same schema and queries as /admin/dashboard/blogs (domain/blog.ts, domain/blog.server.ts).
import { BLOG_CREATED, BLOG_IMAGE_REQUIRED, blogApiSchema, blogRecord } from "~/domain/blog";
import { createBlog, getBlogById, listAllBlogs } from "~/domain/blog.server";
import { apiJson, apiRoute, listResponse, okResponse, operation } from "~/lib/api.server";
import { imageToSave } from "~/lib/api-image.server";

const api = apiRoute("/api/blog", {
  get: operation({
    tag: "Blog",
    summary: "Every post, newest first (the order of /blog)",
    auth: "none",
    response: listResponse(blogRecord),
    handler: async () => apiJson({ success: true, data: await listAllBlogs() }),
  }),
  post: operation({
    tag: "Blog",
    summary: "Publish a post",
    description:
      "imageUrl is required: upload the picture first (POST /api/images) and send its secure_url. tags: a list of strings or comma-separated text.",
    auth: "bearer",
    body: blogApiSchema,
    response: okResponse(blogRecord),
    status: 201,
    handler: async ({ body, actor }) => {
      const input = {
        ...body,
        imageUrl: await imageToSave("imageUrl", body.imageUrl, BLOG_IMAGE_REQUIRED),
        authorAvatar: await imageToSave("authorAvatar", body.authorAvatar, BLOG_IMAGE_REQUIRED),
      };
      const post = await getBlogById(await createBlog(input, actor));
      return apiJson({ success: true, data: post, message: BLOG_CREATED }, 201);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
