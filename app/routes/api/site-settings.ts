// GET, PUT /api/site-settings: the brand, legal company name, tagline, logo, primary e-mail and
// phone and social profiles, one document, built by the content kit from
// app/content/site-settings.ts (the same schema and store as /admin/dashboard/settings).
import { siteSettingsStore } from "~/content/documents.server";
import { documentApi } from "~/content/kit/document-api.server";

const api = documentApi(siteSettingsStore);

export const loader = api.loader;
export const action = api.action;
