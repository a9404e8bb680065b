// POST, DELETE /api/highlights/trash/{id}: restore one of the deleted highlights, or delete it
// forever, with a token, built by the content kit from app/content/highlights.ts. An id not in the
// trash is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { highlightStore } from "~/content/stores.server";

const api = collectionApi(highlightStore).trashed;

export const loader = api.loader;
export const action = api.action;
