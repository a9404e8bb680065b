// GET, PUT, DELETE /api/highlights/{id}: one card, built by the content kit from
// app/content/highlights.ts (PUT's `position` moves it). An id that is malformed or names
// nothing is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { highlightStore } from "~/content/stores.server";

const api = collectionApi(highlightStore).one;

export const loader = api.loader;
export const action = api.action;
