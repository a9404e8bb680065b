// A record's history, for every content type alike: which record an entity and id name, its
// revisions as the history page and the JSON API show them (each with what changed since the
// one before, field by field, revision-diff.ts), and Restore, which saves an old revision's
// content as a new draft through the type's store. A restore never publishes: what the site
// shows changes only when someone publishes the draft. The restore is a write like any other,
// so it is itself a revision (action "draft"), marked with the date of the one it brought back.
import type { Actor, AuditEntity } from "~/domain/audit";
import { ENTITY_LABELS } from "~/domain/audit";
import { isMissingStoredImage } from "~/domain/image.server";
import { DOCUMENT_STORES } from "./documents.server";
import type { DocumentType } from "./kit/document";
import type { CollectionType } from "./kit/types";
import { CONTENT_TYPES, DOCUMENT_TYPES } from "./registry";
import {
  collectionLabels,
  documentLabels,
  type FieldChange,
  fieldChanges,
  type Labels,
} from "./revision-diff";
import {
  contentOf,
  countRevisions,
  getRevision,
  listRevisions,
  markRestored,
  type Revision,
} from "./revisions.server";
import { STORES } from "./stores.server";

/** What restoring needs of a collection's store (kit/store.server.ts). */
interface CollectionDrafts {
  get(id: string): Promise<Record<string, unknown> | null>;
  /** False when the id names no record. */
  saveDraft(id: string, input: Record<string, unknown>, actor: Actor): Promise<boolean>;
}

/** What restoring needs of a single document's store (kit/document-store.server.ts). */
interface DocumentDrafts {
  get(): Promise<Record<string, unknown> | null>;
  getDraft(): Promise<Record<string, unknown> | null>;
  saveDraft(input: Record<string, unknown>, actor: Actor): Promise<unknown>;
}

/** A content type whose records have a history: a collection's (with an id) or a document. */
export type HistoryTarget =
  | { kind: "collection"; entity: AuditEntity; type: CollectionType; store: CollectionDrafts }
  | { kind: "document"; entity: AuditEntity; type: DocumentType; store: DocumentDrafts };

/** The content type an audit entity names ("faq", "hero"), or null for any other. */
export function historyTarget(entity: string): HistoryTarget | null {
  const collection = CONTENT_TYPES.find((type) => type.entity === entity);
  if (collection) {
    const store = STORES[collection.entity as keyof typeof STORES] as unknown as CollectionDrafts;
    return { kind: "collection", entity: collection.entity, type: collection, store };
  }
  const document = DOCUMENT_TYPES.find((type) => type.entity === entity);
  if (document) {
    const store = DOCUMENT_STORES[
      document.entity as keyof typeof DOCUMENT_STORES
    ] as unknown as DocumentDrafts;
    return { kind: "document", entity: document.entity, type: document, store };
  }
  return null;
}

/** The content type whose JSON API lives at `/api/<segment>` ("faqs", "hero-section"). */
export function historyTargetByApiPath(segment: string): HistoryTarget | null {
  const type = [...CONTENT_TYPES, ...DOCUMENT_TYPES].find(
    (one) => one.api.path === `/api/${segment}`,
  );
  return type ? historyTarget(type.entity) : null;
}

/** The record's id as revisions store it: a collection's, or null for a single document. */
export const entityIdOf = (target: HistoryTarget, id: string | undefined) =>
  target.kind === "collection" ? (id ?? "") : null;

/** The history page of a record (single documents: none). */
export function historyHref(entity: string, id: string | null, page = 1): string {
  const base = `/admin/dashboard/history/${encodeURIComponent(entity)}`;
  const path = id ? `${base}/${encodeURIComponent(id)}` : base;
  return page > 1 ? `${path}?page=${page}` : path;
}

/** What an editor's "History (N)" link needs: null while adding (nothing to show yet). */
export async function historyLink(entity: string, id: string | null | undefined, single = false) {
  if (!single && !id) return null;
  const entityId = single ? null : (id as string);
  return { href: historyHref(entity, entityId), count: await countRevisions(entity, entityId) };
}

/** Where the record is edited. */
export function editorHref(target: HistoryTarget, id: string | null): string {
  const path = target.type.admin.path;
  return target.kind === "collection"
    ? `${path}?edit=${encodeURIComponent(id ?? "")}`
    : `${path}?edit`;
}

/** How the page names the record: its current title, else its newest revision's (deleted). */
export async function recordName(
  target: HistoryTarget,
  id: string | null,
  newest: string | undefined,
): Promise<{ title: string; exists: boolean }> {
  const label = ENTITY_LABELS[target.entity];
  if (target.kind === "document") return { title: label, exists: true };
  const record = await target.store.get(id ?? "");
  if (record) return { title: `${label}: ${target.type.admin.subject(record)}`, exists: true };
  return { title: newest ? `${label}: ${newest}` : label, exists: false };
}

const labelsOf = (target: HistoryTarget): Labels =>
  target.kind === "collection" ? collectionLabels(target.type) : documentLabels(target.type);

/** A revision's publishing state in words. */
export function statusText(snapshot: Revision["snapshot"]): string {
  if (snapshot.status === "draft") return "Draft";
  return snapshot.draft ? "Published, with unpublished changes" : "Published";
}

/** A revision as the page and the JSON API show it (dates as ISO text). */
export interface RevisionView {
  id: string;
  at: string;
  actor: string;
  via: string;
  action: string;
  summary: string;
  status: string;
  restoredFrom: string | null;
  /**
   * "previous": `changes` are against the revision before; "created": against nothing (every
   * field is new); "none": the earliest revision kept of an older record, nothing to compare.
   */
  compared: "previous" | "created" | "none";
  changes: FieldChange[];
}

function viewOf(revision: Revision & { previous: Revision | null }, labels: Labels): RevisionView {
  const { previous, snapshot } = revision;
  const compared = previous ? "previous" : revision.action === "create" ? "created" : "none";
  const before = previous ? contentOf(previous.snapshot) : null;
  const changes =
    compared === "none"
      ? []
      : fieldChanges(before, contentOf(snapshot), labels.label, labels.order);
  // A change of state (published, unpublished, a draft saved beside the published record).
  const was = previous ? statusText(previous.snapshot) : "";
  const is = statusText(snapshot);
  const status: FieldChange[] =
    compared === "previous" && was !== is
      ? [
          {
            path: "status",
            label: "Status",
            parts: [
              { text: was, change: "removed" },
              { text: is, change: "added" },
            ],
          },
        ]
      : [];
  return {
    id: revision.id,
    at: revision.at.toISOString(),
    actor: revision.actor,
    via: revision.via,
    action: revision.action,
    summary: revision.summary,
    status: is,
    restoredFrom: revision.restoredFrom?.toISOString() ?? null,
    compared,
    changes: [...status, ...changes],
  };
}

/**
 * One page of a record's revisions, newest first, each with what changed; with `content`, each
 * also with the record as it was (the JSON API's answer; the page has no use for it).
 */
export async function revisionPage(
  target: HistoryTarget,
  id: string | null,
  page: number,
  options: { content?: boolean } = {},
) {
  const list = await listRevisions(target.entity, id, page);
  const labels = labelsOf(target);
  const items = list.items.map((revision) => ({
    ...viewOf(revision, labels),
    ...(options.content ? { content: contentOf(revision.snapshot) } : {}),
  }));
  return { ...list, items };
}

/** A plain object (not a list, not a date): merged key by key. */
const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** `base` with every value `over` has put over it, nested objects merged key by key. */
function merged(base: Record<string, unknown>, over: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = isPlain(under) && isPlain(value) ? merged(under, value) : value;
  }
  return out;
}

export type RestoreOutcome =
  | { status: "restored"; from: Date; picturesGone: number }
  | { status: "no-revision" | "no-record" };

/**
 * `content` with every address of a stored picture that has been deleted since (its record
 * released it, or the trash was emptied) left empty, and how many there were: a restored draft
 * must not put a broken image on the site when it is published. The editor then asks for a
 * picture where the type needs one.
 */
async function withoutGonePictures(
  content: Record<string, unknown>,
): Promise<{ content: Record<string, unknown>; gone: number }> {
  const gone = new Set<string>();
  const walk = async (value: unknown): Promise<unknown> => {
    if (typeof value === "string") {
      if (!(await isMissingStoredImage(value))) return value;
      gone.add(value);
      return "";
    }
    if (Array.isArray(value)) return Promise.all(value.map(walk));
    if (isPlain(value)) {
      const entries = await Promise.all(
        Object.entries(value).map(async ([key, inner]) => [key, await walk(inner)] as const),
      );
      return Object.fromEntries(entries);
    }
    return value;
  };
  const checked = (await walk(content)) as Record<string, unknown>;
  return { content: checked, gone: gone.size };
}

/**
 * Saves the revision `revisionId` of the record as a new draft, never published. The content is
 * what the store itself stored then, so it is not checked again against today's form. A
 * single document's revision holds only what the document stores itself (not the values it
 * shares with the site settings): those, and anything else the revision lacks, stay as the
 * editor has them now.
 */
export async function restoreRevision(
  target: HistoryTarget,
  id: string | null,
  revisionId: string,
  actor: Actor,
): Promise<RestoreOutcome> {
  const revision = await getRevision(target.entity, id, revisionId);
  if (!revision) return { status: "no-revision" };
  const { content, gone } = await withoutGonePictures(contentOf(revision.snapshot));
  const started = new Date();
  if (target.kind === "collection") {
    if (!(await target.store.saveDraft(id ?? "", content, actor))) return { status: "no-record" };
  } else {
    const current = (await target.store.getDraft()) ?? (await target.store.get()) ?? {};
    const input = target.type.toRecord(merged(current, content)) as Record<string, unknown>;
    await target.store.saveDraft(input, actor);
  }
  await markRestored(
    { entity: target.entity, entityId: id, actor: actor.email },
    started,
    revision.at,
  );
  return { status: "restored", from: revision.at, picturesGone: gone };
}
