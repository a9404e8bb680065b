// Server-side cursors and the encoding of cursor replies.
//
// A cursor pulls its documents from a DocSource as batches are asked for, so an open cursor costs
// what its source holds: an unsorted find keeps a position in a live scan (like mongod's
// collection scan), a sorted one the sorted references (like mongod's blocking sort), and
// projections are applied batch by batch. Batches are serialised one document at a time straight
// into the reply, which caps a batch by its real BSON size and avoids the bson library's 17 MB
// internal buffer limit for large batches.

import { randomInt } from "node:crypto";
import type { Doc } from "./values";
import { serializeDoc } from "./wire";

/** First batches hold 101 documents by default, like mongod. */
export const DEFAULT_FIRST_BATCH = 101;
/** A batch stops growing past this many bytes (mongod caps replies at 16 MB of documents). */
export const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 16 * 1024;
/** Idle cursors are reaped after 10 minutes (mongod's cursorTimeoutMillis default). */
export const CURSOR_TIMEOUT_MS = 10 * 60 * 1000;
/** Documents pulled (and projected) at a time from a source. */
const CHUNK = 128;

/** Documents served in order, pulled on demand and transformed (projected) chunk by chunk. */
export class DocSource {
  private raw: Iterator<Doc>;
  private readonly transform: ((docs: Doc[]) => Doc[]) | undefined;
  /**
   * For a tailable cursor: a new iterator over what arrived since the last document served, so
   * an exhausted source can yield again later (undefined: a plain source ends for good).
   */
  private readonly resume: (() => Iterator<Doc>) | undefined;
  private pending: Doc[] = [];
  private at = 0;
  private done = false;

  constructor(
    raw: Iterator<Doc>,
    transform?: (docs: Doc[]) => Doc[],
    resume?: () => Iterator<Doc>,
  ) {
    this.raw = raw;
    this.transform = transform;
    this.resume = resume;
  }

  get tailable(): boolean {
    return this.resume !== undefined;
  }

  static of(docs: readonly Doc[], start = 0): DocSource {
    return new DocSource((start === 0 ? docs : docs.slice(start)).values());
  }

  /** The next document without consuming it; undefined once exhausted. */
  peek(): Doc | undefined {
    if (this.at < this.pending.length) return this.pending[this.at];
    if (this.done && this.resume) {
      this.raw = this.resume();
      this.done = false;
    }
    if (this.done) return undefined;
    const chunk: Doc[] = [];
    while (chunk.length < CHUNK) {
      const next = this.raw.next();
      if (next.done) {
        this.done = true;
        break;
      }
      chunk.push(next.value);
    }
    this.pending = this.transform && chunk.length > 0 ? this.transform(chunk) : chunk;
    this.at = 0;
    return this.pending[0];
  }

  shift(): void {
    this.at++;
  }
}

export interface CursorState {
  readonly id: number;
  readonly ns: string;
  readonly source: DocSource;
  lastUsed: number;
  /** Tailable `awaitData` cursor: getMore waits (up to maxTimeMS) for new documents. */
  awaitData?: boolean;
}

export class CursorManager {
  private readonly cursors = new Map<number, CursorState>();

  open(ns: string, source: DocSource): CursorState {
    let id: number;
    do {
      // 48 random bits: non-zero, unguessable enough, and exact as a JS number and an int64.
      id = randomInt(1, 2 ** 48);
    } while (this.cursors.has(id));
    const cursor: CursorState = { id, ns, source, lastUsed: Date.now() };
    this.cursors.set(id, cursor);
    return cursor;
  }

  get(id: number): CursorState | undefined {
    const cursor = this.cursors.get(id);
    if (cursor) cursor.lastUsed = Date.now();
    return cursor;
  }

  kill(id: number): boolean {
    return this.cursors.delete(id);
  }

  /** Drops cursors idle for longer than `timeoutMs`. */
  reap(now: number, timeoutMs = CURSOR_TIMEOUT_MS): number {
    let reaped = 0;
    for (const [id, cursor] of this.cursors) {
      if (now - cursor.lastUsed > timeoutMs) {
        this.cursors.delete(id);
        reaped++;
      }
    }
    return reaped;
  }

  /** Forgets cursors over a namespace that was dropped. */
  killNamespace(ns: string): void {
    for (const [id, cursor] of this.cursors) if (cursor.ns === ns) this.cursors.delete(id);
  }

  clear(): void {
    this.cursors.clear();
  }

  get size(): number {
    return this.cursors.size;
  }
}

export interface Batch {
  readonly docs: Buffer[];
  /** True when the source has nothing more after this batch. */
  readonly exhausted: boolean;
}

/** Serialises up to `maxCount` documents (0 = no count limit) from `source`. */
export function takeBatch(source: DocSource, maxCount: number): Batch {
  const out: Buffer[] = [];
  let bytes = 0;
  while (maxCount <= 0 || out.length < maxCount) {
    const doc = source.peek();
    if (doc === undefined) break;
    const encoded = serializeDoc(doc);
    if (out.length > 0 && bytes + encoded.length > MAX_BATCH_BYTES) break;
    source.shift();
    out.push(encoded);
    bytes += encoded.length;
  }
  return { docs: out, exhausted: source.peek() === undefined };
}

/** Minimal BSON writer for the fixed reply shapes built by hand here. */
class BsonWriter {
  readonly buf: Buffer;
  pos = 0;

  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  int32(value: number): void {
    this.buf.writeInt32LE(value, this.pos);
    this.pos += 4;
  }

  byte(value: number): void {
    this.buf[this.pos++] = value;
  }

  cstring(value: string): void {
    this.pos += this.buf.write(value, this.pos, "latin1");
    this.buf[this.pos++] = 0;
  }

  raw(bytes: Buffer): void {
    bytes.copy(this.buf, this.pos);
    this.pos += bytes.length;
  }
}

/**
 * `{cursor: {<firstBatch|nextBatch>: [...], id: Long, ns}, ok: 1}` from pre-serialised documents.
 * Field names are ASCII, so byte lengths equal string lengths for them.
 */
export function encodeCursorReply(
  ns: string,
  id: number,
  batchField: "firstBatch" | "nextBatch",
  docs: readonly Buffer[],
): Buffer {
  const nsBytes = Buffer.from(ns, "utf8");
  let arraySize = 4 + 1;
  for (let i = 0; i < docs.length; i++) {
    arraySize += 1 + String(i).length + 1 + (docs[i] as Buffer).length;
  }
  const cursorSize =
    4 +
    (1 + batchField.length + 1 + arraySize) +
    (1 + 3 + 8) + // id: int64
    (1 + 3 + 4 + nsBytes.length + 1) + // ns: string
    1;
  const total = 4 + (1 + 7 + cursorSize) + (1 + 3 + 8) + 1;
  const w = new BsonWriter(total);
  w.int32(total);
  w.byte(0x03);
  w.cstring("cursor");
  w.int32(cursorSize);
  w.byte(0x04);
  w.cstring(batchField);
  w.int32(arraySize);
  for (let i = 0; i < docs.length; i++) {
    w.byte(0x03);
    w.cstring(String(i));
    w.raw(docs[i] as Buffer);
  }
  w.byte(0);
  w.byte(0x12);
  w.cstring("id");
  w.buf.writeBigInt64LE(BigInt(id), w.pos);
  w.pos += 8;
  w.byte(0x02);
  w.cstring("ns");
  w.int32(nsBytes.length + 1);
  w.raw(nsBytes);
  w.byte(0);
  w.byte(0); // end of cursor
  w.byte(0x01);
  w.cstring("ok");
  w.buf.writeDoubleLE(1, w.pos);
  w.pos += 8;
  w.byte(0); // end of reply
  return w.buf;
}
