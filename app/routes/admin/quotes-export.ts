// GET /admin/dashboard/quotes/export: the quote requests of the list's filter (status, dates,
// search; every page; the list's order) as a CSV download (domain/lead-pages.server.ts leadExport).
import { leadExport } from "~/domain/lead-pages.server";
import { QUOTE_SORTABLE, QUOTE_STATUSES } from "~/domain/quote";
import { QUOTE_CSV_HEADER, quoteCsvRows } from "~/domain/quote.server";
import type { Route } from "./+types/quotes-export";

export const loader = ({ request }: Route.LoaderArgs) =>
  leadExport(request, {
    statuses: QUOTE_STATUSES,
    sortable: QUOTE_SORTABLE,
    fileName: "quote-requests",
    header: QUOTE_CSV_HEADER,
    rows: quoteCsvRows,
  });
