// What happens after every successful content write, whoever wrote (an admin editor, the JSON
// API, the CLI, a scheduled job): declared once here and run in this order, never hidden inside
// another function.
//   1. audit: who changed what, through which door (domain/audit.server.ts);
//   2. caches: the content cache and the page cache of every instance learn that public pages
//      changed (lib/content-version.server.ts);
//   3. images: a stored image the record no longer shows is deleted once nothing else uses it
//      (domain/image.server.ts);
//   4. revisions: the record as it is after the write, with who, when and through which door,
//      for its history page and a later restore (revisions.server.ts).
// A step that fails is logged and the next one still runs: the write has happened, and a missed
// audit line or an image left behind is better than an answer that says the save failed.
import type { Actor, AuditAction, AuditEntity } from "~/domain/audit";
import { recordAudit } from "~/domain/audit.server";
import { deleteImageIfUnused } from "~/domain/image.server";
import { contentChanged } from "~/lib/content-version.server";
import { storeRevision } from "./revisions.server";

export interface ContentWrite {
  entity: AuditEntity;
  action: AuditAction;
  /** The record's id; none for a single document (the hero, the footer…). */
  entityId?: string | null;
  /** The record's title or name, for the audit log. */
  summary?: string;
  actor: Actor;
  /**
   * The stored document after the write (its fields, `status`, a pending `draft`; a deleted one
   * as it was): what the revisions keep. A write without one stores no revision.
   */
  record?: Record<string, unknown>;
  /** Image addresses the record showed before the write, and shows after it. */
  images?: { before: readonly string[]; after: readonly string[] };
}

type Step = (write: ContentWrite) => Promise<unknown>;

const STEPS: ReadonlyArray<readonly [string, Step]> = [
  [
    "audit",
    (w) =>
      recordAudit(w.actor, {
        action: w.action,
        entity: w.entity,
        entityId: w.entityId ?? null,
        summary: w.summary,
      }),
  ],
  ["caches", () => contentChanged()],
  [
    "images",
    async (w) => {
      if (!w.images) return;
      const kept = new Set(w.images.after);
      for (const url of new Set(w.images.before)) {
        if (url && !kept.has(url)) await deleteImageIfUnused(url);
      }
    },
  ],
  [
    "revisions",
    async (w) => {
      if (!w.record) return;
      await storeRevision({
        entity: w.entity,
        entityId: w.entityId ?? null,
        action: w.action,
        summary: w.summary ?? "",
        actor: w.actor,
        record: w.record,
      });
    },
  ],
];

/** Runs every after-write step for one successful write. Never throws. */
export async function afterWrite(write: ContentWrite): Promise<void> {
  for (const [name, step] of STEPS) {
    try {
      await step(write);
    } catch (error) {
      console.error(`[after-write] ${name} failed after ${write.action} ${write.entity}:`, error);
    }
  }
}
