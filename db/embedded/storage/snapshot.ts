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
import { serializeDoc } from "../wire";
import { FILE_MODE } from "./permissions";
import {
  CorruptFileError,
  decodePayload,
  encodeDocsRecord,
  encodeHeader,
  encodeRecord,
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
  const handle = await fsp.open(tmp, "w", FILE_MODE);
  let bytes = 0;
  let documents = 0;
  let written = false;
  try {
    // The mode above is only used when the file is new, and the umask may have cut it further:
    // set it exactly (the rename keeps it for snapshot.bson).
    if (process.platform !== "win32") await handle.chmod(FILE_MODE);
    const write = async (record: Buffer) => {
      let done = 0;
      while (done < record.length) {
        const { bytesWritten } = await handle.write(
          record,
          done,
          record.length - done,
          bytes + done,
        );
        done += bytesWritten;
      }
      bytes += record.length;
    };
    await write(encodeHeader("snapshot", epoch));
    for (const coll of collections) {
      const meta: JournalOp[] = [
        { t: "mkcoll", ns: coll.ns, uuid: coll.uuid, options: coll.options },
        ...coll.indexes.map((spec): JournalOp => ({ t: "mkidx", ns: coll.ns, spec })),
      ];
      await write(encodeDocsRecord(meta));
      // Records are cut by the exact serialised size, so a record stays near 1 MB whatever
      // the documents hold (nested arrays of large sub-documents included).
      let batch: Buffer[] = [];
      let batchBytes = 0;
      for (const doc of coll.docs) {
        const encoded = serializeDoc({ t: "put", ns: coll.ns, d: doc });
        batch.push(encoded);
        batchBytes += encoded.length;
        if (batchBytes >= RECORD_TARGET_BYTES) {
          await write(encodeRecord(Buffer.concat(batch, batchBytes)));
          documents += batch.length;
          batch = [];
          batchBytes = 0;
        }
      }
      if (batch.length > 0) {
        await write(encodeRecord(Buffer.concat(batch, batchBytes)));
        documents += batch.length;
      }
    }
    await write(encodeDocsRecord([{ t: "end", collections: collections.length, documents }]));
    await handle.sync();
    written = true;
  } finally {
    await handle.close().catch(() => undefined);
    // A half-written temporary file (disk full) is useless: do not leave it taking space.
    if (!written) await fsp.rm(tmp, { force: true }).catch(() => undefined);
  }
  await fsp.rename(tmp, path.join(dir, SNAPSHOT_FILE));
  fsyncDir(dir);
  return bytes;
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
