// Calling an admin loader or action the way React Router does, signed in as a fresh admin.
// Shared by the admin route tests (app/routes/admin/*.test.ts).
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach } from "vitest";
import { closeDatabase, getCollections } from "#db/client.server";
import { createAdmin } from "~/domain/admin.server";
import { OPERATOR_CLI } from "~/domain/audit";
import { createSession } from "~/domain/session.server";
import { clientIpContext } from "~/lib/client-ip.server";
import { UNDO_FIELD } from "~/lib/flash";
import { type FlashTone, type FlashUndo, readFlash } from "~/lib/flash.server";
import { type CollectionName, emptyCollections } from "./collections";

export interface SignedIn {
  email: string;
  cookie: string;
}

/** A new admin with a session; every admin and session before it is removed. */
export async function signInFresh(email = "editor@bureau.test"): Promise<SignedIn> {
  const { admins, sessions } = await getCollections();
  await Promise.all([admins.deleteMany({}), sessions.deleteMany({})]);
  const created = await createAdmin(
    { email, password: "a long and unusual passphrase" },
    OPERATOR_CLI,
  );
  if (!created.ok) throw new Error(created.message);
  const session = await createSession(created.admin._id);
  return { email, cookie: session.setCookie.split(";")[0] as string };
}

/**
 * The set-up the admin route tests share: before each test a fresh admin signed in (`signInFresh`)
 * and then the given collections emptied; the database closed after the file. Read the admin's
 * `cookie` and `email` inside a test.
 */
export function freshAdminEachTest(empty: CollectionName[] = [], email?: string): SignedIn {
  let me: SignedIn | undefined;
  beforeEach(async () => {
    me = await signInFresh(email);
    await emptyCollections(...empty);
  });
  afterAll(closeDatabase);
  const signedIn = () => {
    if (!me) throw new Error("The admin signs in before each test: read it inside a test.");
    return me;
  };
  return {
    get email() {
      return signedIn().email;
    },
    get cookie() {
      return signedIn().cookie;
    },
  };
}

/**
 * Runs `fn` (a loader or action) with `request` as React Router does (the client address set);
 * answers what it returned or threw (a thrown Response or data() comes back as the value).
 */
// biome-ignore lint/suspicious/noExplicitAny: data(), a Response or plain data, per branch.
export async function runRoute(fn: (args: never) => unknown, request: Request): Promise<any> {
  const context = new RouterContextProvider();
  context.set(clientIpContext, "203.0.113.9");
  try {
    return await fn({ request, params: {}, context } as never);
  } catch (thrown) {
    return thrown;
  }
}

/**
 * Runs `fn` (a loader or action) for `path`: a GET, or a form POST when `fields` is given.
 * Returns what it returned or threw (a thrown Response or data() comes back as the value).
 */
export async function callRoute(
  fn: (args: never) => unknown,
  path: string,
  options: { cookie?: string; fields?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: data(), a Response or plain data, per branch.
): Promise<any> {
  const { cookie, fields } = options;
  const request = new Request(`http://localhost${path}`, {
    method: fields ? "POST" : "GET",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(fields ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: fields ? new URLSearchParams(fields) : undefined,
  });
  return runRoute(fn, request);
}

/** The status of whatever a loader or action gave back (200 for plain data). */
export function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  const init = (outcome as { init?: { status?: number } } | null)?.init;
  if (init && typeof init === "object") return init.status ?? 200;
  return 200;
}

/** The Undo the flash a response sets offers, if any. */
export async function flashUndoCarried(response: Response): Promise<FlashUndo | null> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("bureau_flash="));
  const request = new Request("http://localhost/", {
    headers: { Cookie: (cookie ?? "").split(";")[0] as string },
  });
  return (await readFlash(request)).undo;
}

/** Presses the flash's Undo as the browser posts it: to its page's `action`, as `cookie`. */
export function pressUndo(
  action: (args: never) => unknown,
  undo: FlashUndo,
  cookie: string,
  // biome-ignore lint/suspicious/noExplicitAny: a Response or data(), per branch.
): Promise<any> {
  const body = new URLSearchParams({ intent: undo.intent, [UNDO_FIELD]: "1" });
  for (const id of undo.ids) body.append("id", id);
  return runRoute(
    action,
    new Request(`http://localhost${undo.action}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body,
    }),
  );
}

/** The flash message a redirect carries, and its tone, as the next page reads it. */
export async function flashCarried(
  response: Response,
): Promise<{ message: string | null; tone: FlashTone }> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("bureau_flash="));
  const request = new Request("http://localhost/", {
    headers: { Cookie: (cookie ?? "").split(";")[0] as string },
  });
  const { message, tone } = await readFlash(request);
  return { message, tone };
}
