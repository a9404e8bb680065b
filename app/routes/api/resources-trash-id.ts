// POST, DELETE /api/resources/trash/{id}: restore one of the deleted resources, or delete it
// forever, with a token, built by the content kit from app/content/resources.ts. An id not in the
// trash is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { resourceStore } from "~/content/stores.server";

const api = collectionApi(resourceStore).trashed;

export const loader = api.loader;
export const action = api.action;
