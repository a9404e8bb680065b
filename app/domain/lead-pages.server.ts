// The loaders and actions of the lead inbox's pages, the same for quote requests and contact
// messages: the list (its filter from the URL, a failed read shown as a line instead of the
// table, the `?delete=<id>` step without JavaScript), one lead's page (the list's filter riding
// along for the way back) and the CSV export of the list's filter. Each route passes its own
// kind's functions, so a route module says only which kind it serves.
import type { RouterContextProvider } from "react-router";
import { attempt, notFound } from "~/lib/admin-crud.server";
import { csvResponse } from "~/lib/csv";
import { isoDate } from "~/lib/format";
import { type LeadFilter, leadFilterSearch, parseLeadFilter } from "~/lib/lead-filter";
import type { ListPage } from "~/lib/list-page.server";
import { actorOf, requireAdmin } from "./auth.server";
import { type LeadKind, leadAction } from "./lead-actions.server";

type Lead = { _id: string; name: string };
type PostArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** What the URL's filter depends on: the kind's statuses and the columns that sort. */
type FilterKind = { statuses: readonly string[]; sortable: readonly string[] };

const parseFilter = (request: Request, kind: FilterKind) =>
  parseLeadFilter(new URL(request.url), kind.statuses, kind.sortable);
const filterSearch = (request: Request, kind: FilterKind) =>
  leadFilterSearch(parseFilter(request, kind));

/**
 * One page of the list. A read that fails for a reason other than a database outage (which
 * answers 503 site-wide) shows the page with `loadFailed` instead of the table. With `get`, the
 * list also answers `?delete=<id>` (the confirmation without JavaScript); an unknown id is a 404
 * in the inbox's words.
 */
export async function loadLeadList<Row>(
  request: Request,
  inbox: Pick<LeadKind<string>, "statuses" | "sortable" | "notFoundText">,
  list: (filter: LeadFilter) => Promise<ListPage<Row>>,
  texts: { what: string; loadFailed: string; get?: (id: string) => Promise<Lead | null> },
) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = parseFilter(request, inbox);
  const deleteId = texts.get ? url.searchParams.get("delete") : null;
  const [read, deleting] = await Promise.all([
    attempt(texts.what, () => list(filter)),
    deleteId !== null ? texts.get?.(deleteId) : null,
  ]);
  if (deleteId !== null && !deleting) notFound(inbox.notFoundText);
  const page = read.ok ? read.value : { items: [], total: 0, page: 1, pages: 1 };
  return {
    ...page,
    filter: { ...filter, page: page.page },
    loadError: read.ok ? null : texts.loadFailed,
    deleting: deleting ? { _id: deleting._id, name: deleting.name } : null,
  };
}

/** The list's posts: every one returns to the same filtered list. */
export async function leadListAction<Status extends string>(
  { request, context }: PostArgs,
  page: string,
  inbox: LeadKind<Status>,
) {
  const { admin } = await requireAdmin(request);
  const back = `${page}${filterSearch(request, inbox)}`;
  return leadAction(request, actorOf(admin, context), inbox, { back, afterDelete: back });
}

/** One lead's page: the lead, the list's filter for the way back, and the delete step. */
export async function loadLeadDetail<View>(
  request: Request,
  id: string,
  inbox: Pick<LeadKind<string>, "statuses" | "sortable" | "notFoundText">,
  get: (id: string) => Promise<View | null>,
) {
  await requireAdmin(request);
  const lead = await get(id);
  if (!lead) notFound(inbox.notFoundText);
  return {
    lead,
    listSearch: filterSearch(request, inbox),
    confirmingDelete: new URL(request.url).searchParams.has("delete"),
  };
}

/** One lead's posts: back to its page, or to the list once it is deleted. */
export async function leadDetailAction<Status extends string>(
  { request, context }: PostArgs,
  id: string,
  page: string,
  inbox: LeadKind<Status>,
) {
  const { admin } = await requireAdmin(request);
  const listSearch = filterSearch(request, inbox);
  return leadAction(request, actorOf(admin, context), inbox, {
    back: `${page}/${id}${listSearch}`,
    afterDelete: `${page}${listSearch}`,
    fixedId: id,
  });
}

/**
 * The list's filter (status, dates, search; every page, in the list's order) as a CSV download
 * named `<name>-<today>.csv`. Cells are quoted and formula prefixes neutralised by lib/csv.ts;
 * the file streams from a cursor.
 */
export async function leadExport(
  request: Request,
  kind: FilterKind & {
    fileName: string;
    header: readonly string[];
    rows: (filter: LeadFilter) => Promise<AsyncGenerator<readonly unknown[]>>;
  },
) {
  await requireAdmin(request);
  const filter = parseFilter(request, kind);
  return csvResponse(
    `${kind.fileName}-${isoDate(new Date())}.csv`,
    kind.header,
    await kind.rows(filter),
  );
}
