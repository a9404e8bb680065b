// GET /api/visitor-stats (issue 8: needs a token): the daily visitor counts, `[{date:
// 'YYYY-MM-DD', count}]`, newest first: the dashboard's own figures (domain/dashboard.server.ts
// getVisitorSummary: stored UTC days up to today, at most VISITOR_WINDOW_DAYS). The SPEC's
// dashboard finds today by matching the current UTC date in this list. Its clients read the bare
// list of {date, count}, where the other reads find theirs under `data`: the answer is the list
// itself (the refusals stay `{success: false, message}`).
import { z } from "zod";
import { getVisitorSummary } from "~/domain/dashboard.server";
import { apiJson, apiRoute, operation } from "~/lib/api.server";

const visitorStatRecord = z.object({
  date: z.string().describe("UTC day, YYYY-MM-DD"),
  count: z.number().int(),
});

const api = apiRoute("/api/visitor-stats", {
  get: operation({
    tag: "Visitor statistics",
    summary: "Visitors a day, newest first (the dashboard's table)",
    auth: "bearer",
    response: z.array(visitorStatRecord),
    handler: async () => {
      const { visitorStats } = await getVisitorSummary();
      return apiJson(visitorStats);
    },
  }),
});

export const loader = api.loader;
export const action = api.action;
