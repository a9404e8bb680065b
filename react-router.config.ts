import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: complete HTML without JavaScript.
  ssr: true,
  future: {
    // Route middleware: the home for cross-cutting request checks (same-origin, auth).
    v8_middleware: true,
  },
} satisfies Config;
