// Saved internships (the `savedInternships` cookie): a cookie instead of browser storage, so the
// server renders the right Save/Saved buttons and the saved-only filter, and saving works
// without JavaScript. The value is the saved ids, newest last, joined by dots: readable, and
// only characters RFC 6265 allows in a cookie value.
import { getEnv } from "~/env.server";

export const SAVED_INTERNSHIPS_COOKIE = "savedInternships";
/** Keeps the cookie under 2.5 kB, well inside the 4 kB browsers guarantee per cookie. */
export const MAX_SAVED_INTERNSHIPS = 100;
/** One year: the choice should outlive a browser restart like browser storage did. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const ID = /^[0-9a-f]{24}$/;

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The ids in a cookie value: lower-case ObjectId hex only, no duplicates, at most the cap. */
export function parseSavedIds(value: string | null | undefined): string[] {
  if (!value) return [];
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return [];
  }
  const ids: string[] = [];
  for (const raw of decoded.split(/[.,]/)) {
    const id = raw.trim().toLowerCase();
    if (ID.test(id) && !ids.includes(id)) ids.push(id);
  }
  // The newest are last; a tampered, oversized cookie keeps the newest.
  return ids.slice(-MAX_SAVED_INTERNSHIPS);
}

/** The saved ids the request's cookie holds (an absent or garbled cookie holds none). */
export function readSavedInternships(request: Request): string[] {
  return parseSavedIds(cookieValue(request.headers.get("Cookie"), SAVED_INTERNSHIPS_COOKIE));
}

/** The list after saving or unsaving one id; saving beyond the cap forgets the oldest. */
export function withSaved(ids: readonly string[], id: string, saved: boolean): string[] {
  const rest = ids.filter((x) => x !== id);
  return saved ? [...rest, id].slice(-MAX_SAVED_INTERNSHIPS) : rest;
}

/** The Set-Cookie header value that stores this list (or deletes the cookie when empty). */
export function serializeSavedInternships(ids: readonly string[]): string {
  const attributes = ["Path=/", "SameSite=Lax"];
  if (getEnv().isProduction) attributes.push("Secure");
  if (ids.length === 0) {
    return [`${SAVED_INTERNSHIPS_COOKIE}=`, "Max-Age=0", ...attributes].join("; ");
  }
  return [
    `${SAVED_INTERNSHIPS_COOKIE}=${ids.join(".")}`,
    `Max-Age=${MAX_AGE_SECONDS}`,
    ...attributes,
  ].join("; ");
}
