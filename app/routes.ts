// Every URL of the site, spelled out. One route module per URL; find a feature from its URL here.
import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // SPEC §2: any unknown URL shows only the bare text 'NotFoundPage'.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
