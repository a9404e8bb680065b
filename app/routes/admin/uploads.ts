// POST /admin/dashboard/uploads: where the ImageField (components/admin/image-field.tsx) sends
// a picked file with JavaScript, before the form is submitted. Answers `{ url }` of the stored
// image or `{ error }` saying what was wrong with the file. The session is checked before the body is read.
// A file uploaded here and never saved in a document stays stored (see
// docs/decisions/011-image-storage.md).
import { data } from "react-router";
import { requireAdmin } from "~/domain/auth.server";
import { storeUploadedImage } from "~/domain/image.server";
import type { Route } from "./+types/uploads";

export type UploadResult = { url: string; error?: undefined } | { url?: undefined; error: string };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data("Not Found", { status: 404 });
}

export async function action({ request }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request);
  const stored = await storeUploadedImage(request, admin.email);
  // JSON for the ImageField's fetch (a resource route: no page to render).
  if (!stored.ok) {
    // What was wrong with the file when it was the file (type, size, dimensions).
    const error = stored.detail ?? stored.message;
    return Response.json({ error } satisfies UploadResult, { status: 400 });
  }
  return Response.json({ url: stored.url } satisfies UploadResult, {
    headers: { "Cache-Control": "no-store" },
  });
}
