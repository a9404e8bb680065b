// @ts-check
// The production (and development) HTTP server: one explicit place for static files, headers,
// compression and the process lifecycle. Everything else goes to React Router through the
// server build's `app` (app/server.ts).
import { once } from "node:events";
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
 * @property {() => { PORT: number }} getEnv
 * @property {(options?: { development?: boolean }) => import("express").RequestHandler} securityHeaders
 * @property {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, closing: () => boolean, fallback: () => void) => boolean} servePageFromCache
 */

/** @param {unknown} error */
const oneLine = (error) => (error instanceof Error ? error.message : String(error));

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
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

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
  entry = await import(BUILD_PATH).catch((/** @type {any} */ error) => {
    console.error(
      error?.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(BUILD_PATH)
        ? `Cannot find ${BUILD_PATH}: run "npm run build" first`
        : `Cannot load ${BUILD_PATH}: ${oneLine(error)}`,
    );
    process.exit(1);
  });
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
  app.use(express.static(path.join(root, "build", "client"), { maxAge: "1h", index: false }));
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
/** @type {import("node:http").RequestListener} */
const handle = development
  ? app
  : (req, res) => {
      const closing = () => stopping;
      if (!started.servePageFromCache(req, res, closing, () => app(req, res))) app(req, res);
    };

if (!stopping) {
  const server = http.createServer(handle);
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
