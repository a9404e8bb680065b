// What the contact information means for the public pages: the details /contact shows and the
// e-mail the legal pages give. Reading and saving the document is the kit's
// (documents.server.ts contactInfoStore); its e-mail and phone are the site settings' (the
// about page's contact line shows the same ones).
import { embeddableMapUrl } from "./contact-info";
import { contactInfoStore, siteSettingsStore } from "./documents.server";
import { altOf } from "./kit/image-alt";

export interface ContactDetails {
  address: string;
  email: string;
  phone: string;
  image: string;
  /** The picture's alt text; "" when decorative or not described yet (kit/image-alt.ts). */
  imageAlt: string;
  /** An https URL, or null when there is no map to show. */
  mapEmbedUrl: string | null;
}

/**
 * What /contact shows: the address, map and picture of the contact information, and the site
 * settings' e-mail and phone (shown even before the contact information is first saved: a
 * visitor should always find a way to write in).
 */
export async function getContactDetails(): Promise<ContactDetails> {
  const [info, settings] = await Promise.all([contactInfoStore.get(), siteSettingsStore.get()]);
  return {
    address: info?.address.trim() ?? "",
    email: settings?.email.trim() ?? "",
    phone: settings?.phone.trim() ?? "",
    image: info?.image.trim() ?? "",
    imageAlt: info ? altOf(info, "image") : "",
    mapEmbedUrl: embeddableMapUrl(info?.mapEmbedUrl),
  };
}

/** The e-mail for the legal pages' mailto links and lead notifications, or null when none. */
export async function getContactEmail(): Promise<string | null> {
  return (await getContactDetails()).email || null;
}
