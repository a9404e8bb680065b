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

export type EditorState = { kind: "closed" } | { kind: "new" } | { kind: "edit"; id: string };

export interface ListState {
  q: string;
  page: number;
  editor: EditorState;
  /** The id whose deletion is being confirmed (the no-JavaScript confirmation step). */
  deleteId: string | null;
}

export function parseListState(url: URL): ListState {
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const edit = params.get("edit");
  const editor: EditorState =
    edit !== null
      ? { kind: "edit", id: edit }
      : params.has("new")
        ? { kind: "new" }
        : { kind: "closed" };
  return { q, page: parsePage(params.get("page")), editor, deleteId: params.get("delete") };
}

/**
 * The URL of the list with `q` and `page` kept (page 1 and an empty search are left out) and
 * at most one of the form / confirmation states.
 */
export function listHref(
  path: string,
  state: { q?: string; page?: number },
  open?: { new: true } | { edit: string } | { delete: string },
): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
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
