// Durable storage for one data directory: lock, recovery, journaling and compaction.
//
// Files in the data directory:
//   mongod.lock           pid of the owning process
//   snapshot.bson         full database as of epoch E (contains every journal numbered < E)
//   journal-<N>.log       operations committed after the snapshot, N >= E
// The folder is 0700 and every file 0600 (./permissions.ts): they hold every document in clear.
//
// Start-up: load the snapshot, replay journals N >= E in order (a torn tail from a crash
// mid-append is cut; damage elsewhere stops start-up with the file named), then compact: write
// snapshot E' = last N + 1, start journal-E', delete older journals. The same compaction runs
// in the background when the journal outgrows the snapshot, without pausing writes: documents
// are immutable, so the snapshot is written from references captured in one synchronous step,
// while new commits already go to the next journal.

import fs from "node:fs";
import path from "node:path";
import type { Document } from "bson";
import type { CommitSink, Engine } from "../engine";
import type { JournalOp } from "../ops";
import { JournalWriter } from "./journal";
import { acquireLock } from "./lock";
import { mkdirPrivate, openPrivate, restrictToOwner } from "./permissions";
import {
  CorruptFileError,
  decodePayload,
  encodeDocsRecord,
  encodeHeader,
  parseHeader,
  scanRecords,
} from "./records";
import { type CapturedCollection, fsyncDir, loadSnapshot, writeSnapshot } from "./snapshot";

const JOURNAL_PATTERN = /^journal-(\d{8})\.log$/;
/** Background compaction starts once the journal exceeds this and twice the snapshot size. */
const COMPACT_MIN_JOURNAL_BYTES = 64 * 1024 * 1024;

export interface StoreOptions {
  /** Journal size that triggers a background compaction (tests lower it). */
  compactMinBytes?: number;
  /** Where to say that the folder's permissions were tightened (default: `log`). */
  notice?: (line: string) => void;
}

function journalName(n: number): string {
  return `journal-${String(n).padStart(8, "0")}.log`;
}

function listJournals(dir: string): number[] {
  return fs
    .readdirSync(dir)
    .map((name) => JOURNAL_PATTERN.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export interface RecoveryReport {
  snapshotEpoch: number;
  journalsReplayed: number;
  recordsReplayed: number;
  tornTail: string | undefined;
}

export class DurableStore implements CommitSink {
  readonly dir: string;
  private readonly engine: Engine;
  private readonly log: (line: string) => void;
  private readonly releaseLock: () => void;
  /** Set by the first compaction, which always runs before the store is handed out. */
  private journal: JournalWriter | undefined;
  private journalNumber = 0;
  private snapshotBytes = 0;
  private compacting: Promise<void> | null = null;
  private closed = false;
  private readonly compactMinBytes: number;
  /** Completed compactions, start-up included (diagnostics and tests). */
  compactions = 0;

  private constructor(
    dir: string,
    engine: Engine,
    log: (line: string) => void,
    release: () => void,
    options: StoreOptions,
  ) {
    this.dir = dir;
    this.engine = engine;
    this.log = log;
    this.releaseLock = release;
    this.compactMinBytes = options.compactMinBytes ?? COMPACT_MIN_JOURNAL_BYTES;
  }

  /** Opens (creating if needed) a data directory, recovers its contents into `engine`. */
  static async open(
    dir: string,
    engine: Engine,
    log: (line: string) => void,
    options: StoreOptions = {},
  ): Promise<DurableStore> {
    const resolved = path.resolve(dir);
    const created = mkdirPrivate(resolved);
    if (created !== undefined) {
      // New directories: make their entries durable, up to the parent that already existed,
      // or a power loss could lose the whole directory with every acknowledged write in it.
      for (let d = resolved; ; d = path.dirname(d)) {
        fsyncDir(path.dirname(d));
        if (d === created || path.dirname(d) === d) break;
      }
    }
    const release = acquireLock(resolved);
    const store = new DurableStore(resolved, engine, log, release, options);
    try {
      // Under the lock, so one process tightens and logs it; before anything is read or written.
      const tightened = restrictToOwner(resolved);
      if (tightened) (options.notice ?? log)(tightened);
      const report = store.recover();
      if (report.tornTail) {
        log(
          `recovered up to the last complete journal record; cut a torn tail (${report.tornTail})`,
        );
      }
      log(
        `loaded ${resolved}: snapshot epoch ${report.snapshotEpoch}, ${report.recordsReplayed} journal records from ${report.journalsReplayed} file(s)`,
      );
      await store.compact();
      engine.sink = store;
      return store;
    } catch (error) {
      await store.journal?.close().catch(() => undefined);
      release();
      throw error;
    }
  }

  private recover(): RecoveryReport {
    fs.rmSync(path.join(this.dir, "snapshot.bson.tmp"), { force: true });
    const apply = (op: JournalOp) => this.engine.replay(op);
    const snapshot = loadSnapshot(this.dir, apply);
    const epoch = snapshot?.epoch ?? 0;
    this.snapshotBytes = snapshot?.bytes ?? 0;
    let records = 0;
    let replayed = 0;
    let tornTail: string | undefined;
    for (const n of listJournals(this.dir)) {
      const file = path.join(this.dir, journalName(n));
      if (n < epoch) {
        // Already folded into the snapshot by a compaction that crashed before cleaning up.
        fs.rmSync(file, { force: true });
        continue;
      }
      // A torn tail is accepted in any journal, not only the newest: after a rotation the new
      // journal acknowledges nothing until the old one is durable, so an older journal's torn
      // record was never acknowledged either.
      const scan = scanRecords(fs.readFileSync(file), file, true);
      if (scan.tornTail) tornTail = `${file}: ${scan.tornTail}`;
      this.journalNumber = n;
      if (scan.payloads.length === 0) continue; // crashed before its header was durable
      parseHeader(scan.payloads[0], file, "journal");
      replayed++;
      for (let i = 1; i < scan.payloads.length; i++) {
        let ops: Document[];
        try {
          ops = decodePayload(scan.payloads[i] as Buffer);
        } catch (error) {
          throw new CorruptFileError(
            file,
            0,
            `undecodable record ${i}: ${(error as Error).message}`,
          );
        }
        for (const op of ops) apply(op as JournalOp);
        records++;
      }
    }
    this.journalNumber = Math.max(this.journalNumber, epoch);
    this.engine.finishReplay();
    return { snapshotEpoch: epoch, journalsReplayed: replayed, recordsReplayed: records, tornTail };
  }

  append(ops: readonly JournalOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error("the embedded server is shutting down"));
    let record: Buffer;
    try {
      record = encodeDocsRecord(ops as unknown as Document[]);
    } catch (error) {
      // Documents are size-checked before they land, so this should be unreachable; if it
      // happens the change is in memory only, and saying so loudly beats a silent divergence.
      const message = `could not journal a write: ${(error as Error).message}`;
      this.log(message);
      return Promise.reject(new Error(message));
    }
    const journal = this.journal as JournalWriter;
    const promise = journal.append(record);
    if (
      this.compacting === null &&
      journal.size > Math.max(this.compactMinBytes, 2 * this.snapshotBytes)
    ) {
      this.compacting = this.compact()
        .catch((error: Error) => this.log(`background compaction failed: ${error.message}`))
        .finally(() => {
          this.compacting = null;
        });
    }
    return promise;
  }

  /**
   * Writes a fresh snapshot and switches to a new journal. The switch happens synchronously
   * with capturing the documents, so every commit lands either in the snapshot or in the new
   * journal; the new journal acknowledges nothing until the old one is durable.
   */
  private async compact(): Promise<void> {
    const epoch = this.journalNumber + 1;
    const captured: CapturedCollection[] = [];
    let documents = 0;
    for (const coll of this.engine.collections()) {
      documents += coll.size;
      captured.push({
        ns: coll.ns,
        uuid: coll.uuid,
        options: coll.options,
        indexes: coll.indexes.map((ix) => ix.spec),
        docs: Array.from(coll.docs.values()),
      });
    }
    const previous = this.journal;
    this.journal = this.createJournal(epoch, previous);
    this.journalNumber = epoch;
    try {
      this.snapshotBytes = await writeSnapshot(this.dir, epoch, captured);
    } finally {
      // Whether or not the snapshot made it, nothing is appended to the previous journal any
      // more: close it once it is durable, so a failed compaction does not leak its descriptor.
      // (On failure its records stay needed: the older snapshot plus every journal still
      // reproduce the database, and the next compaction or start-up folds them in.)
      if (previous) await previous.close();
    }
    for (const n of listJournals(this.dir)) {
      if (n < epoch) fs.rmSync(path.join(this.dir, journalName(n)), { force: true });
    }
    this.compactions++;
    this.log(
      `compacted into snapshot epoch ${epoch}: ${documents} documents, ${this.snapshotBytes} bytes`,
    );
  }

  private createJournal(n: number, predecessor: JournalWriter | undefined): JournalWriter {
    const file = path.join(this.dir, journalName(n));
    const header = encodeHeader("journal", n);
    const fd = openPrivate(file, "w");
    fs.writeSync(fd, header, 0, header.length, 0);
    fs.fsyncSync(fd);
    fsyncDir(this.dir);
    const waitFor = predecessor
      ? predecessor.drain().then(() => {
          if (predecessor.failed) throw predecessor.failed;
        })
      : null;
    return new JournalWriter(file, fd, header.length, waitFor);
  }

  /** Flushes and fsyncs the journal, then releases the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.compacting) await this.compacting;
    await this.journal?.close();
    this.engine.sink = null;
    this.releaseLock();
  }
}
