// GET, PUT /api/service-page: the Services page content, one document, built by the content kit
// from app/content/service-page.ts (the same schema and store as /admin/dashboard/services).
import { servicePageStore } from "~/content/documents.server";
import { documentApi } from "~/content/kit/document-api.server";

const api = documentApi(servicePageStore);

export const loader = api.loader;
export const action = api.action;
