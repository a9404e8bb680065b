// DELETE /api/previews/{id}: revokes a private preview link (content/kit/preview-api.server.ts).
// Admin token required.
import { previewApi } from "~/content/kit/preview-api.server";

export const loader = previewApi.loader;
export const action = previewApi.action;
