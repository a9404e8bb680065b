// The one module that owns the database connection. Everything else calls `getDb()` (or the
// typed `getCollections()`) and never learns whether it reached a real MongoDB or the embedded
// server: both are spoken to through the same official driver.
//
// - MONGODB_URI set: connect to it.
// - MONGODB_URI unset: start the embedded MongoDB-compatible server (db/embedded) in this
//   process on 127.0.0.1 with DATA_DIR, and connect the same driver to it.
//
// When the database is unreachable (at start-up or later) we log one line, report
// `isDatabaseAvailable() === false` so the HTTP layer can answer 503, and keep retrying in the
// background; the driver's monitor notices when the server is back.
import {
  type Db,
  MongoClient,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from "mongodb";
import { getEnv } from "../app/env.server";
import { type Collections, collections, ensureIndexes } from "./collections";
import { type EmbeddedServer, startEmbeddedServer } from "./embedded";

/** Thrown by `getDb()` while the database cannot be reached; the HTTP layer maps it to 503. */
export class DatabaseUnavailableError extends Error {
  constructor(message = "The database is unavailable") {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

/**
 * Socket errors the driver can let through unwrapped: a command written on a pooled connection
 * the server has just closed fails with Node's own EPIPE ("This socket has been ended by the
 * other party"), not a MongoNetworkError (seen with driver 7.9 when the database was killed).
 */
const SOCKET_ERROR_CODES = new Set(["EPIPE", "ECONNRESET", "ECONNREFUSED", "ECONNABORTED"]);

/** Errors that mean "cannot reach the database right now" rather than a bug or bad input. */
export function isDatabaseConnectivityError(error: unknown): boolean {
  return (
    error instanceof DatabaseUnavailableError ||
    error instanceof MongoNetworkError || // includes MongoNetworkTimeoutError
    error instanceof MongoServerSelectionError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError ||
    (error instanceof Error && SOCKET_ERROR_CODES.has((error as NodeJS.ErrnoException).code ?? ""))
  );
}

export interface StartOptions {
  /** Runs once after the first successful connection, before requests are served from it. */
  init?: (db: Db) => Promise<void>;
  log?: (line: string) => void;
  /**
   * Called when start-up work fails, after a delayed connection, for a reason retrying cannot
   * fix. The server exits on it; by default it is only logged.
   */
  onFatal?: (error: unknown) => void;
}

interface Connection {
  client: MongoClient;
  db: Db;
  embedded?: EmbeddedServer;
  /** Where we connect, without credentials, for log lines. */
  label: string;
  /** Resolved once the first connection and `init` succeeded. */
  ready: boolean;
  available: boolean;
  retryTimer?: NodeJS.Timeout;
  closed: boolean;
}

const RETRY_MS = 2_000;

// Kept on globalThis so the dev server's module reloads reuse one connection (and one embedded
// server holding the DATA_DIR lock) instead of opening another each time a file changes.
const globalKey = Symbol.for("bureau.db.connection");
interface Holder {
  opening?: Promise<Connection>;
  /** Set as soon as the client exists, so availability can be read synchronously. */
  current?: Connection;
}
const globals = globalThis as Record<symbol, Holder | undefined>;
const holder: Holder = globals[globalKey] ?? {};
globals[globalKey] = holder;

export const DEFAULT_DATABASE = "bureau";

/** The database named in the URI's path, else "bureau" (the driver alone would pick "test"). */
export function databaseName(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : DEFAULT_DATABASE;
}

function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]*@/, "//***@").replace(/\?.*$/, "");
}

/** "Cannot use DATA_DIR=…": the one message for an embedded server that cannot start. */
async function startEmbedded(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedServer> {
  return startEmbeddedServer({ dataDir, notice: (line) => log(`[db] ${line}`) }).catch(
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot use DATA_DIR=${dataDir}: ${reason}`);
    },
  );
}

/**
 * Cluster mode (server.js, WEB_CONCURRENCY > 1): the primary process hosts the embedded server
 * for all its workers, which reach it through MONGODB_URI like any MongoDB (one process owns
 * DATA_DIR, as the storage requires). Undefined when MONGODB_URI names a real MongoDB.
 */
export async function startSharedEmbeddedServer(): Promise<EmbeddedServer | undefined> {
  const env = getEnv();
  return env.MONGODB_URI ? undefined : startEmbedded(env.DATA_DIR, (line) => console.log(line));
}

async function open(options: StartOptions): Promise<Connection> {
  const env = getEnv();
  // Tests start many connections; their log lines would only be noise.
  const log =
    options.log ?? (env.NODE_ENV === "test" ? () => {} : (line: string) => console.log(line));
  const onFatal =
    options.onFatal ??
    ((error: unknown) =>
      log(`[db] Start-up failed: ${error instanceof Error ? error.message : String(error)}`));
  // A failure starting the embedded server (DATA_DIR locked by another process, a corrupt data
  // file) is not something retrying fixes: it propagates and stops start-up with its message.
  const embedded = env.MONGODB_URI ? undefined : await startEmbedded(env.DATA_DIR, log);
  const uri = env.MONGODB_URI ?? (embedded as EmbeddedServer).uri;
  const client = new MongoClient(uri, {
    appName: "bureau",
    // Fail fast so a request answers 503 within seconds instead of hanging for 30 s: at most
    // 5 s to find the server, and 5 s of silence from a server that accepted a request (a hung
    // server). No query of this app legitimately runs that long.
    serverSelectionTimeoutMS: 5_000,
    connectTimeoutMS: 5_000,
    socketTimeoutMS: 5_000,
    // Check the server every 2 s so recovery is noticed quickly.
    heartbeatFrequencyMS: 2_000,
  });
  const connection: Connection = {
    client,
    db: client.db(databaseName(uri)),
    embedded,
    label: embedded ? `embedded MongoDB in ${env.DATA_DIR}` : redact(uri),
    ready: false,
    available: false,
    closed: false,
  };
  holder.current = connection;

  const markAvailable = (available: boolean, reason?: string) => {
    if (connection.available === available) return;
    connection.available = available;
    if (available) log(`[db] Connected to ${connection.label}`);
    else
      log(
        `[db] Database unreachable (${connection.label})${reason ? `: ${reason}` : ""}; retrying every ${RETRY_MS / 1000} s`,
      );
  };

  client.on("topologyDescriptionChanged", (event) => {
    if (!connection.ready) return;
    const reachable = [...event.newDescription.servers.values()].some(
      (server) => server.type !== "Unknown",
    );
    const firstError = [...event.newDescription.servers.values()].find((s) => s.error)?.error;
    markAvailable(reachable, firstError?.message);
  });

  let reportedFailure = false;
  const attempt = async (): Promise<void> => {
    if (connection.closed) return;
    try {
      await client.connect();
      await ensureIndexes(connection.db);
      await options.init?.(connection.db);
      connection.ready = true;
      markAvailable(true);
    } catch (error) {
      if (connection.closed) return;
      if (!isDatabaseConnectivityError(error)) throw error;
      if (!reportedFailure) {
        reportedFailure = true;
        connection.available = true; // so markAvailable logs the transition once
        markAvailable(false, error instanceof Error ? error.message : String(error));
      }
      connection.retryTimer = setTimeout(() => {
        // Connected at last, but start-up work failed for another reason (say, existing
        // duplicates blocking a unique index): retrying cannot fix that, so it is fatal.
        attempt().catch(onFatal);
      }, RETRY_MS);
      connection.retryTimer.unref();
    }
  };
  try {
    await attempt();
  } catch (error) {
    // Don't leave a client or the embedded server (and its DATA_DIR lock) behind.
    connection.closed = true;
    await client.close().catch(() => {});
    await embedded?.close().catch(() => {});
    throw error;
  }
  return connection;
}

/**
 * Starts the connection (idempotent). Resolves after the first attempt: connected and
 * initialised, or unreachable and retrying in the background. Rejects only for failures
 * retrying cannot fix, such as a corrupt embedded data file or a failing `init`.
 */
export async function startDatabase(options: StartOptions = {}): Promise<void> {
  holder.opening ??= open(options).catch((error: unknown) => {
    holder.opening = undefined;
    holder.current = undefined;
    throw error;
  });
  await holder.opening;
}

/** False while the database is known to be unreachable; the HTTP layer answers 503 then. */
export function isDatabaseAvailable(): boolean {
  const connection = holder.current;
  // Not started yet counts as available: getDb() starts it on first use.
  return !connection || (connection.ready && connection.available);
}

/** The application's database. Throws DatabaseUnavailableError while it cannot be reached. */
export async function getDb(): Promise<Db> {
  if (!holder.opening) await startDatabase();
  const connection = await holder.opening;
  if (!connection?.ready || !connection.available) throw new DatabaseUnavailableError();
  return connection.db;
}

export async function getCollections(): Promise<Collections> {
  return collections(await getDb());
}

/** Closes the driver and, when embedded, the embedded server (flushing its journal). */
export async function closeDatabase(): Promise<void> {
  const pending = holder.opening;
  holder.opening = undefined;
  holder.current = undefined;
  if (!pending) return;
  const connection = await pending.catch(() => undefined);
  if (!connection) return;
  connection.closed = true;
  clearTimeout(connection.retryTimer);
  await connection.client.close();
  await connection.embedded?.close();
}
