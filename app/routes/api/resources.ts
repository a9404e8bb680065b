// GET, POST /api/resources: the list and a new record, built by the content kit from
// app/content/resources.ts (the same schema and store as the admin editor).
import { collectionApi } from "~/content/kit/api.server";
import { resourceStore } from "~/content/stores.server";

const api = collectionApi(resourceStore).list;

export const loader = api.loader;
export const action = api.action;
