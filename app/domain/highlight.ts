// Highlight form (the home page's 'Why Choose' cards; the admin screen is not in the SPEC):
// title, label, description and the position that decides the card's icon and colour. Shared
// by the browser (conform's instant checks) and the action.
import { z } from "zod";

export const HIGHLIGHT_REQUIRED = "Title and description are required.";
export const HIGHLIGHT_DELETE_CONFIRM = "Are you sure you want to delete this highlight?";

/** The editor's flash and the JSON API's message after a write. */
export const HIGHLIGHT_CREATED = "Highlight created.";
export const HIGHLIGHT_UPDATED = "Highlight updated.";
export const HIGHLIGHT_DELETED = "Highlight deleted.";
/** An id that is malformed or names no highlight (the admin's 404, the JSON API's). */
export const HIGHLIGHT_NOT_FOUND = "This highlight does not exist (it may have been deleted).";
export const HIGHLIGHT_TITLE_MAX = 80;
export const HIGHLIGHT_LABEL_MAX = 60;
export const HIGHLIGHT_DESCRIPTION_MAX = 400;
/** More cards than anyone would show; bounds the number a form can send. */
export const HIGHLIGHT_POSITION_MAX = 1000;
export const POSITION_MESSAGE = "Choose a position from the list.";

const text = (max: number, what: string) =>
  z.string().trim().max(max, `The ${what} can be at most ${max} characters long.`);

export const highlightSchema = z.object({
  title: z
    .string({ error: HIGHLIGHT_REQUIRED })
    .pipe(text(HIGHLIGHT_TITLE_MAX, "title").min(1, HIGHLIGHT_REQUIRED)),
  // Optional: the card leaves the line out when it is empty.
  label: text(HIGHLIGHT_LABEL_MAX, "label").default(""),
  description: z
    .string({ error: HIGHLIGHT_REQUIRED })
    .pipe(text(HIGHLIGHT_DESCRIPTION_MAX, "description").min(1, HIGHLIGHT_REQUIRED)),
  /** 1-based; empty means last. Past the end means last too (the list may have shrunk). */
  position: z
    .number({ error: POSITION_MESSAGE })
    .int(POSITION_MESSAGE)
    .min(1, POSITION_MESSAGE)
    .max(HIGHLIGHT_POSITION_MAX, POSITION_MESSAGE)
    .optional(),
});

export type HighlightInput = z.infer<typeof highlightSchema>;

/** Moving a card: the 1-based position it goes to. */
export const moveSchema = z.object({
  position: z
    .number({ error: POSITION_MESSAGE })
    .int(POSITION_MESSAGE)
    .min(1, POSITION_MESSAGE)
    .max(HIGHLIGHT_POSITION_MAX, POSITION_MESSAGE),
});

/**
 * A highlight as the JSON API answers it (routes/api/highlights.ts); the body is
 * highlightSchema, whose `position` (1-based) places the card, `order` being its 0-based place.
 */
export const highlightRecord = z.object({
  _id: z.string(),
  title: z.string(),
  label: z.string(),
  description: z.string(),
  order: z.number().int().describe("0-based place on the home page (decides icon and colour)"),
});
