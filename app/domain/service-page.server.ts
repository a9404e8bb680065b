// Service page content (SPEC §3): one document.
import { getCollections } from "#db/client.server";
import { type ServicePageDoc, SINGLETON_ID } from "#db/collections";

export type ServicePage = Omit<ServicePageDoc, "_id">;

/** The service page, or null when none was ever saved. */
export async function getServicePage(): Promise<ServicePage | null> {
  const { servicePage } = await getCollections();
  const doc = await servicePage.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  const { _id, ...page } = doc;
  return page;
}
