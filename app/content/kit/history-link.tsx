// An editor's "History (N)" link to its record's history page (routes/admin/history.tsx). The
// screen's loader gives `history` (history.server.ts historyLink): null while adding a record.
import { ClockCounterClockwiseIcon } from "@phosphor-icons/react";
import { Link, useLoaderData } from "react-router";
import { secondaryLinkClass } from "~/components/admin/list-controls";

export interface HistoryLinkData {
  href: string;
  count: number;
}

/** Beside an editor's heading: a text link. */
const inlineClass =
  "mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** `inline`: beside an editor's heading; else a button-like link among a page's actions. */
export function HistoryLink({ inline = false }: { inline?: boolean }) {
  const history = (useLoaderData() as { history?: HistoryLinkData | null } | undefined)?.history;
  if (!history) return null;
  return (
    <Link to={history.href} className={inline ? inlineClass : secondaryLinkClass}>
      <ClockCounterClockwiseIcon aria-hidden="true" className="h-4 w-4" weight="bold" />
      History ({history.count})
    </Link>
  );
}
