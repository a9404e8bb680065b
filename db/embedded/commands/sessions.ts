// Sessions. Multi-document transactions are refused as a standalone mongod refuses them: any
// command carrying a txnNumber fails in runCommand (see there), so commitTransaction and
// abortTransaction only arrive here without one.

import type { Document } from "bson";
import { CommandError, ErrorCode } from "../errors";
import type { CommandContext, Handler } from "./context";

function endSessions(ctx: CommandContext): Document {
  const ids = Array.isArray(ctx.body.endSessions) ? ctx.body.endSessions : [];
  for (const lsid of ids) ctx.engine.sessions.end(lsid);
  return { ok: 1 };
}

/** mongod's answer to commitTransaction or abortTransaction outside a transaction. */
function notInTransaction(name: string): Handler {
  return () => {
    throw new CommandError(ErrorCode.CommandFailed, `${name} must be run within a transaction`);
  };
}

export const sessionHandlers: Record<string, Handler> = {
  endSessions,
  killSessions: endSessions,
  refreshSessions: () => ({ ok: 1 }),
  startSession: () => ({ ok: 1 }),
  commitTransaction: notInTransaction("commitTransaction"),
  abortTransaction: notInTransaction("abortTransaction"),
};
