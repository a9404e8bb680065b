// @ts-check
// The production (and development) HTTP server: one explicit place for static files, headers,
// compression and the process lifecycle. Everything else goes to React Router through the
// server build's `app` (app/server.ts).
import { once } from "node:events";
import compression from "compression";
import express from "express";

const development = process.env.NODE_ENV === "development";
const BUILD_PATH = "./build/server/index.js";

/** @typedef {{ app: import("express").RequestHandler, startup: (log?: (line: string) => void) => Promise<void>, shutdown: () => Promise<void>, getEnv: () => { PORT: number } }} ServerEntry */

const server = express();
server.disable("x-powered-by");
server.use(compression());

/** @type {ServerEntry} */
let entry;
if (development) {
  const vite = await import("vite").then(({ createServer }) =>
    createServer({ server: { middlewareMode: true } }),
  );
  server.use(vite.middlewares);
  entry = /** @type {ServerEntry} */ (
    /** @type {unknown} */ (await vite.ssrLoadModule("./app/server.ts"))
  );
  server.use(async (req, res, next) => {
    try {
      // Reloaded per request so edits apply without a restart.
      const fresh = /** @type {ServerEntry} */ (
        /** @type {unknown} */ (await vite.ssrLoadModule("./app/server.ts"))
      );
      fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  entry = await import(BUILD_PATH).catch((/** @type {any} */ error) => {
    console.error(
      error?.code === "ERR_MODULE_NOT_FOUND" &&
        String(error.message).includes("build/server/index.js")
        ? `Cannot find ${BUILD_PATH}: run "npm run build" first`
        : `Cannot load ${BUILD_PATH}: ${String(error)}`,
    );
    process.exit(1);
  });
  // Fingerprinted build output never changes under the same name: cache it for a year.
  server.use(
    "/assets",
    express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }),
  );
  // Other public files (favicon, demo images) may change between deploys: revalidate hourly.
  server.use(express.static("build/client", { maxAge: "1h", index: false }));
  server.use(entry.app);
}

let port;
try {
  port = entry.getEnv().PORT;
  await entry.startup();
} catch (error) {
  // Configuration and storage errors are one clear line, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const listener = server.listen(port, () => {
  console.log(`Bureau is listening on http://localhost:${port}`);
});
await once(listener, "listening");

let stopping = false;
/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing requests in flight, then closing the database`);
  // Stop accepting, let in-flight requests finish, then drop idle keep-alive sockets.
  const closed = new Promise((resolve) => listener.close(resolve));
  listener.closeIdleConnections();
  const force = setTimeout(() => listener.closeAllConnections(), 10_000);
  force.unref();
  await closed;
  await entry.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
