// GET /api/testimonials/trash: the deleted testimonials, with a token, built by the content kit from
// app/content/testimonials.ts (the same store as the admin's trash).
import { collectionApi } from "~/content/kit/api.server";
import { testimonialStore } from "~/content/stores.server";

const api = collectionApi(testimonialStore).trash;

export const loader = api.loader;
export const action = api.action;
