// GET, POST /api/testimonials: the list and a new record, built by the content kit from
// app/content/testimonials.ts (the same schema and store as the admin editor).
import { collectionApi } from "~/content/kit/api.server";
import { testimonialStore } from "~/content/stores.server";

const api = collectionApi(testimonialStore).list;

export const loader = api.loader;
export const action = api.action;
