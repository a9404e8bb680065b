// Public entry point of the embedded MongoDB-wire-compatible server. See README.md.

import { AUTH_DB, MECHANISM, scramUser } from "./auth";
import type { WriteContext } from "./collection";
import { Engine } from "./engine";
import { WireServer } from "./server";
import { type Credentials, loadOrCreateCredentials } from "./storage/credentials";
import { DurableStore } from "./storage/store";
import { sweepExpired } from "./ttl";

export interface EmbeddedServerOptions {
  /**
   * A folder path, or ":memory:" for no persistence. With a folder the server requires
   * SCRAM-SHA-256 authentication, with the credentials kept in the folder (`uri` carries
   * them); an in-memory server (tests) runs without authentication.
   */
  dataDir: string;
  /** Default "127.0.0.1". */
  host?: string;
  /** Default 0 = pick a free port. */
  port?: number;
  /** TTL sweep interval, default 60_000. */
  ttlIntervalMs?: number;
  /** Default: nothing (the app logs itself). */
  log?: (line: string) => void;
  /**
   * Lines an operator should see even when `log` is off: that the data directory was open to
   * other local users and has been restricted to its owner. Default: `log`.
   */
  notice?: (line: string) => void;
}

export interface EmbeddedServer {
  readonly host: string;
  readonly port: number;
  /**
   * Usable by MongoClient and MongoDB's tools: "mongodb://127.0.0.1:54321/?directConnection=true"
   * in memory, "mongodb://bureau:<password>@127.0.0.1:54321/?directConnection=true&authSource=admin"
   * with a data directory. It holds the password: never log it.
   */
  readonly uri: string;
  /** Stop accepting, destroy open sockets, flush + fsync + close the journal. */
  close(): Promise<void>;
}

const MEMORY = ":memory:";
const CURSOR_REAP_INTERVAL_MS = 60_000;

/** The connection string of an embedded server; with credentials when it requires them. */
export function connectionString(host: string, port: number, credentials?: Credentials): string {
  const h = host.includes(":") ? `[${host}]` : host;
  if (!credentials) return `mongodb://${h}:${port}/?directConnection=true`;
  // authSource is explicit so that adding a database name to the path keeps it working.
  const user = `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}`;
  return `mongodb://${user}@${h}:${port}/?directConnection=true&authSource=${AUTH_DB}`;
}

/**
 * Starts a server. With a data directory, everything acknowledged before a crash is recovered
 * on the next start; start-up rejects (naming the file) if a data file is damaged anywhere but
 * in its torn last record, or if another process holds the directory.
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const { dataDir } = options;
  if (typeof dataDir !== "string" || dataDir.length === 0) {
    throw new Error('Embedded MongoDB: dataDir must be a folder path or ":memory:"');
  }
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 0;
  const ttlIntervalMs = options.ttlIntervalMs ?? 60_000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Embedded MongoDB: invalid port ${String(port)}`);
  }
  if (!(ttlIntervalMs > 0)) {
    throw new Error(`Embedded MongoDB: ttlIntervalMs must be positive, got ${ttlIntervalMs}`);
  }
  const log = options.log ?? (() => {});

  const engine = new Engine();
  const store =
    dataDir === MEMORY
      ? null
      : await DurableStore.open(dataDir, engine, log, { notice: options.notice ?? log });
  let auth: { credentials: Credentials; file: string } | undefined;
  try {
    // Under the data directory's lock (held by the store): one process generates credentials.
    auth = store ? loadOrCreateCredentials(store.dir) : undefined;
  } catch (error) {
    await store?.close();
    throw error;
  }
  const wire = new WireServer({
    engine,
    user: auth ? scramUser(auth.credentials) : undefined,
    log,
  });
  try {
    await wire.listen(port, host);
  } catch (error) {
    await store?.close();
    throw error;
  }

  let sweeping = false;
  const ttlTimer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    let w: WriteContext;
    try {
      w = sweepExpired(engine, Date.now());
    } catch (error) {
      // A timer callback must never throw: that would take the whole process down.
      sweeping = false;
      log(`TTL sweep failed: ${(error as Error).message}`);
      return;
    }
    Promise.resolve(engine.commit(w))
      .catch((error: Error) => log(`TTL sweep could not be journaled: ${error.message}`))
      .finally(() => {
        sweeping = false;
      });
  }, ttlIntervalMs);
  ttlTimer.unref();
  // Housekeeping: idle cursors and sessions.
  const reapTimer = setInterval(() => {
    const now = Date.now();
    engine.cursors.reap(now);
    engine.sessions.expire(now);
  }, CURSOR_REAP_INTERVAL_MS);
  reapTimer.unref();

  let closing: Promise<void> | null = null;
  const uri = connectionString(wire.host, wire.port, auth?.credentials);
  log(
    `listening on ${connectionString(wire.host, wire.port)} (data: ${dataDir}; ${
      auth
        ? `${MECHANISM} as ${auth.credentials.username}, credentials in ${auth.file}`
        : "no authentication"
    })`,
  );
  return {
    host: wire.host,
    port: wire.port,
    uri,
    close() {
      closing ??= (async () => {
        clearInterval(ttlTimer);
        clearInterval(reapTimer);
        await wire.close();
        await store?.close();
        engine.cursors.clear();
        log("closed");
      })();
      return closing;
    },
  };
}
