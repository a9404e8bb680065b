// POST /api/{type}/{id}/publish: publishes a record of any content type (with its pending draft);
// the one route for every type, built by the content kit (kit/publishing-api.server.ts).
import { collectionPublishing } from "~/content/publishing-api.server";

const api = collectionPublishing.publish;

export const loader = api.loader;
export const action = api.action;
