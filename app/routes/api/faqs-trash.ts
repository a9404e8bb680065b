// GET /api/faqs/trash: the deleted FAQs, with a token, built by the content kit from
// app/content/faqs.ts (the same store as the admin's trash).
import { collectionApi } from "~/content/kit/api.server";
import { faqStore } from "~/content/stores.server";

const api = collectionApi(faqStore).trash;

export const loader = api.loader;
export const action = api.action;
