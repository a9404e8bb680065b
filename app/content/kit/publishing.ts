// Draft and published (issue 24, decision 033): what the public side of the site may see of a
// content collection, as one MongoDB filter every public read uses, and a record's state as the
// admin shows it. Server-free: the screens read the statuses too.
import type { ScheduleState } from "./schedule";

/** A record is a draft (only staff see it) or published. */
export const STATUSES = ["draft", "published"] as const;
export type Status = (typeof STATUSES)[number];

/**
 * Records not in the trash (the admin's view of a collection). A record staff deleted keeps its
 * document (with `deletedAt`) until the trash is purged. The image reference check does NOT use
 * it: a trashed record's images must survive until it is purged.
 */
export const LIVE_FILTER = { deletedAt: { $exists: false } } as const;

/** Records in the trash: the trash view, restore and the purge. */
export const TRASHED_FILTER = { deletedAt: { $exists: true } } as const;

/**
 * What visitors, crawlers, the feed, the sitemap and the JSON API without a token see: live
 * records that are not drafts. A document stored before drafts existed has no `status` and is
 * published.
 */
export const PUBLIC_FILTER = { publishStatus: { $ne: "draft" }, ...LIVE_FILTER } as const;

/**
 * A stored document's status (none stored: published). Stored as `publishStatus`: an
 * internship's own `status` (Open, Closed...) is another thing.
 */
export function statusOf(doc: { publishStatus?: unknown }): Status {
  return doc.publishStatus === "draft" ? "draft" : "published";
}

/** What saving a draft says (the editor's flash, the JSON API's message). */
export const DRAFT_SAVED = "Draft saved. It is not on the site until it is published.";

/** Where a record stands, as the editor and the admin list show it (and what is scheduled). */
export interface PublishingState extends ScheduleState {
  publishStatus: Status;
  /** A published record with changes saved as a draft, not yet on the site. */
  hasDraft: boolean;
}

/** The words of a record's state ("Draft", "Published", "Published, with unpublished changes"). */
export function stateLabel(state: PublishingState): string {
  if (state.publishStatus === "draft") return "Draft";
  return state.hasDraft ? "Published, changes in draft" : "Published";
}
