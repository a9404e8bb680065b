// GET /api/resources/trash: the deleted resources, with a token, built by the content kit from
// app/content/resources.ts (the same store as the admin's trash).
import { collectionApi } from "~/content/kit/api.server";
import { resourceStore } from "~/content/stores.server";

const api = collectionApi(resourceStore).trash;

export const loader = api.loader;
export const action = api.action;
