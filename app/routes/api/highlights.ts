// GET, POST /api/highlights (SPEC §7 'GET, POST /api/highlights record data'): the home page's
// 'Why Choose' cards in their order, and a new one. The same schema and queries as
// /admin/dashboard/highlights (domain/highlight.ts, domain/highlight.server.ts).
import { HIGHLIGHT_CREATED, highlightRecord, highlightSchema } from "~/domain/highlight";
import { createHighlight, getHighlight, listHighlights } from "~/domain/highlight.server";
import { apiJson, apiRoute, listResponse, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/highlights", {
  get: operation({
    tag: "Highlights",
    summary: "Every highlight in home-page order (the place decides the card's icon)",
    auth: "none",
    response: listResponse(highlightRecord),
    handler: async () => apiJson({ success: true, data: await listHighlights() }),
  }),
  post: operation({
    tag: "Highlights",
    summary: "Add a highlight",
    description:
      "position: the 1-based place among the cards (the others move along); last when left out or past the end.",
    auth: "bearer",
    body: highlightSchema,
    response: okResponse(highlightRecord),
    status: 201,
    handler: async ({ body, actor }) => {
      const highlight = await getHighlight(await createHighlight(body, actor));
      return apiJson({ success: true, data: highlight, message: HIGHLIGHT_CREATED }, 201);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
