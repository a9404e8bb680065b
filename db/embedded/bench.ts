// Benchmark of the embedded server through the official driver (`npm run bench:db`).
//
// Runs against a durable server (journal fsynced before every acknowledgement) in a fresh
// temporary data directory, in this process, as the app runs it. Prints a table and exits
// non-zero when a target is missed, so the bench can guard performance in CI.
//
//   npm run bench:db                 10,000 documents
//   npm run bench:db -- --docs 2000  fewer documents

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MongoClient, type ObjectId } from "mongodb";
import { startEmbeddedServer } from "./index";

const TARGETS = {
  findById: 5_000,
  concurrentInsert: 3_000,
} as const;
const WRITERS = 16;

function parseDocs(argv: string[]): number {
  const at = argv.indexOf("--docs");
  if (at < 0) return 10_000;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`bench: --docs needs a positive integer, got ${argv[at + 1] ?? "nothing"}`);
    process.exit(2);
  }
  return n;
}

interface Row {
  name: string;
  ops: number;
  ms: number;
  target?: number;
}

async function timed(
  name: string,
  ops: number,
  run: () => Promise<void>,
  target?: number,
): Promise<Row> {
  const start = performance.now();
  await run();
  const row: Row = { name, ops, ms: performance.now() - start };
  if (target !== undefined) row.target = target;
  return row;
}

function printTable(rows: Row[]): boolean {
  const header = ["operation", "ops", "seconds", "ops/s", "target"];
  const lines = rows.map((r) => {
    const rate = r.ops / (r.ms / 1000);
    const target =
      r.target === undefined ? "" : `${rate >= r.target ? "ok" : "MISSED"} (>= ${r.target})`;
    return [
      r.name,
      String(r.ops),
      (r.ms / 1000).toFixed(2),
      Math.round(rate).toLocaleString("en-US"),
      target,
    ];
  });
  const widths = header.map((h, i) =>
    Math.max(h.length, ...lines.map((l) => (l[i] as string).length)),
  );
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join("  ");
  console.log(fmt(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(fmt(line));
  return rows.every((r) => r.target === undefined || r.ops / (r.ms / 1000) >= r.target);
}

async function main(): Promise<void> {
  const docs = parseDocs(process.argv.slice(2));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bureau-bench-"));
  const server = await startEmbeddedServer({ dataDir });
  const client = new MongoClient(server.uri, { maxPoolSize: WRITERS + 4 });
  const rows: Row[] = [];
  try {
    await client.connect();
    const db = client.db("bench");
    const users = db.collection<{ _id?: ObjectId; email: string; name: string; n: number }>(
      "users",
    );
    await users.createIndex({ email: 1 }, { unique: true });
    const ids: ObjectId[] = [];

    rows.push(
      await timed("insertOne, sequential (durable)", docs, async () => {
        for (let i = 0; i < docs; i++) {
          const res = await users.insertOne({
            email: `user${i}@example.com`,
            name: `User ${i}`,
            n: i,
          });
          ids.push(res.insertedId);
        }
      }),
    );
    rows.push(
      await timed(
        "findOne by _id",
        docs,
        async () => {
          for (let i = 0; i < docs; i++) {
            const doc = await users.findOne({ _id: ids[(i * 7919) % ids.length] as ObjectId });
            if (!doc) throw new Error("bench: document by _id not found");
          }
        },
        TARGETS.findById,
      ),
    );
    rows.push(
      await timed("findOne by unique email", docs, async () => {
        for (let i = 0; i < docs; i++) {
          const doc = await users.findOne({ email: `user${(i * 7919) % docs}@example.com` });
          if (!doc) throw new Error("bench: document by email not found");
        }
      }),
    );
    rows.push(
      await timed("updateOne by _id, sequential (durable)", docs, async () => {
        for (let i = 0; i < docs; i++) {
          await users.updateOne({ _id: ids[i] as ObjectId }, { $inc: { n: 1 } });
        }
      }),
    );
    const events = db.collection<{ writer: number; seq: number }>("events");
    const perWriter = Math.ceil(docs / WRITERS);
    rows.push(
      await timed(
        `insertOne, ${WRITERS} concurrent writers (durable)`,
        perWriter * WRITERS,
        async () => {
          await Promise.all(
            Array.from({ length: WRITERS }, async (_, writer) => {
              for (let seq = 0; seq < perWriter; seq++) await events.insertOne({ writer, seq });
            }),
          );
        },
        TARGETS.concurrentInsert,
      ),
    );
    const stored = await events.countDocuments();
    if (stored !== perWriter * WRITERS)
      throw new Error(`bench: expected ${perWriter * WRITERS} events, found ${stored}`);
  } finally {
    await client.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `Embedded MongoDB bench: ${docs} documents, durable journal (fsync before ack), Node ${process.version}, ${os.cpus().length} CPU(s)\n`,
  );
  const ok = printTable(rows);
  if (!ok) {
    console.error("\nbench: a target was missed");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
