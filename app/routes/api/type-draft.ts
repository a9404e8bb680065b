// GET, PUT, DELETE /api/{type}/draft: a single document's draft (hero-section, service-page…):
// read, save, discard; kit/publishing-api.server.ts.
import { documentPublishing } from "~/content/publishing-api.server";

const api = documentPublishing.draft;

export const loader = api.loader;
export const action = api.action;
