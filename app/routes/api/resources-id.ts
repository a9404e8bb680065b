// GET, PUT, DELETE /api/resources/{id}: one record, built by the content kit from
// app/content/resources.ts. An id that is malformed or names nothing is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { resourceStore } from "~/content/stores.server";

const api = collectionApi(resourceStore).one;

export const loader = api.loader;
export const action = api.action;
