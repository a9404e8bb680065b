// GET, PUT, DELETE /api/faqs/{id}: one record, built by the content kit from
// app/content/faqs.ts. An id that is malformed or names nothing is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { faqStore } from "~/content/stores.server";

const api = collectionApi(faqStore).one;

export const loader = api.loader;
export const action = api.action;
