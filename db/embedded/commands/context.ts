// What every command handler receives, and small argument helpers shared by handlers.

import type { Document } from "bson";
import type { AuthSession } from "../auth";
import { type Collation, parseCollation } from "../collation";
import type { Collection } from "../collection";
import {
  type CursorState,
  DEFAULT_FIRST_BATCH,
  DocSource,
  encodeCursorReply,
  takeBatch,
} from "../cursor";
import type { Engine } from "../engine";
import { CommandError, ErrorCode } from "../errors";
import type { Doc } from "../values";

export interface ServerInfo {
  readonly host: string;
  readonly port: number;
}

export interface CommandContext {
  readonly engine: Engine;
  readonly server: ServerInfo;
  /** Database the command targets ($db). */
  readonly db: string;
  readonly body: Document;
  readonly connectionId: number;
  readonly remoteAddress: string;
  /** The connection's authentication state (who signed in, an open SCRAM conversation). */
  readonly auth: AuthSession;
  readonly log: (line: string) => void;
  /** A number in the command's data this server cannot keep like mongod (numbers.ts). */
  readonly unkeptNumber?: string | undefined;
}

/** A reply document, or an already-encoded BSON reply (cursor batches). */
export type CommandResult = Document | Buffer;
export type Handler = (ctx: CommandContext) => CommandResult | Promise<CommandResult>;

/** The collection name a command's first field names (`{find: "users"}`). */
export function collectionArg(ctx: CommandContext, command: string): string {
  const value = ctx.body[command];
  if (typeof value !== "string" || value.length === 0) {
    throw new CommandError(
      ErrorCode.InvalidNamespace,
      `collection name has invalid type ${value === null ? "null" : typeof value}`,
    );
  }
  return value;
}

export function optionalObject(body: Document, field: string): Document | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new CommandError(ErrorCode.TypeMismatch, `'${field}' must be an object`);
  }
  return value as Document;
}

export function optionalArray(body: Document, field: string): unknown[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw new CommandError(ErrorCode.TypeMismatch, `'${field}' must be an array`);
  return value;
}

/** Non-negative integer argument (skip, limit, batchSize); Long values arrive as numbers. */
export function optionalCount(
  body: Document,
  field: string,
  allowNegative = false,
): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n) || !Number.isInteger(n) || (!allowNegative && n < 0)) {
    throw new CommandError(
      ErrorCode.BadValue,
      `${field} must be a ${allowNegative ? "" : "non-negative "}integer, got ${String(value)}`,
    );
  }
  return n;
}

/** Reads a cursor id sent by the driver (Long promoted to a number). */
export function cursorIdArg(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (value && typeof value === "object" && "toNumber" in value) {
    return (value as { toNumber(): number }).toNumber();
  }
  throw new CommandError(ErrorCode.TypeMismatch, "cursor id must be a long");
}

export interface CursorReplyOptions {
  batchSize?: number | undefined;
  singleBatch?: boolean | undefined;
  awaitData?: boolean | undefined;
}

/** Answers with a first batch and, if documents remain, a server-side cursor for getMore. */
export function cursorReply(
  ctx: CommandContext,
  ns: string,
  docs: readonly Doc[] | DocSource,
  options: CursorReplyOptions = {},
): Buffer {
  const source = docs instanceof DocSource ? docs : DocSource.of(docs);
  const batchSize = options.batchSize ?? DEFAULT_FIRST_BATCH;
  const batch =
    batchSize === 0 && !options.singleBatch
      ? { docs: [], exhausted: source.peek() === undefined }
      : takeBatch(source, batchSize);
  let id = 0;
  // A tailable cursor stays open at the end of its collection, waiting for new documents.
  if ((!batch.exhausted || source.tailable) && !options.singleBatch) {
    const cursor = ctx.engine.cursors.open(ns, source);
    if (options.awaitData) cursor.awaitData = true;
    id = cursor.id;
  }
  return encodeCursorReply(ns, id, "firstBatch", batch.docs);
}

/** Serves the next batch of an open cursor; the cursor closes itself once exhausted. */
export function nextBatchReply(
  ctx: CommandContext,
  cursor: CursorState,
  batchSize: number,
): Buffer {
  const batch = takeBatch(cursor.source, batchSize);
  let id = cursor.id;
  if (batch.exhausted && !cursor.source.tailable) {
    ctx.engine.cursors.kill(cursor.id);
    id = 0;
  }
  return encodeCursorReply(cursor.ns, id, "nextBatch", batch.docs);
}

/**
 * The collation a command runs with: its own `collation` argument (`{locale: "simple"}` asks
 * for binary comparison), else the collection's default collation.
 */
export function collationArg(doc: Document, coll: Collection | undefined): Collation | undefined {
  if (doc.collation !== undefined && doc.collation !== null) return parseCollation(doc.collation);
  return coll?.collation;
}
