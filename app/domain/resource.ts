// Resource form (SPEC §3 Resource: title, description, image, link): title and description
// required in the SPEC's wording, an optional image, and a link visitors can safely open: an
// http(s) address or a path on this site, never `javascript:` or another scheme. Shared by the
// browser (conform's checks) and the admin action.
import { z } from "zod";
import { isValidImageUrl } from "./image";

export const RESOURCE_REQUIRED = "Title and description are required.";
export const RESOURCE_LINK_REQUIRED = "Link is required.";
export const RESOURCE_LINK_INVALID =
  "Enter a web address starting with http:// or https://, or a site path like /blog.";
export const RESOURCE_IMAGE_INVALID = "Please upload a valid image.";
/** SPEC §8's save failures, in the same words for this collection. */
export const RESOURCE_CREATE_FAILED = "Failed to create resource.";
export const RESOURCE_UPDATE_FAILED = "Failed to update resource.";
export const RESOURCE_DELETE_CONFIRM = "Are you sure you want to delete this resource?";

/** The editor's flash and the JSON API's message after a write. */
export const RESOURCE_CREATED = "Resource created.";
export const RESOURCE_UPDATED = "Resource updated.";
export const RESOURCE_DELETED = "Resource deleted.";
/** An id that is malformed or names no resource (the admin's 404, the JSON API's). */
export const RESOURCE_NOT_FOUND = "This resource does not exist (it may have been deleted).";

export const TITLE_MAX = 160;
export const DESCRIPTION_MAX = 1000;
export const LINK_MAX = 2048;

/**
 * A link a resource card may open: `https://…` / `http://…` with a host, or a site path
 * (`/blog`), but not `//host` or `/\host`, which browsers read as another site.
 */
export function isResourceLink(value: string): boolean {
  if (value.length > LINK_MAX) return false;
  if (/^\/(?![/\\])[^\s\\]*$/.test(value)) return true;
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const required = (max: number, what: string) =>
  z
    .string({ error: RESOURCE_REQUIRED })
    .trim()
    .min(1, RESOURCE_REQUIRED)
    .max(max, `The ${what} can be at most ${max} characters long.`);

export const resourceSchema = z.object({
  title: required(TITLE_MAX, "title"),
  description: required(DESCRIPTION_MAX, "description"),
  link: z
    .string({ error: RESOURCE_LINK_REQUIRED })
    .trim()
    .min(1, RESOURCE_LINK_REQUIRED)
    .refine(isResourceLink, RESOURCE_LINK_INVALID),
  // The image field's hidden address (see components/admin/image-field.tsx); optional: the
  // card shows the default image without one.
  image: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || isValidImageUrl(value), RESOURCE_IMAGE_INVALID),
});

export type ResourceInput = z.infer<typeof resourceSchema>;

/** A resource as the JSON API answers it (routes/api/resources.ts); the body is resourceSchema. */
export const resourceRecord = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  link: z.string(),
});
