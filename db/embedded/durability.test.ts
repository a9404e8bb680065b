// Durability (embedded only): the CLI runs as a child process, 16 writers insert as fast as they
// can, the child is SIGKILLed mid-stream and restarted on the same data directory. Every insert
// the driver acknowledged must be there; nothing that was never sent may appear.

import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MongoClient } from "mongodb";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
// `node --import tsx`, as `npm run db:serve` runs it: the tsx command would stand between the
// signal and the server, and it kills a child that has not answered a relayed signal within
// 30 ms (exit 130/143 instead of a clean shutdown on a busy machine).
const NODE_TSX = [process.execPath, "--import", "tsx"] as const;
const CLI = path.join(ROOT, "db/embedded/cli.ts");

interface Child {
  proc: ChildProcessWithoutNullStreams;
  uri: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

const children: Child[] = [];
const dirs: string[] = [];

/**
 * tsx runs the script in a child node process, so signals must go to the whole process group
 * (the child is spawned detached, as its own group leader) to reach the server itself.
 */
function signalGroup(child: Child, signal: NodeJS.Signals): void {
  try {
    process.kill(-(child.proc.pid as number), signal);
  } catch {
    // Already gone.
  }
}

afterEach(() => {
  for (const child of children.splice(0)) signalGroup(child, "SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI on a free port and resolves once it printed its URI. */
function startCli(dataDir: string): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), CLI, "--port", "0"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      detached: true,
    });
    let out = "";
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      proc.once("exit", (code, signal) => done({ code, signal })),
    );
    const timer = setTimeout(() => reject(new Error(`CLI did not start:\n${out}`)), 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Embedded MongoDB listening on (\S+) \(data: (.*)\)/.exec(out);
      if (match) {
        clearTimeout(timer);
        const child: Child = { proc, uri: match[1] as string, exited, output: () => out };
        children.push(child);
        resolve(child);
      }
    };
    proc.stdout.on("data", onData);
    proc.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code} before listening:\n${out}`));
    });
  });
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-durability-"));
  dirs.push(dir);
  return dir;
}

describe("durability across kill -9", () => {
  it("keeps every acknowledged insert from 16 concurrent writers", async () => {
    const dataDir = tempDir();
    const first = await startCli(dataDir);
    const client = new MongoClient(first.uri, {
      maxPoolSize: 20,
      serverSelectionTimeoutMS: 1500,
      retryWrites: false,
    });
    await client.connect();
    const coll = client
      .db("durable")
      .collection<{ _id: string; writer: number; seq: number; payload: string }>("events");
    await coll.createIndex({ writer: 1, seq: 1 }, { unique: true });

    const acknowledged = new Set<string>();
    const attempted = new Set<string>();
    let stop = false;
    const writers = Array.from({ length: 16 }, async (_, writer) => {
      for (let seq = 0; !stop; seq++) {
        const _id = `${writer}-${seq}`;
        attempted.add(_id);
        try {
          await coll.insertOne({ _id, writer, seq, payload: "x".repeat(200) });
          acknowledged.add(_id);
        } catch {
          return; // the server is gone
        }
      }
    });

    // Let the writers get going, then kill the server without warning.
    while (acknowledged.size < 1500) await new Promise((resolve) => setTimeout(resolve, 20));
    signalGroup(first, "SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await client.close(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(1500);

    const second = await startCli(dataDir);
    const check = new MongoClient(second.uri);
    try {
      await check.connect();
      const stored = await check
        .db("durable")
        .collection("events")
        .find({}, { projection: { _id: 1 } })
        .toArray();
      const ids = new Set(stored.map((d) => String(d._id)));
      const missing = [...acknowledged].filter((id) => !ids.has(id));
      console.info(
        `durability: ${acknowledged.size} inserts acknowledged, ${attempted.size - acknowledged.size} in flight at kill -9, ${ids.size} recovered`,
      );
      expect(missing).toEqual([]);
      expect(ids.size).toBeGreaterThanOrEqual(acknowledged.size);
      // Nothing appears that no writer ever sent.
      expect([...ids].filter((id) => !attempted.has(id))).toEqual([]);
      // The unique index came back too.
      const indexes = await check.db("durable").collection("events").indexes();
      expect(indexes.map((ix) => ix.name)).toContain("writer_1_seq_1");
    } finally {
      await check.close();
    }
    signalGroup(second, "SIGTERM");
    expect((await second.exited).code).toBe(0);
  }, 60_000);

  it("shuts down cleanly on SIGTERM and SIGINT, keeping the data", async () => {
    const dataDir = tempDir();
    const credentials: string[] = [];
    for (const [round, signal] of (["SIGTERM", "SIGINT"] as const).entries()) {
      const child = await startCli(dataDir);
      // The printed connection string carries the data directory's credentials, the same ones
      // after a restart.
      const url = new URL(child.uri);
      credentials.push(`${url.username}:${url.password}`);
      expect(url.username).not.toBe("");
      expect(url.searchParams.get("authSource")).toBe("admin");
      const client = new MongoClient(child.uri);
      await client.connect();
      await client.db("clean").collection("c").insertOne({ round });
      expect(await client.db("clean").collection("c").countDocuments()).toBe(round + 1);
      signalGroup(child, signal);
      expect(await child.exited).toEqual({ code: 0, signal: null });
      await client.close(true);
    }
    expect(fs.existsSync(path.join(dataDir, "mongod.lock"))).toBe(false);
    expect(credentials[1]).toBe(credentials[0]);
  }, 60_000);

  it("rejects a bad --port with one line on stderr and exit code 2", async () => {
    const proc = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), CLI, "--port", "not-a-port"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: tempDir() },
    });
    let stderr = "";
    proc.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => proc.once("exit", resolve));
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("--port");
  }, 30_000);
});
