// GET /api/openapi.json: the API described in OpenAPI 3.1 (built in lib/openapi.server.ts from
// the declarations of every module in this folder).
import { apiJson, apiRoute, corsHeaders, operation } from "~/lib/api.server";
import { openApiDocument } from "~/lib/openapi.server";

const api = apiRoute("/api/openapi.json", {
  get: operation({
    tag: "Meta",
    summary: "This description of the API",
    auth: "none",
    handler: ({ request }) =>
      apiJson(openApiDocument(api.loader.openapi), 200, {
        ...corsHeaders(request),
        "Cache-Control": "public, max-age=300",
      }),
  }),
});

export const loader = api.loader;
export const action = api.action;
