// What the lead inbox (quote requests, contact messages) shares between browser and server:
// the shapes the pages receive, the internal-note form, the status check and its messages.
import { z } from "zod";
import type { LeadSource } from "#db/collections";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-list";
import { apiListQuery } from "~/lib/api-list";
import { BULK_DELETE, type BulkChoice, bulkStatus } from "~/lib/bulk";
import type { LeadFilter } from "~/lib/lead-filter";
import { MAIL_OFF_DETAIL } from "~/lib/mail";

/** The intents the inbox pages post (domain/lead-actions.server.ts); delete is confirm-delete's. */
export const STATUS_INTENT = "status";
export const NOTE_INTENT = "note";
/** Sent by the status control's fetcher: the action answers data, not a redirect. */
export const ENHANCED_FIELD = "_enhanced";

/** What a list does to its ticked rows: set one of its statuses, or delete them. */
export function leadBulkChoices(statuses: readonly string[]): BulkChoice[] {
  return [bulkStatus(statuses), BULK_DELETE];
}

/** A lead as a bulk confirmation names it: "quote request from Greta Schulz". */
export function leadSubject(noun: string, name: string): string {
  return `${noun} from ${name}`;
}

/**
 * The inbox columns staff may sort by (`?sort=`), each a stored field of both kinds; a quote adds
 * its own (domain/quote.ts). The message is free text: no order helps there.
 */
export const LEAD_SORTABLE = ["name", "email", "status"] as const;

/** A note is a few lines for colleagues, not a document. */
export const NOTE_MAX = 2000;
/** Notes per lead: bounds a document's growth (MongoDB documents stop at 16 MB). */
export const NOTES_PER_LEAD_MAX = 100;

export const NOTE_REQUIRED = "Write the note first.";
const NOTE_TOO_LONG = `A note can be at most ${NOTE_MAX.toLocaleString("en-US")} characters long.`;
export const NOTES_FULL = `This record already has ${NOTES_PER_LEAD_MAX} notes; no more can be added.`;
export const NOTE_ADDED = "Note added.";
/** What a failed status change says (the original app's alert text). */
export const STATUS_FAILED = "Failed to update status. Please try again.";

export const noteSchema = z.object({
  text: z
    .string({ error: NOTE_REQUIRED })
    .trim()
    .min(1, NOTE_REQUIRED)
    .max(NOTE_MAX, NOTE_TOO_LONG),
});

/** The server's check of a posted status: one of `statuses`, else a message (answered 400). */
export function checkStatus<Status extends string>(
  value: unknown,
  statuses: readonly Status[],
): { ok: true; status: Status } | { ok: false; message: string } {
  if (typeof value === "string" && (statuses as readonly string[]).includes(value)) {
    return { ok: true, status: value as Status };
  }
  const shown = typeof value === "string" && value ? `“${value.slice(0, 40)}”` : "(none)";
  return {
    ok: false,
    message: `Unknown status ${shown}. Choose one of: ${statuses.join(", ")}.`,
  };
}

/** What a status change says once it is saved (the inbox's flash, the JSON API's message). */
export function statusSetText(status: string): string {
  return `Status set to ${status}.`;
}

/**
 * The JSON API's `{status}` body (PUT /api/quotes/{id}, PATCH /api/contact/{id}/status): one
 * of `statuses`, with checkStatus's message for anything else, so the API and the inbox refuse
 * an unknown status in the same words.
 */
export function leadStatusBody<Status extends string>(statuses: readonly [Status, ...Status[]]) {
  return z.object({
    status: z.enum(statuses, {
      error: (issue) => {
        const checked = checkStatus(issue.input, statuses);
        return checked.ok ? undefined : checked.message;
      },
    }),
  });
}

/** `?page&limit&status&search` of a lead list; `status` empty or absent: every status. */
export function apiLeadListQuery<Status extends string>(
  statuses: readonly [Status, ...Status[]],
  defaultLimit: number = ADMIN_PAGE_SIZE,
) {
  return apiListQuery(defaultLimit).extend({
    status: z
      .enum(["", ...statuses] as [string, ...string[]], {
        error: (issue) => {
          const checked = checkStatus(issue.input, statuses);
          return checked.ok ? undefined : checked.message;
        },
      })
      .default("")
      .describe(`One of ${statuses.join(", ")}; empty: all`),
  });
}

/** The lead inbox's filter (lib/lead-filter.ts) a parsed API query stands for. */
export function leadFilterOf<Status extends string>(query: {
  page: number;
  status: string;
  search: string;
}): LeadFilter<Status> {
  return {
    status: query.status as Status | "",
    q: query.search,
    from: "",
    to: "",
    page: query.page,
  };
}

/** A row of an inbox list as the JSON API answers it (LeadRow; routes/api/contact.ts). */
export const leadRowRecord = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string().nullable().describe("The admin who last changed the status"),
});

/** Everything stored about one lead (LeadView), as GET /api/contact/{id} answers it. */
export const leadViewFields = {
  source: z
    .object({
      page: z.string().optional().describe("The page (or API path) it was sent from"),
      referrer: z.string().optional(),
      utm: z.record(z.string(), z.string()).optional(),
    })
    .describe("Where the visitor came from"),
  notification: z
    .object({
      status: z.enum(["sent", "failed", "skipped"]),
      at: z.iso.datetime(),
      detail: z.string().nullable(),
    })
    .nullable()
    .describe("The new-lead e-mail to the agency, once it has been tried"),
  notes: z.array(z.object({ text: z.string(), author: z.string(), createdAt: z.iso.datetime() })),
};

export interface LeadNoteView {
  text: string;
  author: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The outcome detail recorded when the site has no contact e-mail to send a new lead to. */
export const NO_CONTACT_EMAIL_DETAIL = "No contact e-mail is set";

/**
 * What a lead's page says about its new-lead e-mail: what happened in words staff understand,
 * and where it is put right when it was not sent. Configuration names (SMTP_URL) stay out of
 * it. There are no admin roles: every admin may set the contact e-mail, so that is linked; the
 * mail server is the server's configuration, so the note says who sets it and where it is read.
 */
export function notificationNote(notification: LeadNotificationView): {
  text: string;
  detail: string | null;
  fix: { text: string; href?: string; linkText?: string } | null;
} {
  if (notification.status === "sent") {
    return { text: "E-mailed to the agency", detail: null, fix: null };
  }
  if (notification.status === "failed") return failureNote(notification.detail ?? "");
  if (notification.detail === MAIL_OFF_DETAIL) {
    return {
      text: "Not e-mailed: e-mail notifications are off",
      detail: null,
      fix: {
        text: "Whoever runs the site's server turns them on by giving it a mail server to send through (the mail settings in docs/configuration.md).",
      },
    };
  }
  if (notification.detail === NO_CONTACT_EMAIL_DETAIL) {
    return {
      text: "Not e-mailed: the site has no contact e-mail",
      detail: null,
      fix: { text: "Set one in", href: "/admin/dashboard/contact", linkText: "Contact info" },
    };
  }
  return { text: "No e-mail sent", detail: notification.detail, fix: null };
}

/** What the server's mail settings fix, said without their names. */
const SERVER_MAIL_FIX = {
  text: "Whoever runs the site's server checks its mail settings (the mail settings in docs/configuration.md).",
};

/**
 * A failed sending in words staff understand, from the mail server's or the network's own
 * message (kept whole as the technical detail, for whoever fixes it): the site's sign-in to its
 * mail server refused, the mail server out of reach, or the address refused.
 */
function failureNote(raw: string): ReturnType<typeof notificationNote> {
  const detail = raw ? `Technical detail: ${raw}` : null;
  const failed = "The e-mail to the agency failed";
  // The sending side refused (relaying, the sender's address, SPF/DKIM/DMARC): the server's
  // settings, whatever code came with it. Checked first: such answers also say "rejected".
  if (/relay|sender|\bSPF\b|\bDKIM\b|\bDMARC\b|unauthenticated|\b5\.7\.2[0-9]\b/i.test(raw)) {
    return {
      text: `${failed}: the mail server would not send it for the site`,
      detail,
      fix: SERVER_MAIL_FIX,
    };
  }
  if (
    /invalid login|\bEAUTH\b|\b53[45]\b|username and password|authentication (failed|unsuccessful|credentials)/i.test(
      raw,
    )
  ) {
    return {
      text: `${failed}: the mail server refused the site's sign-in`,
      detail,
      fix: SERVER_MAIL_FIX,
    };
  }
  if (
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|timeout|greeting never received|\bECONNECTION\b/i.test(
      raw,
    )
  ) {
    return {
      text: `${failed}: the site could not reach its mail server`,
      detail,
      fix: SERVER_MAIL_FIX,
    };
  }
  if (
    /\bEENVELOPE\b|\b5\.1\.\d\b|recipient|user unknown|no such user|mailbox (unavailable|not found)/i.test(
      raw,
    )
  ) {
    return {
      text: `${failed}: the mail server refused the address it was sent to`,
      detail,
      fix: {
        text: "Check the contact e-mail in",
        href: "/admin/dashboard/contact",
        linkText: "Contact info",
      },
    };
  }
  return { text: failed, detail, fix: SERVER_MAIL_FIX };
}

export interface LeadNotificationView {
  status: "sent" | "failed" | "skipped";
  at: string;
  detail: string | null;
}

/** What every lead shows, as plain values (dates as ISO 8601 strings). */
export interface LeadView<Status extends string> {
  _id: string;
  name: string;
  email: string;
  message: string;
  status: Status;
  createdAt: string;
  updatedAt: string;
  /** The admin who last changed the status, when one has. */
  updatedBy: string | null;
  source: LeadSource;
  notification: LeadNotificationView | null;
  /** Oldest first. */
  notes: LeadNoteView[];
}

/** A row of an inbox list: the lead without its notes (they are read on its own page). */
export type LeadRow<View> = Omit<View, "notes" | "notification" | "source">;

/** The row of a lead's full view. */
export function leadRow<View extends LeadView<string>>(view: View): LeadRow<View> {
  const { notes: _notes, notification: _notification, source: _source, ...row } = view;
  return row;
}

/**
 * What a visitor's own post is answered with (POST /api/contact, /api/quotes): the row without
 * who in the agency last handled it.
 */
export function leadReceipt<Row extends { updatedBy: string | null }>(
  row: Row,
): Omit<Row, "updatedBy"> {
  const { updatedBy: _updatedBy, ...receipt } = row;
  return receipt;
}

/** "Re: <subject>" mailto link to the visitor, encoded for any name or subject. */
export function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}
