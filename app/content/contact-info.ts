// The contact information, one document: the address, e-mail, phone, map and picture of
// /contact (the e-mail is also the one the legal pages give). E-mail and phone are required,
// address, map and picture optional. Described once for the content kit (kit/document.ts): its
// editor at /admin/dashboard/contact and GET/PUT /api/contact-info come from here. Also THE
// list of maps that may be embedded on /contact, which the Content-Security-Policy reads.
import { z } from "zod";
import { IMAGE_HINT, isValidImageUrl } from "~/domain/image";
import { defineDocument } from "./kit/document";

/** What a save says (the editor's flash, the JSON API's message). */
export const CONTACT_INFO_SAVED = "Contact info updated.";
export const CONTACT_EMAIL_PHONE_REQUIRED = "Email and phone are required.";
export const CONTACT_EMAIL_INVALID = "Enter a valid email address.";
export const CONTACT_IMAGE_INVALID = "Please upload a valid image.";
export const CONTACT_INFO_SAVE_FAILED = "Failed to update contact info.";

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
export function toContactInfoRecord(
  info: Partial<Record<keyof ContactInfoRecord, unknown>> | null,
): ContactInfoRecord {
  return withEmbeddableMap(storedContactInfo(info));
}

/** The document's fields as stored, blank when missing (the editor shows even a refused map). */
function storedContactInfo(
  info: Partial<Record<keyof ContactInfoRecord, unknown>> | null,
): ContactInfoRecord {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    address: text(info?.address),
    email: text(info?.email),
    phone: text(info?.phone),
    mapEmbedUrl: text(info?.mapEmbedUrl),
    image: text(info?.image),
  };
}

function withEmbeddableMap(info: ContactInfoRecord): ContactInfoRecord {
  const map = info.mapEmbedUrl;
  return { ...info, mapEmbedUrl: isAllowedMapEmbedUrl(map) ? map.trim() : "" };
}

const MAP_HINT = `Optional. In ${MAP_EMBED_PROVIDERS.map((p) => p.name).join(" or ")}, choose Share, then Embed (HTML), and paste the address from the code's src="…": it starts with ${MAP_EMBED_PROVIDERS.map((p) => p.prefix).join(" or ")}.`;

export const contactInfo = defineDocument({
  entity: "contact-info",
  collection: "contactInfo",
  schema: contactInfoSchema,
  record: contactInfoRecord,
  toRecord: storedContactInfo,
  toStore: storedContactInfo,
  toApiRecord: withEmbeddableMap,
  summary: (input) => input.email,
  texts: { saved: CONTACT_INFO_SAVED, saveFailed: CONTACT_INFO_SAVE_FAILED },
  admin: {
    path: "/admin/dashboard/contact",
    title: "Contact info",
    editTitle: "Edit contact info",
    description:
      "The address, e-mail, phone, map and picture on the contact page; the e-mail is also the one the privacy and terms pages give.",
    editLabel: "Edit contact info",
    saveLabel: "Save",
    sections: [
      {
        fields: [
          {
            kind: "textarea",
            name: "address",
            label: "Address",
            hint: "Optional. Line breaks are kept.",
            rows: 3,
            maxLength: 300,
          },
          { kind: "email", name: "email", label: "Email", half: true },
          { kind: "tel", name: "phone", label: "Phone", half: true },
          {
            kind: "url",
            name: "mapEmbedUrl",
            label: "Map embed address",
            hint: MAP_HINT,
            maxLength: MAP_URL_MAX,
          },
          {
            kind: "image",
            name: "image",
            label: "Contact page image",
            invalid: CONTACT_IMAGE_INVALID,
            hint: IMAGE_HINT,
          },
        ],
      },
    ],
  },
  api: {
    path: "/api/contact-info",
    tag: "Contact info",
    getSummary: "The contact information (every field blank when none was saved yet)",
    putSummary: "Replace the contact information",
    putDescription:
      "mapEmbedUrl: empty, or a Google Maps or OpenStreetMap embed address. image: an address (an uploaded image's secure_url or /images/<id>, kept as /images/<id>; a site path or http(s)), or empty for none.",
  },
});

export type ContactInfo = ContactInfoRecord;
