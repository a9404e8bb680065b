// GET /images/:id: an image stored in GridFS by the admin editors (domain/image.server.ts). The
// id names one file forever (a new upload gets a new id), so browsers and CDNs may keep it for
// a year without asking again. Unknown or malformed ids: 404, never 500.
import { openStoredImage } from "~/domain/image.server";
import type { Route } from "./+types/images";

export async function loader({ params }: Route.LoaderArgs) {
  const image = await openStoredImage(params.id);
  if (!image) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(image.body, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      // Only ever the type read from the bytes at upload: never sniffed into something else.
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
