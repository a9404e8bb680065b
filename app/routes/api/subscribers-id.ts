// DELETE /api/subscribers/{id} (a token): removes an address from the newsletter list, as
// /admin/dashboard/subscribers does (domain/newsletter.server.ts). Unknown or malformed id: 404.
import { deleteOperation } from "~/domain/lead-api.server";
import { SUBSCRIBER_NOT_FOUND, SUBSCRIBER_REMOVED } from "~/domain/newsletter";
import { deleteSubscriber } from "~/domain/newsletter.server";
import { apiRoute } from "~/lib/api.server";

const api = apiRoute("/api/subscribers/{id}", {
  delete: deleteOperation({
    tag: "Newsletter",
    summary: "Remove an address from the list",
    remove: deleteSubscriber,
    notFoundText: SUBSCRIBER_NOT_FOUND,
    done: SUBSCRIBER_REMOVED,
  }),
});

export const loader = api.loader;
export const action = api.action;
