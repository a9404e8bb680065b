// The trash of a content type's admin screen, what the browser and the server share: the URL
// that shows it (`?trash` on the list's URL, `&purge=<id>` its Delete forever step without
// JavaScript), the intents its buttons post, its rows and its words. The loader and the action
// are in trash.server.ts, the view in trash-screen.tsx; the store keeps the records
// (kit/store.server.ts: remove, trashPage, restore, purge).
import type { CollectionType } from "./types";

/** The list's URL with `?trash` shows the trash instead of the table. */
export const TRASH_PARAM = "trash";
/** `?trash&purge=<id>`: the Delete forever question, without JavaScript. */
export const PURGE_PARAM = "purge";
/** A trashed record's Restore button. */
export const RESTORE_INTENT = "restore";
/** A trashed record's Delete forever button (after its question). */
export const PURGE_INTENT = "purge";

/** One row of the trash: what it is called, when and by whom it was deleted, days it has left. */
export interface TrashRow {
  _id: string;
  subject: string;
  deletedAt: string;
  deletedBy: string | null;
  /** Whole days until the purge deletes it for good (0: at the next purge). */
  daysLeft: number;
}

/** What a screen's loader gives the trash: always its count, its rows when it is shown. */
export interface TrashData {
  count: number;
  /** How long the trash keeps a record (TRASH_DAYS). */
  days: number;
  /** The page's rows, newest deletion first, when the URL asks for the trash; else null. */
  items: TrashRow[] | null;
  /** Which page of the trash that is, and how many there are (ADMIN_PAGE_SIZE rows each). */
  page: number;
  pages: number;
  /** The row whose Delete forever is being asked without JavaScript (`&purge=<id>`). */
  purging: TrashRow | null;
}

/**
 * The trash's URL (`?trash`: the parameter is a switch) at `page`, or its Delete forever step
 * for a row of that page.
 */
export function trashHref(path: string, purge?: string, page = 1): string {
  const on = page > 1 ? `&page=${page}` : "";
  const step = purge ? `&${PURGE_PARAM}=${encodeURIComponent(purge)}` : "";
  return `${path}?${TRASH_PARAM}${on}${step}`;
}

/** The trash's own words for a type ("Deleted FAQs"); its flashes are the type's texts. */
export function trashTexts(type: CollectionType) {
  const [one, many] = type.admin.noun;
  return {
    heading: `Deleted ${many}`,
    empty: `No deleted ${many}.`,
    notInTrash: `This ${one} is not in the trash (it may have been restored or deleted forever).`,
  };
}
