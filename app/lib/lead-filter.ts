// The filter of the lead inbox (quote requests, contact messages), kept in the URL so that it
// works without JavaScript (a GET form), survives a reload and can be shared: `?status=`,
// `?q=` (name, e-mail or text), `?from=` / `?to=` (UTC days, both inclusive), `?sort=&dir=`
// (a column's order; none: newest first) and `?page=`.
// ONE parser for the list pages, the detail pages (their way back) and the CSV export, so an
// export always holds exactly what the list showed (all pages of it, in its order).
import { type ListSort, parseSort, SEARCH_MAX, setSortParams } from "./admin-list";
import { parsePage } from "./pagination";

export interface LeadFilter<Status extends string = string> {
  /** Empty: every status. */
  status: Status | "";
  /** Trimmed, at most SEARCH_MAX characters. */
  q: string;
  /** YYYY-MM-DD (UTC) or empty. */
  from: string;
  /** YYYY-MM-DD (UTC) or empty; the whole day counts. */
  to: string;
  /** The column the list is sorted by; absent or null: newest first. */
  sort?: ListSort | null;
  page: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD, else "" (2026-02-30 is not one). */
export function parseDay(value: string | null | undefined): string {
  const match = DAY.exec(value?.trim() ?? "");
  if (!match) return "";
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
    ? (match[0] as string)
    : "";
}

/**
 * The filter a URL asks for. Values that mean nothing (an unknown status, a date that is not
 * a day, a sort by a column that does not sort: one not in `sortable`) are dropped rather than
 * refused: the list then simply shows more, or newest first, and the form shows what is really
 * applied.
 */
export function parseLeadFilter<Status extends string>(
  url: URL,
  statuses: readonly Status[],
  sortable: readonly string[] = [],
): LeadFilter<Status> {
  const params = url.searchParams;
  const status = params.get("status") ?? "";
  const sort = parseSort(params, sortable);
  return {
    status: (statuses as readonly string[]).includes(status) ? (status as Status) : "",
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX),
    from: parseDay(params.get("from")),
    to: parseDay(params.get("to")),
    ...(sort ? { sort } : {}),
    page: parsePage(params.get("page")),
  };
}

/** The query string of a filter ("" or "?status=new&q=..."); page 1 and empty values left out. */
export function leadFilterSearch(
  filter: Partial<LeadFilter>,
  options: { page?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  setSortParams(params, filter.sort);
  if (options.page !== false && filter.page && filter.page > 1) {
    params.set("page", String(filter.page));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function isFiltered(filter: LeadFilter): boolean {
  return Boolean(filter.status || filter.q || filter.from || filter.to);
}

/** The UTC instants a filter's days stand for: [from 00:00, the day after `to` 00:00). */
export function dayRange(filter: Pick<LeadFilter, "from" | "to">): { gte?: Date; lt?: Date } {
  const range: { gte?: Date; lt?: Date } = {};
  if (filter.from) range.gte = new Date(`${filter.from}T00:00:00.000Z`);
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    range.lt = end;
  }
  return range;
}
