// On-disk record framing shared by the journal and the snapshot.
//
//   offset  size  field
//        0     4  magic 0x31524A42 ("BJR1" little-endian)
//        4     4  payload length (uint32 LE)
//        8     4  CRC-32 of the payload
//       12     4  CRC-32 of bytes 0..11 (protects the length: a flipped length bit must not
//                 make a record in the middle look like a torn tail and swallow its successors)
//       16     n  payload: one or more BSON documents back to back
//
// A file starts with a header record whose payload is {format, kind, version, epoch}.

import { crc32 } from "node:zlib";
import { type Document, deserialize } from "bson";
import { serializeDoc } from "../wire";

export const RECORD_MAGIC = 0x31524a42;
export const RECORD_HEADER_SIZE = 16;
export const FORMAT_NAME = "bureau-embedded-mongodb";
export const FORMAT_VERSION = 1;

/** Values inside stored documents must come back exactly as they went in. */
export const STORAGE_DESERIALIZE_OPTIONS = {
  promoteLongs: true,
  promoteValues: true,
  promoteBuffers: false,
  bsonRegExp: false,
} as const;

export function encodeRecord(payload: Buffer): Buffer {
  const out = Buffer.allocUnsafe(RECORD_HEADER_SIZE + payload.length);
  out.writeUInt32LE(RECORD_MAGIC, 0);
  out.writeUInt32LE(payload.length, 4);
  out.writeUInt32LE(crc32(payload), 8);
  out.writeUInt32LE(crc32(out.subarray(0, 12)), 12);
  payload.copy(out, RECORD_HEADER_SIZE);
  return out;
}

/** A record holding several BSON documents (one commit = one record = atomic on recovery). */
export function encodeDocsRecord(docs: readonly Document[]): Buffer {
  if (docs.length === 1) return encodeRecord(serializeDoc(docs[0] as Document));
  return encodeRecord(Buffer.concat(docs.map((d) => serializeDoc(d))));
}

export function decodePayload(payload: Buffer): Document[] {
  const docs: Document[] = [];
  let pos = 0;
  while (pos < payload.length) {
    if (pos + 4 > payload.length) throw new Error("truncated document in record");
    const size = payload.readInt32LE(pos);
    if (size < 5 || pos + size > payload.length) throw new Error(`bad document size ${size}`);
    docs.push(deserialize(payload.subarray(pos, pos + size), STORAGE_DESERIALIZE_OPTIONS));
    pos += size;
  }
  return docs;
}

/** A data file that cannot be trusted: start-up must stop and name it. */
export class CorruptFileError extends Error {
  readonly file: string;
  readonly offset: number;
  constructor(file: string, offset: number, reason: string) {
    super(
      `Embedded MongoDB: data file ${file} is corrupt at byte ${offset} (${reason}). ` +
        "Refusing to start so that no acknowledged write is silently lost; restore the file from a backup or move it away to start without it.",
    );
    this.name = "CorruptFileError";
    this.file = file;
    this.offset = offset;
  }
}

export interface ScanResult {
  /** Payloads of the intact records, in order. */
  readonly payloads: Buffer[];
  /** Byte length of the intact prefix. */
  readonly validLength: number;
  /** Why the tail was cut, when it was (a crash in the middle of an append). */
  readonly tornTail: string | undefined;
}

function allZero(buf: Buffer, from: number): boolean {
  for (let i = from; i < buf.length; i++) if (buf[i] !== 0) return false;
  return true;
}

/**
 * Splits a file into records. An incomplete last record (a crash mid-append: short header,
 * length past the end, zero-filled or checksum-failing final record) is reported as a torn tail;
 * damage followed by more data is corruption and throws CorruptFileError.
 */
export function scanRecords(buf: Buffer, file: string, allowTornTail: boolean): ScanResult {
  const payloads: Buffer[] = [];
  let pos = 0;
  const torn = (reason: string): ScanResult => {
    if (!allowTornTail) throw new CorruptFileError(file, pos, reason);
    return { payloads, validLength: pos, tornTail: `${reason} at byte ${pos}` };
  };
  while (pos < buf.length) {
    const remaining = buf.length - pos;
    if (remaining < RECORD_HEADER_SIZE) {
      return torn(`incomplete record header (${remaining} bytes)`);
    }
    const headerOk =
      buf.readUInt32LE(pos) === RECORD_MAGIC &&
      buf.readUInt32LE(pos + 12) === crc32(buf.subarray(pos, pos + 12));
    if (!headerOk) {
      if (allZero(buf, pos)) return torn("zero-filled tail");
      throw new CorruptFileError(file, pos, "bad record header");
    }
    const length = buf.readUInt32LE(pos + 4);
    const end = pos + RECORD_HEADER_SIZE + length;
    if (end > buf.length) return torn(`record of ${length} bytes cut short`);
    const payload = buf.subarray(pos + RECORD_HEADER_SIZE, end);
    if (buf.readUInt32LE(pos + 8) !== crc32(payload)) {
      if (end === buf.length) return torn("checksum mismatch in the last record");
      throw new CorruptFileError(file, pos, "checksum mismatch");
    }
    payloads.push(payload);
    pos = end;
  }
  return { payloads, validLength: pos, tornTail: undefined };
}

export interface FileHeader {
  format: string;
  kind: "journal" | "snapshot";
  version: number;
  epoch: number;
}

export function encodeHeader(kind: FileHeader["kind"], epoch: number): Buffer {
  return encodeRecord(
    serializeDoc({
      format: FORMAT_NAME,
      kind,
      version: FORMAT_VERSION,
      epoch,
      createdAt: new Date(),
    }),
  );
}

export function parseHeader(
  payload: Buffer | undefined,
  file: string,
  kind: FileHeader["kind"],
): FileHeader {
  let doc: Document | undefined;
  try {
    doc = payload ? decodePayload(payload)[0] : undefined;
  } catch {
    doc = undefined;
  }
  if (!doc || doc.format !== FORMAT_NAME || doc.kind !== kind) {
    throw new CorruptFileError(file, 0, `not a ${kind} file of this server`);
  }
  if (doc.version !== FORMAT_VERSION) {
    throw new CorruptFileError(file, 0, `unsupported format version ${String(doc.version)}`);
  }
  return { format: doc.format, kind, version: doc.version, epoch: Number(doc.epoch) };
}
