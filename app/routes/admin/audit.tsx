import { useId } from "react";
import { Form, Link } from "react-router";
import { Breakable } from "~/components/admin/breakable";
import {
  DateFilter,
  FilterButtons,
  SearchFilter,
  SelectFilter,
} from "~/components/admin/lead-filter-fields";
import { PrevNext } from "~/components/admin/lead-inbox";
import {
  AdminPageHeader,
  EmptyRow,
  tableClass,
  theadClass,
} from "~/components/admin/list-controls";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_RETENTION_DAYS,
  auditRecordHref,
  ENTITY_LABELS,
  NO_AUDIT_ENTRIES,
} from "~/domain/audit";
import { type AuditEntry, listAudit } from "~/domain/audit.server";
import {
  type AuditFilter,
  auditFilterSearch,
  isAuditFiltered,
  parseAuditFilter,
} from "~/domain/audit-filter";
import { requireAdmin } from "~/domain/auth.server";
import { adminMeta } from "~/lib/admin-meta";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/audit";

export const PAGE = "/admin/dashboard/audit";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = parseAuditFilter(new URL(request.url));
  const list = await listAudit(filter);
  return { ...list, filter: { ...filter, page: list.page } };
}

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

const DATE_PART = { year: "numeric", month: "short", day: "numeric" } as const;
const TIME_PART = {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
} as const;
const UTC_DATE = new Intl.DateTimeFormat("en-US", { ...DATE_PART, timeZone: "UTC" });
const UTC_CLOCK = new Intl.DateTimeFormat("en-US", { ...TIME_PART, timeZone: "UTC" });
const LOCAL_DATE = new Intl.DateTimeFormat("en-US", DATE_PART);
const LOCAL_CLOCK = new Intl.DateTimeFormat("en-US", { ...TIME_PART, timeZoneName: "short" });

/** UTC in the server's HTML (no hydration mismatch), the reader's own time zone after. */
function When({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const date = new Date(iso);
  return (
    <time
      dateTime={iso}
      title={`${UTC_DATE.format(date)}, ${UTC_CLOCK.format(date)} UTC`}
      className="whitespace-nowrap"
    >
      {hydrated ? LOCAL_DATE.format(date) : UTC_DATE.format(date)}
      <span className="md:block">
        <span className="md:hidden">, </span>
        {hydrated ? LOCAL_CLOCK.format(date) : `${UTC_CLOCK.format(date)} UTC`}
      </span>
    </time>
  );
}

const ACTION_LABELS: Record<string, string> = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-in-throttled": "Sign-in refused (throttled)",
  "sign-in-code-sent": "Sign-in code e-mailed",
  "sign-in-code-failed": "Sign-in code refused",
  "sign-out": "Signed out",
  "admin-created": "Admin added",
  "admin-removed": "Admin removed",
  "password-changed": "Password changed",
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  status: "Status changed",
  note: "Note added",
  toggle: "Toggled",
  move: "Moved",
  publish: "Published",
  unpublish: "Unpublished",
  draft: "Draft saved",
  discard: "Draft discarded",
};

const WARNING_ACTIONS = new Set([
  "sign-in-failed",
  "sign-in-throttled",
  "sign-in-code-failed",
  "admin-removed",
  "delete",
]);

function ActionBadge({ action }: { action: string }) {
  const tone = WARNING_ACTIONS.has(action)
    ? "bg-red-50 text-red-900 ring-red-200"
    : action.startsWith("sign-") || action.startsWith("admin-") || action === "password-changed"
      ? "bg-slate-100 text-slate-800 ring-slate-300"
      : "bg-blue-50 text-blue-900 ring-blue-200";
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tone}`}
    >
      {ACTION_LABELS[action] ?? action}
    </span>
  );
}

function RecordCell({ entry }: { entry: AuditEntry }) {
  const label = ENTITY_LABELS[entry.entity as keyof typeof ENTITY_LABELS] ?? entry.entity;
  const href = auditRecordHref(entry);
  return (
    <>
      {href ? (
        <Link
          to={href}
          title={entry.entityId ?? undefined}
          className="font-semibold whitespace-nowrap text-blue-700 underline underline-offset-4 hover:text-blue-800"
        >
          {label}
        </Link>
      ) : (
        <span className="font-semibold text-slate-900">{label}</span>
      )}
      {entry.entityId && !href ? (
        // The record is gone (or has no page): its id, shortened, for matching other entries.
        <span title={entry.entityId} className="block font-mono text-xs text-slate-600">
          …{entry.entityId.slice(-8)}
        </span>
      ) : null}
    </>
  );
}

function FilterForm({ filter }: { filter: AuditFilter }) {
  const id = useId();
  return (
    <Form
      method="get"
      action={PAGE}
      role="search"
      aria-label="Filter the audit log"
      // New fields when the URL's filter changes (client navigation keeps the component).
      key={auditFilterSearch({ ...filter, page: 1 })}
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
    >
      <SearchFilter
        id={`${id}-who`}
        name="who"
        label="Who"
        value={filter.who}
        placeholder="Start of an e-mail"
      />
      <SelectFilter
        id={`${id}-action`}
        name="action"
        label="What"
        value={filter.action}
        all="All actions"
        options={AUDIT_ACTIONS.map((action) => [action, ACTION_LABELS[action] ?? action] as const)}
      />
      <SelectFilter
        id={`${id}-entity`}
        name="entity"
        label="Record"
        value={filter.entity}
        all="All records"
        options={AUDIT_ENTITIES.map((entity) => [entity, ENTITY_LABELS[entity]] as const)}
      />
      <DateFilter id={`${id}-from`} name="from" label="From" value={filter.from} />
      <DateFilter id={`${id}-to`} name="to" label="To" value={filter.to} />
      <FilterButtons
        filtered={isAuditFiltered(filter)}
        clearHref={PAGE}
        className="flex items-end gap-2"
      />
    </Form>
  );
}

const COLUMNS = ["When", "Who", "What", "Record", "Summary", "Via", "Address"] as const;

/**
 * Phones: each row a card, each cell labelled; wider screens: a table with tighter cells than
 * the other lists (seven columns beside the sidebar), scrolling sideways only if it must.
 */
const cellClass =
  "px-4 py-4 align-top max-md:block max-md:py-1 max-md:[overflow-wrap:anywhere] md:px-3 md:first:pl-6 md:last:pr-6";
const headClass = "px-4 py-3 font-semibold md:px-3 md:first:pl-6 md:last:pr-6";
const cellLabel = "font-semibold text-slate-700 md:hidden";

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { items, total, pages, filter } = loaderData;
  const filtered = isAuditFiltered(filter);
  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description={`Sign-ins, admin accounts and every change to content and leads: who, what, when and from where. Kept for ${AUDIT_RETENTION_DAYS} days.`}
      />
      <section
        aria-labelledby="audit-heading"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white pt-6 shadow-sm"
      >
        <div className="grid gap-4 px-4 sm:px-6">
          <h2 id="audit-heading" className="sr-only">
            Entries
          </h2>
          <FilterForm filter={filter} />
          <p className="text-sm text-slate-700">
            Dates are UTC days, both included.{" "}
            <span role="status">
              {filtered
                ? `${total} ${total === 1 ? "entry matches" : "entries match"} the filter`
                : `${total} ${total === 1 ? "entry" : "entries"}`}
            </span>
          </p>
        </div>
        <div className="overflow-x-auto">
          <table className={`${tableClass} max-md:block`}>
            <thead className={`${theadClass} max-md:hidden`}>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={headClass}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 max-md:block max-md:border-t max-md:border-slate-200">
              {items.length === 0 ? (
                <EmptyRow colSpan={COLUMNS.length}>{NO_AUDIT_ENTRIES}</EmptyRow>
              ) : (
                items.map((entry) => (
                  <tr key={entry._id} className="max-md:block max-md:py-3">
                    <td className={`${cellClass} text-slate-800`}>
                      <span className={cellLabel}>When: </span>
                      <When iso={entry.at} />
                    </td>
                    <td className={`${cellClass} text-slate-900`}>
                      <span className={cellLabel}>Who: </span>
                      <Breakable text={entry.actor} />
                    </td>
                    <td className={cellClass}>
                      <span className={cellLabel}>What: </span>
                      <ActionBadge action={entry.action} />
                    </td>
                    <td className={cellClass}>
                      <span className={cellLabel}>Record: </span>
                      <RecordCell entry={entry} />
                    </td>
                    <td
                      className={`${cellClass} text-slate-800 md:min-w-48 ${entry.summary || entry.count > 1 ? "" : "max-md:hidden"}`}
                    >
                      <span className={cellLabel}>Summary: </span>
                      {entry.summary}
                      {entry.count > 1 ? (
                        <span className="text-slate-600"> ({entry.count} times)</span>
                      ) : null}
                    </td>
                    <td className={`${cellClass} text-slate-800 md:whitespace-nowrap`}>
                      <span className={cellLabel}>Via: </span>
                      {entry.via}
                    </td>
                    <td className={`${cellClass} font-mono text-xs text-slate-700`}>
                      <span className={`${cellLabel} font-sans text-sm`}>Address: </span>
                      {entry.ip ? <Breakable text={entry.ip} after=".:" /> : "—"}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <PrevNext
          page={filter.page}
          pages={pages}
          label="Audit log pages"
          hrefFor={(target) => `${PAGE}${auditFilterSearch({ ...filter, page: target })}`}
        />
        {pages <= 1 ? <div className="pb-2" /> : null}
      </section>
    </>
  );
}
