// The audit log's writes and its one query. Every write function of the domain (content, leads,
// admins, sign-in) calls `recordAudit` after its change succeeded, so the admin pages, the JSON
// API, the CLI and start-up are all recorded by the same line. An audit write never makes the
// change fail: the change has happened, so a failed insert is logged for the operator and the
// caller carries on. See docs/decisions/015-audit-log.md.
import type { Collection, Filter } from "mongodb";
import { MongoServerError } from "mongodb";
import { getCollections } from "#db/client.server";
import type { AuditLogDoc } from "#db/collections";
import { dayRange } from "~/lib/lead-filter";
import { type ListPage, listPage } from "~/lib/list-page.server";
import {
  type Actor,
  AUDIT_ACTOR_MAX,
  AUDIT_PAGE_SIZE,
  AUDIT_SUMMARY_MAX,
  type AuditAction,
  type AuditEntity,
  type AuditVia,
} from "./audit";
import type { AuditFilter } from "./audit-filter";

export interface AuditEvent {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  /** The record's title or name, what changed; cut to AUDIT_SUMMARY_MAX. */
  summary?: string;
}

/** A line of text, at most `max` characters (control characters and runs of space folded). */
function line(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: folding them is the point.
  const flat = text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat;
}

function toDoc(actor: Actor, event: AuditEvent, at: Date): Omit<AuditLogDoc, "_id"> {
  return {
    at,
    actor: line(actor.email, AUDIT_ACTOR_MAX) || "(empty)",
    action: event.action,
    entity: event.entity,
    ...(event.entityId ? { entityId: event.entityId } : {}),
    summary: line(event.summary ?? "", AUDIT_SUMMARY_MAX),
    via: actor.via,
    ...(actor.ip ? { ip: actor.ip } : {}),
  };
}

/**
 * Writes one entry; never throws. `log` is the collection to use when the caller works on a
 * database handle of its own (start-up).
 */
export async function recordAudit(
  actor: Actor,
  event: AuditEvent,
  options: { now?: Date; log?: Collection<AuditLogDoc> } = {},
): Promise<void> {
  try {
    const log = options.log ?? (await getCollections()).auditLog;
    await log.insertOne(toDoc(actor, event, options.now ?? new Date()) as AuditLogDoc);
  } catch (error) {
    console.error(`[audit] could not record ${event.action} ${event.entity}:`, error);
  }
}

/** Refused sign-ins of one e-mail from one address fold into one entry per this window. */
const FOLD_WINDOW_MS = 15 * 60 * 1000;

/**
 * A refused sign-in while throttled. Someone hammering the form would otherwise write an entry
 * per request without limit (refused attempts are not counted by the throttle): the refusals of
 * one e-mail from one address in a 15-minute window are one entry with a count.
 */
async function recordThrottledSignIn(actor: Actor, now = new Date()): Promise<void> {
  const doc = toDoc(actor, { action: "sign-in-throttled", entity: "admin" }, now);
  const window = Math.floor(now.getTime() / FOLD_WINDOW_MS);
  const foldKey = `throttled:${doc.via}:${doc.actor}:${doc.ip ?? ""}:${window}`;
  try {
    const { auditLog } = await getCollections();
    const { at: _at, ...rest } = doc;
    for (let tries = 0; tries < 2; tries++) {
      try {
        await auditLog.updateOne(
          { foldKey },
          {
            $setOnInsert: { ...rest, at: now, foldKey, summary: "Refused: too many attempts" },
            $inc: { count: 1 },
          },
          { upsert: true },
        );
        return;
      } catch (error) {
        // Two refusals at once both tried to insert: the second one now finds the entry.
        if (!(error instanceof MongoServerError && error.code === 11000) || tries > 0) throw error;
      }
    }
  } catch (error) {
    console.error("[audit] could not record sign-in-throttled:", error);
  }
}

export interface AuditEntry {
  _id: string;
  at: string;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  via: AuditVia;
  ip: string | null;
  /** Events folded into this entry (1 for most). */
  count: number;
}

const toEntry = (d: AuditLogDoc): AuditEntry => ({
  _id: d._id.toHexString(),
  at: d.at.toISOString(),
  actor: d.actor,
  action: d.action,
  entity: d.entity,
  entityId: d.entityId ?? null,
  summary: d.summary,
  via: d.via,
  ip: d.ip ?? null,
  count: d.count ?? 1,
});

/** The filter as a query: `who` is the start of the actor (any case), the days UTC. */
export function auditQuery(filter: AuditFilter): Filter<AuditLogDoc> {
  const query: Filter<AuditLogDoc> = {};
  // Actors are stored lower-cased (e-mails are normalized), so an anchored lower-case prefix
  // can use the actor index.
  if (filter.who) {
    const literal = filter.who.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    query.actor = { $regex: `^${literal}` };
  }
  if (filter.action) query.action = filter.action;
  if (filter.entity) query.entity = filter.entity;
  const range = dayRange(filter);
  if (range.gte || range.lt) {
    query.at = {
      ...(range.gte ? { $gte: range.gte } : {}),
      ...(range.lt ? { $lt: range.lt } : {}),
    };
  }
  return query;
}

/** One page of the log, newest first; a page past the end shows the last. */
export async function listAudit(filter: AuditFilter): Promise<ListPage<AuditEntry>> {
  const { auditLog } = await getCollections();
  return listPage(auditLog, {
    filter: auditQuery(filter),
    sort: { at: -1, _id: -1 },
    page: filter.page,
    pageSize: AUDIT_PAGE_SIZE,
    map: toEntry,
  });
}

/**
 * A sign-in attempt or a sign-out, from the sign-in page or the API. A failed attempt names the
 * account when the e-mail is one (someone is guessing that admin's password) and says so when
 * it is not; the visitor never sees either, only the log does. "code-sent": the password was
 * right while the account was under attack, and a one-time code was e-mailed (the password
 * alone did not sign in; `detail` says when the e-mail failed after the response);
 * "code-failed": a wrong, expired or used code, or one against a decoy (`detail` says which).
 */
export async function recordSignIn(
  actor: Actor,
  outcome: "signed-in" | "invalid" | "throttled" | "signed-out" | "code-sent" | "code-failed",
  now = new Date(),
  detail?: string,
): Promise<void> {
  if (outcome === "throttled") return recordThrottledSignIn(actor, now);
  if (outcome === "signed-in" || outcome === "signed-out") {
    return recordAudit(
      actor,
      {
        action: outcome === "signed-in" ? "sign-in" : "sign-out",
        entity: "admin",
        entityId: actor.adminId ?? null,
        ...(detail ? { summary: detail } : {}),
      },
      { now },
    );
  }
  if (outcome === "code-sent" || outcome === "code-failed") {
    return recordAudit(
      actor,
      {
        action: outcome === "code-sent" ? "sign-in-code-sent" : "sign-in-code-failed",
        entity: "admin",
        entityId: actor.adminId ?? null,
        summary: detail,
      },
      { now },
    );
  }
  let known: string | null = null;
  try {
    const { admins } = await getCollections();
    const admin = await admins.findOne({ email: actor.email }, { projection: { _id: 1 } });
    known = admin ? admin._id.toHexString() : null;
  } catch {
    // The entry without the account is still worth writing.
  }
  return recordAudit(
    actor,
    {
      action: "sign-in-failed",
      entity: "admin",
      entityId: known,
      summary: known ? "Wrong password" : "No admin with this e-mail",
    },
    { now },
  );
}
