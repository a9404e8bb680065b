// Bulk actions on an admin list: staff tick rows (or "select all on this page") and apply one
// action to all of them behind one confirmation, whatever the count. What the browser and the
// server share: the posted field names, the cap, and the words of each action (the bar's
// button, the question, the flash), so the dialog (JavaScript) and the confirmation step
// (without) ask the same thing. The checks and the writes are in bulk.server.ts.

/** The `intent` of every bulk post; `bulk` then names the action. */
export const BULK_INTENT = "bulk";

/** The fields a bulk post carries. */
export const BULK_FIELDS = {
  /** Which action (a choice's `value`). */
  action: "bulk",
  /** A ticked row's id, once per row. */
  ids: "ids",
  /** "Select all on this page" ticked: every id in `page` counts as ticked. */
  all: "all",
  /** The ids of the rows shown, for `all` without JavaScript. */
  page: "pageIds",
  /** The value a choice sets (the status to change to). */
  to: "to",
  /** Present on the post that writes: the one confirmation has been answered. */
  confirmed: "confirmed",
} as const;

/** One post changes at most this many records: a page shows ten, this bounds a crafted post. */
export const BULK_MAX = 100;

/** "3 FAQs", "1 FAQ". */
export function counted(count: number, noun: readonly [string, string]): string {
  return `${count} ${count === 1 ? noun[0] : noun[1]}`;
}

/** What the bar says when a button is pressed with nothing ticked. */
export function nothingSelected(noun: readonly [string, string]): string {
  return `Select at least one ${noun[0]}.`;
}

/** One action of the bar, worded for any count. */
export interface BulkChoice {
  /** Posted as `bulk`. */
  value: string;
  /** The bar's button ("Delete selected"). */
  label: string;
  /** The question ("Delete 3 FAQs?"); `what` is counted(), `to` the chosen value. */
  question: (what: string, to: string) => string;
  /** The confirming button ("Delete 3 FAQs"). */
  confirm: (what: string, to: string) => string;
  /** The flash once done ("3 FAQs deleted."). */
  done: (what: string, to: string) => string;
  /** Red, and the question says it cannot be undone. */
  danger?: boolean;
  /** A value picked in the bar beside the button (the status to set), checked by the server. */
  options?: { label: string; values: readonly string[] };
}

export const BULK_DELETE: BulkChoice = {
  value: "delete",
  label: "Delete selected",
  question: (what) => `Delete ${what}?`,
  confirm: (what) => `Delete ${what}`,
  done: (what) => `${what} deleted.`,
  danger: true,
};

/**
 * Delete selected on a content list: the records go to the trash (restorable there until it is
 * purged), so the question and the flash say so; the bar's button reads as every list's.
 */
export const BULK_TRASH: BulkChoice = {
  value: BULK_DELETE.value,
  label: BULK_DELETE.label,
  question: (what) => `Move ${what} to the trash?`,
  confirm: (what) => `Delete ${what}`,
  done: (what) => `${what} moved to the trash.`,
  danger: true,
};

/** Mark active / Mark inactive (an internship shown on the site or not). */
export function bulkActive(active: boolean): BulkChoice {
  const state = active ? "active" : "inactive";
  return {
    value: state,
    label: `Mark ${state}`,
    question: (what) => `Mark ${what} ${state}?`,
    confirm: (what) => `Mark ${what} ${state}`,
    done: (what) => `${what} marked ${state}.`,
  };
}

/** Change status to … (a lead list's own statuses). */
export function bulkStatus(statuses: readonly string[]): BulkChoice {
  return {
    value: "status",
    label: "Change status",
    question: (what, to) => `Set the status of ${what} to ${to}?`,
    confirm: (what, to) => `Set ${what} to ${to}`,
    done: (what, to) => `Status set to ${to} for ${what}.`,
    options: { label: "Change status to", values: statuses },
  };
}

/** What a bulk post answers when it does not redirect (the bar shows it). */
export interface BulkAnswer {
  /** Why nothing was written (a 4xx). */
  error?: string;
  /** The step without JavaScript: what Confirm will do, to whom. */
  confirm?: {
    action: string;
    to: string;
    ids: string[];
    /** What each record is called, in the order of `ids`. */
    subjects: string[];
  };
}
