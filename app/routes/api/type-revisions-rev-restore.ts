// POST /api/{type}/revisions/{rev}/restore: a single document's revision as a draft, for every content
// type (`type`: its API path), declared in app/content/revisions-api.server.ts.
import { revisionsApi } from "~/content/revisions-api.server";

const api = revisionsApi(true).restore;

export const loader = api.loader;
export const action = api.action;
