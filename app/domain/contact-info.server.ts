// Contact information (SPEC §3): one document, shown on /contact and in the legal pages.

import { getCollections } from "#db/client.server";
import { type ContactInfoDoc, SINGLETON_ID } from "#db/collections";
import { afterWrite } from "~/content/after-write.server";
import { getAboutPage } from "./about-page.server";
import type { Actor } from "./audit";
import { type ContactInfoInput, isAllowedMapEmbedUrl } from "./contact-info";
import { deleteImageIfUnused } from "./image.server";

export type ContactInfo = Omit<ContactInfoDoc, "_id">;

/** The contact information, or null when none was ever saved. */
export async function getContactInfo(): Promise<ContactInfo | null> {
  const { contactInfo } = await getCollections();
  const doc = await contactInfo.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  const { _id, ...info } = doc;
  return info;
}

/**
 * The map address when it may be embedded: the https embed page of an allowed map service
 * (MAP_EMBED_PROVIDERS in contact-info.ts). Checked again on every read, not only when the
 * editor saves: a document written some other way (an import, the shell, an older version)
 * must not put an arbitrary page in the contact page's iframe. Anything else gives no map.
 */
export function embeddableMapUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  return value && isAllowedMapEmbedUrl(value) ? value : null;
}

/**
 * Writes the contact information (creating it the first time) and records who changed it; then
 * the image it showed before, if replaced or removed, goes once nothing else uses it. The editor
 * and the JSON API both save through this.
 */
export async function saveContactInfo(
  input: ContactInfoInput,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const { contactInfo } = await getCollections();
  const before = await contactInfo.findOneAndUpdate(
    { _id: SINGLETON_ID },
    {
      $set: {
        address: input.address,
        email: input.email,
        phone: input.phone,
        mapEmbedUrl: input.mapEmbedUrl,
        image: input.image,
        updatedAt: now,
        updatedBy: actor.email,
      },
      $setOnInsert: { createdAt: now },
    },
    { upsert: true, returnDocument: "before" },
  );
  await afterWrite({ actor, action: "update", entity: "contact-info", summary: input.email });
  const previousImage = before?.image ?? "";
  if (previousImage !== input.image) await deleteImageIfUnused(previousImage);
}

export interface ContactDetails {
  address: string;
  email: string;
  phone: string;
  image: string;
  /** An https URL, or null when there is no map to show. */
  mapEmbedUrl: string | null;
}

/**
 * What /contact shows: the contact document, with the about page's e-mail and phone standing
 * in for blank ones (both documents are edited separately in the back office, and a visitor
 * should always find a way to write in).
 */
export async function getContactDetails(): Promise<ContactDetails> {
  const [info, about] = await Promise.all([getContactInfo(), getAboutPage()]);
  return {
    address: info?.address.trim() ?? "",
    email: info?.email.trim() || about?.contact?.email.trim() || "",
    phone: info?.phone.trim() || about?.contact?.phone.trim() || "",
    image: info?.image.trim() ?? "",
    mapEmbedUrl: embeddableMapUrl(info?.mapEmbedUrl),
  };
}

/** The e-mail for the legal pages' mailto links: the contact document's, else the about page's. */
export async function getContactEmail(): Promise<string | null> {
  return (await getContactDetails()).email || null;
}
