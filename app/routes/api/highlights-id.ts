// GET, PUT, DELETE /api/highlights/{id} (SPEC §7 'PUT, DELETE /api/highlights/{id} record
// data'): one card, as the editor reads and writes it. An id that is malformed or names nothing
// is a 404 either way.
import { z } from "zod";
import {
  HIGHLIGHT_DELETED,
  HIGHLIGHT_NOT_FOUND,
  HIGHLIGHT_UPDATED,
  highlightRecord,
  highlightSchema,
} from "~/domain/highlight";
import { deleteHighlight, getHighlight, updateHighlight } from "~/domain/highlight.server";
import { apiJson, apiNotFound, apiRoute, okResponse, operation } from "~/lib/api.server";

const api = apiRoute("/api/highlights/{id}", {
  get: operation({
    tag: "Highlights",
    summary: "One highlight",
    auth: "none",
    response: z.object({ success: z.literal(true), data: highlightRecord }),
    handler: async ({ params }) => {
      const highlight = await getHighlight(params.id ?? "");
      if (!highlight) apiNotFound(HIGHLIGHT_NOT_FOUND);
      return apiJson({ success: true, data: highlight });
    },
  }),
  put: operation({
    tag: "Highlights",
    summary: "Replace a highlight's texts, and move it",
    description:
      "position: the 1-based place to move the card to (the others move along); it stays where it is when left out.",
    auth: "bearer",
    body: highlightSchema,
    response: okResponse(highlightRecord),
    handler: async ({ params, body, actor }) => {
      const id = params.id ?? "";
      if (!(await updateHighlight(id, body, actor))) apiNotFound(HIGHLIGHT_NOT_FOUND);
      const highlight = await getHighlight(id);
      if (!highlight) apiNotFound(HIGHLIGHT_NOT_FOUND);
      return apiJson({ success: true, data: highlight, message: HIGHLIGHT_UPDATED });
    },
  }),
  delete: operation({
    tag: "Highlights",
    summary: "Delete a highlight",
    description: "The cards after it move up one place.",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await deleteHighlight(params.id ?? "", actor))) apiNotFound(HIGHLIGHT_NOT_FOUND);
      return apiJson({ success: true, message: HIGHLIGHT_DELETED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
