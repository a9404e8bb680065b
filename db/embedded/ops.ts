// Journal operations: the logical effects of committed commands.
//
// Every operation records a final state ("this document now reads X", "this _id is gone"), never
// a delta, so replaying a journal needs no query or update semantics and cannot diverge from
// what was acknowledged.

import type { Document, UUID } from "bson";
import type { IndexSpec } from "./indexes";
import type { Doc } from "./values";

export type JournalOp =
  /** Insert or full replacement of one document. */
  | { t: "put"; ns: string; d: Doc }
  /** Deletion by `_id`. */
  | { t: "del"; ns: string; id: unknown }
  | { t: "mkcoll"; ns: string; uuid: UUID; options: Document }
  /** New options of an existing collection or view (collMod). */
  | { t: "setopts"; ns: string; options: Document }
  | { t: "drop"; ns: string }
  | { t: "mkidx"; ns: string; spec: IndexSpec }
  | { t: "rmidx"; ns: string; name: string }
  | { t: "dropdb"; db: string }
  | { t: "rename"; from: string; to: string };

/** Splits "db.coll.name" into its database and collection (collection names may contain dots). */
export function splitNs(ns: string): [string, string] {
  const dot = ns.indexOf(".");
  return dot < 0 ? [ns, ""] : [ns.slice(0, dot), ns.slice(dot + 1)];
}
