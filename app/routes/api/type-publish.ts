// POST /api/{type}/publish: publishes a single document's draft (hero-section, service-page…);
// kit/publishing-api.server.ts.
import { documentPublishing } from "~/content/publishing-api.server";

const api = documentPublishing.publish;

export const loader = api.loader;
export const action = api.action;
