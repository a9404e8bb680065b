// Runs the embedded server alone: `npm run db:serve -- --port 27999`.
//
// Listens on 127.0.0.1 (port from --port, default 27017), stores data in $DATA_DIR (default
// ./data, or ":memory:"), prints one line with the URI once listening, and shuts down cleanly on
// SIGINT/SIGTERM: close sockets, flush and fsync the journal, exit 0. With a data directory the
// URI carries the user and password the server requires (kept in DATA_DIR/credentials.json), so
// it can be pasted into mongosh or Compass as it is.
//
// Exit codes: 0 clean shutdown, 1 start-up or shutdown failure, 2 bad command line.

import { startEmbeddedServer } from "./index";

const USAGE =
  "usage: tsx db/embedded/cli.ts [--port <0-65535>]   (data directory: $DATA_DIR, default ./data)";

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65535) {
    fail(
      `db:serve: invalid --port ${JSON.stringify(value ?? "")}: expected an integer from 0 to 65535`,
      2,
    );
  }
  return Number(value);
}

function parseArgs(argv: string[]): { port: number } {
  let port = 27017;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--port") port = parsePort(argv[++i]);
    else if (arg.startsWith("--port=")) port = parsePort(arg.slice("--port=".length));
    else if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else fail(`db:serve: unknown argument ${JSON.stringify(arg)}. ${USAGE}`, 2);
  }
  return { port };
}

async function main(): Promise<void> {
  const { port } = parseArgs(process.argv.slice(2));
  const dataDir = process.env.DATA_DIR || "./data";
  let server: Awaited<ReturnType<typeof startEmbeddedServer>>;
  try {
    server = await startEmbeddedServer({
      dataDir,
      host: "127.0.0.1",
      port,
      log: (line) => process.stderr.write(`[embedded-mongodb] ${line}\n`),
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 1);
  }
  process.stdout.write(`Embedded MongoDB listening on ${server.uri} (data: ${dataDir})\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C while the journal is being flushed: the user insists.
      fail(`db:serve: ${signal} again, exiting before shutdown completed`, 1);
    }
    stopping = true;
    process.stderr.write(`[embedded-mongodb] ${signal}: shutting down\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => fail(`db:serve: shutdown failed: ${String(error)}`, 1),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
