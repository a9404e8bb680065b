// GET, PUT /api/hero-section: the home page hero, one document, built by the content kit from
// app/content/hero.ts (the same schema and store as /admin/dashboard/hero).
import { heroStore } from "~/content/documents.server";
import { documentApi } from "~/content/kit/document-api.server";

const api = documentApi(heroStore);

export const loader = api.loader;
export const action = api.action;
