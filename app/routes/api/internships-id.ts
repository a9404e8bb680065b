// GET, PUT, DELETE /api/internships/{id}: one internship, built by the content kit from
// app/content/internships.ts. An inactive one is read only with a token; without one the status
// is the public site's. An id that is malformed or names nothing is a 404 either way.
import { collectionApi } from "~/content/kit/api.server";
import { internshipStore } from "~/content/stores.server";

const api = collectionApi(internshipStore).one;

export const loader = api.loader;
export const action = api.action;
