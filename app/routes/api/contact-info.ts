// GET, PUT /api/contact-info: the contact page's address, e-mail, phone, map and picture, one
// document, built by the content kit from app/content/contact-info.ts (the same schema, with its
// map allow-list, and store as /admin/dashboard/contact).
import { contactInfoStore } from "~/content/documents.server";
import { documentApi } from "~/content/kit/document-api.server";

const api = documentApi(contactInfoStore);

export const loader = api.loader;
export const action = api.action;
