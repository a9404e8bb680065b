// The contact information, one document: the address, e-mail, phone, map and picture of
// /contact (the e-mail is also the one the legal pages give). E-mail and phone are required,
// address, map and picture optional. Described once for the content kit (kit/document.ts): its
// editor at /admin/dashboard/contact and GET/PUT /api/contact-info come from here. Also THE
// list of maps that may be embedded on /contact, which the Content-Security-Policy reads.
import { z } from "zod";
import { IMAGE_HINT, isValidImageUrl } from "~/domain/image";
import { defineDocument } from "./kit/document";
import { address, requiredText, text } from "./kit/document-schema";
import { altFields } from "./kit/image-alt-schema";
import { recordFrom } from "./kit/types";

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

export const contactInfoSchema = z.object({
  address: text("Address", 300, { lines: true }),
  email: requiredText("Email", 254, CONTACT_EMAIL_PHONE_REQUIRED).pipe(
    z.email(CONTACT_EMAIL_INVALID),
  ),
  phone: requiredText("Phone", 40, CONTACT_EMAIL_PHONE_REQUIRED),
  mapEmbedUrl: address(MAP_URL_INVALID, isAllowedMapEmbedUrl),
  image: address(CONTACT_IMAGE_INVALID, isValidImageUrl),
  ...altFields("image"),
});

/** The contact information as the JSON API answers it: what the editor edits. */
export const contactInfoRecord = recordFrom(contactInfoSchema, {
  mapEmbedUrl: z.string().describe("An allowed map embed address, or empty"),
});

/**
 * The map address when it may be embedded: the https embed page of an allowed map service
 * (MAP_EMBED_PROVIDERS). Checked again on every read, not only when the
 * editor saves: a document written some other way (an import, the shell, an older version)
 * must not put an arbitrary page in the contact page's iframe. Anything else gives no map.
 */
export function embeddableMapUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  return value && isAllowedMapEmbedUrl(value) ? value : null;
}

/**
 * The JSON API's record: a stored map address that may not be embedded reads as none, as on
 * /contact, so a client never frames it and can send the record back as it is. (The editor
 * shows even a refused one: the kit's record keeps it.)
 */
const withEmbeddableMap = (info: ContactInfo): ContactInfo => ({
  ...info,
  mapEmbedUrl: embeddableMapUrl(info.mapEmbedUrl) ?? "",
});

const MAP_HINT = `Optional. In ${MAP_EMBED_PROVIDERS.map((p) => p.name).join(" or ")}, choose Share, then Embed (HTML), and paste the address from the code's src="…": it starts with ${MAP_EMBED_PROVIDERS.map((p) => p.prefix).join(" or ")}.`;

export const contactInfo = defineDocument({
  entity: "contact-info",
  collection: "contactInfo",
  schema: contactInfoSchema,
  record: contactInfoRecord,
  toApiRecord: withEmbeddableMap,
  summary: (input) => input.email,
  admin: {
    path: "/admin/dashboard/contact",
    title: "Contact info",
    description:
      "The address, e-mail, phone, map and picture on the contact page; the e-mail is also the one the privacy and terms pages give.",
    nothingSaved:
      "No contact information yet: the contact page shows the form only until it is saved.",
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

export type ContactInfo = z.infer<typeof contactInfoRecord>;
