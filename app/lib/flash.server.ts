// One-time messages after a redirect ('Saved.', 'You have been signed out.'): POST, redirect,
// GET shows the message once. Kept in a short-lived signed cookie rather than in the session so
// it also works on the sign-in page, where there is no session; signed so no other site or
// script can put words on our pages. Most say that something worked; a few say that it did
// not (a delete posted without JavaScript that failed) and are shown as errors.
import { createCookie, redirect } from "react-router";
import { getEnv } from "~/env.server";
import { getSessionSecret } from "./settings.server";

const MAX_LENGTH = 500;

async function flashCookie() {
  const isProduction = getEnv().isProduction;
  return createCookie(isProduction ? "__Host-bureau_flash" : "bureau_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: isProduction,
    // Long enough to survive the redirect, short enough not to surprise anyone later.
    maxAge: 60,
    secrets: [await getSessionSecret()],
  });
}

export type FlashTone = "success" | "error";

/** A Set-Cookie value that carries `message` to the next page shown. */
export async function serializeFlash(
  message: string,
  tone: FlashTone = "success",
): Promise<string> {
  const text = message.slice(0, MAX_LENGTH);
  // A success is the bare text (as before); an error is marked as one.
  return (await flashCookie()).serialize(tone === "error" ? { error: text } : text);
}

/** Redirects to `to` with a message for the page there. */
export async function redirectWithFlash(
  to: string,
  message: string,
  init: ResponseInit = {},
  tone: FlashTone = "success",
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await serializeFlash(message, tone));
  return redirect(to, { ...init, headers });
}

/** Redirects to `to` with a message for the page there that says something failed. */
export function redirectWithErrorFlash(to: string, message: string): Promise<Response> {
  return redirectWithFlash(to, message, {}, "error");
}

/**
 * The message waiting for this request, if any, and the headers that clear it (return them
 * with the loader's data, so it shows once).
 */
export async function readFlash(
  request: Request,
): Promise<{ message: string | null; tone: FlashTone; headers: HeadersInit }> {
  const header = request.headers.get("Cookie");
  const cookie = await flashCookie();
  if (!header?.includes(`${cookie.name}=`)) return { message: null, tone: "success", headers: {} };
  const value: unknown = await cookie.parse(header);
  const error = (value as { error?: unknown } | null)?.error;
  const tone: FlashTone = typeof error === "string" ? "error" : "success";
  const text = tone === "error" ? error : value;
  const message = typeof text === "string" && text ? text : null;
  return {
    message,
    tone,
    headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) },
  };
}
