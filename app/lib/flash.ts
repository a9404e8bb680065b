// What the one-time messages after a redirect share between the server (lib/flash.server.ts)
// and the admin shell that shows them (components/admin/form-controls.tsx).

/**
 * An Undo beside a success ("FAQ moved to the trash. Undo"): a POST of `intent`, the
 * UNDO_FIELD and each of `ids` (as `id`) to the admin page `action`, whose action takes the
 * change back and returns to that page's list (its first page, without a search).
 */
export interface FlashUndo {
  action: string;
  intent: string;
  ids: string[];
}

/** Marks a POST as an Undo from the flash (the action then goes back to the list). */
export const UNDO_FIELD = "undo";
