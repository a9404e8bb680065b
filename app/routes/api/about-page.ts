// GET, PUT /api/about-page: the About page content and team, one document, built by the content
// kit from app/content/about-page.ts (the same schema and store as /admin/dashboard/about).
import { aboutPageStore } from "~/content/documents.server";
import { documentApi } from "~/content/kit/document-api.server";

const api = documentApi(aboutPageStore);

export const loader = api.loader;
export const action = api.action;
