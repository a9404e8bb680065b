// The visitor's network address, for sign-in throttling. Express works it out in app/server.ts
// (the socket's address; X-Forwarded-For only through proxies TRUST_PROXY names) and hands it
// to loaders and actions through the router context.
import { createContext, type RouterContextProvider } from "react-router";

/** No default on purpose: a request that reached a loader without it is a wiring bug. */
export const clientIpContext = createContext<string>();

/**
 * The address of this request. Throws when app/server.ts did not set it: falling back to one
 * shared value would put every visitor in the same throttling bucket.
 */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(clientIpContext);
}

/** IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d; count them as a.b.c.d. */
export function normalizeIp(address: string | undefined): string {
  if (!address) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}
