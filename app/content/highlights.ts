// Highlights: the home page's 'Why Choose' cards. Title and description are required, the
// label is optional, and the card's place on the home page decides its icon and colour (first
// a headset, second users, the rest a trophy). The kit keeps that order (an `ordered` type: Move
// up / Move down); the card's own part is that its form says where it goes (`position`,
// 1-based, empty for last or "keep its place") and the table shows the icon it gets.
import { z } from "zod";
import { position } from "./kit/schema";
import { defineCollection, MANUAL_ORDER, recordFrom } from "./kit/types";

export const HIGHLIGHT_REQUIRED = "Title and description are required.";
export const HIGHLIGHT_TITLE_MAX = 80;
export const HIGHLIGHT_LABEL_MAX = 60;
export const HIGHLIGHT_DESCRIPTION_MAX = 400;
const SAVE_FAILED = "Unexpected error: the change could not be saved. Please try again.";

const text = (max: number, what: string) =>
  z.string().trim().max(max, `The ${what} can be at most ${max} characters long.`);

const schema = z.object({
  title: z
    .string({ error: HIGHLIGHT_REQUIRED })
    .pipe(text(HIGHLIGHT_TITLE_MAX, "title").min(1, HIGHLIGHT_REQUIRED)),
  // Optional: the card leaves the line out when it is empty.
  label: text(HIGHLIGHT_LABEL_MAX, "label").default(""),
  description: z
    .string({ error: HIGHLIGHT_REQUIRED })
    .pipe(text(HIGHLIGHT_DESCRIPTION_MAX, "description").min(1, HIGHLIGHT_REQUIRED)),
  /** Empty means last for a new card and "where it is" for an edited one; past the end, last. */
  position: position.optional(),
});

export type HighlightInput = z.output<typeof schema>;

export const highlights = defineCollection({
  entity: "highlight",
  own: "the position field in the editor, and the table's position column (the card's icon)",
  collection: "highlights",
  schema,
  // The position is where a write puts the card; the record keeps its place as `order`.
  record: recordFrom(schema.omit({ position: true }), {
    order: z.number().int().describe("0-based place on the home page (decides icon and colour)"),
  }),
  fields: [
    {
      kind: "text",
      name: "title",
      label: "Title",
      placeholder: "Dedicated Support",
      maxLength: HIGHLIGHT_TITLE_MAX,
      half: true,
    },
    {
      kind: "text",
      name: "label",
      label: "Label (optional)",
      placeholder: "Replies within 2 hours",
      maxLength: HIGHLIGHT_LABEL_MAX,
      half: true,
    },
    {
      kind: "textarea",
      name: "description",
      label: "Description",
      rows: 3,
      maxLength: HIGHLIGHT_DESCRIPTION_MAX,
    },
  ],
  // A failed save says the admin's generic failure line (lib/admin-crud.server.ts unexpectedError).
  texts: { createFailed: SAVE_FAILED, updateFailed: SAVE_FAILED },
  summary: (h) => h.title,
  searchFields: ["title", "label", "description"],
  // The home-page order; the admin table lists the cards in it too (the order is the point).
  ordered: true,
  publicSort: MANUAL_ORDER,
  admin: {
    path: "/admin/dashboard/highlights",
    title: "Highlights",
    description: "The ‘Why Choose’ cards on the home page, in the order shown there.",
    siteLink: "/#highlights-heading",
    addLabel: "Add New Highlight",
    formTitle: { create: "Add New Highlight", edit: "Edit highlight" },
    noun: ["highlight", "highlights"],
    search: { label: "Search highlights", placeholder: "Title, label or description" },
    emptyText: "No highlights found",
    titleColumn: {
      label: "Highlight",
      title: "title",
      subtitle: { field: "label", accent: true },
      sort: true,
    },
    columns: [
      // The route draws it: the card's icon with its 1-based place (the loader's `position`),
      // which is the stored home-page order.
      {
        label: "Position",
        field: "position",
        kind: "own",
        from: "sm",
        before: true,
        sort: "order",
      },
      { label: "Description", field: "description", kind: "text", from: "lg" },
    ],
    subject: (h) => String(h.title),
  },
  api: {
    path: "/api/highlights",
    tag: "Highlights",
    listSummary: "Every highlight in home-page order (the place decides the card's icon)",
    createDescription:
      "position: the 1-based place among the cards (the others move along); last when left out or past the end.",
    updateDescription:
      "position: the 1-based place to move the card to (the others move along); it stays where it is when left out.",
    deleteDescription: "The cards after it move up one place.",
    summaries: { update: "Replace a highlight's texts, and move it" },
  },
  example: { title: "Dedicated Support", label: "Within 2 hours", description: "A named lead." },
});

export type Highlight = z.output<typeof highlights.record> & { _id: string };
