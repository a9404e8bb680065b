// TCP server and per-connection message loop.

import net from "node:net";
import type { Document } from "bson";
import { AuthSession, type ScramUser } from "./auth";
import { runCommand } from "./commands";
import type { CommandResult } from "./commands/context";
import type { Engine } from "./engine";
import { ErrorCode } from "./errors";
import {
  encodeMsgReply,
  encodeOpReply,
  FRAME_LIMIT,
  type Frame,
  type FramingError,
  MessageFramer,
  OpCode,
  type ProtocolError,
  parseCommand,
  REPLY_QUERY_FAILURE,
} from "./wire";

/** Replies below this size are joined into one buffer: one write syscall instead of three. */
const JOIN_BELOW_BYTES = 64 * 1024;
/**
 * Reading from a socket pauses while this much is buffered unprocessed. It exceeds the largest
 * acceptable message, so a complete message is always at hand and the connection progresses.
 */
const MAX_BUFFERED_BYTES = FRAME_LIMIT + 1024 * 1024;

export interface WireServerOptions {
  engine: Engine;
  /** The user every connection must sign in as; undefined: no authentication. */
  user?: ScramUser | undefined;
  log: (line: string) => void;
}

export class WireServer {
  private readonly engine: Engine;
  readonly user: ScramUser | undefined;
  private readonly log: (line: string) => void;
  private readonly server: net.Server;
  private readonly connections = new Set<Connection>();
  private nextConnectionId = 1;
  host = "";
  port = 0;

  constructor(options: WireServerOptions) {
    this.engine = options.engine;
    this.user = options.user;
    this.log = options.log;
    this.server = net.createServer({ noDelay: true }, (socket) => this.accept(socket));
    // A failing listening socket after start-up must not crash the process.
    this.server.on("error", (error) => this.log(`server socket error: ${error.message}`));
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => {
        this.server.off("listening", onListening);
        reject(
          new Error(`Embedded MongoDB: cannot listen on ${host}:${port}: ${error.message}`, {
            cause: error,
          }),
        );
      };
      const onListening = () => {
        this.server.off("error", onError);
        const address = this.server.address() as net.AddressInfo;
        this.host = host;
        this.port = address.port;
        resolve();
      };
      this.server.once("error", onError);
      this.server.once("listening", onListening);
      this.server.listen(port, host);
    });
  }

  private accept(socket: net.Socket): void {
    const connection = new Connection(socket, this.nextConnectionId++, this);
    this.connections.add(connection);
    socket.once("close", () => this.connections.delete(connection));
  }

  /** Stops accepting and destroys open sockets (the driver's pool would keep them forever). */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const connection of this.connections) connection.destroy();
    this.connections.clear();
    await closed;
  }

  /** Runs a parsed command; used by connections. */
  execute(
    body: Document,
    db: string,
    connectionId: number,
    remoteAddress: string,
    auth: AuthSession,
    unkeptNumber?: string,
  ): Promise<CommandResult> {
    return runCommand({
      unkeptNumber,
      engine: this.engine,
      server: { host: this.host, port: this.port },
      db,
      body,
      connectionId,
      remoteAddress,
      auth,
      log: this.log,
    });
  }

  logLine(line: string): void {
    this.log(line);
  }
}

class Connection {
  private readonly socket: net.Socket;
  private readonly id: number;
  private readonly owner: WireServer;
  private readonly framer = new MessageFramer();
  private readonly remote: string;
  private readonly auth: AuthSession;
  private busy = false;
  private closed = false;

  constructor(socket: net.Socket, id: number, owner: WireServer) {
    this.socket = socket;
    this.id = id;
    this.owner = owner;
    this.remote = `${socket.remoteAddress ?? "unknown"}:${socket.remotePort ?? 0}`;
    this.auth = new AuthSession(owner.user);
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      if (this.closed) return;
      this.framer.push(chunk);
      // A client pipelining requests faster than we answer them waits in TCP, not in our memory.
      if (this.framer.bufferedBytes > MAX_BUFFERED_BYTES) socket.pause();
      void this.pump();
    });
    // Resets and write errors close this socket only; they must never become uncaught.
    socket.on("error", () => this.destroy());
    socket.on("close", () => {
      this.closed = true;
    });
  }

  destroy(): void {
    this.closed = true;
    this.socket.destroy();
  }

  /**
   * Handles complete messages one at a time, in order: a reply never overtakes the reply to an
   * earlier request on the same connection, even when the earlier one waits for an fsync.
   */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (!this.closed) {
        let frame: Frame | null;
        try {
          frame = this.framer.next();
        } catch (error) {
          this.rejectStream(error as FramingError);
          return;
        }
        if (frame === null) return;
        if (this.socket.isPaused() && this.framer.bufferedBytes <= MAX_BUFFERED_BYTES) {
          this.socket.resume();
        }
        await this.handle(frame);
        // A client that does not read its replies must not make us buffer reply after reply:
        // the next request waits until this reply has been handed to the kernel.
        if (this.socket.writableNeedDrain && !this.closed) await this.drained();
      }
    } catch (error) {
      this.owner.logLine(`connection ${this.id}: unexpected error: ${(error as Error).stack}`);
      this.destroy();
    } finally {
      this.busy = false;
    }
  }

  /** Resolves once the socket's write buffer has drained, or the socket is gone. */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      const done = () => {
        this.socket.off("drain", done);
        this.socket.off("close", done);
        resolve();
      };
      this.socket.on("drain", done);
      this.socket.on("close", done);
    });
  }

  /** The byte stream cannot be resynchronised: answer if we can, then close this socket. */
  private rejectStream(error: FramingError): void {
    this.closed = true;
    this.owner.logLine(`connection ${this.id} (${this.remote}): ${error.message}; closing it`);
    if (error.requestId !== undefined) {
      this.send(
        encodeMsgReply(error.requestId, {
          ok: 0,
          errmsg: error.message,
          code: ErrorCode.ProtocolError,
          codeName: "ProtocolError",
        }),
      );
    }
    this.socket.end();
    // Do not wait forever for a peer that never reads: give the reply a moment, then drop.
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  private async handle(frame: Frame): Promise<void> {
    let request: ReturnType<typeof parseCommand>;
    try {
      request = parseCommand(frame);
    } catch (error) {
      const err = error as ProtocolError;
      const body = {
        ok: 0,
        errmsg: err.message,
        code: ErrorCode.ProtocolError,
        codeName: "ProtocolError",
      };
      this.send(
        frame.opCode === OpCode.QUERY
          ? encodeOpReply(frame.requestId, { $err: err.message, ...body }, REPLY_QUERY_FAILURE)
          : encodeMsgReply(frame.requestId, body),
      );
      return;
    }
    const result = await this.owner.execute(
      request.body,
      request.db,
      this.id,
      this.remote,
      this.auth,
      request.unkeptNumber,
    );
    if (request.moreToCome || this.closed) return;
    let parts: Buffer[];
    try {
      parts =
        request.opCode === OpCode.QUERY
          ? encodeOpReply(request.requestId, result)
          : encodeMsgReply(request.requestId, result);
    } catch (error) {
      // The reply itself could not be encoded (e.g. larger than BSON allows).
      parts = encodeMsgReply(request.requestId, {
        ok: 0,
        errmsg: `could not encode reply: ${(error as Error).message}`,
        code: ErrorCode.BSONObjectTooLarge,
        codeName: "BSONObjectTooLarge",
      });
    }
    this.send(parts);
  }

  private send(parts: Buffer[]): void {
    if (this.socket.destroyed) return;
    let total = 0;
    for (const part of parts) total += part.length;
    if (total < JOIN_BELOW_BYTES) {
      this.socket.write(Buffer.concat(parts, total));
      return;
    }
    this.socket.cork();
    for (const part of parts) this.socket.write(part);
    this.socket.uncork();
  }
}
