// GET, POST /api/blog: every post newest first, and a new one, built by the content kit from
// app/content/blogs.ts (the same schema and store as /admin/dashboard/blogs). Also GET
// /api/blog/, which the dashboard reads (React Router matches it to this route).
import { collectionApi } from "~/content/kit/api.server";
import { blogStore } from "~/content/stores.server";

const api = collectionApi(blogStore).list;

export const loader = api.loader;
export const action = api.action;
