// The contact information editor's form (SPEC §3 Contact info; §5 'Email and phone are
// required.', address and map optional) and the maps that may be embedded on /contact. Shared by
// the browser (conform), the server, the public page and (later) the Content-Security-Policy.
import { z } from "zod";
import { isValidImageUrl } from "./image";

/** What a save says (the editor's flash, the JSON API's message). */
export const CONTACT_INFO_SAVED = "Contact info updated.";
export const CONTACT_EMAIL_PHONE_REQUIRED = "Email and phone are required.";
export const CONTACT_EMAIL_INVALID = "Enter a valid email address.";
export const CONTACT_IMAGE_INVALID = "Please upload a valid image.";

/**
 * THE list of map services whose embed pages /contact may show in an iframe. A map address is
 * accepted only when it is https, on exactly this origin (no other port, no user:password@) and
 * under this path; anything else could frame an arbitrary page on the site. The CSP's frame-src
 * reads the origins from here: add a provider here and nowhere else.
 */
export const MAP_EMBED_PROVIDERS = [
  {
    name: "Google Maps",
    origin: "https://www.google.com",
    /** `/maps/embed?pb=...` (Share → Embed a map) and the Embed API's `/maps/embed/v1/...`. */
    paths: ["/maps/embed", "/maps/embed/"],
    prefix: "https://www.google.com/maps/embed",
  },
  {
    name: "OpenStreetMap",
    origin: "https://www.openstreetmap.org",
    /** Share → HTML: `/export/embed.html?bbox=...`. */
    paths: ["/export/embed.html"],
    prefix: "https://www.openstreetmap.org/export/embed.html",
  },
] as const;

export const MAP_URL_MAX = 4096;
/** The refusal beside the map field, naming what is accepted. */
export const MAP_URL_INVALID = `Only a ${MAP_EMBED_PROVIDERS.map((p) => p.name).join(" or ")} embed address can be shown: one starting with ${MAP_EMBED_PROVIDERS.map((p) => p.prefix).join(" or ")}.`;

/** Whether `value` is the embed address of one of MAP_EMBED_PROVIDERS (see there). */
export function isAllowedMapEmbedUrl(value: string | null | undefined): boolean {
  const text = value?.trim();
  if (!text || text.length > MAP_URL_MAX) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  return MAP_EMBED_PROVIDERS.some(
    (provider) =>
      url.origin === provider.origin &&
      provider.paths.some((path) =>
        path.endsWith("/") ? url.pathname.startsWith(path) : url.pathname === path,
      ),
  );
}

/** Browsers post a textarea's line breaks as CRLF: kept as plain "\n". */
const oneNewline = (value: string) => value.replace(/\r\n?/g, "\n");

/** Blank (conform sends undefined for an empty field) becomes "". */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max} characters.`)
    .optional()
    .transform((value) => oneNewline(value ?? ""));

export const contactInfoSchema = z.object({
  address: optionalText(300, "Address"),
  email: z
    .string({ error: CONTACT_EMAIL_PHONE_REQUIRED })
    .trim()
    .min(1, CONTACT_EMAIL_PHONE_REQUIRED)
    .max(254, "Email has at most 254 characters.")
    .pipe(z.email(CONTACT_EMAIL_INVALID)),
  phone: z
    .string({ error: CONTACT_EMAIL_PHONE_REQUIRED })
    .trim()
    .min(1, CONTACT_EMAIL_PHONE_REQUIRED)
    .max(40, "Phone has at most 40 characters."),
  mapEmbedUrl: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || isAllowedMapEmbedUrl(value), MAP_URL_INVALID),
  // The hidden address of the image field (components/admin/image-field.tsx); a file picked
  // without JavaScript is read apart (resolveImageField).
  image: z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || isValidImageUrl(value), CONTACT_IMAGE_INVALID),
});

export type ContactInfoInput = z.output<typeof contactInfoSchema>;

// The JSON API (routes/api/contact-info.ts) takes contactInfoSchema as its PUT body unchanged:
// it reads JSON as it is (the image as its address, "" for none).

/** The contact information as the JSON API answers it: what the editor edits. */
export const contactInfoRecord = z.object({
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  mapEmbedUrl: z.string().describe("An allowed map embed address, or empty"),
  image: z.string(),
});

export type ContactInfoRecord = z.infer<typeof contactInfoRecord>;

/**
 * The API's record; all blank when none was ever saved (/contact then falls back to the about
 * page's e-mail and phone). A stored map address that may not be embedded reads as none, as on
 * /contact, so a client never frames it and can send the record back as it is.
 */
export function toContactInfoRecord(info: Partial<ContactInfoRecord> | null): ContactInfoRecord {
  return {
    address: info?.address ?? "",
    email: info?.email ?? "",
    phone: info?.phone ?? "",
    mapEmbedUrl: isAllowedMapEmbedUrl(info?.mapEmbedUrl) ? (info?.mapEmbedUrl?.trim() ?? "") : "",
    image: info?.image ?? "",
  };
}
