// POST /preview/exit: the Preview banner's "Exit preview" button. Clears the preview cookie
// and goes back to the page the client was on, now as any visitor sees it (the published
// version). The link itself stays usable until it expires or is revoked.
import { redirect } from "react-router";
import { clearPreviewCookieHeader } from "~/domain/preview-link.server";
import type { Route } from "./+types/preview-exit";

/** A path on this site ("/blog/…"), never another site ("//evil.example", "/\\evil"). */
function backTo(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  return /^\/(?![/\\])[^\s]*$/.test(path) ? path : "/";
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await clearPreviewCookieHeader());
  return redirect(backTo(form?.get("back") ?? null), { status: 303, headers });
}
