// GET /admin/dashboard/quotes/export: the quote requests of the list's filter (status, dates,
// search; every page) as a CSV download. Cells are quoted and formula prefixes neutralised by
// lib/csv.ts; the file streams from a cursor.
import { requireAdmin } from "~/domain/auth.server";
import { QUOTE_STATUSES } from "~/domain/quote";
import { QUOTE_CSV_HEADER, quoteCsvRows } from "~/domain/quote.server";
import { csvResponse } from "~/lib/csv";
import { isoDate } from "~/lib/format";
import { parseLeadFilter } from "~/lib/lead-filter";
import type { Route } from "./+types/quotes-export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = parseLeadFilter(new URL(request.url), QUOTE_STATUSES);
  return csvResponse(
    `quote-requests-${isoDate(new Date())}.csv`,
    QUOTE_CSV_HEADER,
    await quoteCsvRows(filter),
  );
}
