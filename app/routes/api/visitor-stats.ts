// GET /api/visitor-stats (SPEC §7; issue 8: a token): the daily visitor counts, `[{date:
// 'YYYY-MM-DD', count}]`, newest first: the dashboard's own figures (domain/dashboard.server.ts
// getVisitorSummary: stored UTC days up to today, at most VISITOR_WINDOW_DAYS). The SPEC's
// dashboard finds today by matching the current UTC date in this list.
import { z } from "zod";
import { getVisitorSummary } from "~/domain/dashboard.server";
import { apiJson, apiRoute, listResponse, operation } from "~/lib/api.server";

const visitorStatRecord = z.object({
  date: z.string().describe("UTC day, YYYY-MM-DD"),
  count: z.number().int(),
});

const api = apiRoute("/api/visitor-stats", {
  get: operation({
    tag: "Visitor statistics",
    summary: "Visitors a day, newest first (the dashboard's table)",
    auth: "bearer",
    response: listResponse(visitorStatRecord).extend({ success: z.literal(true) }),
    handler: async () => {
      const { visitorStats } = await getVisitorSummary();
      return apiJson({ success: true, data: visitorStats });
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
