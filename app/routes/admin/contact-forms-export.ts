// GET /admin/dashboard/contact-forms/export: the contact messages of the list's filter (status,
// dates, search; every page) as a CSV download. Cells are quoted and formula prefixes
// neutralised by lib/csv.ts; the file streams from a cursor.
import { requireAdmin } from "~/domain/auth.server";
import { CONTACT_STATUSES } from "~/domain/contact-message";
import { CONTACT_CSV_HEADER, contactCsvRows } from "~/domain/contact-message.server";
import { csvResponse } from "~/lib/csv";
import { isoDate } from "~/lib/format";
import { parseLeadFilter } from "~/lib/lead-filter";
import type { Route } from "./+types/contact-forms-export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = parseLeadFilter(new URL(request.url), CONTACT_STATUSES);
  return csvResponse(
    `contact-messages-${isoDate(new Date())}.csv`,
    CONTACT_CSV_HEADER,
    await contactCsvRows(filter),
  );
}
