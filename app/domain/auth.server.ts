// Admin authentication: who is signed in, decided on the server for every admin request.
// Full implementation follows; this is the contract other modules build against.
import { redirect } from "react-router";

export interface AdminContext {
  admin: { _id: string; email: string };
  sessionId: string;
}

/** Where to send a visitor without a session: the sign-in page, remembering this admin URL. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  return `/admin/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/**
 * The signed-in admin, or a thrown redirect to /admin/login?redirectTo=<this page>. Call at the
 * top of every admin loader and action.
 */
export async function requireAdmin(request: Request): Promise<AdminContext> {
  throw redirect(loginRedirectUrl(request));
}
