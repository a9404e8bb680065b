// <title> and robots tag of admin pages: never indexed, never followed.
import type { MetaDescriptor } from "react-router";
import { mergeRouteHeaders } from "./route-headers";

/**
 * `flash` (the one-time message after a redirect) goes first in the title: a screen reader reads
 * the title when a page loads without JavaScript, while a live region that already holds text
 * on load is not announced ("Saved · Admins · Bureau admin").
 */
export function adminMeta(title: string, flash?: string | null): MetaDescriptor[] {
  return [
    { title: `${flash ? `${flash} · ` : ""}${title} · Bureau admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** The loader's and the action's headers of a route, with `Cache-Control: no-store` on top. */
export function mergeHeaders(...sources: Headers[]): Headers {
  const out = mergeRouteHeaders(...sources);
  out.set("Cache-Control", "no-store");
  return out;
}
