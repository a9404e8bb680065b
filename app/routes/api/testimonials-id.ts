// GET, PUT, DELETE /api/testimonials/{id}: one record, built by the content kit from
// app/content/testimonials.ts. An id that is malformed or names nothing is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { testimonialStore } from "~/content/stores.server";

const api = collectionApi(testimonialStore).one;

export const loader = api.loader;
export const action = api.action;
