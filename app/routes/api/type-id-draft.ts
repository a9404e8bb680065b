// GET, PUT, DELETE /api/{type}/{id}/draft: a record's pending draft, for any content type (read
// as its editor shows it, save changes as a draft, discard them); kit/publishing-api.server.ts.
import { collectionPublishing } from "~/content/publishing-api.server";

const api = collectionPublishing.draft;

export const loader = api.loader;
export const action = api.action;
