// The filter of /admin/dashboard/audit, kept in the URL (a GET form: works without JavaScript,
// survives a reload, can be shared): `?who=` (the start of an e-mail), `?action=`, `?entity=`,
// `?from=` / `?to=` (UTC days, both included), `?page=`. Values that mean nothing are dropped,
// as in the lead inbox (lib/lead-filter.ts): the list shows more, the form what is applied.
import { SEARCH_MAX } from "~/lib/admin-list";
import { parseDay } from "~/lib/lead-filter";
import { parsePage } from "~/lib/pagination";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from "./audit";

export interface AuditFilter {
  who: string;
  action: AuditAction | "";
  entity: AuditEntity | "";
  from: string;
  to: string;
  page: number;
}

export function parseAuditFilter(url: URL): AuditFilter {
  const params = url.searchParams;
  const action = params.get("action") ?? "";
  const entity = params.get("entity") ?? "";
  return {
    who: (params.get("who") ?? "").trim().slice(0, SEARCH_MAX),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : "",
    entity: (AUDIT_ENTITIES as readonly string[]).includes(entity) ? (entity as AuditEntity) : "",
    from: parseDay(params.get("from")),
    to: parseDay(params.get("to")),
    page: parsePage(params.get("page")),
  };
}

/** The query string of a filter ("" or "?who=..."); page 1 and empty values left out. */
export function auditFilterSearch(filter: Partial<AuditFilter>): string {
  const params = new URLSearchParams();
  for (const name of ["who", "action", "entity", "from", "to"] as const) {
    if (filter[name]) params.set(name, filter[name]);
  }
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function isAuditFiltered(filter: AuditFilter): boolean {
  return Boolean(filter.who || filter.action || filter.entity || filter.from || filter.to);
}
