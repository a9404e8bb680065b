// Wire-protocol tests (embedded server only): framing from arbitrary chunking, the OP_QUERY
// handshake, OP_MSG document sequences and moreToCome, and robustness against malformed input
// sent over raw sockets, after which the official driver must still work.

import net from "node:net";
import { type Document, deserialize, serialize } from "bson";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedServer, startEmbeddedServer } from "./index";
import { FramingError, MessageFramer, MsgFlag, OpCode, ProtocolError, parseCommand } from "./wire";

function header(length: number, requestId: number, opCode: number): Buffer {
  const head = Buffer.alloc(16);
  head.writeInt32LE(length, 0);
  head.writeInt32LE(requestId, 4);
  head.writeInt32LE(0, 8);
  head.writeInt32LE(opCode, 12);
  return head;
}

function opMsg(
  requestId: number,
  body: Document,
  options: { flags?: number; sequences?: Array<[string, Document[]]> } = {},
): Buffer {
  const sections: Buffer[] = [Buffer.from([0]), Buffer.from(serialize(body))];
  for (const [name, docs] of options.sequences ?? []) {
    const payload = Buffer.concat([
      Buffer.from(`${name}\0`),
      ...docs.map((d) => Buffer.from(serialize(d))),
    ]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4);
    sections.push(Buffer.from([1]), size, payload);
  }
  const flags = Buffer.alloc(4);
  flags.writeUInt32LE(options.flags ?? 0);
  const rest = Buffer.concat([flags, ...sections]);
  return Buffer.concat([header(16 + rest.length, requestId, OpCode.MSG), rest]);
}

function opQuery(requestId: number, ns: string, query: Document): Buffer {
  const flags = Buffer.alloc(4);
  const skipReturn = Buffer.alloc(8);
  skipReturn.writeInt32LE(-1, 4);
  const rest = Buffer.concat([
    flags,
    Buffer.from(`${ns}\0`),
    skipReturn,
    Buffer.from(serialize(query)),
  ]);
  return Buffer.concat([header(16 + rest.length, requestId, OpCode.QUERY), rest]);
}

interface Reply {
  responseTo: number;
  opCode: number;
  doc: Document;
}

/** A raw client that collects replies and notices when the server closes the socket. */
class RawClient {
  readonly socket: net.Socket;
  private readonly framer = new MessageFramer();
  private readonly replies: Reply[] = [];
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on("data", (chunk: Buffer) => {
      this.framer.push(chunk);
      for (let frame = this.framer.next(); frame; frame = this.framer.next()) {
        const b = frame.bytes;
        const offset = frame.opCode === OpCode.REPLY ? 36 : 21;
        this.replies.push({
          responseTo: b.readInt32LE(8),
          opCode: frame.opCode,
          doc: deserialize(b.subarray(offset)),
        });
      }
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
    socket.on("error", () => {});
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(new RawClient(socket)));
      socket.once("error", reject);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Waits for the next reply; undefined if the socket closed or nothing came in time. */
  async next(timeoutMs = 2000): Promise<Reply | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (this.replies.length === 0 && !this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.max(1, deadline - Date.now()));
      });
    }
    return this.replies.shift();
  }

  async waitClosed(timeoutMs = 3000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.closed;
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }
}

describe("MessageFramer", () => {
  const ping = opMsg(7, { ping: 1, $db: "admin" });

  it("reassembles a message delivered one byte at a time", () => {
    const framer = new MessageFramer();
    for (let i = 0; i < ping.length - 1; i++) {
      framer.push(ping.subarray(i, i + 1));
      expect(framer.next()).toBeNull();
    }
    framer.push(ping.subarray(ping.length - 1));
    const frame = framer.next();
    expect(frame?.requestId).toBe(7);
    expect(frame?.bytes.equals(ping)).toBe(true);
    expect(framer.bufferedBytes).toBe(0);
  });

  it("cuts several messages out of one chunk and keeps the remainder", () => {
    const framer = new MessageFramer();
    const second = opMsg(8, { ping: 1, $db: "admin" });
    framer.push(Buffer.concat([ping, second, second.subarray(0, 10)]));
    expect(framer.next()?.requestId).toBe(7);
    expect(framer.next()?.requestId).toBe(8);
    expect(framer.next()).toBeNull();
    framer.push(second.subarray(10));
    expect(framer.next()?.requestId).toBe(8);
  });

  it("handles a large message spread over many uneven chunks", () => {
    const big = opMsg(
      9,
      { insert: "x", $db: "t" },
      { sequences: [["documents", [{ blob: "y".repeat(3_000_000) }]]] },
    );
    const framer = new MessageFramer();
    let pos = 0;
    let size = 1;
    while (pos < big.length) {
      framer.push(big.subarray(pos, pos + size));
      pos += size;
      size = (size * 7 + 13) % 70_000;
    }
    const frame = framer.next();
    expect(frame?.bytes.equals(big)).toBe(true);
  });

  it("rejects impossible lengths with the request id when it is known", () => {
    const framer = new MessageFramer();
    const bad = header(5, 42, OpCode.MSG);
    framer.push(bad);
    expect(() => framer.next()).toThrowError(FramingError);
    try {
      framer.next();
    } catch (error) {
      expect((error as FramingError).requestId).toBe(42);
    }
    const huge = new MessageFramer();
    huge.push(header(60_000_000, 43, OpCode.MSG));
    expect(() => huge.next()).toThrowError(/invalid message length/);
  });
});

describe("parseCommand", () => {
  it("merges kind-1 document sequences into the body", () => {
    const msg = opMsg(
      1,
      { insert: "c", $db: "d" },
      { sequences: [["documents", [{ a: 1 }, { a: 2 }]]], flags: MsgFlag.moreToCome },
    );
    const req = parseCommand({ requestId: 1, opCode: OpCode.MSG, bytes: msg });
    expect(req.db).toBe("d");
    expect(req.moreToCome).toBe(true);
    expect(req.body.documents).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it("skips an optional checksum and parses OP_QUERY commands", () => {
    const plain = opMsg(2, { ping: 1, $db: "admin" }, { flags: MsgFlag.checksumPresent });
    const withCrc = Buffer.concat([plain, Buffer.alloc(4)]);
    withCrc.writeInt32LE(withCrc.length, 0);
    expect(parseCommand({ requestId: 2, opCode: OpCode.MSG, bytes: withCrc }).body.ping).toBe(1);
    const query = opQuery(3, "admin.$cmd", { $query: { isMaster: 1 } });
    const req = parseCommand({ requestId: 3, opCode: OpCode.QUERY, bytes: query });
    expect(req.db).toBe("admin");
    expect(req.body).toEqual({ isMaster: 1 });
  });

  it("reports malformed messages as ProtocolError", () => {
    const unknownKind = opMsg(4, { ping: 1, $db: "admin" });
    unknownKind[20] = 7;
    expect(() =>
      parseCommand({ requestId: 4, opCode: OpCode.MSG, bytes: unknownKind }),
    ).toThrowError(ProtocolError);
    const noDb = opMsg(5, { ping: 1 });
    expect(() => parseCommand({ requestId: 5, opCode: OpCode.MSG, bytes: noDb })).toThrowError(
      /\$db/,
    );
    const legacyFind = opQuery(6, "test.users", {});
    expect(() =>
      parseCommand({ requestId: 6, opCode: OpCode.QUERY, bytes: legacyFind }),
    ).toThrowError(/OP_QUERY/);
    expect(() =>
      parseCommand({ requestId: 7, opCode: 2002, bytes: header(16, 7, 2002) }),
    ).toThrowError(/opCode 2002/);
  });
});

describe("wire protocol over sockets", () => {
  let server: EmbeddedServer;
  let client: MongoClient;

  beforeAll(async () => {
    server = await startEmbeddedServer({ dataDir: ":memory:" });
    client = new MongoClient(server.uri);
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  const driverStillWorks = async () => {
    const coll = client.db("wire").collection("check");
    const { insertedId } = await coll.insertOne({ ok: true });
    expect(await coll.findOne({ _id: insertedId })).toMatchObject({ ok: true });
  };

  it("answers the OP_QUERY isMaster handshake with OP_REPLY", async () => {
    const raw = await RawClient.connect(server.port);
    raw.send(
      opQuery(11, "admin.$cmd", {
        isMaster: 1,
        helloOk: true,
        client: { driver: { name: "raw" } },
      }),
    );
    const reply = await raw.next();
    expect(reply?.opCode).toBe(OpCode.REPLY);
    expect(reply?.responseTo).toBe(11);
    expect(reply?.doc).toMatchObject({ ok: 1, ismaster: true, helloOk: true, maxWireVersion: 21 });
    expect(reply?.doc).not.toHaveProperty("topologyVersion");
    expect(reply?.doc).not.toHaveProperty("setName");
    raw.send(opMsg(12, { ping: 1, $db: "admin" }));
    expect(await raw.next()).toMatchObject({ opCode: OpCode.MSG, responseTo: 12, doc: { ok: 1 } });
    raw.close();
  });

  it("executes moreToCome messages without replying", async () => {
    const raw = await RawClient.connect(server.port);
    raw.send(
      opMsg(
        21,
        { insert: "fire", $db: "wire" },
        { flags: MsgFlag.moreToCome, sequences: [["documents", [{ k: "w0" }]]] },
      ),
    );
    raw.send(opMsg(22, { find: "fire", filter: { k: "w0" }, $db: "wire" }));
    const reply = await raw.next();
    // The only reply is the find's, and it sees the fire-and-forget insert.
    expect(reply?.responseTo).toBe(22);
    expect(reply?.doc.cursor.firstBatch).toHaveLength(1);
    expect(await raw.next(200)).toBeUndefined();
    raw.close();
    const ack = await client
      .db("wire")
      .collection("fire")
      .insertOne({ k: "w1" }, { writeConcern: { w: 0 } });
    expect(ack.acknowledged).toBe(false);
  });

  it("answers requests split into tiny chunks", async () => {
    const raw = await RawClient.connect(server.port);
    const msg = opMsg(31, { ping: 1, $db: "admin" });
    for (let i = 0; i < msg.length; i += 3) {
      raw.send(msg.subarray(i, i + 3));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(await raw.next()).toMatchObject({ responseTo: 31, doc: { ok: 1 } });
    raw.close();
  });

  it("replies with an error to bad BSON, unknown opcodes and bad sections, and stays usable", async () => {
    const raw = await RawClient.connect(server.port);
    const badBson = opMsg(41, { ping: 1, $db: "admin" });
    badBson.writeInt32LE(9999, 21); // BSON length no longer matches
    raw.send(badBson);
    const r1 = await raw.next();
    expect(r1).toMatchObject({ responseTo: 41, doc: { ok: 0 } });
    raw.send(Buffer.concat([header(20, 42, 9999), Buffer.alloc(4)]));
    expect(await raw.next()).toMatchObject({ responseTo: 42, doc: { ok: 0 } });
    const badKind = opMsg(43, { ping: 1, $db: "admin" });
    badKind[20] = 9;
    raw.send(badKind);
    expect(await raw.next()).toMatchObject({ responseTo: 43, doc: { ok: 0 } });
    const garbageBody = Buffer.concat([header(16 + 64, 44, OpCode.MSG), Buffer.alloc(64, 0xff)]);
    raw.send(garbageBody);
    expect(await raw.next()).toMatchObject({ responseTo: 44, doc: { ok: 0 } });
    raw.send(opMsg(45, { ping: 1, $db: "admin" }));
    expect(await raw.next()).toMatchObject({ responseTo: 45, doc: { ok: 1 } });
    expect(raw.closed).toBe(false);
    raw.close();
    await driverStillWorks();
  });

  it("closes only the offending socket on an unframeable stream", async () => {
    const bystander = await RawClient.connect(server.port);
    const garbage = await RawClient.connect(server.port);
    garbage.send(Buffer.from("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"));
    // The length field reads as a huge number: reply (the request id is known) and close.
    const reply = await garbage.next();
    expect(reply?.doc).toMatchObject({ ok: 0 });
    expect(await garbage.waitClosed()).toBe(true);

    const tooShort = await RawClient.connect(server.port);
    tooShort.send(header(8, 51, OpCode.MSG));
    expect(await tooShort.waitClosed()).toBe(true);

    const tooLong = await RawClient.connect(server.port);
    tooLong.send(header(100_000_000, 52, OpCode.MSG));
    expect((await tooLong.next())?.responseTo).toBe(52);
    expect(await tooLong.waitClosed()).toBe(true);

    const noHeader = await RawClient.connect(server.port);
    noHeader.send(Buffer.from([1, 2, 3]));
    noHeader.close();

    bystander.send(opMsg(53, { ping: 1, $db: "admin" }));
    expect(await bystander.next()).toMatchObject({ responseTo: 53, doc: { ok: 1 } });
    bystander.close();
    await driverStillWorks();
  });

  it("does not buffer reply after reply for a client that stops reading", async () => {
    const coll = client.db("wire").collection("backpressure");
    const pad = "p".repeat(100_000);
    await coll.insertMany(Array.from({ length: 100 }, (_, i) => ({ i, pad })));
    const raw = await RawClient.connect(server.port);
    raw.socket.pause(); // reads nothing until told to
    const before = process.memoryUsage().rss;
    const requests = 40; // each reply is ~10 MB: 400 MB if the server buffered them all
    for (let i = 0; i < requests; i++) {
      raw.send(opMsg(1000 + i, { find: "backpressure", filter: {}, batchSize: 1000, $db: "wire" }));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    await driverStillWorks(); // other connections are served meanwhile
    raw.socket.resume();
    for (let i = 0; i < requests; i++) {
      const reply = await raw.next(5000);
      expect(reply?.responseTo).toBe(1000 + i);
      expect(reply?.doc.cursor.firstBatch).toHaveLength(100);
    }
    raw.close();
  });

  it("accepts messages of tens of megabytes from the driver", async () => {
    const coll = client.db("wire").collection("big");
    const blob = "z".repeat(10 * 1024 * 1024);
    const res = await coll.insertMany([
      { n: 1, blob },
      { n: 2, blob },
      { n: 3, blob },
    ]);
    expect(res.insertedCount).toBe(3);
    const docs = await coll.find({}, { sort: { n: 1 } }).toArray();
    expect(docs.map((d) => d.n)).toEqual([1, 2, 3]);
    expect(docs.every((d) => d.blob.length === blob.length)).toBe(true);
  });
});
