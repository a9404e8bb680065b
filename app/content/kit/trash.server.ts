// The trash of a content type's admin screen, server side: what the loader adds (the count for
// the list's "Trash (N)" link; the rows when the URL is the trash's) and the action's Restore
// and Delete forever. Called from admin.server.ts in a few lines, so the screen's own loader
// and action stay as they were. The records themselves are the store's (kit/store.server.ts).
import type { Actor } from "~/domain/audit";
import { getEnv } from "~/env.server";
import { attempt, deleteFromCollection, notFound, unexpectedError } from "~/lib/admin-crud.server";
import { BULK_MAX, counted } from "~/lib/bulk";
import { UNDO_FIELD } from "~/lib/flash";
import { redirectWithErrorFlash, redirectWithFlash } from "~/lib/flash.server";
import type { ListPage } from "~/lib/list-page.server";
import { parsePage } from "~/lib/pagination";
import {
  PURGE_INTENT,
  PURGE_PARAM,
  RESTORE_INTENT,
  TRASH_PARAM,
  type TrashData,
  type TrashRow,
  trashHref,
  trashTexts,
} from "./trash";
import type { CollectionType } from "./types";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the trash needs of a store (every kit store has it). */
type Trashed = Record<string, unknown> & {
  _id: string;
  deletedAt: string;
  deletedBy: string | null;
};

export interface TrashStore {
  type: CollectionType;
  trashPage(page: number): Promise<ListPage<Trashed>>;
  getTrashed(id: string): Promise<Trashed | null>;
  countTrash(): Promise<number>;
  restore(id: string, actor: Actor): Promise<boolean>;
  purge(id: string, actor: Actor): Promise<boolean>;
}

/** Whole days until a record deleted at `deletedAt` is purged (0: at the next purge). */
export function daysLeft(deletedAt: string, days: number, now: Date): number {
  const purgeAt = Date.parse(deletedAt) + days * DAY_MS;
  return Math.max(0, Math.ceil((purgeAt - now.getTime()) / DAY_MS));
}

/** The loader's part: the count always; a page of rows, and the row asked about, on `?trash`. */
export async function loadTrash(store: TrashStore, url: URL, now = new Date()): Promise<TrashData> {
  const days = getEnv().TRASH_DAYS;
  if (!url.searchParams.has(TRASH_PARAM)) {
    return { count: await store.countTrash(), days, items: null, purging: null, page: 1, pages: 1 };
  }
  const row = (record: Trashed): TrashRow => ({
    _id: record._id,
    subject: store.type.admin.subject(record),
    deletedAt: record.deletedAt,
    deletedBy: record.deletedBy,
    daysLeft: daysLeft(record.deletedAt, days, now),
  });
  const list = await store.trashPage(parsePage(url.searchParams.get("page")));
  const items = list.items.map(row);
  const purge = url.searchParams.get(PURGE_PARAM);
  // The row asked about is on this page, unless the URL was written by hand.
  const asked = async (id: string) => {
    const record = await store.getTrashed(id);
    return record ? row(record) : null;
  };
  const purging =
    purge === null ? null : (items.find((one) => one._id === purge) ?? (await asked(purge)));
  if (purge !== null && !purging) notFound(trashTexts(store.type).notInTrash);
  return { count: list.total, days, items, purging, page: list.page, pages: list.pages };
}

/**
 * The action's part: Restore and Delete forever of one record in the trash, back to the trash
 * with a flash; null for any other intent. An id not in the trash is a 404; a failed write goes
 * back with an error flash (without JavaScript) or answers 500 with the list's error line.
 */
export function trashAction(
  store: TrashStore,
  {
    intent,
    id,
    form,
    actor,
    url,
  }: { intent: unknown; id: string | null; form: FormData; actor: Actor; url: URL },
): ReturnType<typeof deleteFromCollection> | null {
  const { type } = store;
  // Back to the page of the trash the button was on (past the end: its last page).
  const back = trashHref(type.admin.path, undefined, parsePage(url.searchParams.get("page")));
  const missing = trashTexts(type).notInTrash;
  if (intent === PURGE_INTENT) {
    if (id === null) notFound(missing);
    return deleteFromCollection({
      what: `Deleting a ${type.entity} forever`,
      form,
      remove: () => store.purge(id, actor),
      notFoundText: missing,
      back,
      flash: type.texts.purged,
    });
  }
  if (intent !== RESTORE_INTENT) return null;
  if (form.get(UNDO_FIELD) === "1") return undoTrash(store, form, actor);
  return (async () => {
    if (id === null) notFound(missing);
    const restored = await attempt(`Restoring a ${type.entity}`, () => store.restore(id, actor));
    if (!restored.ok) return redirectWithErrorFlash(back, unexpectedError(restored.error));
    if (!restored.value) notFound(missing);
    return redirectWithFlash(back, type.texts.restored);
  })();
}

/**
 * The flash's Undo after Delete or Delete selected: restores each record it names, then goes
 * back to the list (where it was pressed) saying so. Records restored or purged meanwhile are
 * counted out; none left is a 404.
 */
async function undoTrash(store: TrashStore, form: FormData, actor: Actor): Promise<Response> {
  const { type } = store;
  const ids = [...new Set(form.getAll("id"))].filter((id) => typeof id === "string");
  if (ids.length === 0 || ids.length > BULK_MAX) notFound(trashTexts(type).notInTrash);
  let restored = 0;
  for (const id of ids as string[]) {
    const done = await attempt(`Restoring a ${type.entity}`, () => store.restore(id, actor));
    if (!done.ok) {
      const so = restored ? `${counted(restored, type.admin.noun)} restored. ` : "";
      return redirectWithErrorFlash(type.admin.path, `${so}${unexpectedError(done.error)}`);
    }
    if (done.value) restored++;
  }
  if (restored === 0) notFound(trashTexts(type).notInTrash);
  const message =
    ids.length === 1 ? type.texts.restored : `${counted(restored, type.admin.noun)} restored.`;
  return redirectWithFlash(type.admin.path, message);
}
