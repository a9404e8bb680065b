// GET, POST /api/faqs: the list and a new record, built by the content kit from
// app/content/faqs.ts (the same schema and store as the admin editor).
import { collectionApi } from "~/content/kit/api.server";
import { faqStore } from "~/content/stores.server";

const api = collectionApi(faqStore).list;

export const loader = api.loader;
export const action = api.action;
