// Which content the public pages were rendered from, for the page cache (lib/page-cache.server.ts,
// docs/decisions/016-page-cache.md).
//
// Every content write (admin editors, JSON API, seeding) bumps a counter in MongoDB. Each app
// instance keeps a local `generation`: it moves on at once when this instance made the change,
// and within about a second when another instance did (a poll of that one small document), so a
// page rendered before a change is never served after it for longer than that. Pages rendered
// under an older generation are thrown away rather than compared field by field.
import cluster from "node:cluster";
import type { Db } from "mongodb";
import { getCollections } from "#db/client.server";
import { collections } from "#db/collections";

/** The settings document holding the counter (settings collection, shared by every instance). */
export const CONTENT_VERSION_ID = "contentVersion";

/** How often an instance looks for changes made by others: well inside the 2 s promise. */
export const CONTENT_VERSION_POLL_MS = 1_000;

let generation = 0;
/** The last counter value read from MongoDB (undefined until the first read). */
let lastSeen: number | undefined;
let poller: ReturnType<typeof setInterval> | undefined;
let polling = false;

/** This instance's content generation: a cached page is valid only under the one it was made in. */
export function contentGeneration(): number {
  return generation;
}

/** Forget every page rendered so far on this instance. */
export function invalidateLocally(): void {
  generation += 1;
}

// Cluster mode (server.js, WEB_CONCURRENCY > 1): the workers of one server are instances too,
// but they can be told at once. A worker announces its change to the primary, which passes it on
// to the others (server.js relays every "bureau:" message) before the admin has the answer, so
// in practice the next request shows the change whichever worker it reaches. The counter in
// MongoDB stays the guarantee (within a poll); this only gets there sooner.
const CONTENT_CHANGED_MESSAGE = "bureau:content-changed";

function tellOtherWorkers(): void {
  if (!cluster.isWorker || !process.send || !process.connected) return;
  // A closed channel (the primary is stopping) is no reason to fail the write that got here.
  process.send({ type: CONTENT_CHANGED_MESSAGE }, undefined, {}, () => {});
}

function onWorkerMessage(message: unknown): void {
  if ((message as { type?: unknown } | null)?.type === CONTENT_CHANGED_MESSAGE) {
    invalidateLocally();
  }
}

/**
 * Records that public content changed: this instance's pages go at once (and in cluster mode the
 * other workers' too), other instances' on their next poll. Never throws: the change itself has happened; if the counter cannot be
 * written, other instances still drop their pages when they expire (PAGE_CACHE_TTL_SECONDS).
 */
export async function contentChanged(db?: Db): Promise<void> {
  invalidateLocally();
  tellOtherWorkers();
  try {
    const { settings } = db ? collections(db) : await getCollections();
    const doc = await settings.findOneAndUpdate(
      { _id: CONTENT_VERSION_ID },
      { $inc: { version: 1 }, $setOnInsert: { value: "", createdAt: new Date() } },
      { upsert: true, returnDocument: "after" },
    );
    // Only our own change since the last read: the poll need not invalidate again for it. If
    // another instance's change came in between, leave it to the poll (which invalidates).
    if (!db && lastSeen !== undefined && doc?.version === lastSeen + 1) lastSeen = doc.version;
  } catch (error) {
    console.error("[page cache] could not record a content change for other instances:", error);
  }
}

/** One poll: reads the counter and moves the generation on when another instance changed it. */
export async function checkContentVersion(): Promise<void> {
  if (polling) return;
  polling = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { settings } = await getCollections();
    // A read that hangs (a stalled connection) must not stop the polls for good.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("content version read timed out")), 2_000);
    });
    const doc = await Promise.race([
      settings.findOne({ _id: CONTENT_VERSION_ID }, { projection: { version: 1 } }),
      timeout,
    ]);
    const version = typeof doc?.version === "number" ? doc.version : 0;
    // The first read too: pages cached before it (a database that came up late) may be older.
    if (version !== lastSeen) invalidateLocally();
    lastSeen = version;
  } catch {
    // Database unreachable: cached pages keep being served until they expire; the outage is
    // logged once by the connection module.
  } finally {
    clearTimeout(timer);
    polling = false;
  }
}

/** Starts the poll (app/server.ts startup()); its timer never keeps the process alive. */
export function watchContentVersion(intervalMs = CONTENT_VERSION_POLL_MS): void {
  if (poller) return;
  if (cluster.isWorker) process.on("message", onWorkerMessage);
  void checkContentVersion();
  poller = setInterval(() => void checkContentVersion(), intervalMs);
  poller.unref();
}

export function stopWatchingContentVersion(): void {
  if (poller) clearInterval(poller);
  poller = undefined;
  process.off("message", onWorkerMessage);
}
