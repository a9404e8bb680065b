// TTL indexes: a periodic sweep deletes documents whose indexed date has expired, like mongod's
// TTL monitor (which runs every 60 s; the interval is configurable here so tests stay fast).

import { WriteContext } from "./collection";
import type { Engine } from "./engine";
import { indexValues } from "./values";

/**
 * Deletes every expired document and returns the write context holding the deletions (the
 * caller commits it). A document expires when the earliest date in its TTL field plus
 * expireAfterSeconds has passed; documents without a date there never expire.
 */
export function sweepExpired(engine: Engine, now: number): WriteContext {
  const w = new WriteContext();
  for (const coll of engine.collections()) {
    for (const index of coll.indexes) {
      const ttl = index.ttlSeconds;
      if (ttl === undefined) continue;
      const field = index.fields[0] as string;
      const expired: string[] = [];
      for (const [idKey, doc] of coll.docs) {
        let earliest = Number.POSITIVE_INFINITY;
        for (const value of indexValues(doc, field)) {
          if (value instanceof Date) earliest = Math.min(earliest, value.getTime());
        }
        // Partial/sparse TTL indexes only cover the documents they index.
        if (earliest + ttl * 1000 <= now && index.keysFor(doc) !== null) expired.push(idKey);
      }
      for (const idKey of expired) coll.delete(idKey, w);
    }
  }
  return w;
}
