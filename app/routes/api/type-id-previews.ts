// GET, POST /api/{type}/{id}/previews: a collection record's private preview links, and a new one
// (issue 24); the one route for every type (content/kit/preview-api.server.ts). Admin token.
import { recordPreviewsApi } from "~/content/kit/preview-api.server";

export const loader = recordPreviewsApi.loader;
export const action = recordPreviewsApi.action;
