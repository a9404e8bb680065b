// Handshake and diagnostic commands: what the driver's monitor, mongosh and Compass ask first.

import os from "node:os";
import { type Document, Double, Long } from "bson";
import { MAX_MESSAGE_SIZE } from "../wire";
import { handshakeAuth } from "./auth";
import type { CommandContext, Handler } from "./context";

export const SERVER_VERSION = "7.0.0";
const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;

/**
 * The hello reply. Deliberately absent: `topologyVersion` (the driver's monitor would switch to
 * streaming hello with exhaust), `setName` (it would treat us as a replica-set primary and attach
 * txnNumbers and read preferences) and `compression` (we do not speak OP_COMPRESSED).
 * `logicalSessionTimeoutMinutes` enables sessions, which startSession and transactions require.
 */
function helloReply(ctx: CommandContext, legacy: boolean): Document {
  const reply: Document = {
    helloOk: true,
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ...handshakeAuth(ctx),
    ok: 1,
  };
  if (legacy) reply.ismaster = true;
  return reply;
}

const startTime = Date.now();

function buildInfo(): Document {
  return {
    version: SERVER_VERSION,
    gitVersion: "bureau-embedded",
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    storageEngines: ["embedded"],
    javascriptEngine: "none",
    modules: [],
    openssl: { running: "disabled" },
    buildEnvironment: {},
    ok: 1,
  };
}

export const helloHandlers: Record<string, Handler> = {
  hello: (ctx) => helloReply(ctx, false),
  isMaster: (ctx) => helloReply(ctx, true),
  ismaster: (ctx) => helloReply(ctx, true),
  ping: () => ({ ok: 1 }),
  buildInfo: () => buildInfo(),
  buildinfo: () => buildInfo(),
  hostInfo: () => ({
    system: {
      currentTime: new Date(),
      hostname: os.hostname(),
      cpuAddrSize: 64,
      memSizeMB: Math.round(os.totalmem() / 1024 / 1024),
      numCores: os.cpus().length,
      cpuArch: os.arch(),
    },
    os: { type: os.type(), name: os.platform(), version: os.release() },
    extra: {},
    ok: 1,
  }),
  serverStatus: (ctx) => ({
    host: `${ctx.server.host}:${ctx.server.port}`,
    version: SERVER_VERSION,
    process: "mongod",
    // mongod's types (server_status.cpp): pid a long (asLongLong), uptime a double of whole
    // seconds, uptimeMillis and uptimeEstimate longs (durationCount).
    pid: Long.fromNumber(process.pid),
    uptime: new Double(Math.floor((Date.now() - startTime) / 1000)),
    uptimeMillis: Long.fromNumber(Date.now() - startTime),
    uptimeEstimate: Long.fromNumber(Math.floor((Date.now() - startTime) / 1000)),
    localTime: new Date(),
    storageEngine: { name: "embedded", persistent: ctx.engine.sink !== null },
    ok: 1,
  }),
  getCmdLineOpts: () => ({ argv: [], parsed: {}, ok: 1 }),
  getParameter: (ctx) => {
    const reply: Document = { ok: 1 };
    if (ctx.body.featureCompatibilityVersion !== undefined || ctx.body.getParameter === "*") {
      reply.featureCompatibilityVersion = { version: "7.0" };
    }
    return reply;
  },
  whatsmyuri: (ctx) => ({ you: ctx.remoteAddress, ok: 1 }),
  getLog: (ctx) =>
    ctx.body.getLog === "*"
      ? { names: ["global", "startupWarnings"], ok: 1 }
      : { totalLinesWritten: 0, log: [], ok: 1 },
};
