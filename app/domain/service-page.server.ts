// Service page content (SPEC §3): one document, read by the public /services page on every
// request and written by the admin editor (routes/admin/services.tsx).

import { getCollections } from "#db/client.server";
import { type ServicePageDoc, SINGLETON_ID } from "#db/collections";
import { afterWrite } from "~/content/after-write.server";
import type { Actor } from "./audit";
import { deleteImageIfUnused } from "./image.server";
import { type ServicePageInput, servicePageToStore } from "./service-page";

export type ServicePage = Omit<ServicePageDoc, "_id">;

/** The service page, or null when none was ever saved. */
export async function getServicePage(): Promise<ServicePage | null> {
  const { servicePage } = await getCollections();
  const doc = await servicePage.findOne({ _id: SINGLETON_ID });
  if (!doc) return null;
  const { _id, ...page } = doc;
  return page;
}

/**
 * Writes the service page (creating it the first time; blank rows dropped) and records when
 * and by whom. The hero image is the address already resolved by the caller (kept, uploaded
 * or removed). Then the hero image the page showed before, if replaced or removed, goes once
 * nothing else uses it. The editor and the JSON API both save through this.
 */
export async function saveServicePage(
  input: ServicePageInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<void> {
  const { servicePage } = await getCollections();
  const before = await servicePage.findOneAndUpdate(
    { _id: SINGLETON_ID },
    {
      $set: { ...servicePageToStore(input), updatedAt: now, updatedBy: actor.email },
      $setOnInsert: { createdAt: now },
    },
    { upsert: true, returnDocument: "before" },
  );
  await afterWrite({ actor, action: "update", entity: "service-page", summary: input.hero.title });
  const previousImage = before?.hero?.image ?? "";
  if (previousImage !== input.hero.image) await deleteImageIfUnused(previousImage);
}
