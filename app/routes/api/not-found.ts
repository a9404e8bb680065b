// Any other address under /api: a JSON 404 for every method, never the site's HTML page.
import { apiJson, corsHeaders } from "~/lib/api.server";

function notFound({ request }: { request: Request }) {
  return apiJson({ success: false, message: "No API endpoint here. See /api/openapi.json." }, 404, {
    ...corsHeaders(request),
    "Cache-Control": "no-store",
  });
}

export const loader = notFound;
export const action = notFound;
