import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: complete HTML without JavaScript.
  ssr: true,
  // The page carries the whole route manifest instead of asking /__manifest for the routes its
  // links lead to: two requests fewer on every first view (the first-view budget counts them).
  routeDiscovery: { mode: "initial" },
  future: {
    // Route middleware: the home for cross-cutting request checks (same-origin, auth).
    v8_middleware: true,
    // React Router 8 behaviour, adopted now so the upgrade changes nothing.
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
