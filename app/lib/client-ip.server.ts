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

/**
 * The unit that address-based limits count by (sign-in throttle, visitor forms, render
 * budget): IPv4 as is; IPv6 as its /64 prefix (the first four groups, "::" expanded), since
 * one client commonly holds a whole /64.
 */
export function addressBucket(ip: string): string {
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) stands for two groups.
  const right = tail ? tail.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  while (prefix.length < 4) prefix.push("0");
  return `${prefix.join(":")}::/64`;
}
