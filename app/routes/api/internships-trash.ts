// GET /api/internships/trash: the deleted internships, with a token, built by the content kit from
// app/content/internships.ts (the same store as the admin's trash).
import { collectionApi } from "~/content/kit/api.server";
import { internshipStore } from "~/content/stores.server";

const api = collectionApi(internshipStore).trash;

export const loader = api.loader;
export const action = api.action;
