// GET, PUT /api/footer-content: the footer's company name, links and social profiles, one
// document, built by the content kit from app/content/footer.ts (the same schema and store as
// /admin/dashboard/footer). The company name and profiles are the site settings' legal name and
// profiles, read and saved there.
import { footerStore } from "~/content/documents.server";
import { documentApi } from "~/content/kit/document-api.server";

const api = documentApi(footerStore);

export const loader = api.loader;
export const action = api.action;
