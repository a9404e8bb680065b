// What the contact information means for the public pages: the details /contact shows (with the
// about page's e-mail and phone standing in for blank ones) and the e-mail the legal pages give.
// Reading and saving the document is the kit's (documents.server.ts contactInfoStore).
import { embeddableMapUrl } from "./contact-info";
import { aboutPageStore, contactInfoStore } from "./documents.server";
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
 * What /contact shows: the contact document, with the about page's e-mail and phone standing
 * in for blank ones (both documents are edited separately in the back office, and a visitor
 * should always find a way to write in).
 */
export async function getContactDetails(): Promise<ContactDetails> {
  const [info, about] = await Promise.all([contactInfoStore.get(), aboutPageStore.get()]);
  return {
    address: info?.address.trim() ?? "",
    email: info?.email.trim() || about?.contact.email.trim() || "",
    phone: info?.phone.trim() || about?.contact.phone.trim() || "",
    image: info?.image.trim() ?? "",
    imageAlt: info ? altOf(info, "image") : "",
    mapEmbedUrl: embeddableMapUrl(info?.mapEmbedUrl),
  };
}

/** The e-mail for the legal pages' mailto links: the contact document's, else the about page's. */
export async function getContactEmail(): Promise<string | null> {
  return (await getContactDetails()).email || null;
}
