// POST /api/{type}/{id}/revisions/{rev}/restore: a collection record's revision as a draft, for every content
// type (`type`: its API path), declared in app/content/revisions-api.server.ts.
import { revisionsApi } from "~/content/revisions-api.server";

const api = revisionsApi(false).restore;

export const loader = api.loader;
export const action = api.action;
