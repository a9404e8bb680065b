// MongoDB wire protocol: message framing, request parsing and reply encoding.
//
// Reference: https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
// Only what the official drivers send today is understood: OP_QUERY for the first handshake
// on a connection (`admin.$cmd` hello/isMaster) and OP_MSG for everything else.

import { type Document, Double, deserialize, serialize } from "bson";
import { findUnkeptNumber } from "./numbers";

export const OpCode = {
  REPLY: 1,
  UPDATE: 2001,
  INSERT: 2002,
  QUERY: 2004,
  GET_MORE: 2005,
  DELETE: 2006,
  KILL_CURSORS: 2007,
  COMPRESSED: 2012,
  MSG: 2013,
} as const;

/** OP_MSG flag bits. */
export const MsgFlag = {
  checksumPresent: 1 << 0,
  moreToCome: 1 << 1,
  exhaustAllowed: 1 << 16,
} as const;

const HEADER_SIZE = 16;
/** What hello advertises as maxMessageSizeBytes; the driver never sends more. */
export const MAX_MESSAGE_SIZE = 48_000_000;
/** Hard framing limit: a little slack above the advertised size before we call it garbage. */
export const FRAME_LIMIT = MAX_MESSAGE_SIZE + 64 * 1024;
/** Flag bits 2-15 of OP_MSG are "required": a receiver must reject bits it does not know. */
const MSG_REQUIRED_UNKNOWN_BITS = 0xfffc;

export const DESERIALIZE_OPTIONS = {
  promoteLongs: true,
  promoteValues: true,
  promoteBuffers: false,
  bsonRegExp: false,
} as const;

export const SERIALIZE_OPTIONS = { checkKeys: false, ignoreUndefined: true } as const;

/** A complete message cut from the byte stream. */
export interface Frame {
  readonly requestId: number;
  readonly opCode: number;
  readonly bytes: Buffer;
}

/** Raised when a header is unusable: the stream cannot be resynchronised after it. */
export class FramingError extends Error {
  readonly requestId: number | undefined;
  constructor(message: string, requestId: number | undefined) {
    super(message);
    this.name = "FramingError";
    this.requestId = requestId;
  }
}

/** Raised when a framed message is malformed; the connection stays usable. */
export class ProtocolError extends Error {
  readonly requestId: number;
  readonly opCode: number;
  constructor(message: string, requestId: number, opCode: number) {
    super(message);
    this.name = "ProtocolError";
    this.requestId = requestId;
    this.opCode = opCode;
  }
}

/**
 * Cuts whole messages out of arbitrarily chunked socket data.
 *
 * Chunks are kept in a list and only copied when a message spans several of them, so a 48 MB
 * insert arriving in 64 kB pieces costs one copy instead of a quadratic series of concats.
 */
export class MessageFramer {
  private chunks: Buffer[] = [];
  private buffered = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
  }

  get bufferedBytes(): number {
    return this.buffered;
  }

  /** The next complete message, or null when more bytes are needed. Throws FramingError. */
  next(): Frame | null {
    if (this.buffered < 4) return null;
    const length = this.peekInt32(0);
    if (length < HEADER_SIZE || length > FRAME_LIMIT) {
      const requestId = this.buffered >= 8 ? this.peekInt32(4) : undefined;
      throw new FramingError(
        `invalid message length ${length} (must be between ${HEADER_SIZE} and ${FRAME_LIMIT})`,
        requestId,
      );
    }
    if (this.buffered < length) return null;
    const bytes = this.take(length);
    return { requestId: bytes.readInt32LE(4), opCode: bytes.readInt32LE(12), bytes };
  }

  private peekInt32(offset: number): number {
    const first = this.chunks[0];
    if (first && first.length >= offset + 4) return first.readInt32LE(offset);
    const head = Buffer.alloc(offset + 4);
    let copied = 0;
    for (const chunk of this.chunks) {
      copied += chunk.copy(head, copied, 0, Math.min(chunk.length, head.length - copied));
      if (copied === head.length) break;
    }
    return head.readInt32LE(offset);
  }

  private take(length: number): Buffer {
    this.buffered -= length;
    const first = this.chunks[0] as Buffer;
    if (first.length >= length) {
      // Common case: the whole message sits in one chunk; hand out a view, no copy.
      if (first.length === length) this.chunks.shift();
      else this.chunks[0] = first.subarray(length);
      return first.subarray(0, length);
    }
    const out = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const chunk = this.chunks[0] as Buffer;
      const need = length - filled;
      if (chunk.length <= need) {
        chunk.copy(out, filled);
        filled += chunk.length;
        this.chunks.shift();
      } else {
        chunk.copy(out, filled, 0, need);
        this.chunks[0] = chunk.subarray(need);
        filled += need;
      }
    }
    return out;
  }
}

/** A command extracted from OP_MSG or OP_QUERY. */
export interface CommandRequest {
  readonly requestId: number;
  readonly opCode: number;
  /** Database the command runs against (`$db` or the OP_QUERY namespace). */
  readonly db: string;
  /** Command body with kind-1 document sequences merged in under their identifiers. */
  readonly body: Document;
  /** OP_MSG moreToCome: the client expects no reply. */
  readonly moreToCome: boolean;
  /** A number in the command's data this server cannot keep like mongod (numbers.ts). */
  readonly unkeptNumber?: string | undefined;
}

function readCString(buf: Buffer, start: number, end: number): { value: string; next: number } {
  const zero = buf.indexOf(0, start);
  if (zero < 0 || zero >= end) throw new Error("unterminated C string");
  return { value: buf.toString("utf8", start, zero), next: zero + 1 };
}

function readDocument(buf: Buffer, start: number, end: number): { doc: Document; next: number } {
  if (start + 5 > end) throw new Error("truncated BSON document");
  const size = buf.readInt32LE(start);
  if (size < 5 || start + size > end) throw new Error(`invalid BSON document size ${size}`);
  const doc = deserialize(buf.subarray(start, start + size), DESERIALIZE_OPTIONS);
  return { doc, next: start + size };
}

/** Parses a framed message into a command. Throws ProtocolError for anything malformed. */
export function parseCommand(frame: Frame): CommandRequest {
  try {
    switch (frame.opCode) {
      case OpCode.MSG:
        return parseOpMsg(frame);
      case OpCode.QUERY:
        return parseOpQuery(frame);
      default:
        throw new Error(
          `unsupported opCode ${frame.opCode}: only OP_MSG (2013) and OP_QUERY (2004) are understood`,
        );
    }
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ProtocolError(message, frame.requestId, frame.opCode);
  }
}

function parseOpMsg(frame: Frame): CommandRequest {
  const buf = frame.bytes;
  if (buf.length < HEADER_SIZE + 5) throw new Error("OP_MSG too short");
  const flags = buf.readUInt32LE(HEADER_SIZE);
  if (flags & MSG_REQUIRED_UNKNOWN_BITS) {
    throw new Error(`OP_MSG has unknown required flag bits 0x${flags.toString(16)}`);
  }
  // The trailing CRC-32C is optional and only protects against corruption TCP already
  // detects; skip it rather than verify it (the driver never sets the bit).
  const end = flags & MsgFlag.checksumPresent ? buf.length - 4 : buf.length;
  let pos = HEADER_SIZE + 4;
  let body: Document | undefined;
  let bodyStart = 0;
  const sequences: Array<[string, Document[]]> = [];
  const offsets: Array<[string, number[]]> = [];
  while (pos < end) {
    const kind = buf[pos++];
    if (kind === 0) {
      if (body) throw new Error("OP_MSG has more than one body section");
      const read = readDocument(buf, pos, end);
      body = read.doc;
      bodyStart = pos;
      pos = read.next;
    } else if (kind === 1) {
      if (pos + 4 > end) throw new Error("truncated document sequence");
      const size = buf.readInt32LE(pos);
      const sectionEnd = pos + size;
      if (size < 5 || sectionEnd > end) throw new Error(`invalid document sequence size ${size}`);
      const name = readCString(buf, pos + 4, sectionEnd);
      const docs: Document[] = [];
      const starts: number[] = [];
      let p = name.next;
      while (p < sectionEnd) {
        const read = readDocument(buf, p, sectionEnd);
        docs.push(read.doc);
        starts.push(p);
        p = read.next;
      }
      sequences.push([name.value, docs]);
      offsets.push([name.value, starts]);
      pos = sectionEnd;
    } else {
      throw new Error(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!body) throw new Error("OP_MSG has no body section");
  for (const [name, docs] of sequences) {
    const existing = body[name];
    body[name] = Array.isArray(existing) ? existing.concat(docs) : docs;
  }
  const db = body.$db;
  if (typeof db !== "string" || db.length === 0) throw new Error("OP_MSG body lacks $db");
  return {
    requestId: frame.requestId,
    opCode: frame.opCode,
    db,
    body,
    moreToCome: (flags & MsgFlag.moreToCome) !== 0,
    unkeptNumber: findUnkeptNumber(buf, bodyStart, offsets),
  };
}

function parseOpQuery(frame: Frame): CommandRequest {
  const buf = frame.bytes;
  let pos = HEADER_SIZE + 4; // skip flags
  const ns = readCString(buf, pos, buf.length);
  pos = ns.next + 8; // numberToSkip, numberToReturn
  const { doc } = readDocument(buf, pos, buf.length);
  const dot = ns.value.indexOf(".");
  const db = dot > 0 ? ns.value.slice(0, dot) : "";
  if (!db || ns.value.slice(dot + 1) !== "$cmd") {
    throw new Error(`OP_QUERY is only supported for commands (<db>.$cmd), got '${ns.value}'`);
  }
  // Legacy drivers wrap the command as {$query: {...}, $readPreference: ...}.
  const body = doc.$query && typeof doc.$query === "object" ? (doc.$query as Document) : doc;
  return { requestId: frame.requestId, opCode: frame.opCode, db, body, moreToCome: false };
}

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const head = Buffer.allocUnsafe(HEADER_SIZE);
  head.writeInt32LE(length, 0);
  head.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  head.writeInt32LE(responseTo, 8);
  head.writeInt32LE(opCode, 12);
  return head;
}

/** BSON-encodes a document as a Buffer (bson returns a Buffer typed as Uint8Array on Node). */
export function serializeDoc(doc: Document): Buffer {
  const bytes = serialize(doc, SERIALIZE_OPTIONS);
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Serialises a reply document (already-encoded BSON is passed through). mongod appends `ok` as a
 * double (1.0 or 0.0, CommandHelpers::appendSimpleCommandStatus); a plain number here would be
 * written as an int32.
 */
export function encodeBody(body: Document | Buffer): Buffer {
  if (Buffer.isBuffer(body)) return body;
  return serializeDoc(typeof body.ok === "number" ? { ...body, ok: new Double(body.ok) } : body);
}

/** OP_MSG reply: header, flagBits 0, one kind-0 section. Returned as parts to avoid a copy. */
export function encodeMsgReply(responseTo: number, body: Document | Buffer): Buffer[] {
  const bson = encodeBody(body);
  const head = header(HEADER_SIZE + 5 + bson.length, responseTo, OpCode.MSG);
  const flagsAndKind = Buffer.alloc(5); // flagBits 0 + section kind 0
  return [head, flagsAndKind, bson];
}

/** OP_REPLY (answer to OP_QUERY): responseFlags, cursorID 0, startingFrom 0, numberReturned 1. */
export function encodeOpReply(responseTo: number, body: Document | Buffer, flags = 0): Buffer[] {
  const bson = encodeBody(body);
  const head = header(HEADER_SIZE + 20 + bson.length, responseTo, OpCode.REPLY);
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(flags, 0);
  // cursorID (int64) and startingFrom stay 0
  fields.writeInt32LE(1, 16);
  return [head, fields, bson];
}

/** OP_REPLY responseFlags bit 1: the query failed and the document is `{$err, code}`. */
export const REPLY_QUERY_FAILURE = 1 << 1;
