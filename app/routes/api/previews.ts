// GET, POST /api/previews: a record's private preview links, and a new one (issue 24), for every
// content type (content/kit/preview-api.server.ts). Admin token required.
import { previewsApi } from "~/content/kit/preview-api.server";

export const loader = previewsApi.loader;
export const action = previewsApi.action;
