// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies",
// https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
// after a successful sign-in the browser gets a long-lived cookie naming the account and a
// random nonce, signed (HMAC-SHA256, React Router's cookie signing) with the session secret.
// A browser that presents a valid one for the account it signs in to is trusted: it is NOT
// subject to the account-wide failure limit that anyone on the internet can fill, only to its
// own per-device budget and the per-address limit. Without it, anybody could keep an admin
// locked out forever by guessing 5 times every 15 minutes (docs/decisions/006-admin-sessions.md).
//
// Stateless on purpose: nothing is stored on the server; a forged or foreign cookie simply does
// not verify. One browser may be trusted for a few accounts (the newest MAX_ENTRIES).
import { randomBytes } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { getSessionSecret } from "~/lib/settings.server";
import { getEnv } from "../env.server";

/** How long a browser stays trusted after its last successful sign-in. */
const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;
const MAX_ENTRIES = 5;
const NONCE = /^[0-9a-f]{32}$/;

export interface DeviceEntry {
  email: string;
  nonce: string;
}

/** `__Host-` and Secure in production, like the session cookie (session.server.ts). */
export function deviceCookieName(isProduction: boolean): string {
  return isProduction ? "__Host-bureau_device" : "bureau_device";
}

async function deviceCookie(): Promise<Cookie> {
  const isProduction = getEnv().isProduction;
  return createCookie(deviceCookieName(isProduction), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
    secrets: [await getSessionSecret()],
  });
}

function isEntry(value: unknown): value is DeviceEntry {
  if (!value || typeof value !== "object") return false;
  const { email, nonce } = value as Record<string, unknown>;
  return typeof email === "string" && typeof nonce === "string" && NONCE.test(nonce);
}

/** The verified entries of the request's device cookie (none when absent, foreign or forged). */
export async function readDeviceEntries(request: Request): Promise<DeviceEntry[]> {
  const header = request.headers.get("Cookie");
  const cookie = await deviceCookie();
  if (!header?.includes(`${cookie.name}=`)) return [];
  const value: unknown = await cookie.parse(header);
  return Array.isArray(value) ? value.filter(isEntry).slice(0, MAX_ENTRIES) : [];
}

/** The nonce of a valid device cookie for this (normalized) e-mail, or null: an untrusted client. */
export async function trustedDeviceFor(request: Request, email: string): Promise<string | null> {
  const entry = (await readDeviceEntries(request)).find((e) => e.email === email);
  return entry?.nonce ?? null;
}

/**
 * The Set-Cookie value after a successful sign-in to `email`: a fresh nonce for that account,
 * the browser's other accounts kept.
 */
export async function issueDeviceCookie(request: Request, email: string): Promise<string> {
  const others = (await readDeviceEntries(request)).filter((e) => e.email !== email);
  const entries: DeviceEntry[] = [
    { email, nonce: randomBytes(16).toString("hex") },
    ...others,
  ].slice(0, MAX_ENTRIES);
  return (await deviceCookie()).serialize(entries);
}
