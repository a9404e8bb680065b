// POST /api/{type}/{id}/schedule: when a record of any content type publishes and unpublishes;
// the one route for every type, built by the content kit (kit/schedule-api.server.ts).
import { scheduling } from "~/content/schedule-api.server";

const api = scheduling.record;

export const loader = api.loader;
export const action = api.action;
