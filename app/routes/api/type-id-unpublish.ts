// POST /api/{type}/{id}/unpublish: takes a record of any content type off the site (a draft
// again); the one route for every type (kit/publishing-api.server.ts).
import { collectionPublishing } from "~/content/publishing-api.server";

const api = collectionPublishing.unpublish;

export const loader = api.loader;
export const action = api.action;
