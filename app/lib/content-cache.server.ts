// The content cache (docs/decisions/021-content-cache.md): what public pages are rendered from
// (the hero, the services page, the list of internships…), kept in memory between content
// changes, so a page the page cache cannot answer (a new query string, the first request after an
// edit, PAGE_CACHE=off) is rendered without a database round trip per section.
//
// - Fresh as the page cache is: every entry belongs to the content generation it was read under
//   (lib/content-version.server.ts: at once on the instance that changed content, within a
//   second on the others) and lives at most its TTL (PAGE_CACHE_TTL_SECONDS), so a write that
//   bypasses the domain functions (a manual `mongosh` update) shows within that time too.
// - Only reads: values are shared by every request, so they are frozen; a loader that changed
//   one would throw rather than change what other visitors see.
// - Time is not cached: what depends on the clock (an internship's deadline passing) is computed
//   per request from the cached documents.
// - Not for previews (a private preview link shows a draft): read from the database each time.
// - Off until `startContentCache` (app/server.ts startup(), not in development), so unit tests
//   and scripts that call loaders read the database as before.
import { contentGeneration } from "./content-version.server";
import { isPreview } from "./preview-context.server";

interface Entry {
  generation: number;
  expiresAt: number;
  value: Promise<unknown>;
}

export interface ContentCacheOptions {
  ttlMs: number;
  /**
   * Entries kept at most among those whose key a visitor chooses (one per blog post, blog
   * page…); the least recently used go first. Entries with fixed keys (the hero, the footer…)
   * are never evicted by them.
   */
  maxEntries?: number;
  now?: () => number;
}

export interface CachedContentOptions<T> {
  /** Whether the value is worth keeping, once known (an unknown blog post is not). */
  keep?: (value: T) => boolean;
  /** The key depends on the request (a post id, a page number): bounded by maxEntries. */
  perRequestKey?: boolean;
}

const DEFAULT_MAX_ENTRIES = 500;

let options: Required<ContentCacheOptions> | undefined;
/** Fixed keys: as many as the code names. */
const pinned = new Map<string, Entry>();
/** Keys that depend on the request, least recently used first. */
const entries = new Map<string, Entry>();

export function startContentCache(settings: ContentCacheOptions): void {
  options = { maxEntries: DEFAULT_MAX_ENTRIES, now: Date.now, ...settings };
  pinned.clear();
  entries.clear();
}

export function stopContentCache(): void {
  options = undefined;
  pinned.clear();
  entries.clear();
}

/** Entries held now (tests, diagnostics). */
export function contentCacheSize(): number {
  return pinned.size + entries.size;
}

/**
 * `load()`'s value, read once per content generation (and TTL) for `key` while the cache is on;
 * concurrent callers share one read. A failed read is not kept: the next caller tries again.
 */
export function cachedContent<T>(
  key: string,
  load: () => Promise<T>,
  { keep = () => true, perRequestKey = false }: CachedContentOptions<T> = {},
): Promise<T> {
  // A preview reads its draft, which no other visitor may be shown: never from or into the cache.
  if (!options || isPreview()) return load();
  const map = perRequestKey ? entries : pinned;
  const generation = contentGeneration();
  const now = options.now();
  const found = map.get(key);
  if (found) {
    map.delete(key);
    if (found.generation === generation && found.expiresAt > now) {
      // Most recently used last: eviction takes the first.
      map.set(key, found);
      return found.value as Promise<T>;
    }
  }
  const value = load().then(deepFreeze);
  const entry: Entry = { generation, expiresAt: now + options.ttlMs, value };
  map.set(key, entry);
  if (perRequestKey && entries.size > options.maxEntries) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  const forget = () => {
    if (map.get(key) === entry) map.delete(key);
  };
  value.then((v) => {
    if (!keep(v)) forget();
  }, forget);
  return value;
}

/**
 * Freezes plain objects and arrays all the way down. Class instances (Date, ObjectId, Buffer)
 * are left as they are: nothing renders by changing them, and a typed array cannot be frozen.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
  return value;
}
