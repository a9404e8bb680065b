// One-time messages after a redirect ('Saved.', 'You have been signed out.'): POST, redirect,
// GET shows the message once. Kept in a short-lived signed cookie rather than in the session so
// it also works on the sign-in page, where there is no session; signed so no other site or
// script can put words on our pages. Most say that something worked; a few say that it did
// not (a delete posted without JavaScript that failed) and are shown as errors.
import { createCookie, redirect } from "react-router";
import { getEnv } from "~/env.server";
import type { FlashUndo } from "./flash";
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
export type { FlashUndo };

/** How many records one Undo may name (a bulk action's selection is at most 100). */
const UNDO_MAX_IDS = 100;

function isUndo(value: unknown): value is FlashUndo {
  const undo = value as FlashUndo | null;
  return (
    typeof undo === "object" &&
    undo !== null &&
    typeof undo.action === "string" &&
    // Only ever a page of the admin: the form posts there with the admin's session.
    undo.action.startsWith("/admin/") &&
    typeof undo.intent === "string" &&
    Array.isArray(undo.ids) &&
    undo.ids.length > 0 &&
    undo.ids.length <= UNDO_MAX_IDS &&
    undo.ids.every((id) => typeof id === "string")
  );
}

/** A Set-Cookie value that carries `message` (and its Undo) to the next page shown. */
export async function serializeFlash(
  message: string,
  tone: FlashTone = "success",
  undo?: FlashUndo,
): Promise<string> {
  const text = message.slice(0, MAX_LENGTH);
  // A success is the bare text (as before); an error is marked as one; an Undo travels with it.
  const value = tone === "error" ? { error: text } : undo ? { text, undo } : text;
  return (await flashCookie()).serialize(value);
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

/** Redirects to `to` with a success message for the page there and its Undo button. */
export async function redirectWithUndo(
  to: string,
  message: string,
  undo: FlashUndo,
): Promise<Response> {
  return redirect(to, {
    headers: { "Set-Cookie": await serializeFlash(message, "success", undo) },
  });
}

/** Redirects to `to` with a message for the page there that says something failed. */
export function redirectWithErrorFlash(to: string, message: string): Promise<Response> {
  return redirectWithFlash(to, message, {}, "error");
}

/**
 * The message waiting for this request, if any, and the headers that clear it (return them
 * with the loader's data, so it shows once).
 */
export async function readFlash(request: Request): Promise<{
  message: string | null;
  tone: FlashTone;
  undo: FlashUndo | null;
  headers: HeadersInit;
}> {
  const header = request.headers.get("Cookie");
  const cookie = await flashCookie();
  if (!header?.includes(`${cookie.name}=`)) {
    return { message: null, tone: "success", undo: null, headers: {} };
  }
  const value: unknown = await cookie.parse(header);
  const marked = value as { error?: unknown; text?: unknown; undo?: unknown } | null;
  const tone: FlashTone = typeof marked?.error === "string" ? "error" : "success";
  const text = tone === "error" ? marked?.error : typeof value === "string" ? value : marked?.text;
  const message = typeof text === "string" && text ? text : null;
  return {
    message,
    tone,
    undo: message && tone === "success" && isUndo(marked?.undo) ? marked.undo : null,
    headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) },
  };
}
