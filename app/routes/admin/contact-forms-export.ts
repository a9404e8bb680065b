// GET /admin/dashboard/contact-forms/export: the contact messages of the list's filter (status,
// dates, search; every page) as a CSV download (domain/lead-pages.server.ts leadExport).
import { CONTACT_STATUSES } from "~/domain/contact-message";
import { CONTACT_CSV_HEADER, contactCsvRows } from "~/domain/contact-message.server";
import { LEAD_SORTABLE } from "~/domain/lead-inbox";
import { leadExport } from "~/domain/lead-pages.server";
import type { Route } from "./+types/contact-forms-export";

export const loader = ({ request }: Route.LoaderArgs) =>
  leadExport(request, {
    statuses: CONTACT_STATUSES,
    sortable: LEAD_SORTABLE,
    fileName: "contact-messages",
    header: CONTACT_CSV_HEADER,
    rows: contactCsvRows,
  });
