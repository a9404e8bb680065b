// Command dispatch. Every handler runs inside one try/catch: whatever a handler throws becomes
// an `{ok: 0, code, codeName, errmsg}` reply and never reaches the socket or the process.

import { OPEN_COMMANDS } from "../auth";
import { CommandError, ErrorCode, toCommandError } from "../errors";
import { unkeptNumberError } from "../numbers";
import { authHandlers } from "./auth";
import type { CommandContext, CommandResult, Handler } from "./context";
import { ddlHandlers } from "./ddl";
import { checkGenericArguments } from "./generic";
import { helloHandlers } from "./hello";
import { readHandlers } from "./read";
import { sessionHandlers } from "./sessions";
import { writeHandlers } from "./write";

const HANDLERS = new Map<string, Handler>(
  Object.entries({
    ...helloHandlers,
    ...readHandlers,
    ...writeHandlers,
    ...ddlHandlers,
    ...sessionHandlers,
    ...authHandlers,
  }),
);

export const COMMAND_NAMES: readonly string[] = Array.from(HANDLERS.keys()).sort();

HANDLERS.set("listCommands", () => {
  const commands: Record<string, { help: string }> = {};
  for (const name of COMMAND_NAMES) commands[name] = { help: "" };
  return { commands, ok: 1 };
});

/**
 * Commands mongod 7.0 has and this server does not offer: refused (115) rather than called
 * unknown (59), which would read as a typo. Commands removed before 7.0 (`eval`, `getLastError`,
 * `geoSearch`, ...) stay unknown, as in mongod.
 */
const NOT_OFFERED = new Set([
  "explain",
  "mapReduce",
  "validate",
  "compact",
  "reIndex",
  "convertToCapped",
  "cloneCollectionAsCapped",
  "dataSize",
  "dbHash",
  "filemd5",
  "analyze",
  "createUser",
  "updateUser",
  "dropUser",
  "dropAllUsersFromDatabase",
  "usersInfo",
  "grantRolesToUser",
  "revokeRolesFromUser",
  "createRole",
  "updateRole",
  "dropRole",
  "dropAllRolesFromDatabase",
  "rolesInfo",
  "grantPrivilegesToRole",
  "revokePrivilegesFromRole",
  "grantRolesToRole",
  "revokeRolesFromRole",
  "logout",
  "currentOp",
  "killOp",
  "killAllSessions",
  "killAllSessionsByPattern",
  "fsync",
  "fsyncUnlock",
  "shutdown",
  "setParameter",
  "setFeatureCompatibilityVersion",
  "top",
  "profile",
  "logRotate",
  "lockInfo",
  "connPoolStats",
  "planCacheClear",
  "planCacheClearFilters",
  "planCacheListFilters",
  "planCacheSetFilter",
  "setIndexCommitQuorum",
  "replSetGetStatus",
  "replSetGetConfig",
  "replSetInitiate",
]);

/** Runs one command and returns its reply; never throws. */
export async function runCommand(ctx: CommandContext): Promise<CommandResult> {
  const name = Object.keys(ctx.body)[0] ?? "";
  const handler = HANDLERS.get(name);
  if (!handler) {
    if (NOT_OFFERED.has(name)) {
      // mongod knows the command, so an anonymous caller hears Unauthorized first.
      const anonymous = ctx.auth.required && ctx.auth.username === undefined;
      return (
        anonymous
          ? new CommandError(ErrorCode.Unauthorized, `Command ${name} requires authentication`)
          : new CommandError(
              ErrorCode.CommandNotSupported,
              `the embedded server does not implement the ${name} command`,
            )
      ).toReply();
    }
    return new CommandError(ErrorCode.CommandNotFound, `no such command: '${name}'`).toReply();
  }
  // Like mongod, an unknown command is reported as such before authentication is checked.
  if (ctx.auth.required && ctx.auth.username === undefined && !OPEN_COMMANDS.has(name)) {
    return new CommandError(
      ErrorCode.Unauthorized,
      `Command ${name} requires authentication`,
    ).toReply();
  }
  try {
    // A standalone mongod refuses transactions (and retryable writes, which the driver does not
    // attempt against a standalone) before anything else. Accepting them without isolation
    // would let code that relies on a transaction's isolation and atomicity run without either.
    if (ctx.body.txnNumber !== undefined) {
      throw new CommandError(
        ErrorCode.IllegalOperation,
        "Transaction numbers are only allowed on a replica set member or mongos",
      );
    }
    checkGenericArguments(name, ctx.body);
    if (ctx.unkeptNumber !== undefined) throw unkeptNumberError(ctx.unkeptNumber);
    if (name !== "endSessions" && name !== "killSessions") ctx.engine.sessions.touch(ctx.body.lsid);
    return await handler(ctx);
  } catch (error) {
    const commandError = toCommandError(error);
    if (commandError.code === ErrorCode.InternalError) {
      ctx.log(`command ${name} failed: ${(error as Error)?.stack ?? String(error)}`);
    }
    return commandError.toReply();
  }
}
