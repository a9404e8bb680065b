// Image addresses in the JSON API's bodies (issue 8). The schema has already checked the form
// of an address (domain/image.ts isValidImageUrl); before a document keeps it, this site's own
// absolute address of a stored image (the `secure_url` POST /api/images answers) becomes the
// `/images/<id>` the editors keep, and an own address under /images/ in any other form, or a
// stored image that is not there, is refused on its field with the entity's message, as the
// editors refuse it (domain/image.server.ts imageAddressToSave, which they call too).
import { imageAddressToSave } from "~/domain/image.server";
import { getEnv } from "~/env.server";
import { apiInvalid } from "./api.server";

/** The address to save for field `path`, or a 400 naming it with `message`. */
export async function imageToSave(path: string, url: string, message: string): Promise<string> {
  const address = await imageAddressToSave(url);
  if (address === null) apiInvalid(path, message);
  return address;
}

/** The absolute address of a stored image (`/images/<id>` on SITE_URL); others unchanged. */
export function absoluteImageUrl(url: string): string {
  return url.startsWith("/") ? new URL(url, getEnv().SITE_URL).href : url;
}
