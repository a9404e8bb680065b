// GET /images/:id: an image stored in GridFS by the admin editors (domain/image.server.ts). The
// id names one file forever (a new upload gets a new id), so browsers and CDNs may keep it for
// a year without asking again. Unknown or malformed ids: 404, never 500.
// `?w=<width>` (one of IMAGE_WIDTHS, else 400) answers a resized copy in AVIF or WebP by Accept
// (domain/image-variant.server.ts, docs/decisions/017); without it, the stored file itself.

import { openStoredImage } from "~/domain/image.server";
import { imageVariant, requestedWidth } from "~/domain/image-variant.server";
import type { Route } from "./+types/images";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Headers every image answer carries. */
function imageHeaders(contentType: string, length: number): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Length": String(length),
    "Cache-Control": IMMUTABLE,
    // Only ever the type read from the bytes at upload or made by sharp: never sniffed into
    // something else.
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const width = requestedWidth(new URL(request.url).searchParams);
  if (width === "invalid") return plain(400, "Bad Request");
  // The format depends on Accept: caches must keep one answer per Accept.
  const vary: Record<string, string> = width === null ? {} : { Vary: "Accept" };
  if (width !== null) {
    const answer = await imageVariant(params.id, width, request.headers.get("Accept"));
    if (answer.kind === "missing") return plain(404, "Not Found");
    if (answer.kind === "variant") {
      // Node's buffers sit on ArrayBuffers, never SharedArrayBuffers.
      return new Response(answer.bytes as Uint8Array<ArrayBuffer>, {
        headers: { ...imageHeaders(answer.contentType, answer.bytes.byteLength), ...vary },
      });
    }
  }
  const image = await openStoredImage(params.id);
  if (!image) return plain(404, "Not Found");
  return new Response(image.body, {
    headers: { ...imageHeaders(image.contentType, image.length), ...vary },
  });
}
