// GET /admin/dashboard/subscribers/export: the newsletter list as CSV, with the list's search
// (`?q=`) applied, in its order (`?sort=&dir=`). Cells are quoted and formula prefixes
// neutralised (app/lib/csv.ts).
import { requireAdmin } from "~/domain/auth.server";
import { SUBSCRIBER_SORTABLE } from "~/domain/newsletter";
import { SUBSCRIBER_CSV_HEADER, subscriberCsvRows } from "~/domain/newsletter.server";
import { parseListState } from "~/lib/admin-list";
import { csvResponse } from "~/lib/csv";
import type { Route } from "./+types/subscribers-export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, sort } = parseListState(new URL(request.url), SUBSCRIBER_SORTABLE);
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`subscribers-${day}.csv`, SUBSCRIBER_CSV_HEADER, subscriberCsvRows(q, sort));
}
