// The frame of a lead's own page (a quote request, a contact message): the way back to the
// list, the title with when it came and its status, the actions (reply, delete), the sections.
import { ArrowLeftIcon } from "@phosphor-icons/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DateTime, StatusBadge } from "./lead-inbox";

export function LeadDetailLayout({
  backHref,
  backLabel,
  title,
  receivedAt,
  status,
  actions,
  children,
}: {
  backHref: string;
  backLabel: string;
  title: string;
  receivedAt: string;
  status: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <Link
        to={backHref}
        className="inline-flex w-max items-center gap-1.5 text-sm font-semibold text-blue-700 underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="h-4 w-4" />
        {backLabel}
      </Link>
      <header className="grid gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
            {title}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
            <span>
              Received <DateTime iso={receivedAt} />
            </span>
            <StatusBadge status={status} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">{actions}</div>
      </header>
      {children}
    </>
  );
}
