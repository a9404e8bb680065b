// /admin/logout: a POST from the Logout button. It deletes the session on the server (a copy of
// the cookie replayed later finds nothing), makes the browser forget the cookie, and goes to
// the sign-in page with a one-time 'You have been signed out.'. A GET (a link, a prefetch, an
// image tag on another site) signs nobody out: it only leads to the sign-in page.
import { redirect } from "react-router";
import { LOGIN_PATH, signOut } from "~/domain/auth.server";
import { clientIp } from "~/lib/client-ip.server";
import { redirectWithFlash } from "~/lib/flash.server";
import type { Route } from "./+types/logout";

export const SIGNED_OUT_MESSAGE = "You have been signed out.";

// The request is deliberately not read: nothing a GET carries may end a session.
export function loader(_args: Route.LoaderArgs) {
  return redirect(LOGIN_PATH, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  // Cross-site posts never get here: app/server.ts refuses them (lib/same-origin.server.ts).
  const clearCookie = await signOut(request, { ip: clientIp(context) });
  return redirectWithFlash(LOGIN_PATH, SIGNED_OUT_MESSAGE, {
    headers: { "Set-Cookie": clearCookie, "Cache-Control": "no-store" },
  });
}
