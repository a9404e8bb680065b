// Unit and integration tests. Kept apart from vite.config.ts so tests don't load the
// React Router plugin, and so Playwright specs in tests/e2e are never picked up here.
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const include = ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts"];

// Most files run in one module graph per worker (`isolate: false`): re-importing the app for
// each of ~120 files was two thirds of the suite's CPU (237 s of CPU and 146 s of wall time
// isolated, 75 s and 46 s shared, measured on the 2-core machine). A file that replaces modules
// (`vi.mock`, `vi.doMock`) or needs modules loaded fresh (it says "fresh module graph" in a
// comment: configuration read once at import, a memoised secret) runs isolated instead.
const needsFreshModules = (file: string) =>
  /vi\.(do)?[mM]ock\(|fresh module graph/.test(readFileSync(file, "utf8"));
const isolated = ["app", "db"]
  .flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => `${dir}/${f}`),
  )
  .filter((file) => /\.test\.tsx?$/.test(file) && needsFreshModules(file));

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
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
      SEED_NOW: "",
    },
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. The main
    // process mostly waits, so a worker per core runs the suite in about 80 s instead of 130.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "shared", include, exclude: isolated, isolate: false } },
      { extends: true, test: { name: "isolated", include: isolated } },
    ],
  },
});
