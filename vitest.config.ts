// Unit and integration tests. Kept apart from vite.config.ts so tests don't load the
// React Router plugin, and so Playwright specs in tests/e2e are never picked up here.
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"],
    // Every worker that touches the database starts its own in-process embedded server
    // on an in-memory store (see db/client.server.ts), so tests never share state.
    // Blank values count as unset: a MONGODB_URI or admin exported in the developer's shell
    // must never reach the tests (they drop databases).
    env: {
      DATA_DIR: ":memory:",
      NODE_ENV: "test",
      MONGODB_URI: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      SESSION_SECRET: "",
      SEED_DEMO_CONTENT: "",
    },
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. The main
    // process mostly waits, so a worker per core runs the suite in about 80 s instead of 130.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
