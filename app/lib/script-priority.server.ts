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

/** `data` with fetchpriority="low" after each preload tag's opening. */
function lowered(data: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = data.indexOf(PRELOAD); at !== -1; at = data.indexOf(PRELOAD, from)) {
    const end = at + PRELOAD.length;
    pieces.push(data.subarray(from, end), LOW_PRIORITY);
    from = end;
  }
  if (pieces.length === 0) return data;
  pieces.push(data.subarray(from));
  return Buffer.concat(pieces);
}

/**
 * A stream that adds fetchpriority="low" to every modulepreload link of the document's head. A
 * tag split across two chunks is held back until the next one, so it is never missed. After
 * `</head>` chunks pass through as they are (a plain Transform: backpressure as usual).
 */
export function lowPriorityModulePreloads(options: { onFinal?: () => void } = {}): Transform {
  let inHead = true;
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!inHead) return callback(null, chunk);
      const data = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      held = Buffer.alloc(0);
      const headEnd = data.indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        return callback(
          null,
          Buffer.concat([lowered(data.subarray(0, headEnd)), data.subarray(headEnd)]),
        );
      }
      // A tag cut at the chunk's end waits for the rest (a copy: the tail alone is kept).
      const keep = Math.max(partialMatchLength(data, PRELOAD), partialMatchLength(data, HEAD_END));
      held = Buffer.from(data.subarray(data.length - keep));
      callback(null, lowered(data.subarray(0, data.length - keep)));
    },
    flush(callback: TransformCallback) {
      callback(null, held.length > 0 ? held : undefined);
    },
    final(callback) {
      options.onFinal?.();
      callback();
    },
  });
}
