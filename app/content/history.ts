// What the history page (routes/admin/history.tsx) and its server side share: its texts, the
// Restore button's intent, and how a revision's date, door and action read.

export const HISTORY_TEXTS = {
  notFound: "There is no such history.",
  noRevision: "That revision does not exist (it may have been pruned).",
  noRecord: "This record no longer exists, so a revision cannot be restored into it.",
  badIntent: "Unknown action.",
  restored: (at: string) =>
    `The revision of ${at} is now a draft. The site still shows the published version until you publish it.`,
  picturesGone: (count: number) =>
    count === 1
      ? "A picture it showed has been deleted since: choose another in the editor."
      : `${count} pictures it showed have been deleted since: choose others in the editor.`,
} as const;

/** What a restore says: the revision's date, and the pictures it showed that are gone. */
export function restoredMessage(at: string, picturesGone: number): string {
  const gone = picturesGone ? ` ${HISTORY_TEXTS.picturesGone(picturesGone)}` : "";
  return `${HISTORY_TEXTS.restored(at)}${gone}`;
}

export const RESTORE_INTENT = "restore";

const AT = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "UTC",
});

/** When a revision was made: UTC, so the server's HTML and the browser's render agree. */
export const formatAt = (at: string | Date) => `${AT.format(new Date(at))} UTC`;

/** Through which door a change came (the audit log's `via`, plus a scheduled job's). */
export const VIA_LABELS: Record<string, string> = {
  admin: "admin editor",
  api: "JSON API",
  cli: "command line",
  job: "schedule",
  startup: "start-up",
};

/** What a revision's change was. */
export const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  delete: "Deleted",
  move: "Moved",
  toggle: "Shown or hidden",
  draft: "Draft saved",
  discard: "Draft discarded",
  publish: "Published",
  unpublish: "Unpublished",
  schedule: "Scheduled",
  trash: "Moved to the trash",
  restore: "Restored from the trash",
};
