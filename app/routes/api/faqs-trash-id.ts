// POST, DELETE /api/faqs/trash/{id}: restore one of the deleted FAQs, or delete it
// forever, with a token, built by the content kit from app/content/faqs.ts. An id not in the
// trash is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { faqStore } from "~/content/stores.server";

const api = collectionApi(faqStore).trashed;

export const loader = api.loader;
export const action = api.action;
