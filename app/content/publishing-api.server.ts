// The drafts' JSON API routes (kit/publishing-api.server.ts) over every registered type: one
// declaration each, which the route modules in app/routes/api/type-*.ts serve.
import { DOCUMENT_STORES } from "./documents.server";
import { collectionPublishingApi, documentPublishingApi } from "./kit/publishing-api.server";
import { STORES } from "./stores.server";

export const collectionPublishing = collectionPublishingApi(Object.values(STORES) as never);
export const documentPublishing = documentPublishingApi(Object.values(DOCUMENT_STORES) as never);
