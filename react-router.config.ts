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
    // Off: split route modules put each route's clientAction in a chunk of its own, which the
    // route's chunk imports anyway, so every page with a form paid one more request on its first
    // view (issue 25: the home page within 10 requests).
    v8_splitRouteModules: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
