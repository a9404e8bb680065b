// GET, PUT, DELETE /api/blog/{id}: one post, as /blog/{id} and the editor read and write it,
// built by the content kit from app/content/blogs.ts. An id that is malformed or names nothing
// is a 404 'Blog not found.' either way.
import { collectionApi } from "~/content/kit/api.server";
import { blogStore } from "~/content/stores.server";

const api = collectionApi(blogStore).one;

export const loader = api.loader;
export const action = api.action;
