import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server";

const head =
  '<html><head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root-2.js"/><link rel="stylesheet" href="/a.css"/>' +
  "<title>Ünïcödé</title></head>";
const body =
  '<body><p>Ünïcödé · “quotes” 🚀</p><pre>&lt;link rel="modulepreload"&gt; <link rel="modulepreload" href="/in-body.js"/></pre></body></html>';
const page = head + body;
const expected =
  head.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') +
  body;

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks, { objectMode: false }).pipe(lowPriorityModulePreloads()));
}

describe("lowPriorityModulePreloads", () => {
  it("lowers every modulepreload of the head and leaves the rest of the page as it was", async () => {
    const out = await through([Buffer.from(page)]);
    expect(out).toBe(expected);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
    // The body is not the head: a link there (or text that looks like one) is left alone.
    expect(out).toContain('<link rel="modulepreload" href="/in-body.js"/>');
  });

  it("finds tags and characters split at any byte between chunks", async () => {
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at byte ${cut}`).toBe(expected);
    }
  });

  it("takes the page one byte at a time", async () => {
    const out = await through([...Buffer.from(page)].map((byte) => Buffer.from([byte])));
    expect(out).toBe(expected);
  });

  it("calls onFinal once the renderer has written everything", async () => {
    let finals = 0;
    const stream = lowPriorityModulePreloads({ onFinal: () => finals++ });
    const done = text(stream);
    stream.end(Buffer.from(page));
    expect(await done).toBe(expected);
    expect(finals).toBe(1);
  });
});

describe("lowPriorityModulePreloads backpressure", () => {
  it("stops acknowledging writes while nobody reads, and goes on when read", async () => {
    const stream = lowPriorityModulePreloads();
    const chunk = Buffer.alloc(2048, "a");
    let accepted = 0;
    // Nobody reads: the writer is told to wait after a bounded amount, not after everything.
    while (stream.write(chunk) && accepted < 10_000) {
      accepted++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(accepted).toBeLessThan(100);
    const drained = new Promise((resolve) => stream.once("drain", resolve));
    const out = text(stream);
    await drained;
    stream.end();
    expect((await out).length).toBe((accepted + 1) * chunk.length);
  });
});
