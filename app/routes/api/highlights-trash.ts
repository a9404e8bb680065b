// GET /api/highlights/trash: the deleted highlights, with a token, built by the content kit from
// app/content/highlights.ts (the same store as the admin's trash).
import { collectionApi } from "~/content/kit/api.server";
import { highlightStore } from "~/content/stores.server";

const api = collectionApi(highlightStore).trash;

export const loader = api.loader;
export const action = api.action;
