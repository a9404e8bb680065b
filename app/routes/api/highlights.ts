// GET, POST /api/highlights: the home page's 'Why Choose' cards in their order, and a new one,
// built by the content kit from app/content/highlights.ts (the same schema and store as the
// admin editor; `position` places the card).
import { collectionApi } from "~/content/kit/api.server";
import { highlightStore } from "~/content/stores.server";

const api = collectionApi(highlightStore).list;

export const loader = api.loader;
export const action = api.action;
