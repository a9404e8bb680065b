// POST, DELETE /api/internships/trash/{id}: restore one of the deleted internships, or delete it
// forever, with a token, built by the content kit from app/content/internships.ts. An id not in the
// trash is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { internshipStore } from "~/content/stores.server";

const api = collectionApi(internshipStore).trashed;

export const loader = api.loader;
export const action = api.action;
