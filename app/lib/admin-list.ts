// The state of an admin collection screen, kept in the URL so that every step works without
// JavaScript and survives a reload: `?q=` (search), `?page=`, and at most one of `?new` (the
// form open for creating), `?edit=<id>` (open for editing) and `?delete=<id>` (the
// server-rendered "Are you sure…" step). Closing the form is a link back to the list: the form is
// hidden, open for create, open for edit, and hidden again after a save or a cancel.
import { parsePage } from "./pagination";

/** Ten rows a page (the contact list's page size), used by every admin table. */
export const ADMIN_PAGE_SIZE = 10;
/** Longer searches are cut: nobody types more, and it bounds the regular expression. */
export const SEARCH_MAX = 100;

/** The column a list is sorted by, as the URL says it: `?sort=<field>&dir=asc|desc`. */
export interface ListSort {
  field: string;
  dir: "asc" | "desc";
}

/**
 * The sort a URL asks for when its field is one the list lets staff sort by (`sortable`), else
 * null: the list's own order. A field nobody declared is never queried, and a `dir` that means
 * nothing reads as ascending.
 */
export function parseSort(params: URLSearchParams, sortable: readonly string[]): ListSort | null {
  const field = params.get("sort");
  if (field === null || !sortable.includes(field)) return null;
  return { field, dir: params.get("dir") === "desc" ? "desc" : "asc" };
}

/** Adds `sort` and `dir` to a query string being built (nothing for the list's own order). */
export function setSortParams(params: URLSearchParams, sort: ListSort | null | undefined): void {
  if (!sort) return;
  params.set("sort", sort.field);
  params.set("dir", sort.dir);
}

/**
 * What a column header's link asks for: ascending first, the other way on a second click, and the
 * list's own order again on a third (null: newest first, or an ordered type's own order, where
 * Move up / Move down work).
 */
export function nextSort(current: ListSort | null | undefined, field: string): ListSort | null {
  if (current?.field !== field) return { field, dir: "asc" };
  return current.dir === "asc" ? { field, dir: "desc" } : null;
}

export type EditorState = { kind: "closed" } | { kind: "new" } | { kind: "edit"; id: string };

export interface ListState {
  q: string;
  sort: ListSort | null;
  page: number;
  editor: EditorState;
  /** The id whose deletion is being confirmed (the no-JavaScript confirmation step). */
  deleteId: string | null;
}

/** The list's state in a URL; `sortable`: the fields its table may be sorted by. */
export function parseListState(url: URL, sortable: readonly string[] = []): ListState {
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const edit = params.get("edit");
  const editor: EditorState =
    edit !== null
      ? { kind: "edit", id: edit }
      : params.has("new")
        ? { kind: "new" }
        : { kind: "closed" };
  return {
    q,
    sort: parseSort(params, sortable),
    page: parsePage(params.get("page")),
    editor,
    deleteId: params.get("delete"),
  };
}

/** What a list's links carry: its search, its sort and its page. */
export interface ListPlace {
  q?: string;
  sort?: ListSort | null;
  page?: number;
}

/**
 * The URL of the list with `q`, `sort` and `page` kept (page 1, an empty search and the list's
 * own order are left out) and at most one of the form / confirmation states.
 */
export function listHref(
  path: string,
  state: ListPlace,
  open?: { new: true } | { edit: string } | { delete: string },
): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  setSortParams(params, state.sort);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  let search = params.toString();
  if (open) {
    const extra =
      "new" in open
        ? "new"
        : "edit" in open
          ? `edit=${encodeURIComponent(open.edit)}`
          : `delete=${encodeURIComponent(open.delete)}`;
    search = search ? `${search}&${extra}` : extra;
  }
  return search ? `${path}?${search}` : path;
}
