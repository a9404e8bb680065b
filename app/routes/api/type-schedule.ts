// POST /api/{type}/schedule: when a single document's pending draft is published; the one route
// for every single document, built by the content kit (kit/schedule-api.server.ts).
import { scheduling } from "~/content/schedule-api.server";

const api = scheduling.document;

export const loader = api.loader;
export const action = api.action;
