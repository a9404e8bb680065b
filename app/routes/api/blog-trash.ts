// GET /api/blog/trash: the deleted blog posts, with a token, built by the content kit from
// app/content/blogs.ts (the same store as the admin's trash).
import { collectionApi } from "~/content/kit/api.server";
import { blogStore } from "~/content/stores.server";

const api = collectionApi(blogStore).trash;

export const loader = api.loader;
export const action = api.action;
