// GET, POST /api/{type}/previews: a single document's private preview links, and a new one
// (issue 24); the one route for every document (content/kit/preview-api.server.ts). Admin token.
import { documentPreviewsApi } from "~/content/kit/preview-api.server";

export const loader = documentPreviewsApi.loader;
export const action = documentPreviewsApi.action;
