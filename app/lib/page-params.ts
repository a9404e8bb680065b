// Which query parameters a public page reads (issue 20 finding 10). Each route module declares
// its own in its `handle` ({ searchParams: [...] }), next to the loader that reads them; a page
// also accepts those of the routes around it (the site layout's campaign tags). Any other
// parameter, an empty one or a repeated one changes nothing on the page but would be a render
// and a page-cache entry of its own: lib/canonical-url.server.ts answers such a URL with a 301 to
// the page's canonical URL, built from these lists in this order.
import { UTM_KEYS, utmField } from "./lead-source";

export interface PageHandle {
  /** The query parameters the route reads, in the order its canonical URL lists them. */
  searchParams?: readonly string[];
}

/** The campaign tags the forms record as a lead's source (lib/lead-source.ts). */
export const CAMPAIGN_PARAMS: readonly string[] = UTM_KEYS.map(utmField);

/** The declared parameters of a route's `handle`, or none. */
export function declaredSearchParams(handle: unknown): readonly string[] {
  const list = (handle as PageHandle | undefined)?.searchParams;
  return Array.isArray(list) ? list.filter((name) => typeof name === "string") : [];
}
