// POST, DELETE /api/blog/trash/{id}: restore one of the deleted blog posts, or delete it
// forever, with a token, built by the content kit from app/content/blogs.ts. An id not in the
// trash is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { blogStore } from "~/content/stores.server";

const api = collectionApi(blogStore).trashed;

export const loader = api.loader;
export const action = api.action;
