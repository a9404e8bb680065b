// Contact information (SPEC §3): one document, shown on /contact and in the legal pages.
import { getCollections } from "#db/client.server";
import { type ContactInfoDoc, SINGLETON_ID } from "#db/collections";

export type ContactInfo = Omit<ContactInfoDoc, "_id">;

/** The contact information, or null when none was ever saved. */
export async function getContactInfo(): Promise<ContactInfo | null> {
  const { contactInfo } = await getCollections();
  const doc = await contactInfo.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  const { _id, ...info } = doc;
  return info;
}
