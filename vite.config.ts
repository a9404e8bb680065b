import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { phosphorWeights } from "./tools/vite-phosphor-weights.js";
import { publicChunk } from "./tools/vite-public-chunk.js";

// The public pages' JavaScript budget (docs/decisions/018-javascript-budget.md).
const site = publicChunk();

const SSR_BUNDLED = [
  "mingo",
  "@phosphor-icons/react",
  "@zxcvbn-ts/core",
  "@zxcvbn-ts/language-common",
  "@zxcvbn-ts/language-en",
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), phosphorWeights(), ...(isSsrBuild ? [] : [site.plugin])],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  build: {
    // The server build's entry is our own module (app/server.ts): it wraps React Router's
    // request handler and exports start-up and shutdown hooks for server.js, all in one
    // bundle so they share a single database connection.
    rollupOptions: isSsrBuild
      ? { input: "./app/server.ts" }
      : { output: { codeSplitting: { groups: [site.group] } } },
  },
  // The server build bundles the packages made of many small modules (mingo: ~290 files, the
  // password-strength dictionaries, the icons): Node resolving and reading each one at start-up
  // cost ~2 s of a restart. Packages with native parts or optional peers (mongodb, argon2,
  // sharp) stay external.
  ssr: isSsrBuild ? { noExternal: SSR_BUNDLED } : undefined,
  optimizeDeps: {
    // Server-only packages reached through `.server` modules: the dependency scanner cannot
    // tell that the client build strips them, and would pre-bundle them for the browser.
    exclude: ["mongodb", "bson", "mingo", "@node-rs/argon2", "sharp", "@zxcvbn-ts/language-common"],
    // Pre-bundled up front (the admin forms validate with it in the browser) so the first
    // visit doesn't trigger a re-optimisation and a full page reload.
    include: ["zod"],
  },
}));
