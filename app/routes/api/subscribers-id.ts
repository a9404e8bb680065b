// DELETE /api/subscribers/{id} (a token): removes an address from the newsletter list, as
// /admin/dashboard/subscribers does (domain/newsletter.server.ts). Unknown or malformed id: 404.
import { z } from "zod";
import { SUBSCRIBER_NOT_FOUND, SUBSCRIBER_REMOVED } from "~/domain/newsletter";
import { deleteSubscriber } from "~/domain/newsletter.server";
import { apiJson, apiNotFound, apiRoute, operation } from "~/lib/api.server";

const api = apiRoute("/api/subscribers/{id}", {
  delete: operation({
    tag: "Newsletter",
    summary: "Remove an address from the list",
    auth: "bearer",
    response: z.object({ success: z.literal(true), message: z.string() }),
    handler: async ({ params, actor }) => {
      if (!(await deleteSubscriber(params.id ?? "", actor))) apiNotFound(SUBSCRIBER_NOT_FOUND);
      return apiJson({ success: true, message: SUBSCRIBER_REMOVED });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
