// Arguments every command may carry (Stable API, read and write concern), checked before the
// command runs, as mongod does. The embedded server is a standalone: requests that only a replica
// set can honour are refused with mongod's standalone answers instead of being served as if they
// had been honoured.

import type { Document } from "bson";
import { CommandError, ErrorCode } from "../errors";
import { isPlainObject } from "../values";

/**
 * Commands in Stable API version 1 (MongoDB 7.0). With `apiStrict: true` any other command is
 * refused with APIStrictError (323). The handshake and SASL commands are exempt in mongod too.
 */
const API_V1_COMMANDS = new Set([
  "abortTransaction",
  "aggregate",
  "authenticate",
  "collMod",
  "commitTransaction",
  "count",
  "create",
  "createIndexes",
  "delete",
  "drop",
  "dropDatabase",
  "dropIndexes",
  "endSessions",
  "explain",
  "find",
  "findAndModify",
  "getMore",
  "hello",
  "insert",
  "killCursors",
  "listCollections",
  "listDatabases",
  "listIndexes",
  "ping",
  "refreshSessions",
  "update",
  // Always allowed: the driver's handshake and authentication.
  "isMaster",
  "ismaster",
  "saslStart",
  "saslContinue",
]);

/** Aggregation stages outside Stable API version 1 that the embedded server knows. */
const NON_V1_STAGES = new Set([
  "$listLocalSessions",
  "$listSessions",
  "$currentOp",
  "$collStats",
  "$indexStats",
  "$planCacheStats",
]);

/** Arguments any command may carry besides its own (strict command parsers accept them). */
export const GENERIC_ARGUMENTS = new Set([
  "$db",
  "lsid",
  "txnNumber",
  "autocommit",
  "startTransaction",
  "$clusterTime",
  "$readPreference",
  "apiVersion",
  "apiStrict",
  "apiDeprecationErrors",
  "writeConcern",
  "readConcern",
  "comment",
  "maxTimeMS",
  "$client",
]);

const READ_CONCERN_LEVELS = new Set(["local", "majority", "linearizable", "available", "snapshot"]);

function checkApiVersion(name: string, body: Document): void {
  const version = body.apiVersion;
  if (version === undefined) {
    if (body.apiStrict !== undefined || body.apiDeprecationErrors !== undefined) {
      throw new CommandError(
        ErrorCode.Location4886600,
        "Provided apiStrict and/or apiDeprecationErrors without passing apiVersion",
      );
    }
    return;
  }
  if (version !== "1") {
    throw new CommandError(
      ErrorCode.APIVersionError,
      `API version must be "1". Provided apiVersion: ${JSON.stringify(version)}`,
    );
  }
  if (body.apiStrict !== true) return;
  if (!API_V1_COMMANDS.has(name)) {
    throw new CommandError(
      ErrorCode.APIStrictError,
      `Provided apiStrict:true, but the command ${name} is not in API Version 1. Information on supported commands and operators can be found at https://dochub.mongodb.org/core/manual-versioning`,
    );
  }
  if (name === "aggregate" && Array.isArray(body.pipeline)) {
    for (const stage of body.pipeline) {
      const stageName = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
      if (stageName !== undefined && NON_V1_STAGES.has(stageName)) {
        throw new CommandError(
          ErrorCode.APIStrictError,
          `${stageName} is not allowed with 'apiStrict: true' in API Version 1`,
        );
      }
    }
  }
}

function checkReadConcern(body: Document): void {
  const readConcern = body.readConcern;
  if (readConcern === undefined || readConcern === null) return;
  if (!isPlainObject(readConcern)) {
    throw new CommandError(ErrorCode.TypeMismatch, "readConcern must be an object");
  }
  const level = readConcern.level;
  if (level !== undefined) {
    if (typeof level !== "string" || !READ_CONCERN_LEVELS.has(level)) {
      throw new CommandError(
        ErrorCode.BadValue,
        `Enumeration value '${String(level)}' for field 'readConcern.level' is not a valid value.`,
      );
    }
    // A standalone has no majority commit point to read a snapshot at, nor a replica set to
    // confirm a linearizable read with.
    if (level === "snapshot" || level === "linearizable") {
      throw new CommandError(
        ErrorCode.NotAReplicaSet,
        `node needs to be a replica set member to use readConcern: ${level}`,
      );
    }
  }
  if (readConcern.afterClusterTime !== undefined || readConcern.atClusterTime !== undefined) {
    throw new CommandError(
      ErrorCode.IllegalOperation,
      "readConcern afterClusterTime and atClusterTime need a replica set: a standalone has no cluster time",
    );
  }
}

function checkWriteConcern(body: Document): void {
  const writeConcern = body.writeConcern;
  if (!isPlainObject(writeConcern)) return;
  const w = writeConcern.w;
  if (typeof w === "number" && w > 1) {
    throw new CommandError(
      ErrorCode.BadValue,
      "cannot use 'w' > 1 when a host is not running with replication enabled",
    );
  }
  if (typeof w === "string" && w !== "majority") {
    throw new CommandError(
      ErrorCode.BadValue,
      `cannot use non-majority 'w' mode "${w}" when a host is not a member of a replica set`,
    );
  }
}

/** Throws the error mongod would give for the command's generic arguments, if any. */
export function checkGenericArguments(name: string, body: Document): void {
  checkApiVersion(name, body);
  checkReadConcern(body);
  checkWriteConcern(body);
}
