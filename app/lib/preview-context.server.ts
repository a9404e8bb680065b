// Which record the current request previews, if any (a private preview link, issue 24). The
// stores' public reads ask `previewing(entity)`: for that one record they show its draft
// instead of what is published. AsyncLocalStorage keeps it to the one request, so nothing a
// preview shows can leak into another visitor's page (the caches are bypassed as well).
import { AsyncLocalStorage } from "node:async_hooks";

export interface PreviewTarget {
  /** The audit entity of the previewed record's type (`blog`, `hero`…). */
  entity: string;
  /** The record's id; null for a single document (the hero, the footer…). */
  id: string | null;
}

const storage = new AsyncLocalStorage<PreviewTarget>();

/** Runs `fn` (a request's handling) as a preview of `target`. */
export function runAsPreview<T>(target: PreviewTarget, fn: () => T): T {
  return storage.run(target, fn);
}

/** The record of type `entity` this request previews, or null (not a preview, or another type). */
export function previewing(entity: string): PreviewTarget | null {
  const target = storage.getStore();
  return target && target.entity === entity ? target : null;
}

/** Whether this request is a preview at all (caches must not keep or serve its answer). */
export function isPreview(): boolean {
  return storage.getStore() !== undefined;
}
