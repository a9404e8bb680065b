// What every admin collection action shares: reading the form, answering 404 for an id that
// is malformed or names nothing, and turning a failed write into a message an admin may see.
import { data } from "react-router";
import { isDatabaseConnectivityError } from "#db/client.server";
import { DELETE_ENHANCED_FIELD } from "~/components/admin/confirm-delete";
import { type ListState, parseListState } from "./admin-list";
import {
  type FlashUndo,
  redirectWithErrorFlash,
  redirectWithFlash,
  redirectWithUndo,
} from "./flash.server";

/** Thrown 404 inside the admin shell (AdminErrorBoundary shows the text). */
export function notFound(message: string): never {
  throw data(message, { status: 404 });
}

/** The posted form, or an empty one when the body is not a form (the schema then says why). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/**
 * A message for an admin about a write that failed: never the driver's text (it can name
 * servers, collections and values), only what the admin can act on. The details go to the
 * operator's log.
 */
export function safeMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 11000) return "a record like this already exists.";
  return "the change could not be saved. Please try again.";
}

/** An unexpected failure reads 'Unexpected error: ' plus a message safe to show. */
export function unexpectedError(error: unknown): string {
  return `Unexpected error: ${safeMessage(error)}`;
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs a write. A database outage is rethrown (the whole site answers 503 then, see
 * app/entry.server.tsx); any other failure is logged and returned for the page to show.
 */
export async function attempt<T>(what: string, write: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (isDatabaseConnectivityError(error)) throw error;
    console.error(`[admin] ${what} failed:`, error);
    return { ok: false, error };
  }
}

/**
 * The loader of a collection screen: one page of the list (searched and sorted as the URL says),
 * and the document being edited (`?edit=`) or confirmed for deletion (`?delete=`); an id that
 * names nothing is a 404.
 */
export async function loadCollectionScreen<Page extends object, One>(
  request: Request,
  screen: {
    list: (state: ListState) => Promise<Page>;
    get: (id: string) => Promise<One | null>;
    notFoundText: string;
    /** The fields the list may be sorted by (`?sort=`); none: only its own order. */
    sortable?: readonly string[];
  },
) {
  const state = parseListState(new URL(request.url), screen.sortable);
  const [list, editing, deleting] = await Promise.all([
    screen.list(state),
    state.editor.kind === "edit" ? screen.get(state.editor.id) : null,
    state.deleteId !== null ? screen.get(state.deleteId) : null,
  ]);
  if (state.editor.kind === "edit" && !editing) notFound(screen.notFoundText);
  if (state.deleteId !== null && !deleting) notFound(screen.notFoundText);
  return {
    ...list,
    q: state.q,
    sort: state.sort,
    formOpen: state.editor.kind !== "closed",
    editing,
    deleting,
  };
}

/**
 * A collection's delete intent: 404 when the id names nothing (also when it went meanwhile),
 * else back to the list with a flash. When the write fails, a post without JavaScript goes
 * back (to `failedBack`, else `back`) with an error flash; one from JavaScript answers 500 with
 * the list's error line, so the page stays as it was. A screen that words its failure itself
 * (`failedText`) answers it on the error line either way.
 */
export async function deleteFromCollection(options: {
  what: string;
  form: FormData;
  remove: () => Promise<boolean>;
  notFoundText: string;
  back: string;
  failedBack?: string;
  flash: string;
  failedText?: string;
  /** The flash's Undo (a move to the trash can be taken back). */
  undo?: FlashUndo;
}) {
  const deleted = await attempt(options.what, options.remove);
  if (!deleted.ok) {
    const message = options.failedText ?? unexpectedError(deleted.error);
    if (!options.failedText && options.form.get(DELETE_ENHANCED_FIELD) !== "1") {
      return redirectWithErrorFlash(options.failedBack ?? options.back, message);
    }
    return data({ result: null, listError: message }, { status: 500 });
  }
  if (!deleted.value) notFound(options.notFoundText);
  return options.undo
    ? redirectWithUndo(options.back, options.flash, options.undo)
    : redirectWithFlash(options.back, options.flash);
}
