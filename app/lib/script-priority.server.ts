// Hydration scripts are fetched at low priority (docs/decisions/019-script-priority.md).
//
// React Router's <Scripts> preloads every module of the page with <link rel="modulepreload">,
// which Chrome fetches at High priority, on a par with the stylesheet and ahead of the hero
// image: on a slow phone connection the first paint and the largest image wait for ~150 kB of
// JavaScript the page does not need to be read (every page works without it). <Scripts> has
// no way to set fetchpriority, so the rendered HTML is rewritten on its way out. React hoists
// those links into <head>: only the head is read, the body passes through untouched.

import { Transform, type TransformCallback } from "node:stream";

// ASCII, so they can be looked for in the UTF-8 bytes as they are: every byte of a multi-byte
// character is 0x80 or above, so none is ever mistaken for part of a tag.
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");

/** How many bytes at the end of `data` could be the start of `tag`. */
function partialMatchLength(data: Buffer, tag: Buffer): number {
  for (let length = Math.min(tag.length - 1, data.length); length > 0; length--) {
    if (data.subarray(data.length - length).equals(tag.subarray(0, length))) return length;
  }
  return 0;
}

/**
 * A stream that adds fetchpriority="low" to every modulepreload link of the document's head. A
 * tag split across two chunks is held back until the next one, so it is never missed.
 *
 * It also hands on what React writes in one piece per turn of the event loop rather than in
 * React's 2 kB chunks: each chunk would otherwise cross two more streams and become a socket
 * write of its own (a tenth of an uncached render's CPU went to those writes). Content that
 * streams in later (a Suspense boundary) still leaves on the turn it was written.
 */
export function lowPriorityModulePreloads(options: { onFinal?: () => void } = {}): Transform {
  let inHead = true;
  let held: Buffer = Buffer.alloc(0);
  let pending: Buffer[] = [];
  let scheduled = false;

  function queue(...pieces: Buffer[]): void {
    for (const piece of pieces) if (piece.length > 0) pending.push(piece);
    if (!scheduled && pending.length > 0) {
      scheduled = true;
      setImmediate(release);
    }
  }
  function release(): void {
    scheduled = false;
    if (pending.length === 0) return;
    const out = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
    pending = [];
    stream.push(out);
  }
  /** Queues `data` with its preload tags lowered. */
  function queueHead(data: Buffer): void {
    let from = 0;
    for (let at = data.indexOf(PRELOAD); at !== -1; at = data.indexOf(PRELOAD, from)) {
      queue(data.subarray(from, at + PRELOAD.length), LOW_PRIORITY);
      from = at + PRELOAD.length;
    }
    queue(data.subarray(from));
  }

  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!inHead) {
        queue(bytes);
        return callback();
      }
      const data = held.length > 0 ? Buffer.concat([held, bytes]) : bytes;
      held = Buffer.alloc(0);
      const headEnd = data.indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        queueHead(data.subarray(0, headEnd));
        queue(data.subarray(headEnd));
        return callback();
      }
      // A tag cut at the chunk's end waits for the rest (a copy: the tail alone is kept).
      const keep = Math.max(partialMatchLength(data, PRELOAD), partialMatchLength(data, HEAD_END));
      queueHead(data.subarray(0, data.length - keep));
      held = Buffer.from(data.subarray(data.length - keep));
      callback();
    },
    flush(callback: TransformCallback) {
      queue(held);
      release();
      callback();
    },
    final(callback) {
      options.onFinal?.();
      callback();
    },
  });
  return stream;
}
