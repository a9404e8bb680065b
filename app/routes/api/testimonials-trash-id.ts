// POST, DELETE /api/testimonials/trash/{id}: restore one of the deleted testimonials, or delete it
// forever, with a token, built by the content kit from app/content/testimonials.ts. An id not in the
// trash is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { testimonialStore } from "~/content/stores.server";

const api = collectionApi(testimonialStore).trashed;

export const loader = api.loader;
export const action = api.action;
