// GET /api/subscribers (issue 8: reading subscribers needs a token): the newsletter list,
// newest first, `?page&limit&search` (the address) with `pagination`, like GET /api/contact.
// The query of /admin/dashboard/subscribers (domain/newsletter.server.ts).
import { subscriberRecord } from "~/domain/newsletter";
import { listSubscribersForAdmin } from "~/domain/newsletter.server";
import { apiJson, apiRoute, operation } from "~/lib/api.server";
import { apiListQuery, pagedListResponse, paginationOf } from "~/lib/api-list";

const api = apiRoute("/api/subscribers", {
  get: operation({
    tag: "Newsletter",
    summary: "The subscribed addresses, newest first, a page at a time",
    auth: "bearer",
    query: apiListQuery(),
    response: pagedListResponse(subscriberRecord),
    handler: async ({ query }) => {
      const list = await listSubscribersForAdmin({
        q: query.search,
        page: query.page,
        pageSize: query.limit,
      });
      return apiJson({
        success: true,
        data: list.items,
        pagination: paginationOf(list, query.limit),
        message: "Subscribers fetched successfully.",
      });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
