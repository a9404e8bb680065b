// GET /api/{type}/revisions: a single document's revisions, for every content
// type (`type`: its API path), declared in app/content/revisions-api.server.ts.
import { revisionsApi } from "~/content/revisions-api.server";

const api = revisionsApi(true).list;

export const loader = api.loader;
export const action = api.action;
