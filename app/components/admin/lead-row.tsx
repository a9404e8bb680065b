// One row of a lead inbox table (quote requests, contact messages): the name with when it came
// (and, on narrower screens, the hidden columns' values under it), the e-mail, the kind's own
// columns, the message, the status control and the actions. `wide` is the quote table's
// seven-column layout from 1280 px on, with narrower gaps between the columns.
import { EyeIcon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Breakable } from "./breakable";
import {
  leadActionsCellClass,
  leadMainCellClass,
  leadStatusCellClass,
  ReceivedOn,
  StatusControl,
} from "./lead-inbox";
import { rowActionClass, tdClass } from "./list-controls";

const GAP = "xl:px-2";

export function LeadRowCells({
  lead,
  statuses,
  viewHref,
  viewLabel,
  wide = false,
  underName,
  middle,
  deleteButton,
}: {
  lead: {
    _id: string;
    name: string;
    email: string;
    message: string;
    status: string;
    createdAt: string;
  };
  statuses: readonly string[];
  viewHref: string;
  /** After 'View', for screen readers: "message from Greta Schulz". */
  viewLabel: string;
  wide?: boolean;
  /** The kind's own values under the name on narrower screens. */
  underName?: ReactNode;
  /** The kind's own cells, between Email and Message. */
  middle?: ReactNode;
  deleteButton?: ReactNode;
}) {
  const more = (classes: string) => (wide ? ` ${classes}` : "");
  const view = (
    <Link to={viewHref} className={rowActionClass}>
      <EyeIcon aria-hidden="true" className="h-4 w-4" />
      View<span className="sr-only"> {viewLabel}</span>
    </Link>
  );
  return (
    <>
      <td className={`${leadMainCellClass}${more(`xl:min-w-28 ${GAP} xl:pl-6`)}`}>
        <p className="font-semibold text-slate-900">{lead.name}</p>
        <ReceivedOn iso={lead.createdAt} />
        {/* Narrower screens: the hidden columns' values under the name. */}
        <p className="mt-1 text-slate-700 md:hidden">
          <Breakable text={lead.email} />
        </p>
        {underName}
        <p className="mt-1 line-clamp-2 text-slate-700 lg:hidden">{lead.message}</p>
      </td>
      <td
        className={`${tdClass} hidden min-w-44 text-slate-700 [overflow-wrap:anywhere] md:table-cell${more(`xl:min-w-32 ${GAP}`)}`}
      >
        <a href={`mailto:${lead.email}`} className="text-blue-700 underline underline-offset-2">
          <Breakable text={lead.email} />
        </a>
      </td>
      {middle}
      <td
        className={`${tdClass} hidden min-w-48 text-slate-700 [overflow-wrap:anywhere] lg:table-cell${more(`xl:min-w-32 ${GAP}`)}`}
      >
        <p className="line-clamp-3 whitespace-pre-line">{lead.message}</p>
      </td>
      <td className={`${leadStatusCellClass}${more(GAP)}`}>
        <StatusControl id={lead._id} subject={lead.name} status={lead.status} statuses={statuses} />
      </td>
      <td className={`${leadActionsCellClass}${more(`${GAP} xl:pr-6`)}`}>
        {/* View and Delete one above the other at every width: side by side they left the
            status select too little room on a phone, and it ran under View. */}
        {deleteButton ? (
          <div className="ml-auto grid w-max grid-cols-1 gap-2">
            {view}
            {deleteButton}
          </div>
        ) : (
          view
        )}
      </td>
    </>
  );
}
