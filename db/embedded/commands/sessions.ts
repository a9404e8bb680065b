// Sessions and transactions. See transactions.ts for the semantics we give transactions.

import type { Document } from "bson";
import { type UndoEntry, WriteContext } from "../collection";
import type { Engine } from "../engine";
import { splitNs } from "../ops";
import type { CommandContext, Handler } from "./context";

/**
 * Restores the documents a transaction changed, newest change first. A document that can no
 * longer be restored (another session took its unique key meanwhile) is reported and skipped.
 */
export async function rollback(
  engine: Engine,
  undo: readonly UndoEntry[],
  log: (line: string) => void,
): Promise<void> {
  const w = new WriteContext();
  // Restoring what was there before is not a new write: the validator does not apply.
  w.bypassValidation = true;
  for (let i = undo.length - 1; i >= 0; i--) {
    const entry = undo[i] as UndoEntry;
    const [db, name] = splitNs(entry.ns);
    const coll = engine.getCollection(db, name);
    if (!coll) continue;
    const current = coll.docs.get(entry.idKey);
    try {
      if (entry.before === undefined) {
        if (current) coll.delete(entry.idKey, w);
      } else if (current) {
        coll.replace(entry.idKey, current, entry.before, w);
      } else {
        coll.insert(entry.before, w);
      }
    } catch (error) {
      log(
        `abortTransaction: could not restore a document in ${entry.ns}: ${(error as Error).message}`,
      );
    }
  }
  await engine.commit(w);
}

async function abortTransaction(ctx: CommandContext): Promise<Document> {
  await rollback(ctx.engine, ctx.engine.txns.abort(ctx.body.lsid), ctx.log);
  return { ok: 1 };
}

function commitTransaction(ctx: CommandContext): Document {
  ctx.engine.txns.commit(ctx.body);
  return { ok: 1 };
}

/** Ending a session aborts its open transaction, as mongod does. */
async function endSessions(ctx: CommandContext): Promise<Document> {
  const ids = Array.isArray(ctx.body.endSessions) ? ctx.body.endSessions : [];
  for (const lsid of ids) {
    ctx.engine.sessions.end(lsid);
    const undo = ctx.engine.txns.abort(lsid);
    if (undo.length > 0) await rollback(ctx.engine, undo, ctx.log);
  }
  return { ok: 1 };
}

export const sessionHandlers: Record<string, Handler> = {
  endSessions,
  killSessions: endSessions,
  refreshSessions: () => ({ ok: 1 }),
  startSession: () => ({ ok: 1 }),
  commitTransaction,
  abortTransaction,
};
