// Snapshots: the whole database as a sequence of records, written to a temporary file, fsynced
// and renamed into place, so a snapshot on disk is always complete. Its records reuse the journal
// operations (mkcoll, mkidx, put), so recovery has a single replay path.

import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Document, UUID } from "bson";
import type { IndexSpec } from "../indexes";
import type { JournalOp } from "../ops";
import type { Doc } from "../values";
import {
  CorruptFileError,
  decodePayload,
  encodeDocsRecord,
  encodeHeader,
  parseHeader,
  scanRecords,
} from "./records";

export const SNAPSHOT_FILE = "snapshot.bson";
const SNAPSHOT_TMP = "snapshot.bson.tmp";
/** Documents are grouped into records of about this size. */
const RECORD_TARGET_BYTES = 1024 * 1024;

/** A collection captured at one instant (documents are immutable, references suffice). */
export interface CapturedCollection {
  readonly ns: string;
  readonly uuid: UUID;
  readonly options: Document;
  readonly indexes: readonly IndexSpec[];
  readonly docs: readonly Doc[];
}

export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes and atomically installs a snapshot. Yields to the event loop between records. */
export async function writeSnapshot(
  dir: string,
  epoch: number,
  collections: readonly CapturedCollection[],
): Promise<number> {
  const tmp = path.join(dir, SNAPSHOT_TMP);
  const handle = await fsp.open(tmp, "w");
  let bytes = 0;
  let documents = 0;
  try {
    const write = async (record: Buffer) => {
      await handle.write(record, 0, record.length, bytes);
      bytes += record.length;
    };
    await write(encodeHeader("snapshot", epoch));
    for (const coll of collections) {
      const meta: JournalOp[] = [
        { t: "mkcoll", ns: coll.ns, uuid: coll.uuid, options: coll.options },
        ...coll.indexes.map((spec): JournalOp => ({ t: "mkidx", ns: coll.ns, spec })),
      ];
      await write(encodeDocsRecord(meta));
      let batch: JournalOp[] = [];
      let batchBytes = 0;
      for (const doc of coll.docs) {
        batch.push({ t: "put", ns: coll.ns, d: doc });
        // Rough size estimate is enough to bound record sizes; exact sizes come from serialize.
        batchBytes += estimateSize(doc);
        if (batchBytes >= RECORD_TARGET_BYTES) {
          await write(encodeDocsRecord(batch));
          documents += batch.length;
          batch = [];
          batchBytes = 0;
        }
      }
      if (batch.length > 0) {
        await write(encodeDocsRecord(batch));
        documents += batch.length;
      }
    }
    await write(encodeDocsRecord([{ t: "end", collections: collections.length, documents }]));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(tmp, path.join(dir, SNAPSHOT_FILE));
  fsyncDir(dir);
  return bytes;
}

function estimateSize(doc: Doc): number {
  let size = 64;
  for (const value of Object.values(doc)) {
    if (typeof value === "string") size += value.length + 16;
    else if (value && typeof value === "object") {
      const buffer = (value as { buffer?: unknown }).buffer;
      size += buffer instanceof Uint8Array ? buffer.length + 16 : 128;
    } else size += 16;
  }
  return size;
}

export interface LoadedSnapshot {
  readonly epoch: number;
  readonly bytes: number;
}

/** Reads a snapshot and feeds its operations to `apply`. Any damage is fatal (CorruptFileError). */
export function loadSnapshot(dir: string, apply: (op: JournalOp) => void): LoadedSnapshot | null {
  const file = path.join(dir, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) return null;
  const buf = fs.readFileSync(file);
  const { payloads } = scanRecords(buf, file, false);
  const header = parseHeader(payloads[0], file, "snapshot");
  let ended = false;
  for (let i = 1; i < payloads.length; i++) {
    let ops: Document[];
    try {
      ops = decodePayload(payloads[i] as Buffer);
    } catch (error) {
      throw new CorruptFileError(file, 0, `undecodable record ${i}: ${(error as Error).message}`);
    }
    for (const op of ops) {
      if (op.t === "end") ended = true;
      else apply(op as JournalOp);
    }
  }
  if (!ended) throw new CorruptFileError(file, buf.length, "snapshot has no end record");
  return { epoch: header.epoch, bytes: buf.length };
}
