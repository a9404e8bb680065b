// @ts-check
// The production (and development) HTTP server: one explicit place for static files, headers,
// compression and the process lifecycle. Everything else goes to React Router through the
// server build's `app` (app/server.ts).
import cluster from "node:cluster";
import { once } from "node:events";
import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";

// Production unless told otherwise, like the configuration schema (app/env.server.ts).
const development = process.env.NODE_ENV === "development";
// Paths from this file, not from the working directory, so `node /srv/bureau/server.js` works.
const root = import.meta.dirname;
const BUILD_PATH = path.join(root, "build", "server", "index.js");

/**
 * @typedef {object} ServerEntry
 * @property {import("express").RequestHandler} app
 * @property {(hooks?: { log?: (line: string) => void, onFatal?: (error: unknown) => void }) => Promise<void>} startup
 * @property {() => Promise<void>} shutdown
 * @property {(options?: { development?: boolean }) => import("express").RequestHandler} securityHeaders
 * @property {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, closing: () => boolean, fallback: () => void) => boolean} servePageFromCache
 * @property {() => { PORT: number, WEB_CONCURRENCY: number }} getEnv
 * @property {() => Promise<{ uri: string, close: () => Promise<void> } | undefined>} startSharedEmbeddedServer
 * @property {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean} refuseMalformedRequest
 */

/** @param {unknown} error */
const oneLine = (error) => (error instanceof Error ? error.message : String(error));

/** The server build (app/server.ts), or exit with one line saying why it cannot be loaded. */
async function loadBuild() {
  return /** @type {ServerEntry} */ (
    await import(BUILD_PATH).catch((/** @type {any} */ error) => {
      console.error(
        error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(BUILD_PATH)
          ? `Cannot find ${BUILD_PATH}: run "npm run build" first`
          : `Cannot load ${BUILD_PATH}: ${oneLine(error)}`,
      );
      process.exit(1);
    })
  );
}

/** A worker that fails this many times within this long makes the primary give up (exit 1). */
const WORKER_FAILURES_ALLOWED = 5;
const WORKER_FAILURE_WINDOW_MS = 60_000;
// A worker's own shutdown (stop() below, then app/server.ts shutdown()) takes at most 10 s for
// requests in flight plus 10 s for e-mails being sent, then closes the database: the primary
// waits longer than that before it kills one.
const WORKER_STOP_TIMEOUT_MS = 30_000;

/**
 * Cluster mode (WEB_CONCURRENCY > 1, production only; docs/decisions/020-cluster-mode.md): this
 * process becomes the primary and serves nothing itself. It hosts the embedded database when
 * MONGODB_URI is unset (one process must own DATA_DIR; the workers reach it like any MongoDB),
 * starts the workers (each runs the rest of this file on the shared port), passes their
 * "bureau:" messages on to each other (a content change empties every worker's page cache),
 * replaces a worker that dies, and on SIGTERM/SIGINT stops them all, then the database.
 * Never returns: it exits.
 * @param {ServerEntry} built
 * @param {number} count
 * @returns {Promise<never>}
 */
async function runPrimary(built, count) {
  // A signal while the database starts is acted on once it has (closed again, exit 0).
  /** @type {NodeJS.Signals | undefined} */
  let early;
  onSignal = (signal) => {
    early ??= signal;
  };
  /** @type {{ uri: string, close: () => Promise<void> } | undefined} */
  let shared;
  try {
    shared = await built.startSharedEmbeddedServer();
  } catch (error) {
    console.error(oneLine(error));
    process.exit(1);
  }
  const env = shared ? { MONGODB_URI: shared.uri } : {};
  /** @type {Set<import("node:cluster").Worker>} */
  const workers = new Set();
  /** @type {WeakSet<import("node:cluster").Worker>} */
  const listening = new WeakSet();
  /** When workers failed lately (the restart back-off and the give-up rule). */
  /** @type {number[]} */
  let failures = [];
  let allStarted = false;
  let ending = false;
  let exitCode = 0;

  const finish = async () => {
    await shared?.close().catch((error) => {
      console.error(`Shutdown: ${oneLine(error)}`);
      exitCode = 1;
    });
    process.exit(exitCode);
  };
  /** @param {NodeJS.Signals | "failure"} reason */
  const end = (reason) => {
    if (ending) return;
    ending = true;
    if (reason === "failure") exitCode = 1;
    else console.log(`${reason} received: stopping the workers`);
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of workers) {
        console.error(`Worker ${worker.process.pid} still running after 30 s: killed`);
        worker.process.kill("SIGKILL");
      }
    }, WORKER_STOP_TIMEOUT_MS).unref();
    if (workers.size === 0) void finish();
  };
  onSignal = end;
  if (early) end(early);

  const fork = () => {
    const worker = cluster.fork(env);
    workers.add(worker);
    worker.once("listening", () => listening.add(worker));
    worker.on("message", (/** @type {any} */ message) => {
      if (typeof message?.type !== "string" || !message.type.startsWith("bureau:")) return;
      for (const other of workers) {
        if (other !== worker && other.isConnected()) other.send(message, undefined, {}, () => {});
      }
    });
    worker.on("exit", (code, signal) => {
      workers.delete(worker);
      const how = signal ?? `exit code ${code}`;
      if (ending) {
        // Stopped by our SIGTERM: exit 0. Anything else (a crash while finishing, killed after
        // the time limit) is worth the supervisor's notice.
        if (code !== 0) {
          console.error(`Worker ${worker.process.pid} stopped (${how}) while shutting down`);
          exitCode = 1;
        }
        if (workers.size === 0) void finish();
        return;
      }
      // Until every worker has started once, a failure is the configuration's (a port in use, a
      // bad variable: the worker said which): another would fail the same way.
      if (!allStarted && !listening.has(worker)) {
        console.error(`Worker ${worker.process.pid} could not start (${how}): stopping`);
        end("failure");
        return;
      }
      const now = Date.now();
      failures = [...failures.filter((at) => now - at < WORKER_FAILURE_WINDOW_MS), now];
      if (failures.length > WORKER_FAILURES_ALLOWED) {
        console.error(
          `Worker ${worker.process.pid} stopped (${how}): ${failures.length} workers stopped within ${WORKER_FAILURE_WINDOW_MS / 1000} s, giving up`,
        );
        end("failure");
        return;
      }
      // 1 s, 2 s, 4 s ... as failures pile up, so a worker that cannot stay up (a database
      // that is gone) is not restarted in a tight loop.
      const delay = 1_000 * 2 ** (failures.length - 1);
      console.error(
        `Worker ${worker.process.pid} stopped (${how}); starting another in ${delay / 1000} s`,
      );
      setTimeout(() => ending || fork(), delay);
    });
    return worker;
  };

  // The first worker alone prepares the database (indexes, demo content, the admin from the
  // environment), so that runs once and says so once; the others start when it listens.
  const first = fork();
  await new Promise((resolve) => {
    first.once("listening", resolve);
    first.once("exit", resolve);
  });
  if (!ending) {
    const rest = [];
    for (let i = 1; i < count; i++) rest.push(fork());
    await Promise.all(
      rest.map(
        (worker) =>
          new Promise((resolve) => {
            worker.once("listening", resolve);
            worker.once("exit", resolve);
          }),
      ),
    );
    if (!ending) {
      allStarted = true;
      console.log(`Bureau runs ${count} worker processes (WEB_CONCURRENCY)`);
    }
  }
  return new Promise(() => {});
}

// Installed first, so a signal during start-up also ends cleanly (database closed, exit 0).
/** @type {import("node:http").Server | undefined} */
let listener;
/** @type {ServerEntry | undefined} */
let entry;
let stopping = false;
/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing requests in flight, then closing the database`);
  if (listener) {
    const server = listener;
    // http.Server#close would also drop every idle socket at once, including one whose request
    // is already in its buffer but not yet read: that client would see a reset. So stop
    // accepting first (net.Server#close), let sockets hand over what they already sent (each
    // answer says `Connection: close`), then drop the idle remainder, and after 10 s everyone.
    const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
    setTimeout(() => server.closeIdleConnections(), 500).unref();
    setTimeout(() => server.closeAllConnections(), 10_000).unref();
    await closed;
  }
  await entry?.shutdown().catch((error) => console.error(`Shutdown: ${oneLine(error)}`));
  process.exit(0);
}
// What a signal does: this process's own stop(), or the cluster primary's (runPrimary).
/** @type {(signal: NodeJS.Signals) => void} */
let onSignal = (signal) => void stop(signal);
process.on("SIGTERM", () => onSignal("SIGTERM"));
process.on("SIGINT", () => onSignal("SIGINT"));

if (!development && cluster.isPrimary) {
  const built = await loadBuild();
  let count = 1;
  try {
    count = built.getEnv().WEB_CONCURRENCY;
  } catch (error) {
    console.error(oneLine(error));
    process.exit(1);
  }
  if (count > 1) await runPrimary(built, count);
}

const app = express();
app.disable("x-powered-by");
// Every response whose headers go out after SIGTERM (in-flight ones included) says
// `Connection: close`, so clients don't reuse a keep-alive socket that is about to close and
// Node closes it right after the response: the process exits as soon as the last one is sent.
app.use((_req, res, next) => {
  onHeaders(res, () => {
    if (stopping) res.setHeader("Connection", "close");
  });
  next();
});
app.use(compression());

if (development) {
  const vite = await import("vite").then(({ createServer }) =>
    createServer({ server: { middlewareMode: true } }),
  );
  const load = async () =>
    /** @type {ServerEntry} */ (
      /** @type {unknown} */ (await vite.ssrLoadModule("./app/server.ts"))
    );
  entry = await load();
  // Security headers and the CSP nonce (app/lib/security-headers.server.ts), before everything;
  // in development the policy lets Vite's injected styles and HMR socket through. Edits to
  // that module need a restart.
  app.use(entry.securityHeaders({ development: true }));
  app.use(vite.middlewares);
  app.use(async (req, res, next) => {
    try {
      // Reloaded per request so edits apply without a restart.
      (await load()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  entry = await loadBuild();
  // Security headers and the CSP nonce (app/lib/security-headers.server.ts): first, so static
  // files get them too.
  app.use(/** @type {ServerEntry} */ (entry).securityHeaders());
  // Fingerprinted build output never changes under the same name: cache it for a year. A
  // missing asset is a plain 404 here, never a page render.
  app.use(
    "/assets",
    express.static(path.join(root, "build", "client", "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
  );
  // Other public files (favicon, demo images) may change between deploys: revalidate hourly.
  // The build does not change while the server runs, so its list is read once: a page address
  // skips the disk look-up (a stat, and the error object `send` builds for each miss, was 3% of
  // an uncached page render).
  const clientDir = path.join(root, "build", "client");
  const publicPaths = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((file) => file.isFile())
      .map((file) => `/${path.relative(clientDir, path.join(file.parentPath, file.name))}`)
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => !file.startsWith("/assets/")),
  );
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => {
    let file;
    try {
      file = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return publicPaths.has(file) ? publicFiles(req, res, next) : next();
  });
  app.use(/** @type {ServerEntry} */ (entry).app);
}

// Errors that reach Express itself (a missing asset, a bad static path): a short plain answer,
// never Express's default page, which shows a stack trace outside NODE_ENV=production.
app.use(
  /** @type {import("express").ErrorRequestHandler} */ (
    (error, _req, res, _next) => {
      const status = Number(error?.status ?? error?.statusCode) || 500;
      if (status >= 500) console.error(error);
      if (res.headersSent) return void res.end();
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not Found" : "Error");
    }
  ),
);

const started = /** @type {ServerEntry} */ (entry);
let port;
try {
  port = started.getEnv().PORT;
  await started.startup({
    onFatal: (error) => {
      console.error(oneLine(error));
      process.exit(1);
    },
  });
} catch (error) {
  // Configuration and storage errors are one clear line, not a stack trace.
  console.error(oneLine(error));
  process.exit(1);
}

// Public pages kept by the page cache (app/lib/page-cache.server.ts) are answered here, before
// Express: a hit needs none of its middleware (the cache sets the same headers itself), and
// skipping it is most of what brings a cached page close to the speed of a static file.
// Development renders every request (no cache: edits show at once).
// Before anything reads the request: a target or Host that the cache, Express and React Router
// would read differently (dot segments, encoded slashes) or not at all (`OPTIONS *`, a port over
// 65535) is a 400 (app/lib/request-target.server.ts).
/** @type {import("node:http").RequestListener} */
const handle = development
  ? (req, res) => {
      if (!started.refuseMalformedRequest(req, res)) app(req, res);
    }
  : (req, res) => {
      if (started.refuseMalformedRequest(req, res)) return;
      const closing = () => stopping;
      if (!started.servePageFromCache(req, res, closing, () => app(req, res))) app(req, res);
    };

// Time limits on reading a request, so a client that sends its headers or body a byte at a
// time (slowloris) cannot hold a connection and its memory open for long. Node's defaults are
// 60 s for the headers and 300 s for the whole request, checked every 30 s. Headers are a few
// kB: 20 s is plenty even on a bad link. The whole request gets 120 s: the largest body we
// accept is a 16 MiB admin image upload, which takes ~110 s on a 1.2 Mbit/s uplink. Checked
// every 5 s so the limits hold to within seconds. keepAliveTimeout (how long an idle
// connection waits for its next request) stays at Node's 5 s, below headersTimeout, so an idle
// reused connection is closed by its own timer, never cut off as a slow request.
const SERVER_TIMEOUTS = {
  headersTimeout: 20_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 5_000,
};

if (!stopping) {
  const server = http.createServer(SERVER_TIMEOUTS, handle);
  try {
    // "listening" only once the port is really ours: a port in use is one clear line, not a
    // "listening" message followed by a stack trace.
    await once(server.listen(port), "listening");
  } catch (error) {
    console.error(`Cannot listen on port ${port}: ${oneLine(error)}`);
    await started.shutdown().catch(() => {});
    process.exit(1);
  }
  listener = server;
  console.log(`Bureau is listening on http://localhost:${port}`);
}
