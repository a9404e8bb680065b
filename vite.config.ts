import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
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
    rollupOptions: isSsrBuild ? { input: "./app/server.ts" } : undefined,
  },
  optimizeDeps: {
    // Pre-bundled up front so the dev server doesn't reload the page on first visit.
    include: ["keen-slider/react", "@conform-to/react", "@conform-to/zod/v4", "zod"],
  },
}));
